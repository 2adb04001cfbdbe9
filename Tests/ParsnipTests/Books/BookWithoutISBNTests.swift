import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A book may have no ISBN and no publishing year (most books from before 1970 have no ISBN); an ISBN-10 and its
/// ISBN-13 are one book.
final class BookWithoutISBNTests: XCTestCase {
    func testABookWithoutAnISBNOrAYearIsSavedAndShownWithoutThem() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let genre = try await browser.addEntry(.genre, "Poetry")
            let id = try await browser.addBook(
                bookForm(genre: genre, [("title", "Leaves of Grass"), ("isbn", " "), ("publishingYear", "")]))
            // A second one without an ISBN is no duplicate of the first.
            try await browser.addBook(
                bookForm(genre: genre, [("title", "Songs of Innocence"), ("isbn", ""), ("publishingYear", "")]))
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Leaves of Grass</h1>"#))
            XCTAssertFalse(page.contains("<dt>ISBN</dt>"), "no empty ISBN row")
            XCTAssertFalse(page.contains("<dt>Year</dt>"), "no empty year row")
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains(#"<td data-label="ISBN" class="isbn">—</td>"#))
            XCTAssertTrue(list.contains(#"<td data-label="Year" class="number">—</td>"#))

            let (book, isbnObjects) = try await store.read { reader in
                (try reader.fetch("Book", objectId: id), try reader.count(ParseQuery("ISBN")))
            }
            XCTAssertNil(book["isbn"], "no ISBN Pointer")
            XCTAssertNil(book["publishingYear"])
            XCTAssertEqual(isbnObjects, 0, "no empty ISBN object")
            XCTAssertEqual(book["title"], .string("Leaves of Grass"))
        }
    }

    func testClearingABooksISBNRemovesItsISBNObjectAndAddingOneLater() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let (id, catalogue) = try await browser.addCatalogueBook()
            let cleared = try await browser.saveBook(
                id, bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]], [("isbn", "")]))
            XCTAssertEqual(cleared.status, .seeOther)
            var (book, isbnObjects) = try await store.read { reader in
                (try reader.fetch("Book", objectId: id), try reader.count(ParseQuery("ISBN")))
            }
            XCTAssertNil(book["isbn"])
            XCTAssertEqual(isbnObjects, 0)
            let history = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(history.contains("978-0-06-051275-0"), "the History keeps the ISBN that was removed")

            let added = try await browser.saveBook(
                id, bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]], [("isbn", "0-441-01359-7")]))
            XCTAssertEqual(added.status, .seeOther)
            (book, isbnObjects) = try await store.read { reader in
                (try reader.fetch("Book", objectId: id, include: ["isbn"]), try reader.count(ParseQuery("ISBN")))
            }
            XCTAssertEqual(book["isbn"]?.includedObjectValue?["value"], .string("0441013597"))
            XCTAssertEqual(isbnObjects, 1)
        }
    }

    func testTheISBN10OfACataloguedISBN13IsTheSameBookAndIsRefused() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let first = try await browser.addBook(
                bookForm(genre: genre, [("title", "Dune"), ("isbn", "9780441013593")]))
            let refused = try await browser.post(
                "/books/new", form: bookForm(genre: genre, [("title", "Dune again"), ("isbn", "0-441-01359-7")]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(
                refused.text.contains(#"This ISBN is already used by <a href="/books/\#(first)">“Dune”</a>"#),
                refused.text)
            XCTAssertTrue(refused.text.contains(#"value="Dune again""#), "what was typed is kept")

            // The other way round: an ISBN-10 catalogued first, its ISBN-13 typed later.
            let kindred = try await browser.addBook(
                bookForm(genre: genre, [("title", "Kindred"), ("isbn", "0-8044-2957-X")]))
            let again = try await browser.post(
                "/books/new", form: bookForm(genre: genre, [("title", "Kindred (2nd)"), ("isbn", "978-0-8044-2957-3")]))
            XCTAssertEqual(again.status, .unprocessableContent)
            XCTAssertTrue(again.text.contains(#"<a href="/books/\#(kindred)">“Kindred”</a>"#))

            // A book page shows both forms.
            let page = try await browser.get("/books/\(first)").text
            XCTAssertTrue(page.contains("ISBN-13 978-0-441-01359-3"))
            XCTAssertTrue(page.contains("ISBN-10 0-441-01359-7"))
        }
    }

    func testSavingABookWithItsOwnISBNInTheOtherFormIsNoDuplicate() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let id = try await browser.addBook(bookForm(genre: genre, [("title", "Dune"), ("isbn", "9780441013593")]))
            let saved = try await browser.saveBook(
                id, bookForm(genre: genre, [("title", "Dune"), ("isbn", "0441013597")]))
            XCTAssertEqual(saved.status, .seeOther, saved.text)
            XCTAssertEqual(saved.headers[.location], "/books/\(id)", "saved as the same book")
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(
                page.contains("0-441-01359-7") || page.contains("0441013597"), "the ISBN typed is kept: \(page)")
            XCTAssertFalse(page.contains("already used"), page)
        }
    }
}
