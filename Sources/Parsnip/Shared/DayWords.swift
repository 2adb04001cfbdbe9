import Foundation

/// A day typed in words — "today", "tomorrow", "fri", "next week", "in 3 days", "12 May", "May 12 2027",
/// "5月12日" — read in the page's language and in English, counted from the household's day.
///
/// A weekday means the coming one, today included ("fri" on a Friday is today); "next week" is the coming Monday;
/// a day and month without a year is the next time that day comes (this year, or next year once it has passed).
enum DayWords {
    /// The day `text` names on the day `today`, or nil when it names none Parsnip understands.
    static func day(_ text: String, today: CalendarDate, in language: Language) -> CalendarDate? {
        let typed = fold(text)
        guard !typed.isEmpty else { return nil }
        for reading in language == .en ? [Language.en] : [language, .en] {
            if let day = relative(typed, today: today, in: reading) { return day }
        }
        return monthDay(typed, today: today, in: language)
    }

    /// Today, tomorrow, next week, in N days or weeks, or a weekday, in `language`'s words.
    private static func relative(_ typed: String, today: CalendarDate, in language: Language) -> CalendarDate? {
        if words(language.text("dates.words.today")).contains(typed) { return today }
        if words(language.text("dates.words.tomorrow")).contains(typed) { return today.adding(days: 1) }
        if words(language.text("dates.words.nextWeek")).contains(typed) {
            let untilMonday = (8 - weekday(today)) % 7
            return today.adding(days: untilMonday == 0 ? 7 : untilMonday)
        }
        let counted = [(language.text("dates.words.inDays"), 1), (language.text("dates.words.inWeeks"), 7)]
        for (entry, days) in counted {
            for pattern in words(entry) {
                if let count = number(in: typed, pattern: pattern), count <= 3_650 / days {
                    return today.adding(days: count * days)
                }
            }
        }
        if let wanted = weekdayNames(language).first(where: { $0.names.contains(typed) })?.index {
            return today.adding(days: (wanted - weekday(today) + 7) % 7)
        }
        return nil
    }

    /// "12 May", "May 12", "12 de mayo de 2027", "12th May", "5月12日", "2027年5月12日", "5월 12일".
    private static func monthDay(_ typed: String, today: CalendarDate, in language: Language) -> CalendarDate? {
        var month: Int?
        var numbers: [Int] = []
        if let match = typed.firstMatch(of: /(?:(\d{4})\s*[年년]\s*)?(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?/) {
            month = Int(match.2)
            numbers = [Int(match.3)].compactMap { $0 } + (match.1.flatMap { Int($0) }.map { [$0] } ?? [])
        } else {
            let tokens = typed.split(whereSeparator: { " ,/-".contains($0) }).map(String.init)
            for token in tokens where !["de", "of", "the", "le"].contains(token) {
                if let value = Int(token.trimmingCharacters(in: .letters.union(CharacterSet(charactersIn: "º°.")))) {
                    numbers.append(value)
                } else if month == nil, let named = monthNumber(token, in: language) {
                    month = named
                } else {
                    return nil
                }
            }
        }
        guard let month, let dayNumber = numbers.first, numbers.count <= 2 else { return nil }
        if numbers.count == 2 {
            guard numbers[1] >= 1_000 else { return nil }
            return CalendarDate(year: numbers[1], month: month, day: dayNumber)
        }
        if let thisYear = CalendarDate(year: today.year, month: month, day: dayNumber), !(thisYear < today) {
            return thisYear
        }
        // Already past this year (or 29 February in a year without one): the next year that has that day.
        return (1...8).lazy.compactMap { CalendarDate(year: today.year + $0, month: month, day: dayNumber) }.first
    }

    /// `text` as it is compared: lower case, without accents, full-width letters and digits as ASCII ones, curly
    /// apostrophes straight, spaces single, no full stop at the end.
    static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "\u{2019}", with: "'")
        var words = folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while words.hasSuffix(".") { words.removeLast() }
        return words
    }

    /// The alternatives of a catalogue entry ("tomorrow|tmrw"), folded.
    private static func words(_ entry: String) -> [String] {
        entry.split(separator: "|").map { fold(String($0)) }
    }

    /// The number `pattern` ("in # days") holds where its `#` is, when `typed` is that pattern.
    private static func number(in typed: String, pattern: String) -> Int? {
        let parts = pattern.components(separatedBy: "#")
        guard parts.count == 2, typed.hasPrefix(parts[0]), typed.hasSuffix(parts[1]),
            typed.count > parts[0].count + parts[1].count
        else { return nil }
        let middle = typed.dropFirst(parts[0].count).dropLast(parts[1].count).trimmingCharacters(in: .whitespaces)
        return Int(middle).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Sunday 0 … Saturday 6.
    static func weekday(_ day: CalendarDate) -> Int {
        ((day.daysSinceEpoch + 4) % 7 + 7) % 7
    }

    /// Each weekday's names in `language` — whole and short, folded, without their full stop — Sunday first.
    private static func weekdayNames(_ language: Language) -> [(index: Int, names: Set<String>)] {
        let names = symbols(language).weekdays
        return names.enumerated().map { ($0.offset, $0.element) }
    }

    /// The month `token` names in `language` or English (1–12), by its whole or short name.
    private static func monthNumber(_ token: String, in language: Language) -> Int? {
        for reading in [language, .en] {
            if let index = symbols(reading).months.firstIndex(where: { $0.contains(token) }) { return index + 1 }
        }
        return nil
    }

    /// A language's weekday and month names, read once from Foundation.
    private static let cache = LockedValue<[Language: (weekdays: [Set<String>], months: [Set<String>])]>([:])

    private static func symbols(_ language: Language) -> (weekdays: [Set<String>], months: [Set<String>]) {
        cache.withLock { cache in
            if let known = cache[language] { return known }
            let formatter = DateFormatter()
            formatter.locale = LocalFormats.locale(language)
            func sets(_ lists: [[String]?]) -> [Set<String>] {
                let lists = lists.compactMap { $0 }
                guard let count = lists.first?.count else { return [] }
                return (0..<count).map { index in
                    Set(lists.compactMap { index < $0.count ? fold($0[index]) : nil }.filter { $0.count >= 2 })
                }
            }
            let made = (
                weekdays: sets([
                    formatter.weekdaySymbols, formatter.shortWeekdaySymbols, formatter.standaloneWeekdaySymbols,
                    formatter.shortStandaloneWeekdaySymbols,
                ]),
                months: sets([
                    formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols,
                    formatter.shortStandaloneMonthSymbols,
                ])
            )
            cache[language] = made
            return made
        }
    }
}
