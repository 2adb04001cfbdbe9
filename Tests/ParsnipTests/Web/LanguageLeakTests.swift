import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// No English is left on a page that speaks another language: every GET page the router has (listed from the router
/// itself, so a page added later is walked too) and the page every POST form answers when sent with its fields
/// emptied (its error summary, or the page it redirects to with its flash message), in each of the five other
/// languages — none shows a sentence of the English catalogue, and `<html lang>` says the language.
final class LanguageLeakTests: XCTestCase {
    /// The English catalogue's sentences (each message's literal runs of at least two words and ten characters),
    /// less those another language writes the same way, by the language they must not appear in.
    static func englishSentences(avoidedIn language: Language) throws -> [String: String] {
        let english = try CatalogueTexts.read(.en)
        let own = TextHaystack(try CatalogueTexts.read(language).values.joined(separator: "\n"))
        var sentences: [String: String] = [:]
        for (key, text) in english {
            for fragment in CatalogueTexts.literalRuns(of: text) where !own.contains(fragment) {
                sentences[fragment] = key
            }
        }
        return sentences
    }

    /// The English sentences `html` shows, with the key of each: text and attributes, scripts' JSON aside.
    static func leaks(in html: String, _ sentences: [String: String]) -> [String] {
        let shown = TextHaystack(CatalogueTexts.unescaped(CatalogueTexts.withoutScripts(html)))
        return sentences.filter { shown.contains($0.key) }.map { "“\($0.key)” (\($0.value))" }.sorted()
    }

    func testTheSentenceFinderFindsTheEnglishOfAnEnglishPage() async throws {
        try await withApp(settings: signInSettings(requireSignIn: false)) { browser in
            let page = try await browser.get("/todos/new").text
            let found = Self.leaks(in: page, try Self.englishSentences(avoidedIn: .ja))
            XCTAssertFalse(found.isEmpty, "the English form shows English sentences: \(page.prefix(400))")
        }
    }

    func testNoPageAndNoFormsAnswerShowsEnglishInAnotherLanguage() async throws {
        let routes = try await Self.pageRoutes()
        for language in Language.allCases where language != .en {
            let sentences = try Self.englishSentences(avoidedIn: language)
            let shared = try TemporaryDatabase()
            let unset = try TemporaryDatabase()
            defer {
                shared.remove()
                unset.remove()
            }
            try await withApp(settings: signInSettings()) { owner in
                // Made in English: the helpers read English pages.
                let ids = try await Self.recordIds(owner)
                // The English flash message of the last record made is shown (and spent) here, unchecked.
                _ = try await owner.get("/todos")
                owner.cookies[LanguageChoice.cookieName] = language.rawValue
                try await Self.walkPages(routes, ids: ids, owner: owner, language, sentences)
            }
            try await withApp(settings: fileSettings(unset.path)) { newcomer in
                try await withApp(settings: fileSettings(shared.path)) { owner in
                    let scenarios = try await FormScenarios.make(owner: owner, newcomer: newcomer)
                    for browser in [owner, newcomer] + scenarios.map(\.browser) {
                        browser.cookies[LanguageChoice.cookieName] = language.rawValue
                    }
                    try await Self.sendEmptied(scenarios, language, sentences)
                }
            }
        }
    }

    /// Every GET route of the pages (not the Parse API, not files), as the router lists them.
    static func pageRoutes() async throws -> [String] {
        let built = try await buildRouterAndStore(signInSettings())
        defer { try? built.store.close() }
        return built.router.routes.filter {
            $0.method == .get && built.access.access(.get, pattern: $0.path.description) != .parseAPI
        }.map(\.path.description).sorted()
    }

    /// GETs each route with ids of records `owner` made, and checks each HTML page it answers.
    static func walkPages(
        _ routes: [String], ids: [String: String], owner: Browser, _ language: Language, _ sentences: [String: String]
    ) async throws {
        var checked = 0
        for route in routes {
            var path = route
            for (segment, id) in ids where path.hasPrefix("/\(segment)/") {
                path = path.replacingOccurrences(of: "{id}", with: id).replacingOccurrences(of: ":id", with: id)
            }
            guard !path.contains("{"), !path.contains(":") else { continue }
            let response = try await owner.get(path)
            guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
            check(response.text, "GET \(path)", language, sentences)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 25, "\(language): the walk reached the pages")
    }

