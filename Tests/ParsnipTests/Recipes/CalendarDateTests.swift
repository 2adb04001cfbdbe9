import Foundation
import XCTest

@testable import Parsnip

/// A release date is a calendar day: no time, no zone, never moved a day.
final class CalendarDateTests: XCTestCase {
    func testReadsTheDateInputsTextAndOneDigitMonthsAndDays() {
        XCTAssertEqual(CalendarDate(iso: "2024-05-03"), CalendarDate(year: 2024, month: 5, day: 3))
        XCTAssertEqual(CalendarDate(iso: "2024-5-3"), CalendarDate(year: 2024, month: 5, day: 3))
        for text in [
            "", "24-05-03", "2024-05-03T00:00", "2024/05/03", "2024-005-03", " 2024-05-03", "２０２４-05-03",
            "2024-05", "2024-0x-03", "+024-05-03", "0999-12-31",
        ] {
            XCTAssertNil(CalendarDate(iso: text), text)
        }
    }

    func testTwentyNinthFebruaryExistsOnlyInLeapYears() {
        XCTAssertNotNil(CalendarDate(iso: "2024-02-29"))
        XCTAssertNotNil(CalendarDate(iso: "2000-02-29"))
        XCTAssertNil(CalendarDate(iso: "2023-02-29"))
        XCTAssertNil(CalendarDate(iso: "1900-02-29"))
        XCTAssertNil(CalendarDate(iso: "2024-02-30"))
        XCTAssertNil(CalendarDate(iso: "2024-04-31"))
    }

    func testWritesPaddedISOTextAndReadableWords() throws {
        let day = try XCTUnwrap(CalendarDate(year: 2024, month: 5, day: 3))
        XCTAssertEqual(day.iso, "2024-05-03")
        XCTAssertEqual(day.readable, "3 May 2024")
        XCTAssertEqual(CalendarDate(year: 2024, month: 12, day: 25)?.readable, "25 December 2024")
    }

    func testTheStoredInstantIsMidnightUTC() throws {
        XCTAssertEqual(CalendarDate(year: 2024, month: 5, day: 3)?.date.timeIntervalSince1970, 1_714_694_400)
        XCTAssertEqual(CalendarDate(year: 1970, month: 1, day: 1)?.date.timeIntervalSince1970, 0)
        XCTAssertEqual(CalendarDate(year: 1969, month: 12, day: 31)?.date.timeIntervalSince1970, -86_400)
    }

    func testTheUTCDayOfAnInstantIgnoresTheTimeOfDay() {
        let lateEvening = Date(timeIntervalSince1970: 1_714_694_400 + 23 * 3600 + 59 * 60 + 59.999)
        XCTAssertEqual(CalendarDate(utcDayOf: lateEvening), CalendarDate(year: 2024, month: 5, day: 3))
        let justBefore = Date(timeIntervalSince1970: 1_714_694_400 - 0.001)
        XCTAssertEqual(CalendarDate(utcDayOf: justBefore), CalendarDate(year: 2024, month: 5, day: 2))
        let beforeEpoch = Date(timeIntervalSince1970: -3600)
        XCTAssertEqual(CalendarDate(utcDayOf: beforeEpoch), CalendarDate(year: 1969, month: 12, day: 31))
    }

    func testEveryDayOfThreeCenturiesMatchesFoundationsUTCCalendarAndRoundTrips() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        var days = 0
        for year in 1900...2199 {
            for month in 1...12 {
                for day in 1...CalendarDate.daysIn(month: month, year: year) {
                    let date = try XCTUnwrap(CalendarDate(year: year, month: month, day: day))
                    let parts = calendar.dateComponents([.year, .month, .day, .hour], from: date.date)
                    guard parts.year == year, parts.month == month, parts.day == day, parts.hour == 0,
                        CalendarDate(utcDayOf: date.date.addingTimeInterval(86_399)) == date,
                        CalendarDate(iso: date.iso) == date
                    else { return XCTFail("\(date.iso) gave \(parts)") }
                    days += 1
                }
            }
        }
        XCTAssertEqual(days, 109_573)
    }
}
