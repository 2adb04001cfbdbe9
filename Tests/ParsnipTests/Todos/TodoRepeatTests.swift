import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Repeating to-dos: the rule's days across month ends, leap years and a 25-hour day, and ticking one off making
/// the next (and opening it again taking that one back). The test clocks start on Wednesday 1 May 2024.
final class TodoRepeatTests: XCTestCase {
    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

    /// The days a rule made on `start` comes back on, one after another, each ticked off on its own day.
    static func days(_ frequency: TodoRepeat.Frequency, from start: String, count: Int) -> [String] {
        let rule = TodoRepeat(frequency, from: day(start))
        var due = day(start)
        return (0..<count).map { _ in
            due = rule.next(after: due, today: due)
            return due.iso
        }
    }

    func testMonthlyKeepsItsDayAcrossShortMonths() {
        XCTAssertEqual(
            Self.days(.monthly, from: "2024-01-31", count: 5),
            ["2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30"])
        XCTAssertEqual(Self.days(.monthly, from: "2024-11-30", count: 3), ["2024-12-30", "2025-01-30", "2025-02-28"])
        XCTAssertEqual(Self.days(.monthly, from: "2024-05-01", count: 2), ["2024-06-01", "2024-07-01"])
    }

    func testYearlyOn29FebruaryFallsOn28FebruaryAndComesBackInALeapYear() {
        XCTAssertEqual(
            Self.days(.yearly, from: "2024-02-29", count: 4), ["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
    }

    func testDailyAndWeeklyCountCalendarDays() {
        XCTAssertEqual(Self.days(.daily, from: "2024-12-30", count: 3), ["2024-12-31", "2025-01-01", "2025-01-02"])
        XCTAssertEqual(Self.days(.weekly, from: "2024-02-27", count: 2), ["2024-03-05", "2024-03-12"])
    }

    func testTickedOffLateItComesBackAfterTodayAndEarlyAfterItsDueDay() {
        let weekly = TodoRepeat(.weekly, from: Self.day("2024-04-02"))  // a Tuesday
        XCTAssertEqual(weekly.next(after: Self.day("2024-04-02"), today: Self.day("2024-05-01")).iso, "2024-05-07")
        XCTAssertEqual(weekly.next(after: Self.day("2024-05-07"), today: Self.day("2024-05-01")).iso, "2024-05-14")
        XCTAssertEqual(weekly.next(after: Self.day("2024-05-07"), today: Self.day("2024-05-07")).iso, "2024-05-14")
    }

    func testTheStoredRuleReadsBackAndNonsenseIsNoRule() {
        for rule in ["daily", "weekly", "monthly:31", "yearly:2-29", "monthly:1"] {
            XCTAssertEqual(TodoRepeat(stored: rule)?.stored, rule)
        }
        for nonsense in ["", "hourly", "monthly", "monthly:32", "yearly:2-30", "yearly:13-1", "weekly:3", "daily:x"] {
            XCTAssertNil(TodoRepeat(stored: nonsense), nonsense)
        }
    }

    static func addRepeating(_ browser: Browser, _ title: String, due: String, repeats: String) async throws
        -> TestResponse
    {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/todos/new") }
        return try await browser.post(
            "/todos", form: [("title", title), ("description", ""), ("dueDate", due), ("repeats", repeats)])
    }

    func testTickingOffARepeatingToDoMakesTheNextAndOpeningItAgainTakesThatBack() async throws {
        try await withApp { browser in
            let added = try await Self.addRepeating(browser, "Put the bins out", due: "2024-05-07", repeats: "weekly")
            XCTAssertEqual(added.status, .seeOther)
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"Due on Tuesday <span class="todo-repeat">· repeats every Tuesday</span>"#))
            let id = try await browser.todoId(titled: "Put the bins out")
            let ticked = try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            XCTAssertEqual(ticked.status, .seeOther)
            let after = try await browser.get("/todos").text
            XCTAssertTrue(after.contains("Ticked off “Put the bins out”. It comes back on 14 May."), after)
            XCTAssertTrue(after.contains(#"id="todo-count">1 to do, 1 done</p>"#))
            XCTAssertTrue(after.contains(">Due 14 May <span class=\"todo-repeat\">· repeats every Tuesday</span>"))

            try await browser.post("/todos/\(id)/done", form: [("done", "0"), ("back", "/todos")])
            let undone = try await browser.get("/todos").text
            XCTAssertTrue(undone.contains(#"id="todo-count">1 to do, 0 done</p>"#), "the next one went back")
            XCTAssertTrue(undone.contains("Due on Tuesday"))
            let trash = try await browser.get("/trash").text
            XCTAssertTrue(trash.contains("Put the bins out"), "it is in the trash, not lost")
        }
    }

    func testANextOneSomeoneChangedStaysWhenTheFirstIsOpenedAgain() async throws {
        try await withApp { browser in
            try await Self.addRepeating(browser, "Pay rent", due: "2024-05-01", repeats: "monthly")
            let id = try await browser.todoId(titled: "Pay rent")
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let next = try await browser.todoId(titled: "Pay rent")
            XCTAssertNotEqual(next, id)
            let edit = try await browser.get("/todos/\(next)/edit").text
            let version = try XCTUnwrap(edit.firstMatch(of: /name="_version" value="([^"]+)"/)?.1)
            let base = try XCTUnwrap(edit.firstMatch(of: /name="_base" value="([^"]+)"/)?.1)
            let saved = try await browser.post(
                "/todos/\(next)",
                form: [
                    ("title", "Pay rent"), ("description", "By bank transfer"), ("dueDate", "2024-06-01"),
                    ("repeats", "monthly"), ("_version", String(version)), ("_base", String(base)),
                ])
            XCTAssertEqual(saved.status, .seeOther)
            try await browser.post("/todos/\(id)/done", form: [("done", "0"), ("back", "/todos")])
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"id="todo-count">2 to do, 0 done · 1 due today</p>"#), list)
        }
    }

    func testARepeatNeedsADueDate() async throws {
        try await withApp { browser in
            let refused = try await Self.addRepeating(browser, "Water plants", due: "", repeats: "daily")
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("A to-do that repeats needs a due date: enter one, or choose Never"))
            XCTAssertTrue(refused.text.contains(#"<option value="daily" selected>Every day</option>"#))
        }
    }

    func testADailyToDoTickedOffLateOnA25HourDayComesBackTheNextDay() async throws {
        let clock = ManualClock()
        var settings = testSettings(clock: clock)
        settings.timeZone = try XCTUnwrap(TimeZone(identifier: "Europe/London"))
        try await withApp(settings: settings) { browser in
            let lateOn27October = try XCTUnwrap(ISO8601DateFormatter().date(from: "2024-10-27T23:30:00Z"))
            clock.advance(by: lateOn27October.timeIntervalSince(clock.now()))  // 23:30 GMT, still 27 October
            try await Self.addRepeating(browser, "Feed the cat", due: "2024-10-27", repeats: "daily")
            let id = try await browser.todoId(titled: "Feed the cat")
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("It comes back on 28 October."), list)
        }
    }
}
