import Foundation

/// The calendar day an instant falls on in a time zone, and counting days between calendar days.
extension CalendarDate {
    /// The day `instant` falls on in `timeZone` (the household's day, not UTC's).
    init(dayOf instant: Date, in timeZone: TimeZone) {
        let shifted = instant.addingTimeInterval(Double(timeZone.secondsFromGMT(for: instant)))
        self.init(utcDayOf: shifted)
    }

    /// The UTC calendar day of a stored Date, when it is a day the forms can show (years 1000–9999).
    init?(stored date: Date) {
        let day = CalendarDate(utcDayOf: date)
        self.init(year: day.year, month: day.month, day: day.day)
    }

    /// Days since 1970-01-01.
    var daysSinceEpoch: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }

    /// The day `days` later (earlier when negative).
    func adding(days: Int) -> CalendarDate {
        let (year, month, day) = Self.civil(fromDays: daysSinceEpoch + days)
        var result = self
        result.year = year
        result.month = month
        result.day = day
        return result
    }

    /// Whole days from `self` to `other`: 1 when `other` is the next day, negative when it is earlier.
    func days(until other: CalendarDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// "3 March" in the year `today` is in, "3 March 2023" in any other year.
    func readable(relativeTo today: CalendarDate) -> String {
        guard year == today.year else { return readable }
        let monthName = (1...12).contains(month) ? Self.monthNames[month - 1] : "\(month)"
        return "\(day) \(monthName)"
    }
}
