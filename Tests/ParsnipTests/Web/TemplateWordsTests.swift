import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The templates' words are put in once per language when they load: escaped as Mustache escapes, unescaped in
/// triple braces, never able to open a tag, and none left as a reference in any template of any language.
final class TemplateWordsTests: XCTestCase {
    private var catalogues: Catalogues!

    override func setUpWithError() throws {
        catalogues = try Catalogues(directory: LanguageTests.localesDirectory)
    }

    func testAWordIsPutInEscapedInDoubleBracesAndAsWrittenInTriple() throws {
        let key = "todos.add.button"
        let english = try XCTUnwrap(catalogues.plainText(key, in: .en))
        let japanese = try XCTUnwrap(catalogues.plainText(key, in: .ja))
        XCTAssertNotEqual(english, japanese)
        XCTAssertEqual(
            TemplateWords.filled("<a>{{page.t.\(key)}}</a>", in: .ja, from: catalogues), "<a>\(japanese)</a>")
        XCTAssertEqual(TemplateWords.filled("{{{page.t.\(key)}}}", in: .en, from: catalogues), english)
    }

    func testMarkupAndBracesInAMessageCannotBreakThePageOrOpenATag() {
        let escaped = TemplateWords.escaped("Tom & <Jerry> \"say\" 'hi' {{name}}")
        XCTAssertEqual(escaped, "Tom &amp; &lt;Jerry&gt; &quot;say&quot; &#39;hi&#39; &#123;&#123;name&#125;&#125;")
    }

    func testAKeyNoCatalogueHasAndAMessageWithArgumentsAreLeftAsWritten() {
        for source in [
            "{{page.t.no.such.key}}", "{{page.t.todos.quoted}}", "{{{page.t.todos.add.button}}",
            "{{page.t.todos}}",
        ] {
            XCTAssertEqual(TemplateWords.filled(source, in: .fr, from: catalogues), source)
        }
    }

    func testNoWordIsLeftAsAReferenceInAnyTemplateOfAnyLanguage() throws {
        let sources = try TemplateWords.sources(in: packageRoot.appendingPathComponent("Templates").path)
        XCTAssertGreaterThan(sources.count, 50, "the templates were read")
        var references = 0
        for (name, source) in sources {
            references += source.matches(of: /\{\{page\.t\./).count
            for language in Language.allCases {
                let filled = TemplateWords.filled(source, in: language, from: catalogues)
                XCTAssertFalse(filled.contains("page.t."), "\(name) in \(language.rawValue)")
            }
        }
        XCTAssertGreaterThan(references, 100, "the templates name their words by key")
    }

    func testEachLanguagesPagesCarryTheirOwnWords() async throws {
        let catalogues = try XCTUnwrap(catalogues)
        try await withApp { browser in
            for language in Language.allCases {
                let body = try await browser.get("/todos", headers: [.acceptLanguage: language.rawValue]).text
                XCTAssertTrue(body.contains("lang=\"\(language.rawValue)\""), language.rawValue)
                let skipLink = try XCTUnwrap(catalogues.plainText("layout.skipLink", in: language))
                XCTAssertTrue(body.contains(TemplateWords.escaped(skipLink)), language.rawValue)
            }
        }
    }
}
