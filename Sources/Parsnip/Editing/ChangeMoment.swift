import Foundation

/// When a change was made, written the page language's way in the time zone of the computer Parsnip runs on:
/// "14:02" today, "3 Nov, 14:02" on another day this year, "3 Nov 2025, 14:02" in another year ("11月3日 14:02",
/// "3 nov. à 14:02", "11월 3일 오후 2:02"). Sentences say "at 14:02" for today and "on 3 Nov, 14:02" otherwise, so
/// each has a message for either (`isToday`).
struct ChangeMoment: Sendable, Hashable {
    /// True when the change was made today.
    let isToday: Bool
    /// The time, or the day and the time.
    let text: String

    init(_ date: Date, now: Date, timeZone: TimeZone = .current, language: Language = PageLanguage.current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let time = Self.format(date, .time, timeZone: timeZone, language: language)
        isToday = day.year == today.year && day.month == today.month && day.day == today.day
        if isToday {
            text = time
        } else {
            let length: Pattern = day.year == today.year ? .dayMonth : .dayMonthYear
            let dayText = Self.format(date, length, timeZone: timeZone, language: language)
            text = language.text("editing.moment.dayAndTime", ["day": dayText, "time": time])
        }
    }

    /// The ICU skeletons a moment is written with.
    private enum Pattern: String {
        /// "14:02", "오후 2:02": the hour as the language counts it.
        case time = "jmm"
        /// "3 Nov", "11月3日".
        case dayMonth = "dMMM"
        /// "3 Nov 2025", "2025年11月3日".
        case dayMonthYear = "dMMMy"
    }

    private static func format(_ date: Date, _ pattern: Pattern, timeZone: TimeZone, language: Language) -> String {
        LocalFormats.moment(date, skeleton: pattern.rawValue, in: language, timeZone: timeZone)
    }
}

extension Language {
    /// `items` joined as this language lists them: "Name, Servings and Price", "Nombre, Raciones y Precio",
    /// "名前、人分、価格"; "nothing" for none.
    func list(_ items: [String]) -> String {
        switch (self, items.count) {
        case (_, 0): return text("editing.list.nothing")
        case (_, 1): return items[0]
        // English as Parsnip always wrote it (Foundation's agrees, but this cannot drift).
        case (.en, _): return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        default: return items.formatted(.list(type: .and).locale(LocalFormats.locale(self)))
        }
    }
}
