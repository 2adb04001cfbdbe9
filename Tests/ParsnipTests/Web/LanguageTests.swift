import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The pages' languages: the six catalogues are complete and agree, messages count and fill in as each language
/// does, a browser's `Accept-Language` or the visitor's own choice picks the language, and cached pages are kept
/// apart per language.
final class LanguageTests: XCTestCase {
    static var localesDirectory: String { packageRoot.appendingPathComponent("Locales").path }

    /// The keys templates, Swift files and the script use: `page.t.<key>` in a template, `text("<key>"` or
    /// `Words("<key>"` in Swift, `say("<key>"` in the script, and the role names the header shows.
    static func usedKeys() throws -> Set<String> {
        var used = Set(Role.allCases.map { "role.\($0.rawValue)" })
        let manager = FileManager.default
        for (root, suffix) in [("Templates", ".mustache"), ("Sources/Parsnip", ".swift"), ("Public/js", ".js")] {
            let folder = packageRoot.appendingPathComponent(root)
            guard let files = manager.enumerator(atPath: folder.path) else { continue }
            for case let name as String in files where name.hasSuffix(suffix) {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for match in text.matches(of: /page\.t\.([a-z][A-Za-z0-9_]*\.[A-Za-z0-9_.]+)/) {
                    used.insert(String(match.1))
                }
                for match in text.matches(of: /(?:text|Words|say)\(\s*"([a-z][A-Za-z0-9_]*\.[A-Za-z0-9_.]+)"/) {
                    used.insert(String(match.1))
                }
            }
        }
        return used
    }

    func testEveryCatalogueHasExactlyTheKeysThePagesUseWithTheSameArgumentsAndItsPluralForms() throws {
        let catalogues = try Catalogues(directory: Self.localesDirectory)
        let used = try Self.usedKeys()
        let english = catalogues.keys(of: .en)
        XCTAssertGreaterThan(english.count, 15, "the catalogue was read")
        XCTAssertEqual(used.subtracting(english), [], "used but in no catalogue")
        XCTAssertEqual(english.subtracting(used), [], "in the catalogue but used nowhere")
        for language in Language.allCases {
            XCTAssertEqual(catalogues.keys(of: language), english, "\(language) has the same keys as English")
            for key in english {
                let mine = try XCTUnwrap(catalogues.message(key, in: language))
                let theirs = try XCTUnwrap(catalogues.message(key, in: .en))
                XCTAssertEqual(mine.argumentNames, theirs.argumentNames, "\(language) \(key): the same arguments")
                for (argument, branches) in mine.pluralBranches {
                    let needed = Set(language.pluralCategories.map(\.rawValue))
                    XCTAssertTrue(needed.isSubset(of: branches), "\(language) \(key) \(argument): \(branches)")
                }
            }
        }
    }

    func testPluralCategoriesFollowCLDRForEachLanguage() {
        let examples: [(Language, Int, PluralCategory)] = [
            (.en, 0, .other), (.en, 1, .one), (.en, 2, .other), (.en, 1_000_000, .other),
            (.es, 0, .other), (.es, 1, .one), (.es, 2, .other), (.es, 1_000_000, .many), (.es, 1_000_001, .other),
            (.pt, 0, .one), (.pt, 1, .one), (.pt, 2, .other), (.pt, 2_000_000, .many),
            (.fr, 0, .one), (.fr, 1, .one), (.fr, 2, .other), (.fr, 1_000_000, .many), (.fr, 11, .other),
            (.ko, 1, .other), (.ko, 2, .other), (.ja, 0, .other), (.ja, 1, .other),
        ]
        for (language, count, category) in examples {
            XCTAssertEqual(language.pluralCategory(count), category, "\(language) \(count)")
        }
    }

    func testAMessageFillsInItsArgumentsAndCountsAsItsLanguageDoes() throws {
        let todos = try MessageFormat("{count, plural, =0 {No to-dos} one {# to-do} other {# to-dos}} for {name}")
        XCTAssertEqual(todos.format(["name": "Ana"], counts: ["count": 0], language: .en), "No to-dos for Ana")
        XCTAssertEqual(todos.format(["name": "Ana"], counts: ["count": 1], language: .en), "1 to-do for Ana")
        XCTAssertEqual(
            todos.format(
                ["name": "Ana"], counts: ["count": 1_200], language: .en, number: { LocalFormats.whole($0, in: .en) }),
            "1,200 to-dos for Ana")
        let french = try MessageFormat("{count, plural, one {# tâche} many {# de tâches} other {# tâches}}")
        XCTAssertEqual(french.format([:], counts: ["count": 0], language: .fr), "0 tâche")
        XCTAssertEqual(french.format([:], counts: ["count": 1_000_000], language: .fr), "1000000 de tâches")
        let kind = try MessageFormat("{kind, select, genre {This genre} other {This entry}} isn''t '{'here'}'")
        XCTAssertEqual(kind.format(["kind": "genre"], language: .en), "This genre isn't {here}")
        XCTAssertEqual(kind.format(["kind": "author"], language: .en), "This entry isn't {here}")
        XCTAssertEqual(try MessageFormat("Hi {name}").format([:], language: .en), "Hi {name}", "a gap shows")
        for broken in ["{count, plural, one {x}}", "{open", "a } b", "{n, number, x {y} other {z}}"] {
            XCTAssertThrowsError(try MessageFormat(broken), broken)
        }
        XCTAssertEqual(LocalFormats.whole(1_234_567, in: .en), "1,234,567")
        XCTAssertEqual(LocalFormats.whole(1_234_567, in: .es), "1.234.567")
    }

    func testTheBrowsersLanguagePicksTheBestMatchWithItsUsualFallbacks() {
        let cases: [(String?, Language?)] = [
            ("es-MX,es;q=0.9,en;q=0.8", .es), ("pt-PT", .pt), ("pt-BR,pt;q=0.9", .pt), ("fr-CA", .fr),
            ("de-DE,de;q=0.9", nil), ("de, ja;q=0.3, ko;q=0.6", .ko), ("en;q=0.5, ja", .ja), ("ja;q=0, en", .en),
            ("", nil), (nil, nil), ("*", nil), ("KO-kr", .ko),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(Language.preferred(acceptLanguage: header), expected, header ?? "no header")
        }
    }

    func testThePageSpeaksTheBrowsersLanguageOrTheChosenOneAndCachesEachApart() async throws {
        try await withApp { browser in
            let english = try await browser.get("/todos").text
            XCTAssertTrue(english.contains(#"<html lang="en">"#))
            XCTAssertTrue(english.contains(">To-do list</a>"))
            let japanese = try await browser.get("/todos", headers: [.acceptLanguage: "ja-JP,ja;q=0.9"]).text
            XCTAssertTrue(japanese.contains(#"<html lang="ja">"#), "the cached English page was not served")
            XCTAssertTrue(japanese.contains(">やること</a>"), japanese)
            XCTAssertTrue(japanese.contains(#"<option value="ja" lang="ja" selected>日本語</option>"#))
            // Chosen on the page: kept in a cookie, back to the page it came from, above the browser's wish.
            let chosen = try await browser.get(
                "/language?to=ko", headers: [.referer: "http://localhost:8080/todos?page=1"])
            XCTAssertEqual(chosen.status, .seeOther)
            XCTAssertEqual(chosen.headers[.location], "/todos?page=1")
            XCTAssertEqual(browser.cookies[LanguageChoice.cookieName], "ko")
            let korean = try await browser.get("/todos", headers: [.acceptLanguage: "ja"]).text
            XCTAssertTrue(korean.contains(#"<html lang="ko">"#) && korean.contains(">할 일</a>"))
            // Only the path of where it came from is kept: never another site; an unknown language keeps the choice.
            let foreign = try await browser.get("/language?to=xx", headers: [.referer: "http://evil.example//x"])
            XCTAssertEqual(foreign.headers[.location], "/")
            let none = try await browser.get("/language?to=xx")
            XCTAssertEqual(none.headers[.location], "/")
            XCTAssertEqual(browser.cookies[LanguageChoice.cookieName], "ko")
        }
    }

    func testALanguageChosenWhileSignedInFollowsThePersonToAnotherBrowser() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner("Ana", password: "correct horse")
            // Chosen from another site's link: this browser only.
            _ = try await ana.get("/language?to=fr", headers: [.referer: "http://evil.example/page"])
            let other = Browser(client: ana.client)
            try await other.signIn("Ana", "correct horse")
            let notKept = try await other.get("/todos", headers: [.acceptLanguage: "ja"]).text
            XCTAssertTrue(notKept.contains(#"<html lang="ja">"#), "a foreign link changed only that browser")
            // Chosen on Parsnip's own page: kept on Ana's account.
            let chosen = try await ana.get("/language?to=ko", headers: [.referer: "http://localhost/todos"])
            XCTAssertEqual(chosen.headers[.location], "/todos")
            let korean = try await other.get("/todos", headers: [.acceptLanguage: "ja"]).text
            XCTAssertTrue(korean.contains(#"<html lang="ko">"#), "followed Ana to the other browser")
            // This browser's own choice still wins there.
            _ = try await other.get("/language?to=es", headers: [.referer: "http://evil.example/"])
            let spanish = try await other.get("/todos").text
            XCTAssertTrue(spanish.contains(#"<html lang="es">"#))
        }
    }
}
