import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// A book's page, delete, unknown ids and what people type shown as text.
final class BookPageTests: XCTestCase {
    func testDeleteAsksFirstThenRemovesTheBook() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let id = try await browser.addBook(bookForm(genre: genre, [("title", "Gone <soon>")]))
            let confirm = try await browser.get("/books/\(id)/delete")
            XCTAssertEqual(confirm.status, .ok)
            XCTAssertTrue(confirm.text.contains("<h1>Delete this book?</h1>"))
            XCTAssertTrue(confirm.text.contains("“Gone &lt;soon&gt;”"))
            XCTAssertTrue(
                confirm.text.contains(#"<button type="submit" class="button button-danger">Delete book</button>"#))
            XCTAssertTrue(confirm.text.contains(#"href="/books/\#(id)">Cancel</a>"#))
            let delete = try await browser.post("/books/\(id)/delete", form: [])
            XCTAssertEqual(delete.status, .seeOther)
            XCTAssertEqual(delete.headers[.location], "/books")
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains(#"role="status"><p>Deleted “Gone &lt;soon&gt;”.</p>"#))
            XCTAssertTrue(list.contains("No books yet"))
            let response1 = try await browser.get("/books/\(id)").status
            XCTAssertEqual(response1, .notFound)
            // The ISBN is free again.
            try await browser.addBook(bookForm(genre: genre))
        }
    }

    func testUnknownBooksGetThe404Page() async throws {
        try await withApp { browser in
            try await browser.get("/books")
            for id in ["AbCdE12345", "not-an-id!", String(repeating: "a", count: 40)] {
                let path = "/books/\(formEncode(id))"
                for uri in [path, "\(path)/edit", "\(path)/delete"] {
                    let response = try await browser.get(uri)
                    XCTAssertEqual(response.status, .notFound, uri)
                    XCTAssertTrue(response.text.contains("<h1>Page not found</h1>"), uri)
                }
                let delete = try await browser.post("\(path)/delete", form: [])
                XCTAssertEqual(delete.status, .notFound, id)
            }
        }
    }

    func testBookPageIsCachedPerRevisionWithEachVisitorsToken() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let id = try await browser.addBook(bookForm(genre: genre))
            let shown = try await browser.get("/books/\(id)").text
            XCTAssertTrue(shown.contains("Added “The Dispossessed”."), "the one-time message, on a page of its own")
            let first = try await browser.get("/books/\(id)/edit").text
            XCTAssertTrue(first.contains(#"name="_csrf" value="\#(browser.csrfToken)""#))
            XCTAssertFalse(first.contains(TokenSplicedPage.marker))
            let again = try await browser.get("/books/\(id)/edit").text
            XCTAssertEqual(first, again)
            try await browser.post("/genres/\(genre)", form: [("name", "Renamed")])
            let response2 = try await browser.get("/books/\(id)").text
            XCTAssertTrue(response2.contains(">Renamed</a>"))
            let response3 = try await browser.get("/books/\(id)/edit").text
            XCTAssertTrue(response3.contains(">Renamed</option>"))
        }
    }

    func testWhatPeopleTypeIsShownAsText() async throws {
        try await withApp { browser in
            let script = #"<script>alert("x")</script>"#
            try await browser.get("/genres")
            let genre = try await browser.addEntry(.genre, "Novels & <more>")
            try await browser.post("/authors", form: [("name", script)])
            let author = try await browser.get("/authors").text
            XCTAssertTrue(author.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
            XCTAssertFalse(author.contains(script))
            let id = try await browser.addBook(bookForm(genre: genre, [("title", script)]))
            for uri in ["/books", "/books/\(id)", "/books/\(id)/edit", "/books/\(id)/delete", "/books/new"] {
                let html = try await browser.get(uri).text
                XCTAssertFalse(html.contains(script), uri)
                XCTAssertFalse(html.contains("<script>"), uri)
            }
            let response4 = try await browser.get("/books/\(id)").text
            XCTAssertTrue(response4.contains(">Novels &amp; &lt;more&gt;</a>"))
        }
    }
}
