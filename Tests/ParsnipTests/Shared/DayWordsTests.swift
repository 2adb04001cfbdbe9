import Foundation
import XCTest

@testable import Parsnip

/// Days typed in words, in each of the six languages and in English, counted from the household's day.
final class DayWordsTests: XCTestCase {
    /// Wednesday 1 May 2024, the day the test clocks start on.
    let wednesday = CalendarDate(year: 2024, month: 5, day: 1)!

    override func setUpWithError() throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    func day(_ text: String, _ language: Language = .en, today: CalendarDate? = nil) -> String? {
        DayWords.day(text, today: today ?? wednesday, in: language)?.iso
    }

    func testEnglishWordsCountFromToday() {
        XCTAssertEqual(day("today"), "2024-05-01")
        XCTAssertEqual(day("  Tomorrow. "), "2024-05-02")
        XCTAssertEqual(day("tmrw"), "2024-05-02")
        XCTAssertEqual(day("fri"), "2024-05-03")
        XCTAssertEqual(day("Friday"), "2024-05-03")
        XCTAssertEqual(day("wed"), "2024-05-01", "a weekday means the coming one, today included")
        XCTAssertEqual(day("tue"), "2024-05-07")
        XCTAssertEqual(day("next week"), "2024-05-06", "the coming Monday")
        XCTAssertEqual(day("next week", today: CalendarDate(year: 2024, month: 5, day: 6)), "2024-05-13")
        XCTAssertEqual(day("in 3 days"), "2024-05-04")
        XCTAssertEqual(day("2 weeks"), "2024-05-15")
        XCTAssertEqual(day("in 31 days"), "2024-06-01", "across a month's end")
    }

    func testADayAndMonthIsTheNextTimeThatDayComes() {
        XCTAssertEqual(day("12 May"), "2024-05-12")
        XCTAssertEqual(day("May 12"), "2024-05-12")
        XCTAssertEqual(day("12th may"), "2024-05-12")
        XCTAssertEqual(day("1 may"), "2024-05-01", "today is not past")
        XCTAssertEqual(day("30 April"), "2025-04-30", "a day already past this year is next year's")
        XCTAssertEqual(day("3 Jan"), "2025-01-03")
        XCTAssertEqual(day("29 February"), "2028-02-29", "the next year that has one")
        XCTAssertEqual(day("12 May 2027"), "2027-05-12")
        XCTAssertEqual(day("31 December", today: CalendarDate(year: 2024, month: 12, day: 31)), "2024-12-31")
        XCTAssertEqual(day("1 January", today: CalendarDate(year: 2024, month: 12, day: 31)), "2025-01-01")
    }

    func testWordsThatNameNoDayAreNotGuessed() {
        for text in [
            "", "   ", "someday", "31 April", "0 May", "32 May", "May", "12", "next", "in days", "in -3 days",
            "12 May 27", "fri sat", "12 13 May", "in 99999 days",
        ] {
            XCTAssertNil(day(text), "“\(text)”")
        }
    }

    func testEachLanguageReadsItsOwnWordsAndEnglish() {
        let examples: [(Language, String, String)] = [
            (.es, "hoy", "2024-05-01"), (.es, "Mañana", "2024-05-02"), (.es, "manana", "2024-05-02"),
            (.es, "la semana que viene", "2024-05-06"), (.es, "en 3 días", "2024-05-04"),
            (.es, "12 de mayo", "2024-05-12"), (.es, "viernes", "2024-05-03"), (.es, "tomorrow", "2024-05-02"),
            (.fr, "aujourd’hui", "2024-05-01"), (.fr, "demain", "2024-05-02"), (.fr, "dans 2 semaines", "2024-05-15"),
            (.fr, "12 mai", "2024-05-12"), (.fr, "vendredi", "2024-05-03"), (.fr, "semaine prochaine", "2024-05-06"),
            (.pt, "hoje", "2024-05-01"), (.pt, "amanhã", "2024-05-02"), (.pt, "12 de maio", "2024-05-12"),
            (.pt, "sexta-feira", "2024-05-03"), (.pt, "semana que vem", "2024-05-06"),
            (.ja, "今日", "2024-05-01"), (.ja, "明日", "2024-05-02"), (.ja, "来週", "2024-05-06"),
            (.ja, "3日後", "2024-05-04"), (.ja, "5月12日", "2024-05-12"), (.ja, "２０２７年５月１２日", "2027-05-12"),
            (.ja, "金曜日", "2024-05-03"),
            (.ko, "오늘", "2024-05-01"), (.ko, "내일", "2024-05-02"), (.ko, "다음 주", "2024-05-06"),
            (.ko, "3일 후", "2024-05-04"), (.ko, "5월 12일", "2024-05-12"), (.ko, "금요일", "2024-05-03"),
        ]
        for (language, text, expected) in examples {
            XCTAssertEqual(day(text, language), expected, "\(language.rawValue): “\(text)”")
        }
    }

    func testEveryWeekdayNameOfEveryLanguageIsTheComingOneFromEveryDayOfAWeek() {
        for language in Language.allCases {
            let formatter = DateFormatter()
            formatter.locale = LocalFormats.locale(language)
            let names = formatter.weekdaySymbols ?? []
            XCTAssertEqual(names.count, 7, "\(language)")
            for offset in 0..<7 {
                let today = wednesday.adding(days: offset)
                for (index, name) in names.enumerated() {
                    guard let found = DayWords.day(name, today: today, in: language) else {
                        XCTFail("\(language.rawValue): “\(name)” not read")
                        continue
                    }
                    XCTAssertEqual(DayWords.weekday(found), index, "\(language.rawValue): “\(name)”")
                    XCTAssertTrue((0...6).contains(today.days(until: found)), "\(language.rawValue): “\(name)”")
                }
            }
        }
    }

    func testEveryMonthNameOfEveryLanguageNamesItsMonth() {
        for language in Language.allCases {
            let formatter = DateFormatter()
            formatter.locale = LocalFormats.locale(language)
            for (index, name) in (formatter.monthSymbols ?? []).enumerated() {
                let typed = language == .ja || language == .ko ? "\(index + 1)\(name.suffix(1))15" : "15 \(name)"
                let found = DayWords.day(typed, today: wednesday, in: language)
                XCTAssertEqual(found?.month, index + 1, "\(language.rawValue): “\(typed)”")
                XCTAssertEqual(found?.day, 15, "\(language.rawValue): “\(typed)”")
            }
        }
    }
}
