/// How a to-do repeats, counted from its due day: every day, every week on that weekday, every month on that day of
/// the month, every year on that date. Ticking one off makes the next.
///
/// Stored as the String field `repeat`: "daily", "weekly", "monthly:31" (the day of the month it keeps coming back
/// to, so 31 January → 29 February → 31 March), "yearly:2-29" (the month and day: 29 February falls on 28 February
/// in a year without one, and comes back in the next leap year).
struct TodoRepeat: Sendable, Hashable {
    /// How often.
    enum Frequency: String, Sendable, CaseIterable {
        case daily, weekly, monthly, yearly
    }

    let frequency: Frequency
    /// The month (yearly) and the day of the month (monthly, yearly) it comes back to.
    let month: Int
    let day: Int

    /// The rule `frequency` makes for a to-do due on `due`.
    init(_ frequency: Frequency, from due: CalendarDate) {
        self.frequency = frequency
        month = due.month
        day = due.day
    }

    /// The rule stored as `text` ("monthly:31"); nil for anything else.
    init?(stored text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let frequency = parts.first.flatMap(Frequency.init(rawValue:)) else { return nil }
        self.frequency = frequency
        let anchor = parts.count == 2 ? parts[1].split(separator: "-").compactMap { Int($0) } : []
        switch frequency {
        case .daily, .weekly:
            guard parts.count == 1 else { return nil }
            (month, day) = (1, 1)
        case .monthly:
            guard anchor.count == 1, (1...31).contains(anchor[0]) else { return nil }
            (month, day) = (1, anchor[0])
        case .yearly:
            guard anchor.count == 2, (1...12).contains(anchor[0]),
                (1...CalendarDate.daysIn(month: anchor[0], year: 2024)).contains(anchor[1])
            else { return nil }
            (month, day) = (anchor[0], anchor[1])
        }
    }

    /// The text stored in `repeat`.
    var stored: String {
        switch frequency {
        case .daily, .weekly: frequency.rawValue
        case .monthly: "monthly:\(day)"
        case .yearly: "yearly:\(month)-\(day)"
        }
    }

    /// The first day the to-do comes back after both its due day `due` and `today`: ticked off early it comes back
    /// after the day it was due, ticked off late it comes back after today — never on a day already gone.
    func next(after due: CalendarDate, today: CalendarDate) -> CalendarDate {
        let from = due < today ? today : due
        var candidate = step(due)
        // At most a few hundred steps: a to-do overdue for years moves on to the first day after today.
        while !(from < candidate) { candidate = step(candidate) }
        return candidate
    }

    /// The day after `day` this rule names.
    private func step(_ day: CalendarDate) -> CalendarDate {
        switch frequency {
        case .daily:
            return day.adding(days: 1)
        case .weekly:
            return day.adding(days: 7)
        case .monthly:
            let (year, month) = day.month == 12 ? (day.year + 1, 1) : (day.year, day.month + 1)
            return Self.clamped(year: year, month: month, day: self.day)
        case .yearly:
            return Self.clamped(year: day.year + 1, month: month, day: self.day)
        }
    }

    /// `day` of `month`, or the month's last day when it is shorter.
    private static func clamped(year: Int, month: Int, day: Int) -> CalendarDate {
        let last = CalendarDate.daysIn(month: month, year: year)
        return CalendarDate(year: year, month: month, day: min(day, last)) ?? CalendarDate(
            year: year, month: month, day: 1)!
    }

    /// "Repeats every Tuesday" (the weekday of `due`, the to-do's due day), "Repeats every month on day 31", in
    /// `language`.
    func sentence(due: CalendarDate, in language: Language) -> String {
        switch frequency {
        case .daily:
            return language.text("todos.repeat.sentence.daily")
        case .weekly:
            return language.text(
                "todos.repeat.sentence.weekly", ["weekday": TodoFormatting.weekdayName(due, in: language)])
        case .monthly:
            return language.text("todos.repeat.sentence.monthly", counts: ["day": day])
        case .yearly:
            let date = CalendarDate(year: 2024, month: month, day: day)!
            return language.text(
                "todos.repeat.sentence.yearly", ["date": LocalFormats.day(date, in: language, .dayMonth)])
        }
    }
}
