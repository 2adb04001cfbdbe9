import Foundation
import XCTest

@testable import Parsnip

/// Ingredient quantities as cooks type and read them, and the promise that showing one never changes it.
final class QuantityTextTests: XCTestCase {
    func testReadsDecimalsFractionsMixedNumbersAndGlyphs() {
        let accepted: [(String, Double)] = [
            ("2", 2), ("0.5", 0.5), ("0,5", 0.5), (".5", 0.5), ("2.", 2), (" 2 ", 2), ("1/2", 0.5), ("3/2", 1.5),
            ("1 1/2", 1.5), ("2  3/4", 2.75), ("½", 0.5), ("1½", 1.5), ("1 ½", 1.5), ("¼", 0.25), ("¾", 0.75),
            ("⅕", 0.2), ("⅖", 0.4), ("⅗", 0.6), ("⅘", 0.8), ("⅛", 0.125), ("⅜", 0.375), ("⅝", 0.625), ("⅞", 0.875),
            ("0.1", 0.1), ("100000", 100_000),
        ]
        for (text, value) in accepted {
            XCTAssertEqual(QuantityText.parse(text), value, text)
        }
        XCTAssertEqual(QuantityText.parse("⅓"), 1.0 / 3)
        XCTAssertEqual(QuantityText.parse("⅔"), 2.0 / 3)
        XCTAssertEqual(QuantityText.parse("⅙"), 1.0 / 6)
        XCTAssertEqual(QuantityText.parse("⅚"), 5.0 / 6)
    }

    func testRefusesSignsExponentsSeparatorsAndDivisionByZero() {
        let refused = [
            "", " ", "-1", "+1", "1e3", "1E3", "1/0", "0/0", "1 3/2", "1,234.5", "1.2.3", "½½", "1 1 ½", "1.5½", "½1",
            "abc", "1/2/3", "1 / 2", "١", "∞", "nan", "inf", "0x10", "1_000", "1 000", "2 kg",
        ]
        for text in refused {
            XCTAssertNil(QuantityText.parse(text), text)
        }
    }

    func testTheSameThirdReadsTheSameWhicheverWayItIsWritten() {
        let third = QuantityText.parse("1⅓")
        XCTAssertEqual(QuantityText.parse("4/3"), third)
        XCTAssertEqual(QuantityText.parse("1 1/3"), third)
        XCTAssertEqual(QuantityText.parse("1.333333333"), third)
        XCTAssertNotEqual(QuantityText.parse("1.3333"), third)
    }

    func testFormatsCommonFractionsAsGlyphsAndOtherValuesAsShortestDecimals() {
        let shown: [(Double, String)] = [
            (1.5, "1½"), (0.3333333333333333, "⅓"), (2, "2"), (0.1, "0.1"), (2.25, "2¼"), (0.125, "⅛"),
            (2.0 / 3, "⅔"), (5.0 / 6, "⅚"), (1.0 / 6, "⅙"), (7.875, "7⅞"), (0, "0"), (0.2, "0.2"), (0.00001, "0.00001"),
            (123_456_789.123, "123456789.123"), (1e20, "100000000000000000000"), (2.35, "2.35"), (-1.5, "-1½"),
        ]
        for (value, text) in shown {
            XCTAssertEqual(QuantityText.format(value), text, "\(value)")
        }
    }

    func testShowingAQuantityAndReadingItBackNeverChangesIt() throws {
        var texts = ["0.1", "0.333333333", "1.000000001", "99999.99", "0.00001", "12345.678"]
        for numerator in 1...200 {
            for denominator in 1...12 { texts.append("\(numerator)/\(denominator)") }
            texts.append("\(numerator / 10).\(numerator % 10)7")
        }
        for text in texts {
            let value = try XCTUnwrap(QuantityText.parse(text), text)
            XCTAssertEqual(
                QuantityText.parse(QuantityText.format(value)), value, "\(text) → \(QuantityText.format(value))")
        }
    }
}