    /// Sends every form with its visible fields emptied and checks the page it answers (or redirects to).
    static func sendEmptied(_ scenarios: [FormScenario], _ language: Language, _ sentences: [String: String])
        async throws
    {
        for scenario in scenarios {
            let html: String
            if let opened = scenario.opened {
                // A page a POST answered while the scenarios were made (in English): its answer below is checked.
                html = try await opened(scenario.browser)
            } else {
                html = try await scenario.browser.get(scenario.page).text
                check(html, "GET \(scenario.page)", language, sentences)
            }
            guard let fields = try? scenario.fieldsToSend(from: html) else { continue }
            let emptied = fields.map { $0.0.hasPrefix("_") ? $0 : ($0.0, "") }
            let response = try await scenario.browser.post(scenario.path, form: emptied)
            let what = "POST \(scenario.path) emptied"
            if response.status == .seeOther, let location = response.headers[.location], location.hasPrefix("/") {
                let landed = try await scenario.browser.get(location)
                if landed.headers[.contentType]?.hasPrefix("text/html") == true {
                    check(landed.text, "\(what) → \(location)", language, sentences)
                }
            } else if response.headers[.contentType]?.hasPrefix("text/html") == true {
                check(response.text, what, language, sentences)
            }
        }
    }

    static func check(_ html: String, _ what: String, _ language: Language, _ sentences: [String: String]) {
        XCTAssertTrue(
            html.contains("<html lang=\"\(language.rawValue)\">"), "\(language) \(what): <html lang> is not \(language)"
        )
        let found = leaks(in: html, sentences)
        XCTAssertEqual(found, [], "\(language) \(what) shows English")
    }

    /// The owner's records, by the name a route gives their id, and by the path segment before `{id}`.
    static func recordIds(_ owner: Browser) async throws -> [String: String] {
        let setUp = try await owner.setUpOwner()
        XCTAssertEqual(setUp.status, .seeOther, "the owner is set up")
        try await owner.addTodo("Buy milk")
        let book = try await owner.addCatalogueBook()
        return [
            "people": try await owner.personId("Ana"), "todos": try await owner.newestId(),
            "recipes": try await owner.addRecipe(), "books": book.id, "genres": book.catalogue.genre,
            "authors": book.catalogue.authors[0], "publishers": book.catalogue.publisher,
        ]
    }
}

/// The catalogues' raw texts as a translator wrote them, and the literal words of a message.
enum CatalogueTexts {
    /// Every message of `language`, by key, as written in its files.
    static func read(_ language: Language) throws -> [String: String] {
        let folder = packageRoot.appendingPathComponent("Locales/\(language.rawValue)")
        var texts: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            texts.merge(try JSONDecoder().decode([String: String].self, from: data)) { $1 }
        }
        return texts
    }

    /// The runs of literal text in an ICU message — outside `{arguments}`, and inside plural and select branches —
    /// that have at least two words and ten characters: what a reader would recognise as a sentence of it.
    static func literalRuns(of message: String) -> [String] {
        var runs: [String] = []
        var current = ""
        var depth = 0
        var inHeader = false
        var braces: [Bool] = []  // per open brace: true when it opened an argument, false a branch
        var index = message.startIndex
        func flush() {
            let run = current.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            if run.count >= 10, run.contains(" "), run.contains(where: \.isLetter) { runs.append(run) }
            current = ""
        }
        while index < message.endIndex {
            let character = message[index]
            if inHeader {
                // "name}" ends a placeholder; "name, plural, one {" opens the first branch.
                if character == "}" {
                    inHeader = false
                    braces.removeLast()
                    depth -= 1
                } else if character == "{" {
                    inHeader = false
                    braces.append(false)
                    depth += 1
                }
            } else if character == "{" {
                flush()
                let opensBranch = braces.last == true
                braces.append(!opensBranch)
                depth += 1
                inHeader = !opensBranch
            } else if character == "}" {
                flush()
                braces.removeLast()
                depth -= 1
            } else if character == "#" && depth > 0 {
                flush()
            } else if braces.last == true {
                // Between branches: "one {…} other {…}" — the selectors are not text.
            } else {
                current.append(character)
            }
            index = message.index(after: index)
        }
        flush()
        return runs
    }

    /// `html` without its `<script>` elements (the script's words are JSON, checked by their own test).
    static func withoutScripts(_ html: String) -> String {
        html.replacing(/<script[^>]*>[\s\S]*?<\/script>/, with: "")
    }

    /// `html` with the entities Mustache writes turned back into characters.
    static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
