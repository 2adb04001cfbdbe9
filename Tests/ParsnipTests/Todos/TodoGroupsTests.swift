import Foundation
import XCTest

@testable import Parsnip

/// The list opens with what needs doing now: Overdue and Today groups above the rest, counted in the count line
/// and on the home page, by the household's clock. The test clocks start on Wednesday 1 May 2024, 10:20 UTC.
final class TodoGroupsTests: XCTestCase {
    /// The titles on a list page, in page order.
    static func titles(in html: String) -> [String] {
        html.matches(of: /class="todo-title">([^<]*)</).map { String($0.1) }
    }

    /// The titles inside the group headed by `id` ("overdue-heading"), in order.
    static func titles(inGroup id: String, of html: String) -> [String] {
        guard let start = html.range(of: #"aria-labelledby="\#(id)""#),
            let end = html[start.upperBound...].range(of: "</section>")
        else { return [] }
        return titles(in: String(html[start.upperBound..<end.lowerBound]))
    }

    /// The titles below the groups (after "The rest", or the whole list when there are no groups).
    static func restTitles(of html: String) -> [String] {
        let afterGroups = html.range(of: #"class="todo-rest-heading""#).map { String(html[$0.upperBound...]) } ?? html
        let beforeDone = afterGroups.range(of: #"class="done-section""#).map { String(afterGroups[..<$0.lowerBound]) }
        return titles(in: beforeDone ?? afterGroups)
    }

    func testOverdueAndTodayComeFirstInGroupsOfTheirOwnAndTheCountLineSaysHowMany() async throws {
        try await withApp { browser in
            try await TodoDueDateTests.addDue(browser, "No date", "")
            try await TodoDueDateTests.addDue(browser, "Long overdue", "2024-03-03")
            try await TodoDueDateTests.addDue(browser, "Due tomorrow", "2024-05-02")
            try await TodoDueDateTests.addDue(browser, "Due today", "2024-05-01")
            try await TodoDueDateTests.addDue(browser, "Just overdue", "2024-04-30")
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"<h2 id="overdue-heading">Overdue (2)</h2>"#), list)
            XCTAssertTrue(list.contains(#"<h2 id="today-heading">Today (1)</h2>"#))
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: list), ["Long overdue", "Just overdue"])
            XCTAssertEqual(Self.titles(inGroup: "today-heading", of: list), ["Due today"])
            XCTAssertTrue(list.contains(#"<h2 class="todo-rest-heading">The rest</h2>"#))
            XCTAssertEqual(Self.restTitles(of: list), ["Due tomorrow", "No date"], "the rest leaves the groups out")
            XCTAssertTrue(
                list.contains(#"<p class="count" id="todo-count">5 to do, 0 done · 2 overdue, 1 due today</p>"#))
            // Overdue comes before Today, and both before the rest.
            let overdue = try XCTUnwrap(list.range(of: "overdue-heading\">"))
            let today = try XCTUnwrap(list.range(of: "today-heading\">"))
            let rest = try XCTUnwrap(list.range(of: "todo-rest-heading"))
            XCTAssertLessThan(overdue.lowerBound, today.lowerBound)
            XCTAssertLessThan(today.lowerBound, rest.lowerBound)
        }
    }

    func testAListWithNothingDueHasNoGroupsNoRestHeadingAndThePlainCountLine() async throws {
        try await withApp { browser in
            try await TodoDueDateTests.addDue(browser, "Someday", "2024-08-01")
            try await TodoDueDateTests.addDue(browser, "Whenever", "")
            let list = try await browser.get("/todos").text
            XCTAssertFalse(list.contains("todo-group"))
            XCTAssertFalse(list.contains("todo-rest-heading"))
            XCTAssertTrue(list.contains(#"<p class="count" id="todo-count">2 to do, 0 done</p>"#))
        }
    }

    func testWhenEveryOpenToDoIsGroupedTheListSaysNothingIsLeftOnlyWhenItIs() async throws {
        try await withApp { browser in
            try await TodoDueDateTests.addDue(browser, "Only today", "2024-05-01")
            let list = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "today-heading", of: list), ["Only today"])
            XCTAssertFalse(list.contains("Nothing left to do"), "a grouped to-do is still to do")
            XCTAssertFalse(list.contains("todo-rest-heading"), "no heading over nothing")
        }
    }

    func testDoneToDosAndSearchesAreNotGrouped() async throws {
        try await withApp { browser in
            try await TodoDueDateTests.addDue(browser, "Pay the plumber", "2024-04-01")
            try await TodoDueDateTests.addDue(browser, "Pay the gas", "2024-04-02")
            let gas = try await browser.todoId(titled: "Pay the gas")
            try await browser.post("/todos/\(gas)/done", form: [("done", "1"), ("back", "/todos")])
            let list = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: list), ["Pay the plumber"], "done is not due")
            let search = try await browser.get("/todos?q=pay").text
            XCTAssertFalse(search.contains("todo-group"), "a search lists its matches newest first")
            XCTAssertTrue(search.contains("2 to-dos match “pay”: 1 to do, 1 done"))
            let done = try await browser.get("/todos?show=done").text
            XCTAssertFalse(done.contains("todo-group"))
        }
    }

    func testOnlyTheFirstPageHasTheGroupsAndThePagesCountTheRest() async throws {
        try await withApp(pageSize: 2) { browser in
            for title in ["Older", "Middle", "Newer"] { try await TodoDueDateTests.addDue(browser, title, "") }
            try await TodoDueDateTests.addDue(browser, "Overdue", "2024-04-01")
            let first = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: first), ["Overdue"])
            XCTAssertEqual(Self.restTitles(of: first), ["Newer", "Middle"])
            XCTAssertTrue(first.contains("Page 1 of 2"), "3 to-dos below the group, 2 a page")
            let next = try XCTUnwrap(TodoListTests.link(rel: "next", in: first))
            let second = try await browser.get(next).text
            XCTAssertFalse(second.contains("todo-group"))
            XCTAssertEqual(Self.titles(in: second), ["Older"])
            XCTAssertTrue(second.contains("Page 2 of 2"))
            let byDue = try await browser.get("/todos?sort=due").text
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: byDue), ["Overdue"])
            XCTAssertEqual(Self.restTitles(of: byDue), ["Newer", "Middle"], "by due date: undated, newest first")
        }
    }

    func testAGroupShowsFiftyAndLinksToAllOfThemByDueDate() async throws {
        try await withApp(pageSize: 5) { browser in
            for number in 1...51 {
                try await TodoDueDateTests.addDue(browser, "Late \(number)", "2024-04-\(number % 28 + 1)")
            }
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"<h2 id="overdue-heading">Overdue (51)</h2>"#))
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: list).count, 50)
            XCTAssertTrue(list.contains(#"<a href="/todos?sort=due">Show all 51 by due date</a>"#), list)
            XCTAssertTrue(list.contains("51 to do, 0 done · 51 overdue"))
        }
    }

    func testTheGroupsMoveAtTheHouseholdsMidnight() async throws {
        // 1 May 2024 10:20 UTC is 06:20 in New York (UTC-4).
        let clock = ManualClock()
        var settings = testSettings(clock: clock)
        settings.timeZone = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        try await withApp(settings: settings) { browser in
            try await TodoDueDateTests.addDue(browser, "Due 1 May", "2024-05-01")
            try await TodoDueDateTests.addDue(browser, "Due 2 May", "2024-05-02")
            clock.advance(by: 17 * 3_600 + 38 * 60)  // 23:58 on 1 May in New York, already 2 May in UTC
            let late = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "today-heading", of: late), ["Due 1 May"], late)
            XCTAssertFalse(late.contains("overdue-heading"))
            clock.advance(by: 3 * 60)  // 00:01 on 2 May
            let after = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: after), ["Due 1 May"])
            XCTAssertEqual(Self.titles(inGroup: "today-heading", of: after), ["Due 2 May"])
            XCTAssertTrue(after.contains("2 to do, 0 done · 1 overdue, 1 due today"))
        }
    }

    func testADayOf25HoursWhenTheClocksGoBackIsStillOneDay() async throws {
        // London leaves summer time at 02:00 on Sunday 27 October 2024: that day lasts 25 hours.
        let clock = ManualClock()
        var settings = testSettings(clock: clock)
        settings.timeZone = try XCTUnwrap(TimeZone(identifier: "Europe/London"))
        try await withApp(settings: settings) { browser in
            let startOf27October = try XCTUnwrap(ISO8601DateFormatter().date(from: "2024-10-26T23:00:00Z"))
            clock.advance(by: startOf27October.timeIntervalSince(clock.now()) + 60)  // 00:01 BST
            try await TodoDueDateTests.addDue(browser, "Sunday roast", "2024-10-27")
            let morning = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "today-heading", of: morning), ["Sunday roast"])
            clock.advance(by: 24 * 3_600 + 58 * 60)  // 23:59 GMT, still 27 October
            let evening = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "today-heading", of: evening), ["Sunday roast"], evening)
            clock.advance(by: 2 * 60)  // 00:01 on 28 October: the page shown at 23:59 is not shown again
            let monday = try await browser.get("/todos").text
            XCTAssertEqual(Self.titles(inGroup: "overdue-heading", of: monday), ["Sunday roast"])
        }
    }

    func testTheHomePageSaysHowManyAreOverdueAndDueToday() async throws {
        try await withApp { browser in
            let empty = try await browser.get("/").text
            XCTAssertFalse(empty.contains("card-due"), "nothing due, nothing said")
            try await TodoDueDateTests.addDue(browser, "Late", "2024-04-01")
            try await TodoDueDateTests.addDue(browser, "Later", "2024-04-02")
            try await TodoDueDateTests.addDue(browser, "Now", "2024-05-01")
            let home = try await browser.get("/").text
            XCTAssertTrue(home.contains(#"<p class="card-due"><a href="/todos">2 overdue, 1 due today</a></p>"#), home)
            let id = try await browser.todoId(titled: "Now")
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let after = try await browser.get("/").text
            XCTAssertTrue(after.contains(#"<a href="/todos">2 overdue</a>"#))
        }
    }

    func testTheTickAnswerCountsTheGroupsAsTheReloadedPageDoes() async throws {
        try await withApp { browser in
            try await TodoDueDateTests.addDue(browser, "Late", "2024-04-01")
            try await TodoDueDateTests.addDue(browser, "Now", "2024-05-01")
            let id = try await browser.todoId(titled: "Late")
            let answer = try await browser.post(
                "/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")], headers: [.accept: "application/json"])
            XCTAssertTrue(answer.text.contains(#""countLine":"1 to do, 1 done · 1 due today""#), answer.text)
            let page = try await browser.get("/todos").text
            XCTAssertTrue(page.contains(#"id="todo-count">1 to do, 1 done · 1 due today</p>"#))
        }
    }
}
