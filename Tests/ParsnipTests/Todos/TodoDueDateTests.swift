import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// The due day: typed on the form, stored as a Parse Date at midnight UTC, said in words relative to the household's
/// day, and the order "By due date". The test clocks start on Wednesday 1 May 2024.
final class TodoDueDateTests: XCTestCase {
    /// Adds a to-do due on `day` (`2024-05-02`, or "" for none).
    static func addDue(_ browser: Browser, _ title: String, _ day: String) async throws {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/todos/new") }
        let response = try await browser.post(
            "/todos", form: [("title", title), ("description", ""), ("dueDate", day)])
        XCTAssertEqual(response.status, .seeOther, title)
    }

    func testDueDaysAreSaidInWordsAndOverdueOnesSayItInText() async throws {
        try await withApp { browser in
            let days = [
                ("Was due", "2024-03-03"), ("Due now", "2024-05-01"), ("Due next", "2024-05-02"),
                ("Due Friday", "2024-05-03"), ("Due later", "2024-06-12"), ("Due next year", "2025-01-09"),
            ]
            for (title, day) in days { try await Self.addDue(browser, title, day) }
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"<span aria-hidden="true">⚠ </span>Overdue since 3 March</p>"#), list)
            XCTAssertTrue(list.contains(#"<li class="todo todo-overdue">"#), "overdue rows are marked for the style")
            XCTAssertTrue(list.contains(">Due today</p>"))
            XCTAssertTrue(list.contains(">Due tomorrow</p>"))
            XCTAssertTrue(list.contains(">Due on Friday</p>"))
            XCTAssertTrue(list.contains(">Due 12 June</p>"))
            XCTAssertTrue(list.contains(">Due 9 January 2025</p>"))
        }
    }

    func testTheHouseholdsTimeZoneDecidesWhichDayIsToday() async throws {
        // 1 May 2024 10:20 UTC is already 2 May in Kiritimati (UTC+14): a to-do due on 2 May is due today there.
        var settings = testSettings()
        settings.timeZone = try XCTUnwrap(TimeZone(identifier: "Pacific/Kiritimati"))
        try await withApp(settings: settings) { browser in
            try await Self.addDue(browser, "Ring the bank", "2024-05-02")
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(">Due today</p>"), list)
        }
    }

    func testADueDateThatIsNotARealDayIsExplainedAndEverythingTypedIsKept() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            for (typed, message, boxes) in [
                ("2023-02-29", "2023 has no 29 February", ("29", "02", "2023")),
                ("next Tuesday", "Due date must be a real date", ("", "", "next Tuesday")),
                ("2024-13-01", "The month must be a number from 1 to 12", ("01", "13", "2024")),
            ] {
                let response = try await browser.post(
                    "/todos", form: [("title", "Book the MOT"), ("description", "Ring first"), ("dueDate", typed)])
                XCTAssertEqual(response.status, .unprocessableContent, typed)
                XCTAssertTrue(response.text.contains(message), typed)
                XCTAssertTrue(response.text.contains(#"value="Book the MOT""#))
                XCTAssertTrue(response.text.contains("Ring first"))
                // What was sent whole comes back in the three boxes.
                let shown = ["dueDate-day", "dueDate-month", "dueDate-year"].map {
                    TodoDateBoxesTests.value(of: $0, in: response.text)
                }
                XCTAssertEqual(shown, [boxes.0, boxes.1, boxes.2], typed)
            }
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("No to-dos yet"), "nothing was saved")
        }
    }

