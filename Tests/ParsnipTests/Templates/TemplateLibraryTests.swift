import PageTemplates
import XCTest

@testable import Parsnip

/// What PageTemplates renders, and what it refuses, spelled out case by case.
final class TemplateLibraryTests: XCTestCase {
    private func render(_ source: String, _ value: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var sources = partials
        sources["page"] = source
        let library = try TemplateLibrary(sources: sources)
        return String(decoding: library.render(value, template: "page"), as: UTF8.self)
    }

    func testATagAloneOnItsLineTakesItsLineWithItAndOneAmidTextDoesNot() throws {
        let value: TemplateValue = .fields([("shown", .flag(true)), ("name", .text("Ana"))])
        XCTAssertEqual(
            try render("<ul>\n  {{#shown}}  \n<li>{{name}}</li>\n{{/shown}}\n</ul>\n", value),
            "<ul>\n<li>Ana</li>\n</ul>\n")
        XCTAssertEqual(try render("a {{#shown}}b{{/shown}} c\n", value), "a b c\n")
        XCTAssertEqual(try render("{{#shown}}\r\nx\r\n{{/shown}}\r\n", value), "x\r\n")
    }

    func testTextIsEscapedUnlessWrittenWithThreeBraces() throws {
        let value: TemplateValue = .fields([("html", .text("<b>\"Tom\" & 'Jerry'</b>"))])
        XCTAssertEqual(
            try render("{{html}}|{{{html}}}|{{&html}}", value),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;|<b>\"Tom\" & 'Jerry'</b>|<b>\"Tom\" & 'Jerry'</b>"
        )
    }

    func testANameClimbsToEnclosingValuesUnlessItStartsWithADot() throws {
        let value: TemplateValue = .fields([
            ("title", .text("outer")),
            ("rows", .list([.fields([("n", .text("1"))]), .fields([("title", .text("own"))])])),
        ])
        XCTAssertEqual(try render("{{#rows}}[{{title}}:{{.title}}]{{/rows}}", value), "[outer:][own:own]")
    }

    func testOnlyFalseNilAndAnEmptyListHideASection() throws {
        let value: TemplateValue = .fields([
            ("empty", .text("")), ("zero", .text("0")), ("no", .flag(false)), ("none", .list([])),
        ])
        XCTAssertEqual(
            try render(
                "{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}{{#no}}N{{/no}}{{#none}}L{{/none}}{{#gone}}G{{/gone}}", value),
            "EZ")
        XCTAssertEqual(
            try render("{{^empty}}E{{/empty}}{{^no}}N{{/no}}{{^none}}L{{/none}}{{^gone}}G{{/gone}}", value), "NLG")
    }

    func testALayoutsBlocksAreFilledByThePageAndTheOutermostPageWins() throws {
        let partials = [
            "layout": "<title>{{$title}}Parsnip{{/title}}</title>\n{{$body}}{{/body}}\n",
            "middle": "{{<layout}}\n{{$title}}Middle{{/title}}\n{{$body}}middle body{{/body}}\n{{/layout}}\n",
        ]
        let page = "{{<middle}}\n{{$title}}Page{{/title}}\n{{/middle}}\n"
        XCTAssertEqual(try render(page, .fields([]), partials: partials), "<title>Page</title>\nmiddle body\n")
    }

    func testATemplateThatIncludesItselfStopsInsteadOfOverflowingTheStack() throws {
        let output = try render("x{{>page}}", .fields([]))
        XCTAssertEqual(output, String(repeating: "x", count: 65), "the page and 64 partials deep")
    }

    func testTheCurrentValueIsWrittenWithADot() throws {
        let value: TemplateValue = .fields([("sort", .text("<name>")), ("flags", .list([.flag(true), .text("3")]))])
        XCTAssertEqual(
            try render("{{#sort}}[{{.}}]{{/sort}}{{#flags}}{{.}},{{/flags}}", value), "[&lt;name&gt;]true,3,")
    }

    func testABrokenTemplateIsNamedWithItsLineAndColumn() {
        XCTAssertThrowsError(try TemplateLibrary(sources: ["todos/index": "<p>\n{{#items}}\n{{/item}}\n"])) { error in
            let failure = error as? TemplateLibraryError
            XCTAssertEqual(failure?.template, "todos/index")
            XCTAssertEqual(failure?.syntax?.line, 3)
            XCTAssertEqual(failure?.syntax?.column, 4)
            XCTAssertEqual(failure?.syntax?.problem, "“item” closes “items”, which is still open")
        }
        XCTAssertThrowsError(try TemplateLibrary(sources: ["page": "{{#open}} never closed"])) { error in
            XCTAssertEqual((error as? TemplateLibraryError)?.syntax?.problem, "“open” is opened but never closed")
        }
        XCTAssertThrowsError(try TemplateLibrary(sources: ["page": "text {{name"])) { error in
            XCTAssertEqual((error as? TemplateLibraryError)?.syntax?.problem, "the tag is not closed with }}")
        }
    }

    func testAPartialThatDoesNotExistIsRefusedWhenTheLibraryLoads() {
        XCTAssertThrowsError(try TemplateLibrary(sources: ["page": "{{>partials/gone}}"])) { error in
            XCTAssertEqual((error as? TemplateLibraryError)?.missingPartial, "partials/gone")
        }
    }

    func testWhatNoTemplateUsesIsRefusedInsteadOfRenderedDifferently() {
        for source in [
            "{{=<% %>=}}", "{{upper(name)}}", "{{>*dynamic}}", "  {{>row}}\n", "  {{$block}}x{{/block}}\n",
            "{{% CONTENT_TYPE: TEXT }}",
        ] {
            XCTAssertThrowsError(try TemplateLibrary(sources: ["page": source, "row": "r"]), source)
        }
    }
}
