import Foundation
import XCTest

@testable import Parsnip

/// Makes the pages' catalogues the ones `Words` and `Language.text` read, for tests that say messages without
/// building the app (which loads them at start).
func loadRecipeCatalogues() throws {
    Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
}

/// A problem of the recipe editor as English says it: what the tests compare.
struct SaidProblem: Equatable, CustomStringConvertible {
    let field: RecipeDraft.Field
    let message: String

    init(field: RecipeDraft.Field, message: String) {
        self.field = field
        self.message = message
    }

    init(_ problem: RecipeDraft.Problem, in language: Language = .en) {
        self.init(field: problem.field, message: problem.message.text(in: language))
    }

    var description: String { "\(field): \(message)" }
}

/// The release date's three boxes as the editor writes them holding `day`, `month` and `year` (as typed, or as a
/// stored day fills them: "3", "5", "2024").
func releaseDateBoxes(day: String, month: String, year: String) -> [String] {
    [("day", day), ("month", month), ("year", year)].map { part, value in
        #"name="releaseDate-\#(part)" type="text" inputmode="numeric" autocomplete="off" value="\#(value)""#
    }
}
