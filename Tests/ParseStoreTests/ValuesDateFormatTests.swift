import Foundation
import XCTest

@testable import ParseStore

/// ParseDateFormat: the hand-written `YYYY-MM-DDTHH:MM:SS.mmmZ` formatter and parser.
final class ValuesDateFormatTests: XCTestCase {
    func testFormatHasExactlyThreeFractionDigitsAndZ() {
        let date = Date(timeIntervalSince1970: 1_714_558_830.456)
        XCTAssertEqual(ParseDateFormat.string(from: date), "2024-05-01T10:20:30.456Z")
    }

    func testFormatTruncatesBelowMilliseconds() {
        XCTAssertEqual(
            ParseDateFormat.string(from: Date(timeIntervalSince1970: 1_714_558_830.4569)), "2024-05-01T10:20:30.456Z")
    }

    func testDatesBefore1970AreFormattedCorrectly() {
        XCTAssertEqual(ParseDateFormat.string(from: ParseDateFormat.date(milliseconds: -1)), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(
            ParseDateFormat.string(from: ParseDateFormat.date(milliseconds: -62_135_596_800_000)),
            "0001-01-01T00:00:00.000Z")
    }

    func testFormatAgreesWithFoundationForRandomMilliseconds() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // 1900…2200
            let ms = Int64.random(in: -2_208_988_800_000...7_258_118_400_000, using: &generator)
            let date = ParseDateFormat.date(milliseconds: ms)
            XCTAssertEqual(ParseDateFormat.string(from: date), formatter.string(from: date), "\(ms)")
        }
    }

    func testFormatThenParseRoundTripsEveryMillisecondValue() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let ms = Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)
            let date = ParseDateFormat.date(milliseconds: ms)
            let text = ParseDateFormat.string(from: date)
            XCTAssertEqual(ParseDateFormat.date(from: text), date, text)
            XCTAssertEqual(ParseDateFormat.milliseconds(date), ms, text)
        }
    }

    func testFormattedTextSortsInTimeOrder() {
        let instants: [Int64] = [-5_000, 0, 999, 1_000, 86_399_999, 1_714_558_830_456, 4_102_444_800_000]
        let texts = instants.map { ParseDateFormat.string(from: ParseDateFormat.date(milliseconds: $0)) }
        XCTAssertEqual(texts, texts.sorted())
    }

    func testTruncationIsIdempotent() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -1e10...1e10, using: &generator))
            let once = ParseDateFormat.truncated(date)
            XCTAssertEqual(ParseDateFormat.truncated(once), once)
        }
    }

    func testParseAcceptsOffsetsAndOtherFractionLengths() {
        let expected = ParseDateFormat.date(milliseconds: 1_714_558_830_450)
        XCTAssertEqual(ParseDateFormat.date(from: "2024-05-01T10:20:30.45Z"), expected)
        XCTAssertEqual(ParseDateFormat.date(from: "2024-05-01T10:20:30.450999Z"), expected)
        XCTAssertEqual(ParseDateFormat.date(from: "2024-05-01T12:20:30.450+02:00"), expected)
        XCTAssertEqual(
            ParseDateFormat.date(from: "2024-05-01T10:20:30Z"), ParseDateFormat.date(milliseconds: 1_714_558_830_000))
    }

    func testParseRejectsMalformedDates() {
        for text in [
            "", "garbage", "2024-05-01", "2024-05-01T10:20", "2024-05-01T10:20:30.456", "2024-13-01T00:00:00.000Z",
            "2023-02-29T00:00:00.000Z", "2024-04-31T00:00:00.000Z", "2024-05-01T24:00:00.000Z",
            "2024-05-01T10:60:00.000Z", "2024-05-01T10:20:30.Z", "2024-05-01T10:20:30.456Zjunk", "24-05-01T10:20:30Z",
        ] {
            XCTAssertNil(ParseDateFormat.date(from: text), text)
        }
    }

    func testLeapDayIsAccepted() {
        XCTAssertEqual(
            ParseDateFormat.date(from: "2024-02-29T00:00:00.000Z"),
            ParseDateFormat.date(milliseconds: 1_709_164_800_000))
    }
}
