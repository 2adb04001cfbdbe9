import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The add and edit forms: what they show, what a valid POST does, what an invalid one gets back.
final class TodoFormTests: XCTestCase {
    func testNewFormHasLabelledFieldsHintsAndCSRFToken() async throws {
        try await withApp { browser in
            let response = try await browser.get("/todos/new")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<title>Add a to-do · Parsnip</title>"))
            XCTAssertTrue(html.contains("<h1>Add a to-do</h1>"))
            XCTAssertTrue(html.contains(#"<label for="title">Title</label>"#))
            XCTAssertTrue(html.contains(#"<label for="description">Description</label>"#))
            XCTAssertTrue(html.contains(#"name="title""#))
            XCTAssertTrue(html.contains(#"<textarea id="description" name="description""#))
            XCTAssertTrue(html.contains("200 characters"))
            XCTAssertTrue(html.contains("5,000 characters"))
            XCTAssertTrue(html.contains(">Add to-do</button>"))
            XCTAssertTrue(html.contains(#"href="/todos">Cancel</a>"#))
            XCTAssertFalse(browser.csrfToken.isEmpty)
            XCTAssertTrue(html.contains(#"<input type="hidden" name="_csrf" value="\#(browser.csrfToken)">"#))
        }
    }

    func testValidPostRedirectsWith303AndListShowsTheTitleAndSavedMessage() async throws {
        try await withApp { browser in
            let created = try await browser.addTodo("Buy oat milk", "Two cartons")
            XCTAssertEqual(created.status, .seeOther)
            XCTAssertEqual(created.headers[.location], "/todos")

            let list = try await browser.get("/todos")
            XCTAssertEqual(list.status, .ok)
            XCTAssertTrue(list.text.contains(#"class="todo-title">Buy oat milk</a>"#))
            XCTAssertTrue(list.text.contains("Two cartons"))
            XCTAssertTrue(list.text.contains(#"role="status"><p>Added “Buy oat milk”.</p>"#))
            XCTAssertTrue(list.text.contains(#"<p class="count" id="todo-count">1 to do, 0 done</p>"#))
        }
    }

    func testSavedMessageIsShownOnceOnly() async throws {
        try await withApp { browser in
            try await browser.addTodo("Water the plants")
            let first = try await browser.get("/todos")
            XCTAssertTrue(first.text.contains("Added “Water the plants”."))
            XCTAssertTrue(first.headers[values: .setCookie].contains { $0.hasPrefix("parsnip_flash=;") })
            let second = try await browser.get("/todos")
            XCTAssertFalse(second.text.contains("Saved “"))
        }
    }

    func testMissingTitleGets422WithSummaryFieldMessageAriaInvalidAndKeptText() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let response = try await browser.post(
                "/todos", form: [("title", "   "), ("description", "Keep <this> text")])
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertTrue(html.contains(#"role="alert""#))
            XCTAssertTrue(html.contains("There is a problem"))
            XCTAssertTrue(html.contains(##"<a href="#title">Enter a title</a>"##))
            XCTAssertTrue(html.contains(#"id="title-error""#))
            XCTAssertTrue(html.contains(#"aria-describedby="title-hint title-error" aria-invalid="true""#))
            XCTAssertTrue(html.contains("Keep &lt;this&gt; text</textarea>"))
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("No to-dos yet"))
        }
    }

    func testTitleOf200CharactersIsSavedButOneMoreIsRefused() async throws {
        try await withApp { browser in
            let exactly = String(repeating: "é", count: 200)
            let saved = try await browser.addTodo(exactly)
            XCTAssertEqual(saved.status, .seeOther)
            let tooLong = String(repeating: "a", count: 201)
            let response = try await browser.post("/todos", form: [("title", tooLong), ("description", "")])
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(response.text.contains("Title must be 200 characters or fewer"))
            XCTAssertTrue(response.text.contains(#"value="\#(tooLong)""#), "the typed title is kept")
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains(#"<p class="count" id="todo-count">1 to do, 0 done</p>"#))
        }
    }

    func testDescriptionOver5000CharactersIsRefusedWithItsOwnMessage() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let description = String(repeating: "x", count: 5_001)
            let response = try await browser.post("/todos", form: [("title", "Long"), ("description", description)])
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(
                response.text.contains(##"<a href="#description">Description must be 5,000 characters or fewer</a>"##))
            XCTAssertTrue(
                response.text.contains(#"aria-describedby="description-hint description-error" aria-invalid="true""#))
            XCTAssertTrue(response.text.contains(#"value="Long""#))
            XCTAssertFalse(response.text.contains(#"aria-describedby="title-hint title-error""#))
        }
    }

    func testHTMLInATitleIsShownAsTextEverywhere() async throws {
        try await withApp { browser in
            let title = #"<script>alert("x")</script> & 'friends'"#
            try await browser.addTodo(title, "<b>bold</b>")
            let list = try await browser.get("/todos")
            XCTAssertFalse(list.text.contains("<script>alert"))
            XCTAssertFalse(list.text.contains("<b>bold</b>"))
            XCTAssertTrue(
                list.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;"))
            XCTAssertTrue(list.text.contains("&lt;b&gt;bold&lt;/b&gt;"))
            let id = try XCTUnwrap(browser.ids(in: list).first)
            let edit = try await browser.get("/todos/\(id)/edit")
            XCTAssertTrue(
                edit.text.contains(
                    #"value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;""#))
            let confirm = try await browser.get("/todos/\(id)/delete")
            XCTAssertTrue(confirm.text.contains("“&lt;script&gt;alert"))
        }
    }

    func testEditFormShowsStoredValuesAndSavingChangesUpdatesTheList() async throws {
        try await withApp { browser in
            try await browser.addTodo("Call the plumber", "About the leak")
            let id = try await browser.newestId()
            let edit = try await browser.get("/todos/\(id)/edit")
            XCTAssertEqual(edit.status, .ok)
            XCTAssertTrue(edit.text.contains("<title>Edit to-do · Parsnip</title>"))
            XCTAssertTrue(edit.text.contains(#"value="Call the plumber""#))
            XCTAssertTrue(edit.text.contains("About the leak</textarea>"))
            XCTAssertTrue(edit.text.contains(">Save changes</button>"))
            XCTAssertTrue(
                edit.text.contains(#"<a class="link-danger" href="/todos/\#(id)/delete">Delete this to-do</a>"#))

            let saved = try await browser.post(
                "/todos/\(id)",
                form: [("title", "Call the electrician"), ("description", "")]
                    + browser.loadedVersion(of: "/todos/\(id)/edit"))
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/todos")
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("Saved “Call the electrician”."))
            XCTAssertFalse(list.text.contains("Call the plumber"))
            XCTAssertFalse(list.text.contains("About the leak"))
        }
    }

    func testInvalidEditGets422AndKeepsWhatWasTyped() async throws {
        try await withApp { browser in
            try await browser.addTodo("Paint the fence")
            let id = try await browser.newestId()
            let response = try await browser.post(
                "/todos/\(id)",
                form: [("title", ""), ("description", "White, two coats")]
                    + browser.loadedVersion(of: "/todos/\(id)/edit"))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(response.text.contains("<h1>Edit to-do</h1>"))
            XCTAssertTrue(response.text.contains("Enter a title"))
            XCTAssertTrue(response.text.contains("White, two coats</textarea>"))
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("Paint the fence"), "nothing was changed")
        }
    }

    func testLineBreaksInADescriptionAreKeptAndTextAroundIsTrimmed() async throws {
        try await withApp { browser in
            try await browser.addTodo("  Pack  ", "Socks\r\nBoots\r\n")
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains(#"class="todo-title">Pack</a>"#))
            let id = try XCTUnwrap(browser.ids(in: list).first)
            let edit = try await browser.get("/todos/\(id)/edit")
            XCTAssertTrue(edit.text.contains("\nSocks\nBoots</textarea>"))
        }
    }
}
