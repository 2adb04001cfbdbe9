import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Reading and lending: `readingStatus`, `lentTo` and `lentOn` on the book form and page, and the list's "Lent out"
/// and "Unread" shelves.
final class BookReadingTests: XCTestCase {
    func testReadingAndLendingAreSavedWithTheirParseTypesAndShownOnTheBookPage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let genre = try await browser.addEntry(.genre, "Novels")
            let id = try await browser.addBook(
                bookForm(
                    genre: genre,
                    [("readingStatus", "read"), ("lentTo", "  Sam next door "), ("lentOn", "2024-04-28")]))
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains("<dt>Reading</dt><dd>Read</dd>"), page)
            XCTAssertTrue(page.contains("<dt>Lent out</dt><dd>Since 28 April 2024</dd>"), page)
            XCTAssertTrue(page.contains("<strong>Lent to Sam next door since 28 April</strong>"))

            let (book, schema) = try await store.read { reader in
                (try reader.fetch("Book", objectId: id), try reader.schema("Book"))
            }
            XCTAssertEqual(book["readingStatus"], .string("read"))
            XCTAssertEqual(book["lentTo"], .string("Sam next door"))
            XCTAssertEqual(book["lentOn"], .date(Date(timeIntervalSince1970: 1_714_262_400)))
            XCTAssertEqual(schema?.fields["readingStatus"], .string)
            XCTAssertEqual(schema?.fields["lentTo"], .string)
            XCTAssertEqual(schema?.fields["lentOn"], .date)
            XCTAssertEqual(schema?.fields["title"], .string, "the seed fields keep their types")
            XCTAssertEqual(schema?.fields["publishingYear"], .number)

            // Back home: clearing "Lent to" and "Lent on" removes both fields.
            let back = try await browser.saveBook(id, bookForm(genre: genre, [("readingStatus", "read")]))
            XCTAssertEqual(back.status, .seeOther)
            let returned = try await store.read { try $0.fetch("Book", objectId: id) }
            XCTAssertNil(returned["lentTo"])
            XCTAssertNil(returned["lentOn"])
            let history = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(history.contains(#"<span class="history-label">Lent to</span>"#), history)
            XCTAssertTrue(history.contains("Sam next door"))
        }
    }

    func testTheListShowsOnlyTheBooksLentOutOrUnread() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            try await browser.addBook(
                bookForm(
                    genre: genre, [("title", "Lent one"), ("isbn", ""), ("lentTo", "Ana"), ("readingStatus", "read")]))
            try await browser.addBook(
                bookForm(genre: genre, [("title", "Half read"), ("isbn", ""), ("readingStatus", "reading")]))
            try await browser.addBook(
                bookForm(genre: genre, [("title", "Still wrapped"), ("isbn", ""), ("readingStatus", "unread")]))
            try await browser.addBook(bookForm(genre: genre, [("title", "Never said"), ("isbn", "")]))

            let lent = try await browser.get("/books?shelf=lent").text
            XCTAssertTrue(lent.contains(">Lent one</a>"))
            XCTAssertFalse(lent.contains(">Half read</a>") || lent.contains(">Still wrapped</a>"))
            XCTAssertTrue(lent.contains(#"<p class="count">1 of 4 books matches</p>"#), lent)
            XCTAssertTrue(lent.contains(#"<option value="lent" selected>Lent out</option>"#))
            XCTAssertTrue(lent.contains("Clear filters"))

            let unread = try await browser.get("/books?shelf=unread").text
            XCTAssertTrue(unread.contains(">Still wrapped</a>"))
            XCTAssertTrue(unread.contains(">Never said</a>"), "a book nobody marked counts as not read yet")
            XCTAssertFalse(unread.contains(">Half read</a>") || unread.contains(">Lent one</a>"))

            let bad = try await browser.get("/books?shelf=borrowed")
            XCTAssertEqual(bad.status, .badRequest)
        }
    }

    func testLendingMustNameSomeoneAndUseARealDay() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let day = { (day: String, month: String, year: String) in
                [("lentOn-day", day), ("lentOn-month", month), ("lentOn-year", year)]
            }
            for (fields, message) in [
                (day("28", "4", "2024"), "Enter who the book is lent to, or clear “Lent on”"),
                ([("lentTo", "Sam")] + day("31", "2", "2024"), "“Lent on” must be a real date"),
                ([("lentTo", "Sam")] + day("28", "", "2024"), "“Lent on” must have a day, a month and a year"),
                ([("lentTo", "Sam")] + day("28", "4", "24"), "“Lent on” must be a real date"),
                ([("lentTo", String(repeating: "S", count: 101))], "“Lent to” must be 100 characters or fewer"),
            ] {
                let response = try await browser.post("/books/new", form: bookForm(genre: genre, fields))
                XCTAssertEqual(response.status, .unprocessableContent, message)
                XCTAssertTrue(response.text.contains(message), message)
                for (name, value) in fields {
                    // What was typed comes back, each box holding its own part.
                    let input = try Regex(#"<input[^>]* name="\#(name)"[^>]* value="\#(value)""#)
                    XCTAssertTrue(response.text.contains(input), "\(name) keeps “\(value)”")
                }
            }
            let odd = try await browser.post("/books/new", form: bookForm(genre: genre, [("readingStatus", "skimmed")]))
            XCTAssertEqual(odd.status, .badRequest)
        }
    }
}
