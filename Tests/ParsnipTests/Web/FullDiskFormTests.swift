import Foundation
import GRDB
import HummingbirdTesting
import XCTest

@testable import ParseStore
@testable import Parsnip

/// A full disk: a save answers 507 with its form exactly as sent, and a write of many rows (a book with its ISBN,
/// authors and publisher) leaves none of them behind.
final class FullDiskFormTests: XCTestCase {
    func testBookWithAuthorsOnAFullDiskAnswers507WithTheTypedFormAndLeavesNoPartialRows() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let catalogue = try await browser.addCatalogue()
            let page = try await browser.get("/books/new").text
            let empty = try XCTUnwrap(FormReplay(page, submittingTo: "/books/new"))
            XCTAssertEqual(empty.values("author"), [], "the empty form already ticks an author")
            let typed = bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher])
            // The first book makes new tables (the book, its ISBN, the author and publisher links): new pages.
            try limitToCurrentSize(store)
            let before = try database.digest()

            let refused = try await browser.post("/books/new", form: typed)
            XCTAssertEqual(refused.status.code, 507)
            XCTAssertTrue(refused.text.contains(fullHeading))
            XCTAssertTrue(refused.text.contains("Make room on the disk"))
            XCTAssertEqual(try database.digest(), before, "part of the book was written")
            let shown = try XCTUnwrap(FormReplay(refused.text, submittingTo: "/books/new"))
            for name in ["title", "isbn", "genre", "publishingYear"] {
                XCTAssertEqual(shown[name], typed.first { $0.0 == name }?.1, name)
            }
            XCTAssertEqual(Set(shown.values("author")), Set(catalogue.authors))
            XCTAssertEqual(shown.values("publisher"), [catalogue.publisher])

            try liftSizeLimit(store)
            let saved = try await browser.post("/books/new", form: shown.fields)
            XCTAssertEqual(saved.status, .seeOther)
            let book = try await browser.get(try XCTUnwrap(saved.headers[.location])).text
            XCTAssertTrue(book.contains("Ursula K. Le Guin"))
            XCTAssertTrue(book.contains("Octavia E. Butler"))
            XCTAssertTrue(book.contains("Harper"))
        }
    }

    func testToDoWithALongDescriptionOnAFullDiskAnswers507WithEveryCharacterKept() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            try await browser.addTodo("First")
            // 5,000 characters need more than one 4 KB page, so the row cannot fit in the room left.
            let description = Array(repeating: "Ä long line & <more>", count: 238).joined(separator: "\n")
            let typed = [
                ("title", "Write the long letter"), ("description", description), ("dueDate-day", "1"),
                ("dueDate-month", "6"), ("dueDate-year", "2024"), ("dueDate-words", ""), ("repeats", ""),
            ]
            try limitToCurrentSize(store)
            let before = try database.digest()
            let refused = try await browser.post("/todos", form: typed)
            XCTAssertEqual(refused.status.code, 507)
            XCTAssertTrue(refused.text.contains(fullHeading))
            XCTAssertEqual(try database.digest(), before)
            let shown = try XCTUnwrap(FormReplay(refused.text, submittingTo: "/todos"))
            XCTAssertTrue(shown.fields.elementsEqual(typed) { $0 == $1 }, "the form lost some of what was typed")
        }
    }
}

/// Removes the cap `limitToCurrentSize` set: room on the disk again.
func liftSizeLimit(_ store: ParseStore) throws {
    try store.sqliteDatabase("SQLite's page limit (a full disk)").writeWithoutTransaction { db in
        _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = 1073741823")
    }
}
