import Foundation
import HTTPTypes
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The due day typed in words beside the three boxes, on the add and edit forms. The test clocks start on
/// Wednesday 1 May 2024.
final class TodoDueWordsTests: XCTestCase {
    static func add(_ browser: Browser, _ title: String, words: String, boxes: (String, String, String)? = nil)
        async throws -> TestResponse
    {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/todos/new") }
        var form = [("title", title), ("description", ""), ("dueDate-words", words)]
        if let (day, month, year) = boxes {
            form += [("dueDate-day", day), ("dueDate-month", month), ("dueDate-year", year)]
        }
        return try await browser.post("/todos", form: form)
    }

    func testTheFormOffersABoxForADayInWords() async throws {
        try await withApp { browser in
            let form = try await browser.get("/todos/new").text
            XCTAssertTrue(
                form.contains(
                    #"<label for="dueDate-words">Or type it: today, tomorrow, fri, next week, 12 May</label>"#))
            XCTAssertTrue(form.contains(#"<input id="dueDate-words" name="dueDate-words" type="text""#))
        }
    }

    func testADayInWordsBecomesTheDueDay() async throws {
        try await withApp { browser in
            for (title, words) in [("Ring Mum", "tomorrow"), ("Bins", "fri"), ("Dentist", "12 June")] {
                let added = try await Self.add(browser, title, words: words)
                XCTAssertEqual(added.status, .seeOther, words)
            }
            let list = try await browser.get("/todos?sort=due").text
            XCTAssertTrue(list.contains(">Due tomorrow</p>"), list)
            XCTAssertTrue(list.contains(">Due on Friday</p>"))
            XCTAssertTrue(list.contains(">Due 12 June</p>"))
        }
    }

    func testWordsThatNameNoDayAreExplainedAndKept() async throws {
        try await withApp { browser in
            let refused = try await Self.add(browser, "Paint the fence", words: "someday")
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("Type a day such as “tomorrow”, “fri”, “next week” or “12 May”"))
            XCTAssertTrue(
                refused.text.contains(#"name="dueDate-words" type="text" autocomplete="off" value="someday""#))
            XCTAssertTrue(refused.text.contains(#"value="Paint the fence""#), "the title is kept too")
            let list = try await browser.get("/todos").text
            XCTAssertFalse(list.contains("Paint the fence"), "nothing was added")
        }
    }

    func testBoxesAndWordsThatDisagreeAreRefusedAndThatAgreeAreFine() async throws {
        try await withApp { browser in
            let refused = try await Self.add(browser, "Vet", words: "tomorrow", boxes: ("9", "5", "2024"))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("The boxes and “tomorrow” are different days: clear one of them"))
            let agreed = try await Self.add(browser, "Vet", words: "tomorrow", boxes: ("2", "5", "2024"))
            XCTAssertEqual(agreed.status, .seeOther)
        }
    }

    func testAnEditCanMoveTheDueDayWithWords() async throws {
        try await withApp { browser in
            try await Self.add(browser, "Library books", words: "today")
            let id = try await browser.todoId(titled: "Library books")
            let edit = try await browser.get("/todos/\(id)/edit").text
            let version = try XCTUnwrap(edit.firstMatch(of: /name="_version" value="([^"]+)"/)?.1)
            let base = try XCTUnwrap(edit.firstMatch(of: /name="_base" value="([^"]+)"/)?.1)
            let saved = try await browser.post(
                "/todos/\(id)",
                form: [
                    ("title", "Library books"), ("description", ""), ("dueDate-day", "1"), ("dueDate-month", "5"),
                    ("dueDate-year", "2024"), ("dueDate-words", "1 May"), ("_version", String(version)),
                    ("_base", String(base)),
                ])
            XCTAssertEqual(saved.status, .seeOther, "the same day twice is fine")
            let moved = try await browser.post(
                "/todos/\(id)",
                form: [
                    ("title", "Library books"), ("description", ""), ("dueDate-words", "next week"),
                    ("_version", String(version)), ("_base", String(base)),
                ])
            XCTAssertEqual(moved.status, .seeOther)
            let page = try await browser.get("/todos/\(id)").text
            XCTAssertTrue(page.contains("Due on Monday"), page)
        }
    }

    func testAJapanesePageReadsJapaneseWords() async throws {
        try await withApp { browser in
            let japanese: HTTPFields = [.acceptLanguage: "ja"]
            try await browser.get("/todos/new", headers: japanese)
            let added = try await browser.post(
                "/todos", form: [("title", "牛乳"), ("description", ""), ("dueDate-words", "明日")], headers: japanese)
            XCTAssertEqual(added.status, .seeOther)
            let list = try await browser.get("/todos", headers: japanese).text
            XCTAssertTrue(list.contains(">期限：明日</p>"), list)
        }
    }
}
