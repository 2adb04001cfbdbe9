import Foundation
import HummingbirdTesting
import XCTest

@testable import ParseStore
@testable import Parsnip

/// A database whose book index an older Parsnip made, before the borrower was part of a book's document: opened by
/// this Parsnip, every book is indexed again once, so searching the borrower finds books lent long ago.
final class BookSearchUpgradeTests: XCTestCase {
    func testABookLentBeforeTheBorrowerWasIndexedIsFoundByTheBorrowerAfterTheUpgrade() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        var settings = testSettings()
        settings.database = testDatabase(at: database.path)
        try await buildApplication(settings).test(.router) { client in
            let browser = Browser(client: client)
            let genre = try await browser.addEntry(.genre, "Atlases")
            try await browser.addBook(bookForm(genre: genre, [("title", "Lent atlas"), ("lentTo", "Bea")]))
        }
        // The index as the older Parsnip left it: the book's document without its borrower, no format recorded.
        let store = try testStore(at: database.path)
        try await store.write { writer in
            let book = try XCTUnwrap(try writer.reader.find(ParseQuery("Book")).first)
            try writer.setSearchDocument(
                SearchDocument(text: "Lent atlas Atlases"), className: "Book", objectId: book.objectId,
                createdAt: book.createdAt, updatedAt: book.updatedAt)
            try writer.db.execute(#"DELETE FROM "_SearchFormats" WHERE "className" = 'Book'"#)
        }
        let before = try await store.read { try $0.searchIds(in: "Book", for: "bea", limit: 10) }
        XCTAssertEqual(before, [], "the older index does not know the borrower")
        try store.close()

        try await buildApplication(settings).test(.router) { client in
            let found = try await Browser(client: client).get("/books?q=Bea").text
            XCTAssertTrue(found.contains(">Lent atlas</a>"), found)
        }
    }
}
