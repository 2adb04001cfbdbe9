import Foundation
import XCTest

@testable import Parsnip

/// The small pieces the pages rely on: form decoding, cursors, validation and formatting.
final class FormFieldsTests: XCTestCase {
    func testDecodesPlusPercentEscapesAndUnicode() throws {
        let fields = try FormFields(urlEncoded: Array("title=Oat+milk%20%E2%80%9Cx%E2%80%9D&empty=&flag".utf8))
        XCTAssertEqual(fields["title"], "Oat milk “x”")
        XCTAssertEqual(fields["empty"], "")
        XCTAssertEqual(fields["flag"], "")
        XCTAssertNil(fields["missing"])
    }

    func testRefusesBrokenEscapesBrokenUTF8DuplicatesAndTooManyFields() {
        let bad: [[UInt8]] = [
            Array("a=%".utf8), Array("a=%4".utf8), Array("a=%G0".utf8), Array("a=%C3%28".utf8), [0x61, 0x3D, 0xFF],
            Array("a=1&a=2".utf8),
            Array((0...FormFields.maximumFieldCount).map { "f\($0)=1" }.joined(separator: "&").utf8),
        ]
        for bytes in bad {
            XCTAssertThrowsError(try FormFields(urlEncoded: bytes), String(decoding: bytes, as: UTF8.self))
        }
        let atTheLimit = (1...FormFields.maximumFieldCount).map { "f\($0)=1" }.joined(separator: "&")
        XCTAssertEqual(try FormFields(urlEncoded: Array(atTheLimit.utf8))["f512"], "1")
    }
}

final class PageCursorTests: XCTestCase {
    func testRoundTripsThroughItsURLForm() throws {
        let cursor = PageCursor(milliseconds: 1_714_558_830_456, objectId: "AbCdE12345")
        XCTAssertEqual(cursor.text, "1714558830456-AbCdE12345")
        XCTAssertEqual(PageCursor(Substring(cursor.text)), cursor)
        XCTAssertEqual(cursor.date.timeIntervalSince1970, 1_714_558_830.456, accuracy: 0.0001)
    }

    func testRefusesMalformedText() {
        for text in ["", "-", "123", "123-", "-abc", "12a-abc", "1-ab/c", "1-ab c", "1234567890123456-a", "+1-abc"] {
            XCTAssertNil(PageCursor(Substring(text)), text)
        }
    }
}

final class TodoDraftTests: XCTestCase {
    func testTrimsAndDropsControlCharactersButKeepsLineBreaksInTheDescription() {
        let draft = TodoDraft(title: "  Buy\u{0}\nmilk \t", description: "\r\nLine one\r\nLine two\u{7}\n\n")
        XCTAssertEqual(draft.title, "Buy milk")
        XCTAssertEqual(draft.description, "Line one\nLine two")
        XCTAssertTrue(draft.problems.isEmpty)
    }

    func testCountsCharactersNotBytes() {
        XCTAssertTrue(TodoDraft(title: String(repeating: "🥕", count: 200), description: "").problems.isEmpty)
        XCTAssertEqual(
            TodoDraft(title: String(repeating: "🥕", count: 201), description: "").problems.map(\.message),
            ["Title must be 200 characters or fewer"]
        )
    }
}

final class TodoFormattingTests: XCTestCase {
    func testCountLineUsesSingularPluralAndThousands() {
        XCTAssertEqual(TodoFormatting.countLine(total: 1, search: nil), "1 to-do")
        XCTAssertEqual(TodoFormatting.countLine(total: 128, search: nil), "128 to-dos")
        XCTAssertEqual(TodoFormatting.countLine(total: 1_000_000, search: nil), "1,000,000 to-dos")
        XCTAssertEqual(TodoFormatting.countLine(total: 3, search: "milk"), "3 to-dos match “milk”")
        XCTAssertEqual(TodoFormatting.countLine(total: 1, search: "milk"), "1 to-do matches “milk”")
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

    func testISOTimestampHasMillisecondsInUTC() {
        let date = Date(timeIntervalSince1970: 1_714_558_830.456)
        XCTAssertEqual(TodoFormatting.isoTimestamp(date), "2024-05-01T10:20:30.456Z")
    }
}

final class ViewModelLookupTests: XCTestCase {
    /// TodoRow answers template names itself (for speed); it must answer exactly its stored properties.
    func testTodoRowAnswersEveryStoredPropertyByName() throws {
        let row = TodoFormatting.row(
            TodoListItem(
                id: "AbCdE12345", title: "Title", description: "Words", createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: 0)
            )
        )
        let children = Mirror(reflecting: row).children
        XCTAssertFalse(children.isEmpty)
        for child in children {
            let label = try XCTUnwrap(child.label)
            let answered = try XCTUnwrap(row.child(named: label), "TodoRow.child(named:) misses \(label)")
            var stored: Any = child.value
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .optional, let wrapped = mirror.children.first { stored = wrapped.value }
            XCTAssertEqual("\(answered)", "\(stored)", label)
        }
        XCTAssertNil(row.child(named: "nothing"))
    }
}

/// The byte-level HTML escaper the page templates use.
final class UTF8HTMLContentTypeTests: XCTestCase {
    func testEscapesTheSameFiveCharactersAsMustacheAndKeepsUnicode() {
        let escaped = UTF8HTMLContentType().escapeText(#"<b class="x">Tom & Jerry's</b> café 漢字 🥕"#)
        XCTAssertEqual(escaped, "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt; café 漢字 🥕")
    }

    func testTextWithoutSpecialCharactersComesBackUnchanged() {
        XCTAssertEqual(UTF8HTMLContentType().escapeText("Buy oat milk — two cartons"), "Buy oat milk — two cartons")
    }
}
