import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The book list's rows and filter choices are kept rendered (`BookListPieces`) and are never stale: a kept piece
/// is byte for byte what a fresh render makes, and a renamed, added or chosen entry or a changed book shows on the
/// very next list.
final class BookFilterChoicesTests: XCTestCase {
    func testAKeptPieceIsTheSameBytesAsAFreshRenderInEveryLanguage() async throws {
        let pages = try await Pages(directory: testSettings().templatesDirectory)
        let pieces = BookListPieces(pages: pages)
        for language in Language.allCases {
            let choices = FilterChoices(
                options: [
                    SelectOption(value: "", title: "All <genres>", selected: false),
                    SelectOption(value: "g1", title: "Science & fiction", selected: true),
                ])
            let fresh = pages.renderFragment(choices, template: "partials/filter-choices", in: language)
            XCTAssertEqual(
                fresh,
                "<option value=\"\">All &lt;genres&gt;</option>\n<option value=\"g1\" selected>Science &amp; fiction</option>\n"
            )
            XCTAssertEqual(pieces.choices.piece(choices, in: language).html, fresh)
            XCTAssertEqual(pieces.choices.piece(choices, in: language).html, fresh, "\(language) from the cache")
            let names = FilterChoices(names: ["Zoë", "O'Brien"])
            XCTAssertEqual(
                pieces.choices.piece(names, in: language).html,
                pages.renderFragment(names, template: "partials/filter-choices", in: language))
            let row = BookTableRow(
                title: "Kindred & <Others>", url: "/books/b1", year: "1979", genre: "—", isbn: "9780807083697",
                authors: "Octavia E. Butler", summary: "Octavia E. Butler · 1979")
            let freshRow = pages.renderFragment(row, template: "partials/book-row", in: language)
            XCTAssertTrue(freshRow.contains(">Kindred &amp; &lt;Others&gt;</a>"), freshRow)
            XCTAssertEqual(pieces.rows.piece(row, in: language).html, freshRow)
            XCTAssertEqual(pieces.rows.piece(row, in: language).html, freshRow, "\(language) row from the cache")
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

            let book = try await browser.addBook(
                bookForm(genre: catalogue.genre, [("title", "First title"), ("isbn", "")]))
            let listed = try await browser.get("/books").text
            XCTAssertTrue(listed.contains(">First title</a>"))
            let base = try await browser.bookEditBase(book)
            let saved = try await browser.post(
                "/books/\(book)/edit",
                form: bookForm(genre: catalogue.genre, [("title", "Second title"), ("isbn", "")]) + base)
            XCTAssertEqual(saved.status, .seeOther)
            let list = try await browser.get("/books").text
            XCTAssertFalse(list.contains(">First title</a>"), "a changed book's row is not kept")
            XCTAssertTrue(list.contains(">Second title</a>"))
        }
    }
}
