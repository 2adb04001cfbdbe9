import Mustache
import PageTemplates
import XCTest

@testable import Parsnip

/// Thousands of generated templates — tags alone on their lines or amid text, indented or not, `\n` and `\r\n`,
/// sections, inverted sections, partials, layouts with blocks, comments and pragmas nested in one another —
/// rendered by PageTemplates and by swift-mustache with the same values: the bytes must be the same.
final class GeneratedTemplateTests: XCTestCase {
    func testEveryGeneratedTemplateRendersTheSameBytesAsSwiftMustache() throws {
        var generator = TemplateGenerator(seed: 0x5EED_2026)
        let partials = TemplateGenerator.partials
        var compared = 0
        for _ in 0..<4_000 {
            let page = generator.template(depth: 0)
            var sources = partials
            sources["page"] = page
            let ours: TemplateLibrary
            do {
                ours = try TemplateLibrary(sources: sources)
            } catch {
                XCTFail("PageTemplates refuses \(page.debugDescription): \(error)")
                continue
            }
            let reference = try MustacheOracle.library(sources)
            for value in TemplateGenerator.values {
                let expected = reference.render(MustacheOracle.object(value), withTemplate: "page") ?? ""
                let actual = String(decoding: ours.render(value, template: "page"), as: UTF8.self)
                XCTAssertEqual(actual, expected, "template \(page.debugDescription)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 4_000 * TemplateGenerator.values.count)
    }
}

/// Makes random templates from the pieces the product's templates are made of (seeded, so a failure repeats).
struct TemplateGenerator {
    private var state: UInt64
    /// True while writing a page's body for `layout`: a body including `nested` (itself a `layout` page) would
    /// include itself without end.
    private var insideLayout = false

    init(seed: UInt64) {
        state = seed
    }

    /// The partials every generated page may include.
    static let partials: [String: String] = [
        "row": "{{% CONTENT_TYPE: HTML_UTF8 }}\n<li>{{a}}</li>\n",
        "inline": "[{{#t}}{{a}}{{/t}}]",
        "layout": "{{% CONTENT_TYPE: HTML_UTF8 }}\n<h1>{{$title}}Title{{/title}}</h1>\n{{$body}}\nnothing\n{{/body}}\n"
            + "{{>row}}\n<footer>{{a}}</footer>\n",
        "nested": "{{<layout}}\n{{$title}}Nested {{b}}{{/title}}\n{{/layout}}\n",
    ]

    /// The values every generated page is rendered with: names present and missing, true and false, empty and
    /// full lists, nested fields, a parent answering by name, text that needs escaping.
    static let values: [TemplateValue] = {
        let inner: TemplateValue = .fields([("a", .text("inner <a>")), ("c", .text("deep"))])
        let rows: TemplateValue = .list([
            .fields([("a", .text("one & two")), ("n", .text("1"))]),
            .fields([("a", .text("it's")), ("t", .flag(false))]),
            .parent(Answering(answers: ["a": .text("asked \"quoted\""), "q": .flag(true)])),
        ])
        return [
            .fields([
                ("a", .text("<b>Tom & Jerry's</b> café 漢字")), ("b", .text("")), ("t", .flag(true)), ("f", .flag(false)),
                ("list", rows), ("empty", .list([])), ("obj", inner),
                ("p", .parent(Answering(answers: ["q": .text("q!"), "a": .text("pa")]))),
            ]),
            .fields([
                ("a", .text("plain")), ("t", .flag(false)), ("f", .flag(true)), ("list", .list([])), ("empty", rows),
            ]),
            .fields([]),
        ]
    }()

    /// A parent answering a fixed set of names.
    struct Answering: TemplateParent {
        let answers: [String: TemplateValue]

        func child(named name: String) -> TemplateValue? { answers[name] }
    }

    /// Names written as `{{name}}`: text and yes/no values (a list or a record has no text of its own, and
    /// swift-mustache would write its Swift description).
    private static let names = ["a", "b", "t", "f", "obj.a", "obj.c", ".a", "missing", "p.q", "n", "q", "a.missing"]
    private static let sectionNames = ["t", "f", "list", "empty", "obj", "p", "missing", "b", "a"]
    private static let texts = ["x", "word", " ", "  ", "\t", "\n", "\n", "\r\n", "{x", "}", "a b", "<p>", "\n  "]

    /// A random template; `depth` bounds how deep sections nest.
    mutating func template(depth: Int) -> String {
        var out = next(3) == 0 ? "{{% CONTENT_TYPE: HTML_UTF8 }}\n" : ""
        if depth == 0, next(6) == 0 {
            insideLayout = true
            let body = pieces(depth: 1)
            insideLayout = false
            let pad = next(2) == 0 ? "\n" : ""
            return out + "{{<layout}}\(pad){{$body}}\(pad)\(body){{/body}}\(pad){{/layout}}" + pieces(depth: 2)
        }
        out += pieces(depth: depth)
        return out
    }

    private mutating func pieces(depth: Int) -> String {
        var out = ""
        for _ in 0..<(1 + next(7)) {
            out += piece(depth: depth, after: out)
        }
        return out
    }

    private mutating func piece(depth: Int, after: String) -> String {
        let atLineStart = after.isEmpty || after.hasSuffix("\n")
        switch next(11) {
        case 0, 1, 2:
            return Self.texts[next(Self.texts.count)]
        case 3:
            return "{{\(Self.spaced(Self.names[next(Self.names.count)], next(4) == 0))}}"
        case 4:
            return next(2) == 0
                ? "{{{\(Self.names[next(Self.names.count)])}}}" : "{{&\(Self.names[next(Self.names.count)])}}"
        case 5,
            6 where depth < 3:
            let name = Self.sectionNames[next(Self.sectionNames.count)]
            let sigil = next(3) == 0 ? "^" : "#"
            let open = next(2) == 0 ? "\n" : ""
            let close = next(2) == 0 ? "\n" : ""
            return "{{\(sigil)\(name)}}\(open)\(pieces(depth: depth + 1)){{/\(name)}}\(close)"
        case 7:
            return "{{! a note }}" + (next(2) == 0 ? "\n" : "")
        case 8:
            // A partial alone on an indented line is refused by PageTemplates (no template needs it).
            let lead = atLineStart ? "" : (after.last == " " || after.last == "\t" ? "x" : "")
            let name = ["row", "inline", "nested"][next(insideLayout ? 2 : 3)]
            return lead + "{{>\(name)}}" + (next(2) == 0 ? "\n" : "")
        case 9:
            return "{{% CONTENT_TYPE: HTML_UTF8 }}" + (next(2) == 0 ? "\n" : "")
        default:
            return "\n"
        }
    }

    private static func spaced(_ name: String, _ spaced: Bool) -> String {
        spaced ? " \(name) " : name
    }

    /// A number in 0..<bound (SplitMix64).
    private mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(bound))
    }
}
