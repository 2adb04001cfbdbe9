import Foundation

/// Days, numbers and typed numbers the way each language writes them, through Foundation's ICU formatters: "3 March
/// 2026", "3 de marzo de 2026", "3 mars 2026", "2026年3月3日", "2026년 3월 3일"; "1,234.5", "1 234,5", "1.234,5".
enum LocalFormats {
    /// The locale a language's pages write in: British English, Brazilian Portuguese, the others as they stand.
    static func locale(_ language: Language) -> Locale {
        switch language {
        case .en: Locale(identifier: "en_GB")
        case .pt: Locale(identifier: "pt_BR")
        default: Locale(identifier: language.rawValue)
        }
    }

    /// The ICU skeletons the pages use: a day with its year, without, and with its weekday.
    enum DateLength: String, Sendable, CaseIterable {
        /// "3 March 2026", "2026年3月3日".
        case dayMonthYear = "dMMMMy"
        /// "3 March", "3月3日".
        case dayMonth = "dMMMM"
        /// "Tuesday 3 March", "3月3日 火曜日".
        case weekdayDayMonth = "EEEEdMMMM"
        /// "3 Mar 2026": where room is short.
        case shortDayMonthYear = "dMMMy"
    }

    /// Formatters by language, skeleton and time zone, made once each: making one costs far more than using it.
    /// A formatter is used under its lock, so there are several sets — one a core, at most 8, since each ICU
    /// formatter holds tens of kilobytes — each thread using the one its identity picks: rows formatted on many cores
    /// at once rarely wait for each other.
    private static let formatterSets = (0..<min(8, max(2, ProcessInfo.processInfo.activeProcessorCount))).map { _ in
        LockedValue<[String: DateFormatter]>([:])
    }

    /// The set of formatters the calling thread uses.
    private static var formatters: LockedValue<[String: DateFormatter]> {
        let thread = unsafeBitCast(pthread_self(), to: UInt.self)
        return formatterSets[Int((thread >> 12) % UInt(formatterSets.count))]
    }

    /// `day` in `language`, `length` long. The day is a calendar day, so it is written in UTC and cannot move.
    static func day(_ day: CalendarDate, in language: Language, _ length: DateLength = .dayMonthYear) -> String {
        moment(day.date, skeleton: length.rawValue, in: language, timeZone: utc)
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// The instant `date` on the clock of `timeZone`, written by the ICU skeleton `skeleton` ("jmm" for the time,
    /// "dMMM" for a short day) the way `language` writes it.
    static func moment(_ date: Date, skeleton: String, in language: Language, timeZone: TimeZone) -> String {
        let key = "\(language.rawValue) \(skeleton) \(timeZone.identifier)"
        return formatters.withLock { formatters in
            let formatter: DateFormatter
            if let made = formatters[key] {
                formatter = made
            } else {
                formatter = DateFormatter()
                formatter.locale = locale(language)
                formatter.timeZone = timeZone
                formatter.setLocalizedDateFormatFromTemplate(skeleton)
                formatters[key] = formatter
            }
            return formatter.string(from: date)
        }
    }

    /// `number` in `language`'s digits grouping and decimal mark, with at most `fractionDigits` decimals.
    static func number(_ number: Double, in language: Language, fractionDigits: Int = 2) -> String {
        number.formatted(.number.precision(.fractionLength(0...fractionDigits)).locale(locale(language)))
    }

    /// A whole number grouped the language's way: 1280 → "1,280", "1 280", "1.280".
    static func whole(_ number: Int, in language: Language) -> String {
        // Below a thousand every language here writes the plain digits; most counts on a page are.
        if (0..<1000).contains(number) { return String(number) }
        return number.formatted(.number.locale(locale(language)))
    }

    /// The decimal mark of `language`: "." or ",".
    static func decimalMark(_ language: Language) -> Character {
        switch language {
        case .en, .ko, .ja: "."
        case .es, .pt, .fr: ","
        }
    }

    /// A typed number in `language`'s way ("3,50", "1.234,5", "1 234,5", "1,234.5", "3.50") as plain digits with a
    /// "." decimal point ("3.50", "1234.5") for the parsers that read that; the text unchanged when it is not such
    /// a number (a fraction like "1 ½" or "3/4", words), so those parsers still say what is wrong with it.
    ///
    /// The mark that comes last and is followed by other than three digits is the decimal one; with three digits
    /// after it, the language's own decimal mark decides ("1,500" is 1500 in English, 1.5 in French).
    static func plainNumber(_ text: String, in language: Language) -> String {
        let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "'"]
        var sign = ""
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        guard !body.isEmpty,
            body.allSatisfy({ $0.isASCII && $0.isNumber || $0 == "." || $0 == "," || spaces.contains($0) }),
            body.first?.isNumber == true
        else { return text }
        let groups = body.split(whereSeparator: { spaces.contains($0) })
        guard groups.dropFirst().allSatisfy({ $0.prefix(while: \.isNumber).count == 3 }) else { return text }
        let marks = body.filter { $0 == "." || $0 == "," }
        let digitsOnly = body.filter { $0.isNumber }
        guard let lastMarkIndex = body.lastIndex(where: { $0 == "." || $0 == "," }) else {
            return sign + digitsOnly
        }
        let lastMark = body[lastMarkIndex]
        let after = body[body.index(after: lastMarkIndex)...].filter { $0.isNumber }
        let usesBothMarks = marks.contains(".") && marks.contains(",")
        let lastIsDecimal: Bool
        if usesBothMarks {
            lastIsDecimal = true
        } else if marks.count > 1 {
            lastIsDecimal = false
        } else {
            lastIsDecimal = after.count != 3 || lastMark == decimalMark(language)
        }
        let whole = lastIsDecimal ? body[..<lastMarkIndex] : body
        guard groupedInThrees(whole, spaces: spaces) else { return text }
        guard lastIsDecimal else { return sign + digitsOnly }
        let before = whole.filter { $0.isNumber }
        return sign + (before.isEmpty ? "0" : before) + "." + after
    }

    /// True when the whole part's separators ("1.234.567", "1 234") each stand before exactly three digits, and
    /// the first group has one to three: "3.9.9" and "12,34,56" are not numbers.
    private static func groupedInThrees(_ whole: Substring, spaces: Set<Character>) -> Bool {
        let groups = whole.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," || spaces.contains($0) }
        guard groups.count > 1 else { return true }
        return (1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }
    }
}
