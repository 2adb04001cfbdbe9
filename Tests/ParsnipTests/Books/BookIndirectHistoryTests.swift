import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A catalogue change that changes books (an author or publisher deleted or restored, a genre's books moved) is a
/// change in each of those books' History too, and putting back an entry's old name is settled inside its own
/// transaction.
final class BookIndirectHistoryTests: XCTestCase {
    func testDeletingAnAuthorIsAChangeInEachOfItsBooksAndUndoingTheDeleteIsAnother() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let (leGuin, butler) = (catalogue.authors[0], catalogue.authors[1])
            let first = try await browser.addBook(bookForm(genre: catalogue.genre, authors: [leGuin, butler]))
            let second = try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: [butler], [("isbn", "978-0-441-00731-8")]))
            let untouched = try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: [leGuin], [("isbn", "978-0-06-091620-6")]))

            let deleted = try await browser.post("/authors/\(butler)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther, deleted.text)
            let undo = try TrashTests.restoreAction(in: try await browser.get("/authors").text)
            for id in [first, second] {
                let history = try await browser.get("/books/\(id)/history").text
                XCTAssertTrue(
                    history.contains(#"<span class="visually-hidden">removed: </span>Octavia E. Butler"#), history)
                XCTAssertTrue(history.contains("<strong>Added</strong>"), "the book's creation is kept before it")
            }
            let other = try await browser.get("/books/\(untouched)/history").text
            XCTAssertFalse(other.contains("Octavia E. Butler"), "a book without that author did not change")

            let undone = try await browser.post(undo, form: [])
            XCTAssertEqual(undone.status, .seeOther, undone.text)
            for id in [first, second] {
                let history = try await browser.get("/books/\(id)/history").text
                XCTAssertTrue(
                    history.contains(#"<span class="visually-hidden">added: </span>Octavia E. Butler"#), history)
                let page = try await browser.get("/books/\(id)").text
                XCTAssertTrue(page.contains("Octavia E. Butler"), "the author is back on the book")
            }
        }
    }

    func testMovingADeletedGenresBooksToAnotherGenreIsAChangeInEachBook() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let poetry = try await browser.addEntry(.genre, "Poetry")
            let id = try await browser.addBook(bookForm(genre: poetry))
            let deleted = try await browser.post(
                "/genres/\(poetry)/delete", form: [("moveTo", catalogue.genre)])
            XCTAssertEqual(deleted.status, .seeOther, deleted.text)

            let history = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(history.contains(#"Poetry <span aria-label="changed to">→</span> Science fiction"#), history)
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains("Science fiction"))
        }
    }

    func testPuttingBackAnOldNameAfterSomeoneRenamedTheEntryAgainIsAConflictAndWritesNothing() async throws {
        let store = try testStore(clock: SteppingClock())
        defer { try? store.close() }
        let books = try await StoreBookRepository(store: store)
        let author = try await books.createEntry(.author, name: "Ursula Le Guin", by: nil)
        let found = try await books.entry(.author, id: author.id)
        let loaded = try XCTUnwrap(found)
        let base = EditBase(
            updatedAt: try XCTUnwrap(loaded.lastChange?.at),
            fields: [CatalogueEntryField.name.key: CatalogueEntryField.name.token(of: loaded.entry)])
        _ = try await books.renameEntry(.author, id: author.id, to: "Ursula K. Le Guin", by: nil)

        let outcome = try await books.renameEntry(
            .author, id: author.id, to: "U. Le Guin", from: base, choices: [:], by: nil)
        guard case .conflict(let report) = outcome else { return XCTFail("expected a conflict, got \(outcome)") }
        XCTAssertEqual(report.conflicts.map(\.theirs), [["Ursula K. Le Guin"]])
        let stored = try await books.entry(.author, id: author.id)
        XCTAssertEqual(stored?.entry.name, "Ursula K. Le Guin", "nothing was written")

        // The conflict page sends the version it showed back with the person's choice.
        let seen = EditBase(version: report.version, fields: base.fields)
        let chosen = try await books.renameEntry(
            .author, id: author.id, to: "U. Le Guin", from: seen, choices: ["name": .mine], by: nil)
        guard case .saved(let entry, _) = chosen else { return XCTFail("expected a save, got \(chosen)") }
        XCTAssertEqual(entry.name, "U. Le Guin")
    }
}
