import Foundation
import XCTest

@testable import Parsnip

/// Saving the form of a book someone deleted meanwhile keeps everything typed and can bring the book back, with its
/// ISBN, genre, authors and publishers, and the typed changes over it.
final class BookDeletedWhileEditingTests: XCTestCase {
    func testRestoreWithMyChangesBringsTheBookBackWithItsLinksAndTheTypedTitle() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let form = bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher])
            let id = try await browser.addBook(form)
            let base = try await browser.loadedVersion(of: "/books/\(id)/edit")
            _ = try await browser.post("/books/\(id)/delete", form: [])
            let typed = bookForm(
                genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher],
                [("title", "The Dispossessed (annotated)")])

            let asked = try await browser.post("/books/\(id)/edit", form: typed + base)
            XCTAssertEqual(asked.status, .conflict)
            XCTAssertTrue(asked.text.contains(#"formaction="/books/\#(id)/restore">Restore it with my changes"#))
            XCTAssertTrue(asked.text.contains(#"value="The Dispossessed (annotated)""#))

            let restored = try await browser.post("/books/\(id)/restore", form: typed)
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            XCTAssertEqual(restored.headers[.location], "/books/\(id)")
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains("Restored “The Dispossessed (annotated)” with your changes."))
            for text in ["Ursula K. Le Guin", "Octavia E. Butler", "Harper", "Science fiction", "978-0-06-051275-0"] {
                XCTAssertTrue(page.contains(text), "\(text) is back")
            }
            let trash = try await browser.get("/trash").text
            XCTAssertTrue(trash.contains("The trash is empty."))
        }
    }

    func testRestoreRefusedBecauseAnotherBookHasTheISBNKeepsTheFormAndTheBookInTheTrash() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Science fiction")
            let id = try await browser.addBook(bookForm(genre: genre))
            let base = try await browser.loadedVersion(of: "/books/\(id)/edit")
            _ = try await browser.post("/books/\(id)/delete", form: [])
            _ = try await browser.addBook(bookForm(genre: genre, [("title", "Another copy")]))
            let typed = bookForm(genre: genre, [("title", "Kept title")])
            _ = try await browser.post("/books/\(id)/edit", form: typed + base)

            let refused = try await browser.post("/books/\(id)/restore", form: typed)
            XCTAssertEqual(refused.status, .unprocessableContent, refused.text)
            XCTAssertTrue(refused.text.contains(#"value="Kept title""#), "everything typed stays")
            XCTAssertTrue(refused.text.contains("Another copy"), "the book that has the ISBN is named")
            let trash = try await browser.get("/trash").text
            XCTAssertTrue(trash.contains("The Dispossessed"), "the deleted book stays in the trash")
            let gone = try await browser.get("/books/\(id)").status
            XCTAssertEqual(gone, .notFound)
        }
    }
}
