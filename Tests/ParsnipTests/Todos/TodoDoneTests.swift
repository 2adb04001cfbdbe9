import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// Ticking a to-do off and opening it again, from the list and from its page, with and without the page's script.
final class TodoDoneTests: XCTestCase {
    func testTickingOffMovesTheToDoToTheDoneSectionAndTheCountSaysSo() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            try await browser.addTodo("Post the letter")
            let id = try await browser.newestId()
            let ticked = try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            XCTAssertEqual(ticked.status, .seeOther)
            XCTAssertEqual(ticked.headers[.location], "/todos")
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("Ticked off “Post the letter”."), list)
            XCTAssertTrue(list.contains(#"<p class="count" id="todo-count">1 to do, 1 done</p>"#), list)
            let doneSection = try XCTUnwrap(list.range(of: #"<h2 id="done-heading">Done (1)</h2>"#))
            let letter = try XCTUnwrap(list.range(of: #"class="todo-title">Post the letter</a>"#))
            let milk = try XCTUnwrap(list.range(of: #"class="todo-title">Buy milk</a>"#))
            XCTAssertLessThan(milk.lowerBound, doneSection.lowerBound, "open to-dos come first")
            XCTAssertGreaterThan(letter.lowerBound, doneSection.lowerBound, "the done one is in its own section")
            XCTAssertTrue(list.contains(#"<li class="todo todo-done">"#))
            XCTAssertTrue(list.contains(#"aria-pressed="true"><span class="visually-hidden">Done: “Post the letter”"#))
            XCTAssertTrue(list.contains("Done today"), "the row says when it was done")
        }
    }

    func testUntickingOpensTheToDoAgainAndClearsWhenItWasDone() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            try await browser.addTodo("Water the plants")
            let id = try await browser.newestId()
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let ticked = try await store.read { try $0.fetch("TodoListItem", objectId: id) }
            XCTAssertEqual(ticked["done"], .boolean(true))
            XCTAssertNotNil(ticked["completedAt"]?.dateValue)

            let opened = try await browser.post("/todos/\(id)/done", form: [("done", "0"), ("back", "/todos")])
            XCTAssertEqual(opened.status, .seeOther)
            let stored = try await store.read { try $0.fetch("TodoListItem", objectId: id) }
            XCTAssertEqual(stored["done"], .boolean(false))
            XCTAssertNil(stored["completedAt"], "an open to-do has no completion date")
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("“Water the plants” is to do again."))
            XCTAssertTrue(list.contains("1 to do, 0 done"))
            XCTAssertFalse(list.contains("done-heading"), "no Done section without done to-dos")
        }
    }

    func testTickingTwiceKeepsTheFirstCompletionDate() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            try await browser.addTodo("Pay the gas bill")
            let id = try await browser.newestId()
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let first = try await store.read { try $0.fetch("TodoListItem", objectId: id) }
            // The same button pressed again in a second tab: nothing changes.
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let second = try await store.read { try $0.fetch("TodoListItem", objectId: id) }
            XCTAssertEqual(second["completedAt"], first["completedAt"])
            XCTAssertEqual(second.updatedAt, first.updatedAt, "a tick that changes nothing writes nothing")
        }
    }

    func testTheScriptGetsTheNewStateAndCountLineAsJSON() async throws {
        try await withApp { browser in
            try await browser.addTodo("Milk for the tea")
            try await browser.addTodo("Bread")
            let list = try await browser.get("/todos?q=milk")
            let id = try XCTUnwrap(browser.ids(in: list).first)
            var headers = HTTPFields()
            headers[.accept] = "application/json"
            let answer = try await browser.post(
                "/todos/\(id)/done", form: [("done", "1"), ("back", "/todos?q=milk")], headers: headers)
            XCTAssertEqual(answer.status, .ok)
            XCTAssertEqual(answer.headers[.contentType], "application/json; charset=utf-8")
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
            XCTAssertEqual(json["done"] as? Bool, true)
            XCTAssertEqual(json["message"] as? String, "Ticked off “Milk for the tea”.")
            XCTAssertEqual(json["countLine"] as? String, "1 to-do matches “milk”: 0 to do, 1 done")
            let after = try await browser.get("/todos").text
            XCTAssertTrue(after.contains("1 to do, 1 done"))
        }
    }

    func testATickWithoutAClearDoneValueIsRefusedAndChangesNothing() async throws {
        try await withApp { browser in
            try await browser.addTodo("Call grandma")
            let id = try await browser.newestId()
            for value in ["", "yes", "2", "true"] {
                let response = try await browser.post("/todos/\(id)/done", form: [("done", value)])
                XCTAssertEqual(response.status, .badRequest, value)
            }
            let missing = try await browser.post("/todos/AbCdE12345/done", form: [("done", "1")])
            XCTAssertEqual(missing.status, .notFound)
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("1 to do, 0 done"))
        }
    }

    func testTheWayBackNeverLeavesTheToDoPages() async throws {
        let refused = [
            "//evil.example/todos", "https://evil.example/todos", "/todosx", "/todos\\@evil", "/todos/../people",
            "/todos/AbC/edit", "/people", "", "/todos\r\nSet-Cookie: x=1",
            "/todos/" + String(repeating: "a", count: 40),
        ]
        for back in refused {
            XCTAssertEqual(TodoListAddress.safeReturn(back), "/todos", back)
        }
        for back in ["/todos", "/todos?show=done&page=2", "/todos?q=milk&sort=due", "/todos/AbCdE12345"] {
            XCTAssertEqual(TodoListAddress.safeReturn(back), back)
        }
        try await withApp { browser in
            try await browser.addTodo("Feed the cat")
            let id = try await browser.newestId()
            let ticked = try await browser.post(
                "/todos/\(id)/done", form: [("done", "1"), ("back", "//evil.example/")])
            XCTAssertEqual(ticked.headers[.location], "/todos")
            let fromItsPage = try await browser.post(
                "/todos/\(id)/done", form: [("done", "0"), ("back", "/todos/\(id)")])
            XCTAssertEqual(fromItsPage.headers[.location], "/todos/\(id)")
        }
    }

    func testTheDoneSectionShowsTheThreeMostRecentAndLinksToAllOfThem() async throws {
        try await withApp(pageSize: 10) { browser in
            for number in 1...5 { try await browser.addTodo("Chore \(number)") }
            try await browser.addTodo("Still open")
            let list = try await browser.get("/todos")
            let ids = browser.ids(in: list)
            // Tick the chores off oldest first, so "Chore 5" is the most recently done.
            for id in ids.dropFirst().reversed() {
                try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            }
            let page = try await browser.get("/todos").text
            XCTAssertTrue(page.contains("Done (5)"))
            XCTAssertTrue(page.contains("Chore 5") && page.contains("Chore 4") && page.contains("Chore 3"))
            XCTAssertFalse(page.contains("Chore 2"), "only the first few are shown")
            XCTAssertTrue(page.contains(#"<a href="/todos?show=done">Show all 5 done to-dos</a>"#))

            let done = try await browser.get("/todos?show=done").text
            XCTAssertTrue(done.contains("<h1>Done</h1>"))
            let order = ["Chore 5", "Chore 4", "Chore 3", "Chore 2", "Chore 1"].compactMap {
                done.range(of: "class=\"todo-title\">\($0)</a>")?.lowerBound
            }
            XCTAssertEqual(order.count, 5)
            XCTAssertEqual(order, order.sorted(), "most recently done first")
            XCTAssertFalse(done.contains("Still open"))
            XCTAssertTrue(done.contains("1 to do, 5 done"))
        }
    }

    func testTheDoneListPagesByNumber() async throws {
        try await withApp(pageSize: 2) { browser in
            for number in 1...5 { try await browser.addTodo("Task \(number)") }
            var ids: [String] = []
            var page = try await browser.get("/todos")
            while true {
                ids += browser.ids(in: page)
                guard let next = TodoListTests.link(rel: "next", in: page.text) else { break }
                page = try await browser.get(next)
            }
            XCTAssertEqual(ids.count, 5)
            for id in ids { try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")]) }
            let first = try await browser.get("/todos?show=done").text
            XCTAssertTrue(first.contains("Page 1 of 3"))
            XCTAssertEqual(TodoListTests.link(rel: "next", in: first), "/todos?show=done&page=2")
            let third = try await browser.get("/todos?show=done&page=3")
            XCTAssertTrue(third.text.contains("Page 3 of 3"))
            XCTAssertEqual(browser.ids(in: third).count, 1)
            let open = try await browser.get("/todos").text
            XCTAssertTrue(open.contains("Nothing left to do"))
            let bad = try await browser.get("/todos?show=done&page=zero")
            XCTAssertEqual(bad.status, .badRequest)
        }
    }

    func testAViewerSeesWhetherAToDoIsDoneButHasNoButtonToChangeIt() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addTodo("Done already")
            let id = try await owner.newestId()
            try await owner.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            _ = try await owner.addPerson("Ben", "ben's password", role: .viewer)
            let viewer = owner.another()
            _ = try await viewer.signIn("Ben", "ben's password")
            let list = try await viewer.get("/todos").text
            XCTAssertTrue(list.contains(#"role="img" aria-label="Done""#))
            XCTAssertFalse(list.contains("tick-form"))
            let refused = try await viewer.post("/todos/\(id)/done", form: [("done", "0")])
            XCTAssertEqual(refused.status, .forbidden)
        }
    }
}
