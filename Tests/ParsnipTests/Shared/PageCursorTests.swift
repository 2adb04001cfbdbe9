import Foundation
import XCTest

@testable import Parsnip

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
