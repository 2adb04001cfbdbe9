import Foundation
import XCTest

@testable import Parsnip

/// Makes the catalogues in `Locales/` the ones messages are said from, for tests that format words without an app.
func useTheCatalogues() throws {
    Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
}

/// Every English message of `Locales/en/todos.json` whose words would show on a page unchanged: its text pieces
/// between arguments, each of at least `minimumLength` characters (shorter ones, "No", are words of any page).
func englishToDoSentences(minimumLength: Int = 6) throws -> [String] {
    let url = LanguageTests.localesDirectory + "/en/todos.json"
    let messages = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: url)))
    var pieces: Set<String> = []
    for text in messages.values where !text.contains("plural") && !text.contains("select") {
        for piece in text.split(separator: /\{[a-z]+\}/) {
            let edges = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "“”.:;"))
            let trimmed = piece.trimmingCharacters(in: edges)
            if trimmed.count >= minimumLength { pieces.insert(trimmed) }
        }
    }
    return pieces.sorted()
}
