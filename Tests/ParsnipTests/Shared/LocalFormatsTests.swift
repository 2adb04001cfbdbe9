import XCTest

@testable import Parsnip

/// Days and numbers as each language writes them (CLDR's examples through Foundation's ICU formatters), and typed
/// local numbers read back: decimal commas, groupings, and what is not a number left for the parsers to refuse.
final class LocalFormatsTests: XCTestCase {
    let thirdOfMarch = CalendarDate(year: 2026, month: 3, day: 3)!

    func testADayIsWrittenAsEachLanguageWritesIt() {
        let expected: [(Language, String, String)] = [
            (.en, "3 March 2026", "3 March"), (.es, "3 de marzo de 2026", "3 de marzo"),
            (.pt, "3 de março de 2026", "3 de março"), (.fr, "3 mars 2026", "3 mars"),
            (.ko, "2026년 3월 3일", "3월 3일"), (.ja, "2026年3月3日", "3月3日"),
        ]
        for (language, withYear, withoutYear) in expected {
            XCTAssertEqual(LocalFormats.day(thirdOfMarch, in: language), withYear, "\(language)")
            XCTAssertEqual(LocalFormats.day(thirdOfMarch, in: language, .dayMonth), withoutYear, "\(language)")
        }
    }

    func testNumbersUseTheLanguagesDecimalMarkAndGrouping() {
        XCTAssertEqual(LocalFormats.number(1234.5, in: .en), "1,234.5")
        XCTAssertEqual(LocalFormats.number(1234.5, in: .pt), "1.234,5")
        XCTAssertEqual(LocalFormats.number(1234.5, in: .fr), "1\u{202F}234,5")
        XCTAssertEqual(LocalFormats.number(1.5, in: .es), "1,5")
        XCTAssertEqual(LocalFormats.whole(1_000_000, in: .ja), "1,000,000")
    }

    func testTypedLocalNumbersAreReadAsPlainNumbers() {
        let cases: [(String, Language, String)] = [
            ("3,50", .es, "3.50"), ("3.50", .es, "3.50"), ("1.234,5", .es, "1234.5"), ("1,234.5", .en, "1234.5"),
            ("1 234,5", .fr, "1234.5"), ("1\u{202F}234,5", .fr, "1234.5"), ("1,5", .en, "1.5"),
            ("1,500", .en, "1500"), ("1,500", .fr, "1.500"), ("-2,5", .pt, "-2.5"), ("12", .ko, "12"),
        ]
        for (typed, language, plain) in cases {
            XCTAssertEqual(LocalFormats.plainNumber(typed, in: language), plain, "\(typed) in \(language)")
        }
    }

    func testWhatIsNotANumberIsLeftAsTypedForTheParsersToRefuse() {
        for typed in ["3.9.9", "12,34,56", "1 2", "1 ½", "3/4", "abc", "", "1,2345,678"] {
            XCTAssertEqual(LocalFormats.plainNumber(typed, in: .en), typed, typed)
        }
    }
}
