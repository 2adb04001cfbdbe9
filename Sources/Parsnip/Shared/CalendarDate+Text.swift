import Foundation

/// The calendar day as the date input sends it, as a UTC midnight for the store, and as words for the pages.
///
/// All arithmetic is on days since 1970-01-01 in the proleptic Gregorian calendar, never through a time zone,
/// so the day cannot move whatever the server's zone is.
extension CalendarDate {
    /// English month names, January first, for `readable`.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// Reads `YYYY-MM-DD` as `<input type="date">` sends it (one-digit month or day accepted); nil for anything
    /// else, including days the calendar does not have.
    init?(iso: String) {
        guard let (year, month, day) = Self.numbers(iso) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The three numbers of `YYYY-M-D` text (four-digit year, one- or two-digit month and day, ASCII digits
    /// only), without checking that they make a real day.
    static func numbers(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count)
        else { return nil }
        var numbers: [Int] = []
        for part in parts {
            var number = 0
            for byte in part {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
            }
            numbers.append(number)
        }
        return (numbers[0], numbers[1], numbers[2])
    }

    /// `2024-05-03`: the date input's value and the form's text.
    var iso: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    /// Midnight UTC at the start of this day: the instant stored in the Parse Date.
    var date: Date {
        Date(timeIntervalSince1970: Double(Self.daysSinceEpoch(year: year, month: month, day: day)) * 86_400)
    }

    /// The UTC calendar day that contains `instant` (a Date with a time of day keeps its UTC day).
    ///
    /// Years outside 1000–9999 are kept as they are, so check `year` before trusting such a day.
    init(utcDayOf instant: Date) {
        let seconds = instant.timeIntervalSince1970
        // Clamped to ±100 million years of days so that Int conversion cannot trap on absurd instants.
        let days = Int(max(-3.6e10, min(3.6e10, (seconds / 86_400).rounded(.down))))
        let (year, month, day) = Self.civil(fromDays: days)
        self.year = year
        self.month = month
        self.day = day
    }

    /// "3 May 2024": the day as the pages show it.
    var readable: String {
        let monthName = (1...12).contains(month) ? Self.monthNames[month - 1] : "\(month)"
        return "\(day) \(monthName) \(year)"
    }

    /// Days from 1970-01-01 to the given day (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
