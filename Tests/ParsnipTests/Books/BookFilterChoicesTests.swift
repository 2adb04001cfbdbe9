import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The book list's filter choices are kept rendered (`FilterChoices.cache`) and are never stale: a kept piece is
/// byte for byte what a fresh render makes, and a renamed, added or chosen entry shows on the very next list.
final class BookFilterChoicesTests: XCTestCase {
    func testAKeptPieceIsTheSameBytesAsAFreshRenderInEveryLanguage() async throws {
        let pages = try await Pages(directory: testSettings().templatesDirectory)
        for language in Language.allCases {
            let choices = FilterChoices(
                options: [
                    SelectOption(value: "", title: "All <genres>", selected: false),
                    SelectOption(value: "g1", title: "Science & fiction", selected: true),
                ], language: language)
            let fresh = pages.renderFragment(choices, template: "partials/filter-choices", in: language)
            XCTAssertEqual(
                fresh,
                "<option value=\"\">All &lt;genres&gt;</option>\n<option value=\"g1\" selected>Science &amp; fiction</option>\n"
            )
            XCTAssertEqual(FilterChoices.rendered(choices, pages: pages).html, fresh)
            XCTAssertEqual(FilterChoices.rendered(choices, pages: pages).html, fresh, "\(language) from the cache")
            let names = FilterChoices(names: ["Zoë", "O'Brien"], language: language)
            XCTAssertEqual(
                FilterChoices.rendered(names, pages: pages).html,
                pages.renderFragment(names, template: "partials/filter-choices", in: language))
        }
    }

    func testARenamedOrAddedEntryAndTheChosenOneShowOnTheNextList() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            _ = try await browser.addBook(bookForm(genre: catalogue.genre, authors: catalogue.authors))
            let before = try await browser.get("/books").text
            XCTAssertTrue(before.contains(#"<option value="Ursula K. Le Guin">"#))
            XCTAssertTrue(before.contains(#"<option value="\#(catalogue.genre)">Science fiction</option>"#))

            let renamed = try await browser.post("/authors/\(catalogue.authors[0])", form: [("name", "Ursula Le Guin")])
            XCTAssertEqual(renamed.status, .seeOther)
            _ = try await browser.addEntry(.genre, "Fantasy")
            let after = try await browser.get("/books").text
            XCTAssertFalse(after.contains(#"<option value="Ursula K. Le Guin">"#), "the old name is not kept")
            XCTAssertTrue(after.contains(#"<option value="Ursula Le Guin">"#))
            XCTAssertTrue(after.contains(">Fantasy</option>"))

            let chosen = try await browser.get("/books?genre=\(catalogue.genre)").text
            XCTAssertTrue(chosen.contains(#"<option value="\#(catalogue.genre)" selected>Science fiction</option>"#))
            XCTAssertTrue(chosen.contains(#"<option value="">All genres</option>"#))
        }
    }
}
