import Foundation
import XCTest

@testable import Parsnip

/// What the account and Apps pages' language tests share: the English sentences of those pages' catalogues, and
/// checks that a page speaks its language and holds none of them.
enum AccountCatalogue {
    /// The English sentences of `files` (`Locales/en/…`): every sentence and clause of literal text of every message
    /// — between its arguments, inside its plural and select branches — that has at least two words.
    static func englishSentences(of files: [String] = ["accounts.json", "apps.json"]) throws -> Set<String> {
        var sentences: Set<String> = []
        for file in files {
            let url = packageRoot.appendingPathComponent("Locales/en/\(file)")
            let messages = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
            XCTAssertFalse(messages.isEmpty, "\(file) was read")
            for text in messages.values {
                for piece in literalText(of: try MessageFormat(text).parts) {
                    // Sentence by sentence, and the clauses of each, so a half-translated message shows too.
                    for clause in piece.split(separator: /[.;:?!]\s|[()—]/) {
                        let trimmed = clause.trimmingCharacters(
                            in: .whitespacesAndNewlines.union(.punctuationCharacters))
                        if trimmed.split(separator: " ").count >= 2 { sentences.insert(trimmed) }
                    }
                }
            }
        }
        return sentences
    }

    private static func literalText(of parts: [MessageFormat.Part]) -> [String] {
        parts.flatMap { part -> [String] in
            switch part {
            case .text(let text): [text]
            case .plural(_, let exact, let branches):
                (Array(exact.values) + Array(branches.values)).flatMap(literalText(of:))
            case .select(_, let branches): branches.values.flatMap(literalText(of:))
            case .argument, .count: []
            }
        }
    }

    /// `text` as the templates write it into HTML.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// Asserts that `html` is a page in `language` that holds none of `english` (for a language other than English).
    static func assertSpeaks(
        _ language: Language, _ html: String, without english: Set<String>, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(
            html.contains(#"<html lang="\#(language.rawValue)">"#), "\(what) is in \(language)", file: file, line: line)
        guard language != .en else { return }
        for sentence in english where html.contains(escaped(sentence)) || html.contains(sentence) {
            XCTFail("\(what) in \(language) says “\(sentence)” in English", file: file, line: line)
        }
    }

    /// Asserts that `html` holds the message `key` of `language` (with `arguments` and `counts`), as HTML.
    static func assertSays(
        _ html: String, _ key: String, in language: Language, _ arguments: [String: String] = [:],
        counts: [String: Int] = [:], on what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let text = escaped(Catalogues.current.text(key, in: language, arguments, counts: counts))
        XCTAssertTrue(html.contains(text), "\(what) in \(language) says “\(text)”", file: file, line: line)
    }
}

extension Browser {
    /// The objectId of the person called `username`, read from the People page in whatever language it speaks: the
    /// first person link after their name's heading.
    func personId(anyLanguage username: String) async throws -> String {
        let html = try await get("/people").text
        let heading = try XCTUnwrap(html.range(of: #"<h2 class="person-name">\#(username)"#), "no \(username)")
        let rest = html[heading.upperBound...]
        let link = try XCTUnwrap(rest.range(of: #"href="/people/"#), "no link for \(username)")
        return String(rest[link.upperBound...].prefix { $0 != "/" })
    }
}