    func testTheDueDayIsStoredAsAParseDateAtMidnightUTCAndClearingItRemovesTheField() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            try await Self.addDue(browser, "Renew the passport", "2024-07-15")
            let id = try await browser.newestId()
            let stored = try await store.read { try $0.fetch("TodoListItem", objectId: id) }
            XCTAssertEqual(stored["dueDate"], .date(Date(timeIntervalSince1970: 1_721_001_600)))
            let cleared = try await browser.post(
                "/todos/\(id)",
                form: [("title", "Renew the passport"), ("description", ""), ("dueDate", "")]
                    + browser.loadedVersion(of: "/todos/\(id)/edit"))
            XCTAssertEqual(cleared.status, .seeOther)
            let after = try await store.read { try $0.fetch("TodoListItem", objectId: id) }
            XCTAssertNil(after["dueDate"])
        }
    }

    func testByDueDateListsOverdueFirstThenSoonestThenThoseWithoutADateNewestFirst() async throws {
        try await withApp(pageSize: 3) { browser in
            try await Self.addDue(browser, "No date, older", "")
            try await Self.addDue(browser, "In June", "2024-06-01")
            try await Self.addDue(browser, "Overdue", "2024-04-01")
            try await Self.addDue(browser, "No date, newer", "")
            try await Self.addDue(browser, "Tomorrow", "2024-05-02")
            try await Self.addDue(browser, "Done, was due", "2024-04-02")
            let doneId = try await browser.todoId(titled: "Done, was due")
            try await browser.post("/todos/\(doneId)/done", form: [("done", "1"), ("back", "/todos")])

            // The overdue one leads in its group; the rest, 3 a page, are soonest first, then undated newest first.
            let first = try await browser.get("/todos?sort=due").text
            XCTAssertTrue(first.contains(#"<a href="/todos?sort=due" aria-current="true">By due date</a>"#))
            XCTAssertEqual(Self.titles(in: first).prefix(4), ["Overdue", "Tomorrow", "In June", "No date, newer"])
            XCTAssertTrue(first.contains("Page 1 of 2"))
            let next = try XCTUnwrap(TodoListTests.link(rel: "next", in: first))
            XCTAssertEqual(next, "/todos?sort=due&page=2")
            let second = try await browser.get(next).text
            XCTAssertEqual(Self.titles(in: second), ["No date, older"])
            XCTAssertFalse(second.contains("Done, was due"), "done to-dos are not in the open list")
            XCTAssertTrue(second.contains(#"<input type="hidden" name="sort" value="due">"#), "search keeps the order")
        }
    }

    func testAToDoHasItsOwnPageWithTheWholeDescriptionAndItsLineBreaks() async throws {
        try await withApp { browser in
            let long = String(repeating: "Ask about the warranty. ", count: 10) + "\nSecond line\n\nAfter a gap"
            try await browser.addTodo("Fix the boiler", long)
            let id = try await browser.newestId()
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"<a href="/todos/\#(id)" class="todo-title">Fix the boiler</a>"#))
            XCTAssertFalse(list.contains("After a gap"), "the list shows only the start")
            let page = try await browser.get("/todos/\(id)")
            XCTAssertEqual(page.status, .ok)
            XCTAssertTrue(page.text.contains(#"<h1 class="todo-heading">Fix the boiler</h1>"#))
            let kept = long.trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(page.text.contains(#"<div class="todo-full-description">\#(kept)</div>"#), page.text)
            XCTAssertTrue(page.text.contains("Added 1 May 2024 at"))
            XCTAssertTrue(page.text.contains(#"<a class="button" href="/todos/\#(id)/edit">Edit</a>"#))
            XCTAssertTrue(page.text.contains(#"href="/todos/\#(id)/history">History</a>"#))
            let missing = try await browser.get("/todos/AbCdE12345")
            XCTAssertEqual(missing.status, .notFound)
        }
    }

    func testAnEditFormOpenWhileSomeoneTicksTheToDoOffKeepsItDone() async throws {
        try await withApp { browser in
            try await browser.addTodo("Wash the car")
            let id = try await browser.newestId()
            let loaded = try await browser.loadedVersion(of: "/todos/\(id)/edit")
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            // The form was loaded before the tick: its Done box was empty and stays so.
            let saved = try await browser.post(
                "/todos/\(id)", form: [("title", "Wash the car and the van"), ("description", "")] + loaded)
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await browser.get("/todos/\(id)").text
            XCTAssertTrue(page.contains("Wash the car and the van"))
            XCTAssertTrue(page.contains(#"<div class="todo-page todo-done">"#), "the tick made meanwhile is kept")
        }
    }

    func testTheHistorySaysWhenAToDoWasTickedOffAndWhatItsDueDayBecame() async throws {
        try await withApp { browser in
            try await Self.addDue(browser, "Send the card", "2024-05-06")
            let id = try await browser.newestId()
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let moved = try await browser.post(
                "/todos/\(id)",
                form: [("title", "Send the card"), ("description", ""), ("dueDate", "2024-05-07"), ("done", "yes")]
                    + browser.loadedVersion(of: "/todos/\(id)/edit"))
            XCTAssertEqual(moved.status, .seeOther)
            let history = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains(#"No <span aria-label="changed to">→</span> Yes"#), history)
            XCTAssertTrue(history.contains(#"6 May 2024 <span aria-label="changed to">→</span> 7 May 2024"#), history)
            XCTAssertTrue(history.contains(#"<span class="history-label">Due date</span>"#))
        }
    }

    /// The titles of the rows of a list page, in order.
    static func titles(in html: String) -> [String] {
        html.components(separatedBy: #"class="todo-title">"#).dropFirst().compactMap {
            $0.components(separatedBy: "</a>").first
        }
    }
}
