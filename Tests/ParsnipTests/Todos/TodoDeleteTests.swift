import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Deleting asks first, on its own page, and the POST removes exactly that to-do.
final class TodoDeleteTests: XCTestCase {
    func testConfirmationPageNamesTheItemAndPostDeletesIt() async throws {
        try await withApp { browser in
            try await browser.addTodo("Keep me")
            try await browser.addTodo("Return library books")
            let list = try await browser.get("/todos")
            let id = try XCTUnwrap(browser.ids(in: list).first)

            let confirm = try await browser.get("/todos/\(id)/delete")
            XCTAssertEqual(confirm.status, .ok)
            XCTAssertTrue(confirm.text.contains("<title>Delete this to-do? · Parsnip</title>"))
            XCTAssertTrue(confirm.text.contains("<h1>Delete this to-do?</h1>"))
            XCTAssertTrue(confirm.text.contains("“Return library books”"))
            XCTAssertTrue(confirm.text.contains(#"action="/todos/\#(id)/delete""#))
            XCTAssertTrue(confirm.text.contains(">Delete to-do</button>"))
            XCTAssertTrue(confirm.text.contains(#"href="/todos">Cancel</a>"#))

            let deleted = try await browser.post("/todos/\(id)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther)
            XCTAssertEqual(deleted.headers[.location], "/todos")
            let after = try await browser.get("/todos")
            XCTAssertTrue(after.text.contains(#"role="status"><p>Deleted “Return library books”.</p>"#))
            XCTAssertFalse(after.text.contains("todo-title\">Return library books"))
            XCTAssertTrue(after.text.contains(#"class="todo-title">Keep me</a>"#))
            XCTAssertTrue(after.text.contains(#"<p class="count" id="todo-count">1 to do, 0 done</p>"#))
        }
    }

    func testDeletingTheSameItemTwiceGetsThe404Page() async throws {
        try await withApp { browser in
            try await browser.addTodo("Only once")
            let id = try await browser.newestId()
            let first = try await browser.post("/todos/\(id)/delete", form: [])
            XCTAssertEqual(first.status, .seeOther)
            let again = try await browser.post("/todos/\(id)/delete", form: [])
            XCTAssertEqual(again.status, .notFound)
            XCTAssertTrue(again.text.contains("<h1>Page not found</h1>"))
        }
    }
}
