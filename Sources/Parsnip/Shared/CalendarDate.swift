/// A day on the calendar, with no time and no time zone: what a release date is.
///
/// Stored as the Parse Date at midnight UTC of that day (`2024-05-03T00:00:00.000Z`) and read back from the
/// UTC day of any stored Date, so it never moves a day whatever the server's or browser's time zone.
struct CalendarDate: Sendable, Hashable, Comparable {
    var year: Int
    var month: Int
    var day: Int

    /// A real calendar day (leap years included), year 1000–9999; nil otherwise.
    init?(year: Int, month: Int, day: Int) {
        guard (1000...9999).contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days in `month` of `year`, in the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
