import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Authors' names on the pages: "Pratchett, Terry" typed where "Terry Pratchett" exists (and the other way round) is
/// the same author, never a second one; authors are listed by surname everywhere, publishers and genres by name.
final class CatalogueNameFormTests: XCTestCase {
    /// The author ids a book's own page lists, in their order.
    static func authorIds(onBook id: String, _ browser: Browser) async throws -> [String] {
        let html = try await browser.get("/books/\(id)").text
        return html.matches(of: /<li><a href="\/authors\/([A-Za-z0-9]+)">/).map { String($0.1) }
    }

    /// How many authors the list says there are.
    static func authorCount(_ browser: Browser) async throws -> Int {
        let html = try await browser.get("/authors").text
        return html.matches(of: /<li><a href="\/authors\/[A-Za-z0-9]+">/).count
    }

    func testANewAuthorTypedEitherWayRoundLinksTheExistingOne() async throws {
        let cases: [(stored: String, typed: [String])] = [
            ("Terry Pratchett", ["Pratchett, Terry", "pratchett,terry", "  PRATCHETT ,  Terry ", "terry   pratchett"]),
            ("Pratchett, Terry", ["Terry Pratchett", "terry pratchett", "Pratchett,Terry", " TERRY  PRATCHETT "]),
            ("Ursula K. Le Guin", ["Le Guin, Ursula K.", "le guin, ursula k", "Ursula K Le Guin"]),
        ]
        for (stored, typedNames) in cases {
            try await withApp { browser in
                let genre = try await browser.addEntry(.genre, "Fantasy")
                let author = try await browser.addEntry(.author, stored)
                for (index, typed) in typedNames.enumerated() {
                    try await browser.get("/books/new")
                    let saved = try await browser.post(
                        "/books/new",
                        form: bookForm(
                            genre: genre, [("title", "Book \(index)"), ("new-author", typed)], removing: ["isbn"]))
                    XCTAssertEqual(saved.status, .seeOther, "\(typed): \(saved.text.prefix(400))")
                    let id = String(try XCTUnwrap(saved.headers[.location]).dropFirst("/books/".count))
                    let page = try await browser.get("/books/\(id)").text
                    XCTAssertTrue(page.contains("was already in the catalogue, so the book uses that one."), typed)
                    let linked = try await Self.authorIds(onBook: id, browser)
                    XCTAssertEqual(linked, [author], typed)
                }
                let count = try await Self.authorCount(browser)
                XCTAssertEqual(count, 1, "no second author for \(stored)")
                // The add form and the rename form compare the same way.
                let added = try await browser.post("/authors", form: [("name", typedNames[0])])
                XCTAssertEqual(added.status, .unprocessableContent)
                XCTAssertTrue(added.text.contains("This author already exists"))
            }
        }
    }

    func testANewAuthorIsStoredAsTyped() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Fantasy")
            for typed in ["Pratchett, Terry", "Ursula K. Le Guin"] {
                try await browser.addBook(
                    bookForm(genre: genre, [("title", typed), ("new-author", typed)], removing: ["isbn"]))
                let html = try await browser.get("/authors").text
                XCTAssertTrue(html.contains(">\(typed)</a>"), typed)
            }
        }
    }

    /// Authors in a shuffled order of adding, and the order a list by surname must show them in.
    static let authorsBySurname = [
        "Adichie, Chimamanda Ngozi", "Jane Austen", "Iain M. Banks", "Ludwig van Beethoven", "Ursula K. Le Guin",
        "Pratchett, Terry", "Zadie Smith",
    ]

    func testAuthorsAreListedBySurnameOnTheListThePickerAndTheBooks() async throws {
        try await withApp { browser in
            var generator = SeededGenerator(seed: 29)
            var ids: [String: String] = [:]
            for name in Self.authorsBySurname.shuffled(using: &generator) {
                ids[name] = try await browser.addEntry(.author, name)
            }
            let expected = Self.authorsBySurname.map { ids[$0]! }
            let genre = try await browser.addEntry(.genre, "Fantasy")
            for publisher in ["Zed Books", "Abacus", "Macmillan"] { try await browser.addEntry(.publisher, publisher) }

            let list = try await browser.get("/authors").text
            XCTAssertEqual(list.matches(of: /<li><a href="\/authors\/([A-Za-z0-9]+)">/).map { String($0.1) }, expected)
            let form = try await browser.get("/books/new").text
            XCTAssertEqual(form.matches(of: /id="author-([A-Za-z0-9]+)"/).map { String($0.1) }, expected)
            XCTAssertEqual(
                form.matches(of: /<label for="publisher-[A-Za-z0-9]+">([^<]+)<\/label>/).map { String($0.1) },
                ["Abacus", "Macmillan", "Zed Books"], "publishers stay in name order")

            let book = try await browser.addBook(bookForm(genre: genre, authors: expected.reversed()))
            let onBook = try await Self.authorIds(onBook: book, browser)
            XCTAssertEqual(onBook, expected)
            let row = try await browser.get("/books").text
            XCTAssertTrue(row.contains(Self.authorsBySurname.joined(separator: ", ")), "the list row in surname order")
        }
    }
}
