import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Loans that work: a loan typed without a day starts today (the household's day), "Lent out" says who has each
/// book, since when and until when, "Returned" brings it home in one press that History records, and the borrower's
/// name finds their books whoever wrote it.
final class BookLoanTests: XCTestCase {
    /// 2024-05-01 00:00 UTC as a stored Date, and the next day.
    static let firstMay = ParseValue.date(Date(timeIntervalSince1970: 1_714_521_600))
    static let secondMay = ParseValue.date(Date(timeIntervalSince1970: 1_714_608_000))

    func testALoanTypedWithoutADayStartsOnTheHouseholdsDayEvenJustAfterItsMidnight() async throws {
        // The test clocks read 1 May 2024 10:20 UTC: still 1 May in UTC, already 2 May 00:20 in Kiritimati (UTC+14).
        for (zone, expected) in [("UTC", Self.firstMay), ("Pacific/Kiritimati", Self.secondMay)] {
            var settings = testSettings()
            settings.timeZone = try XCTUnwrap(TimeZone(identifier: zone))
            try await withAppAndStore(settings: settings) { browser, store in
                let genre = try await browser.addEntry(.genre, "Novels")
                let id = try await browser.addBook(bookForm(genre: genre, [("lentTo", "Bea")]))
                let book = try await store.read { try $0.fetch("Book", objectId: id) }
                XCTAssertEqual(book["lentOn"], expected, zone)

                // An edit that keeps an undated loan as it was does not date it; a new borrower is dated.
                let undated = try await browser.addBook(
                    bookForm(genre: genre, [("title", "Kept"), ("isbn", ""), ("lentTo", "Cy"), ("lentOn", "")]))
                try await store.write { writer in
                    try writer.update("Book", objectId: undated, ["lentOn": .null])
                }
                let kept = try await browser.saveBook(
                    undated, bookForm(genre: genre, [("title", "Kept again"), ("isbn", ""), ("lentTo", "Cy")]))
                XCTAssertEqual(kept.status, .seeOther)
                let after = try await store.read { try $0.fetch("Book", objectId: undated) }
                XCTAssertNil(after["lentOn"], "an old loan without a day stays without one")
            }
        }
    }

    func testTheLentOutListSaysWhoHasEachBookSinceWhenAndWhenItIsDueBack() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            try await browser.addBook(
                bookForm(
                    genre: genre,
                    [
                        ("title", "Long gone"), ("isbn", ""), ("lentTo", "Bea"), ("lentOn", "2024-04-10"),
                        ("dueBack", "2024-04-30"),
                    ]))
            try await browser.addBook(
                bookForm(
                    genre: genre,
                    [
                        ("title", "Just lent"), ("isbn", ""), ("lentTo", "Cy"), ("lentOn", "2024-04-28"),
                        ("dueBack", "2024-05-20"),
                    ]))
            let list = try await browser.get("/books?shelf=lent").text
            XCTAssertTrue(
                list.contains(
                    #"<p class="book-loan-line book-loan-overdue">Lent to Bea for 3 weeks · <span aria-hidden="true">⚠ </span>overdue: it was due back 30 April</p>"#
                ), list)
            XCTAssertTrue(
                list.contains(#"<p class="book-loan-line">Lent to Cy since 28 April · due back 20 May</p>"#), list)
            XCTAssertTrue(list.contains(#"<input type="hidden" name="back" value="/books?shelf=lent">"#))
            XCTAssertTrue(list.contains(#"Returned<span class="visually-hidden"> “Long gone”</span></button>"#))
        }
    }

    func testReturnedClearsTheLoanGoesBackWhereItWasAndHistorySaysWhoReturnedIt() async throws {
        try await withAppAndStore(settings: testSettings()) { browser, store in
            let genre = try await browser.addEntry(.genre, "Novels")
            let id = try await browser.addBook(
                bookForm(genre: genre, [("lentTo", "Bea"), ("lentOn", "2024-04-28"), ("dueBack", "2024-05-20")]))
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains(#"<form class="returned-form" method="post" action="/books/\#(id)/returned">"#))

            let answer = try await browser.post("/books/\(id)/returned", form: [("back", "/books?shelf=lent")])
            XCTAssertEqual(answer.status, .seeOther)
            XCTAssertEqual(answer.headers[.location], "/books?shelf=lent")
            let book = try await store.read { try $0.fetch("Book", objectId: id) }
            XCTAssertNil(book["lentTo"])
            XCTAssertNil(book["lentOn"])
            XCTAssertNil(book["dueBack"])
            let list = try await browser.get("/books?shelf=lent").text
            XCTAssertTrue(list.contains("“The Dispossessed” is back from Bea"), list)
            XCTAssertFalse(list.contains(">The Dispossessed</a>"))

            let history = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(history.contains("Returned by Bea"), history)

            // A way back that is not one of the book pages goes to the book instead.
            try await browser.saveBook(id, bookForm(genre: genre, [("lentTo", "Cy")]))
            let away = try await browser.post("/books/\(id)/returned", form: [("back", "//evil.example/books")])
            XCTAssertEqual(away.headers[.location], "/books/\(id)")
        }
    }

    func testSearchingABorrowerFindsTheBooksLentToThemWhoeverWroteTheLoan() async throws {
        try await withParseAPI { world in
            _ = try await world.browser.get("/books/new")
            let genre = try await world.browser.addEntry(.genre, "Novels")
            try await world.browser.addBook(bookForm(genre: genre, [("title", "From the form"), ("lentTo", "Bea")]))
            let written = try await world.editor.post(
                "/parse/classes/Book", json(["title": "From an app", "lentTo": "Bea Lopez"]))
            XCTAssertEqual(written.status, .created, written.text)
            _ = try await world.editor.post("/parse/classes/Book", json(["title": "At home"]))
            let found = try await world.browser.get("/books?q=Bea").text
            XCTAssertTrue(found.contains(">From the form</a>"), found)
            XCTAssertTrue(found.contains(">From an app</a>"))
            XCTAssertFalse(found.contains(">At home</a>"))
        }
    }

    func testDueBackNeedsABorrowerAndCannotComeBeforeTheLoan() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            try await browser.get("/books/new")
            let early = try await browser.post(
                "/books/new",
                form: bookForm(genre: genre, [("lentTo", "Bea"), ("lentOn", "2024-04-28"), ("dueBack", "2024-04-01")]))
            XCTAssertEqual(early.status, .unprocessableContent)
            XCTAssertTrue(early.text.contains("“Due back” cannot be before “Lent on”"), early.text)
            XCTAssertTrue(early.text.contains(#"value="Bea""#), "what was typed is kept")
            let nobody = try await browser.post("/books/new", form: bookForm(genre: genre, [("dueBack", "2024-06-01")]))
            XCTAssertEqual(nobody.status, .unprocessableContent)
            XCTAssertTrue(nobody.text.contains("Enter who the book is lent to"))
        }
    }
}
