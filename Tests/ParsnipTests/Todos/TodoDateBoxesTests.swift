import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The due date typed in three boxes — Day, Month, Year in English, Spanish, Portuguese and French, Year, Month, Day
/// in Korean and Japanese — read back into the draft, shown again as typed after a mistake, and each mistake said
/// plainly in the page's language. The test clocks start on Wednesday 1 May 2024.
final class TodoDateBoxesTests: XCTestCase {
    /// The names of the date's boxes in page order.
    static func boxOrder(in html: String) -> [String] {
        html.matches(of: /name="(dueDate-(?:day|month|year))"/).map { String($0.1) }
    }

    /// The value of the box `name` (`dueDate-day`) as the page shows it.
    static func value(of name: String, in html: String) -> String? {
        let pattern = try! Regex(#"name="\#(name)"[^>]*value="([^"]*)""#)
        return html.firstMatch(of: pattern).flatMap { $0.output[1].substring.map(String.init) }
    }

    /// The three boxes of a form: day, month and year as typed.
    static func boxes(_ day: String, _ month: String, _ year: String) -> [(String, String)] {
        [("dueDate-day", day), ("dueDate-month", month), ("dueDate-year", year)]
    }

    func testTheBoxesComeDayFirstInEuropeanLanguagesAndYearFirstInKoreanAndJapanese() async throws {
        try await withApp { browser in
            for language in Language.allCases {
                let form = try await browser.get("/todos/new", headers: TodoLanguageTests.speaking(language)).text
                let expected =
                    language == .ko || language == .ja
                    ? ["dueDate-year", "dueDate-month", "dueDate-day"]
                    : ["dueDate-day", "dueDate-month", "dueDate-year"]
                XCTAssertEqual(Self.boxOrder(in: form), expected, "\(language)")
                XCTAssertTrue(form.contains(#"id="dueDate" name="\#(expected[0])""#), "\(language): the first box")
                XCTAssertFalse(form.contains(#"type="date""#), "\(language): no browser date picker")
            }
            let english = try await browser.get("/todos/new").text
            XCTAssertTrue(english.contains(#"<legend class="date-input-legend">Due date</legend>"#))
            XCTAssertTrue(english.contains("Optional. The day it should be done by. For example, 27 3 2026."))
            XCTAssertTrue(english.contains(#"<label for="dueDate">Day</label>"#))
            let korean = try await browser.get("/todos/new", headers: TodoLanguageTests.speaking(.ko)).text
            XCTAssertTrue(korean.contains(#"<legend class="date-input-legend">마감일</legend>"#))
            XCTAssertTrue(korean.contains(#"<label for="dueDate">연도</label>"#), "the year box comes first")
            let japanese = try await browser.get("/todos/new", headers: TodoLanguageTests.speaking(.ja)).text
            XCTAssertTrue(
                japanese.contains("任意。いつまでに済ませるかを入力します。例：2026 3 27"), "no space after a Japanese full stop")
        }
    }

    func testADayTypedInTheBoxesIsSavedAndComesBackInTheBoxesOfTheEditForm() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let saved = try await browser.post(
                "/todos", form: [("title", "Send the card"), ("description", "")] + Self.boxes("7", "5", "2024"))
            XCTAssertEqual(saved.status, .seeOther)
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(">Due on Tuesday</p>"), list)
            let id = try await browser.newestId()
            let edit = try await browser.get("/todos/\(id)/edit").text
            XCTAssertEqual(Self.value(of: "dueDate-day", in: edit), "7")
            XCTAssertEqual(Self.value(of: "dueDate-month", in: edit), "5")
            XCTAssertEqual(Self.value(of: "dueDate-year", in: edit), "2024")
            // Japanese keyboards may type full-width digits: they are the same day.
            let wide = try await browser.post(
                "/todos", form: [("title", "年賀状"), ("description", "")] + Self.boxes("９", "１", "２０２５"),
                headers: TodoLanguageTests.speaking(.ja))
            XCTAssertEqual(wide.status, .seeOther)
            let japanese = try await browser.get("/todos", headers: TodoLanguageTests.speaking(.ja)).text
            XCTAssertTrue(japanese.contains(">期限：2025年1月9日</p>"), japanese)
        }
    }

    func testAWrongDayComesBackAsTypedWithAPlainMessageInTheLanguageAndTheSummaryLinksToTheFirstBox() async throws {
        let cases: [(Language, (String, String, String), String)] = [
            (.en, ("3", "13", "2026"), "The month must be a number from 1 to 12"),
            (.ja, ("3", "13", "2026"), "月は1から12までの数字で入力してください"),
            (.en, ("31", "2", "2026"), "February has only 28 days"),
            (.es, ("31", "2", "2026"), "Febrero solo tiene 28 días"),
            (.pt, ("31", "4", "2026"), "Abril tem só 30 dias"),
            (.ko, ("31", "2", "2026"), "2월은 28일까지만 있습니다"),
            (.en, ("29", "2", "2023"), "2023 has no 29 February"),
            (.ja, ("29", "2", "2023"), "2023年に2月29日はありません"),
            (.en, ("3", "3", "26"), "The year must have 4 digits, like 2026"),
            (.fr, ("3", "3", "26"), "L’année doit comporter 4 chiffres, par exemple 2026"),
            (.ko, ("3", "3", "26"), "연도는 2026처럼 네 자리로 입력하십시오"),
            (.en, ("32", "3", "2026"), "The day must be a number from 1 to 31"),
            (.es, ("tres", "3", "2026"), "El día debe ser un número del 1 al 31"),
            (.en, ("", "3", "2026"), "Due date must include a day"),
            (.en, ("3", "", "2026"), "Due date must include a month"),
            (.fr, ("3", "3", ""), "L’échéance doit comporter une année"),
            (.ja, ("3", "", ""), "期限の年・月・日をすべて入力してください"),
        ]
        try await withApp { browser in
            try await browser.get("/todos/new")
            for (language, (day, month, year), message) in cases {
                let response = try await browser.post(
                    "/todos",
                    form: [("title", "Book the MOT"), ("description", "Ring first")] + Self.boxes(day, month, year),
                    headers: TodoLanguageTests.speaking(language))
                let html = response.text
                let label = "\(language) \(day)/\(month)/\(year)"
                XCTAssertEqual(response.status, .unprocessableContent, label)
                XCTAssertTrue(html.contains(##"<li><a href="#dueDate">\##(message)</a></li>"##), "\(label): \(html)")
                XCTAssertTrue(html.contains(#"<p class="field-error" id="dueDate-error">"#), label)
                XCTAssertEqual(Self.value(of: "dueDate-day", in: html), day, label)
                XCTAssertEqual(Self.value(of: "dueDate-month", in: html), month, label)
                XCTAssertEqual(Self.value(of: "dueDate-year", in: html), year, label)
                XCTAssertTrue(
                    html.contains(#"aria-describedby="dueDate-hint dueDate-error" aria-invalid="true""#), label)
                XCTAssertTrue(html.contains(#"value="Book the MOT""#), label)
            }
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("No to-dos yet"), "nothing was saved")
        }
    }

    func testAnEmptyDateIsNoDateAndASingleDueDateFieldStillWorks() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let empty = try await browser.post(
                "/todos", form: [("title", "Whenever"), ("description", "")] + Self.boxes(" ", "", ""))
            XCTAssertEqual(empty.status, .seeOther)
            let whole = try await browser.post(
                "/todos", form: [("title", "Sent whole"), ("description", ""), ("dueDate", "2024-05-02")])
            XCTAssertEqual(whole.status, .seeOther)
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(">Due tomorrow</p>"))
            XCTAssertEqual(list.occurrences(of: #"<p class="todo-due">"#), 1, "only the one sent whole has a day")
        }
    }

    func testEachMistakeOfATypedDayHasItsOwnMessage() throws {
        let cases: [(String, String?)] = [
            ("", nil), ("2024-5-7", nil), ("2024-05-07", nil), ("2024-2-29", nil),
            ("2024-13-1", "todos.error.dueDate.month"), ("2024-0-1", "todos.error.dueDate.month"),
            ("2024-1-0", "todos.error.dueDate.day"), ("2024-1-123", "todos.error.dueDate.day"),
            ("24-1-1", "todos.error.dueDate.year"), ("0999-1-1", "todos.error.dueDate.year"),
            ("2023-2-29", "todos.error.dueDate.noLeapDay"), ("2024-2-30", "todos.error.dueDate.shortMonth"),
            ("2024-9-31", "todos.error.dueDate.shortMonth"), ("--", "todos.error.dueDate.missingParts"),
            ("2024--1", "todos.error.dueDate.missingMonth"), ("-1-1", "todos.error.dueDate.missingYear"),
            ("soon", "todos.error.dueDate.notADate"), ("2024-1-1-1", "todos.error.dueDate.notADate"),
        ]
        for (text, key) in cases {
            XCTAssertEqual(TypedDueDate(text).problem?.key, key, text)
        }
        XCTAssertEqual(TypedDueDate("26-3-3").problem?.arguments, ["example": "2026"])
        XCTAssertEqual(TypedDueDate("2024-9-31").problem?.arguments, ["month": "9", "days": "30"])
        XCTAssertEqual(TypedDueDate.asciiDigits("２０２６-３-２７"), "2026-3-27")
    }
}
