import Foundation
import Mustache
import PageTemplates
import Synchronization
import XCTest

@testable import Parsnip

/// swift-mustache, the reference Mustache renderer, given the same values as PageTemplates: what a page must be.
enum MustacheOracle {
    /// `value` as swift-mustache reads it: strings, booleans, arrays, dictionaries, and parents asked by name.
    static func object(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let elements): elements.map(object)
        case .fields(let fields):
            Dictionary(fields.map { ($0.name, object($0.value)) }, uniquingKeysWith: { first, _ in first })
        case .parent(let parent): AskedParent(parent: parent)
        }
    }

    /// swift-mustache's library of `sources`, parsed once per distinct set of sources in the test process: every
    /// test app loads the same templates, and parsing them again for each of ~1,200 tests took a tenth of the run.
    static func library(_ sources: [String: String]) throws -> MustacheLibrary {
        ByteEscapedHTML.register()
        if let parsed = parsedLibraries.withLock({ $0.first { $0.sources == sources }?.library }) { return parsed }
        let library = MustacheLibrary(templates: try sources.mapValues { try MustacheTemplate(string: $0) })
        parsedLibraries.withLock { $0.append((sources, library)) }
        return library
    }

    /// The libraries parsed so far, by their sources (one per language, and the odd test's own templates).
    private static let parsedLibraries = Mutex<[(sources: [String: String], library: MustacheLibrary)]>([])

    /// A `TemplateParent` as swift-mustache asks it.
    struct AskedParent: MustacheParent {
        let parent: any TemplateParent

        func child(named name: String) -> Any? {
            parent.child(named: name).map(MustacheOracle.object)
        }
    }

    /// The `HTML_UTF8` content type the templates name, escaping the same five characters by bytes.
    struct ByteEscapedHTML: MustacheContentType {
        static func register() {
            MustacheContentTypes.register(ByteEscapedHTML(), named: "HTML_UTF8")
        }

        func escapeText(_ text: String) -> String {
            HTMLEscaping.escaped(text)
        }
    }
}

/// Renders every page a test app renders with swift-mustache too, and fails the running test where they differ.
final class MustacheRenderCheck: RenderCheck {
    private let libraries = Mutex<[Language: MustacheLibrary]>([:])
    /// How many renders were compared, and how many differed.
    let counts = Mutex<(compared: Int, differed: Int)>((0, 0))

    func load(_ sources: [String: String], for language: Language) {
        do {
            let library = try MustacheOracle.library(sources)
            libraries.withLock { $0[language] = library }
        } catch {
            XCTFail("swift-mustache cannot read the templates: \(error)")
        }
    }

    func compare(_ rendered: [UInt8], template: String, value: TemplateValue, in language: Language) {
        guard let library = libraries.withLock({ $0[language] }) else { return }
        let expected = library.render(MustacheOracle.object(value), withTemplate: template) ?? ""
        let actual = String(decoding: rendered, as: UTF8.self)
        counts.withLock { counts in
            counts.compared += 1
            if actual != expected { counts.differed += 1 }
        }
        guard actual != expected else { return }
        let same = zip(actual, expected).prefix { $0 == $1 }.count
        XCTFail(
            "\(template) (\(language.rawValue)) renders differently from swift-mustache after \(same) characters:\n"
                + "PageTemplates: …\(actual.dropFirst(max(0, same - 80)).prefix(200))\n"
                + "swift-mustache: …\(expected.dropFirst(max(0, same - 80)).prefix(200))")
    }
}
