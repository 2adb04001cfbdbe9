import Foundation
import XCTest

@testable import Parsnip

final class TodoDraftTests: XCTestCase {
    override func setUp() async throws { try useTheCatalogues() }

    func testTrimsAndDropsControlCharactersButKeepsLineBreaksInTheDescription() {
        let draft = TodoDraft(title: "  Buy\u{0}\nmilk \t", description: "\r\nLine one\r\nLine two\u{7}\n\n")
        XCTAssertEqual(draft.title, "Buy milk")
        XCTAssertEqual(draft.description, "Line one\nLine two")
        XCTAssertTrue(draft.problems.isEmpty)
    }

    func testCountsCharactersNotBytes() {
        XCTAssertTrue(TodoDraft(title: String(repeating: "🥕", count: 200), description: "").problems.isEmpty)
        XCTAssertEqual(
            TodoDraft(title: String(repeating: "🥕", count: 201), description: "").problems.map {
                $0.message.text(in: .en)
            },
            ["Title must be 200 characters or fewer"]
        )
    }
}

final class TodoFormattingTests: XCTestCase {
    override func setUp() async throws { try useTheCatalogues() }

    func testCountLineSaysHowManyAreToDoAndDoneWithThousands() {
        XCTAssertEqual(TodoFormatting.countLine(open: 5, done: 12, search: nil), "5 to do, 12 done")
        XCTAssertEqual(TodoFormatting.countLine(open: 1_000_000, done: 0, search: nil), "1,000,000 to do, 0 done")
        XCTAssertEqual(
            TodoFormatting.countLine(open: 2, done: 1, search: "milk"), "3 to-dos match “milk”: 2 to do, 1 done")
        XCTAssertEqual(
            TodoFormatting.countLine(open: 0, done: 1, search: "milk"), "1 to-do matches “milk”: 0 to do, 1 done")
    }

    func testPreviewIsOneLineOfAtMost120Characters() {
        XCTAssertNil(TodoFormatting.preview(""))
        XCTAssertEqual(TodoFormatting.preview("one\ntwo"), "one two")
        let exactly = String(repeating: "a", count: 120)
        XCTAssertEqual(TodoFormatting.preview(exactly), exactly)
        let cut = try? XCTUnwrap(TodoFormatting.preview(exactly + "b"))
        XCTAssertEqual(cut?.count, 120)
        XCTAssertEqual(cut?.last, "…")
    }

    func testPreviewCountsCharactersNotBytesAndJoinsEveryKindOfLineBreak() {
        let accents = String(repeating: "é", count: 120)
        XCTAssertEqual(TodoFormatting.preview(accents), accents, "240 bytes, but 120 characters")
        XCTAssertEqual(TodoFormatting.preview(accents + "é"), String(repeating: "é", count: 119) + "…")
        let families = String(repeating: "👨‍👩‍👧", count: 121)
        XCTAssertEqual(TodoFormatting.preview(families)?.count, 120)
        XCTAssertEqual(TodoFormatting.preview("one\r\ntwo\u{2028}three\u{85}four"), "one two three four")
        XCTAssertEqual(TodoFormatting.preview("Buy “milk” … soon"), "Buy “milk” … soon")
        let spaced = String(repeating: "a", count: 100) + String(repeating: " ", count: 30) + "b"
        XCTAssertEqual(TodoFormatting.preview(spaced), String(repeating: "a", count: 100) + "…")
    }

    func testISOTimestampHasMillisecondsInUTC() {
        let date = Date(timeIntervalSince1970: 1_714_558_830.456)
        XCTAssertEqual(TodoFormatting.isoTimestamp(date), "2024-05-01T10:20:30.456Z")
    }
}
