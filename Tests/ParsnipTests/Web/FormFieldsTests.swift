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
