import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A repeating to-do's next one is made and taken back by the write path, so every writer gets it: the page's
/// tick, a Parse client setting `done`, Undo on the History page; and a rule no form could choose is refused for
/// every writer.
final class TodoRepeatWritersTests: XCTestCase {
    /// The due days ("2024-05-14") of the open to-dos titled `title`, as stored, earliest first.
    static func open(_ title: String, in store: ParseStore) async throws -> [String] {
        try await store.read { reader in
            try reader.find(ParseQuery("TodoListItem").where("title", equalTo: .string(title)))
                .filter { $0["done"]?.boolValue != true }
                .compactMap { $0["dueDate"]?.dateValue.map { String(ParseJSON.isoString($0).prefix(10)) } }
        }.sorted()
    }

    func testAParseClientTickingARepeatingToDoOffMakesTheNextAndOpeningItAgainTakesItBack() async throws {
        try await withParseAPI { world in
            let created = try await world.editor.post(
                "/parse/classes/TodoListItem",
                json([
                    "title": "Water the plants", "repeat": "weekly",
                    "dueDate": ["__type": "Date", "iso": "2024-05-07T00:00:00.000Z"],
                ]))
            let id = try XCTUnwrap(created["objectId"]?.stringValue, created.text)
            let ticked = try await world.editor.put("/parse/classes/TodoListItem/\(id)", json(["done": true]))
            XCTAssertEqual(ticked.status, .ok, ticked.text)
            let afterTick = try await Self.open("Water the plants", in: world.store)
            XCTAssertEqual(afterTick, ["2024-05-14"])
            let stored = try await world.master.get("/parse/classes/TodoListItem/\(id)")
            XCTAssertNotNil(stored["repeatNext"]?.stringValue, "the made one is remembered")

            _ = try await world.editor.put("/parse/classes/TodoListItem/\(id)", json(["done": false]))
            let afterOpening = try await Self.open("Water the plants", in: world.store)
            XCTAssertEqual(afterOpening, ["2024-05-07"], "taken back")
            let trash = try await world.browser.get("/trash").text
            XCTAssertTrue(trash.contains("Water the plants"), "the next one is in the trash, not lost")
        }
    }

    func testUndoingTheTickOnTheHistoryPageTakesTheNextOneBack() async throws {
        try await withApp { browser in
            try await TodoRepeatTests.addRepeating(browser, "Put the bins out", due: "2024-05-07", repeats: "weekly")
            let id = try await browser.todoId(titled: "Put the bins out")
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let ticked = try await browser.get("/todos").text
            XCTAssertTrue(ticked.contains(#"id="todo-count">1 to do, 1 done</p>"#), ticked)

            let undo = try await HistoryTests.undoAction(browser, "/todos/\(id)/history", .newest)
            let reverted = try await browser.post(undo, form: [])
            XCTAssertEqual(reverted.status, .seeOther)
            let after = try await browser.get("/todos").text
            XCTAssertTrue(after.contains(#"id="todo-count">1 to do, 0 done</p>"#), after)
            XCTAssertTrue(after.contains("Due on Tuesday"), "the first one is open again, due as before")
            // Ticking it off again makes a next one again: nothing was left half done.
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let again = try await browser.get("/todos").text
            XCTAssertTrue(again.contains(#"id="todo-count">1 to do, 1 done</p>"#), again)
        }
    }

    func testARepeatRuleNoFormCouldChooseIsRefusedForAParseClient() async throws {
        try await withParseAPI { world in
            for nonsense: ParseValue in ["every tuesday", "monthly:32", "yearly:2-30", 3] {
                let answer = try await world.editor.post(
                    "/parse/classes/TodoListItem", json(["title": "Odd", "repeat": nonsense]))
                XCTAssertEqual(answer.code, 142, "\(nonsense): \(answer.text)")
            }
            let fine = try await world.editor.post(
                "/parse/classes/TodoListItem", json(["title": "Pay rent", "repeat": "monthly:31"]))
            XCTAssertNotNil(fine["objectId"]?.stringValue, fine.text)
        }
    }
}
