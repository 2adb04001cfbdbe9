import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns to-dos and counts into the words and numbers the pages show.
enum TodoFormatting {
    /// How many characters of a description the list shows.
    static let previewLength = 120

    /// The row of `item` as the lists show it in `language` on the day `today` (the household's day, in
    /// `timeZone`).
    static func row(_ item: TodoListItem, today: CalendarDate, timeZone: TimeZone, in language: Language = .en)
        -> TodoRow
    {
        let overdue = !item.done && item.dueDate.map { $0 < today } == true
        var doneText: String? = nil
        if item.done, let completedAt = item.completedAt {
            doneText = Self.doneText(completedAt, today: today, timeZone: timeZone, in: language)
        }
        return TodoRow(
            title: item.title,
            quotedTitle: language.text("todos.quoted", ["title": item.title]),
            url: "/todos/\(item.id)",
            preview: preview(item.description),
            done: item.done,
            dueText: item.done ? nil : item.dueDate.map { dueText($0, today: today, in: language) },
            overdue: overdue,
            doneText: doneText ?? (item.done ? language.text("todos.state.done") : nil),
            who: item.assignee.map { language.text("todos.row.who", ["name": $0]) },
            repeatText: item.done
                ? nil
                : item.dueDate.flatMap { due in item.repeatRule.map { $0.sentence(due: due, in: language) } },
            tick: TodoTick(
                action: "/todos/\(item.id)/done", value: item.done ? "0" : "1", pressed: item.done,
                label: language.text("todos.tick.label", ["title": item.title])),
            editURL: "/todos/\(item.id)/edit",
            deleteURL: "/todos/\(item.id)/delete"
        )
    }

    /// When a to-do is due, in words, on the day `today`: "Overdue since 3 March", "Due today", "Due tomorrow",
    /// "Due on Friday" within the week, else "Due 12 May" ("Due 12 May 2027" in another year) — in `language`.
    static func dueText(_ due: CalendarDate, today: CalendarDate, in language: Language = .en) -> String {
        let days = today.days(until: due)
        switch days {
        case ..<0: return language.text("todos.due.overdue", ["day": day(due, today: today, in: language)])
        case 0: return language.text("todos.due.today")
        case 1: return language.text("todos.due.tomorrow")
        case 2...6: return language.text("todos.due.weekday", ["weekday": weekdayName(due, in: language)])
        default: return language.text("todos.due.day", ["day": day(due, today: today, in: language)])
        }
    }

    /// "Done today", "Done yesterday", or "Done 3 May" ("Done 3 May 2023" in another year): the household's day
    /// of `instant`, in `language`.
    static func doneText(_ instant: Date, today: CalendarDate, timeZone: TimeZone, in language: Language = .en)
        -> String
    {
        let day = CalendarDate(dayOf: instant, in: timeZone)
        switch day.days(until: today) {
        case 0: return language.text("todos.doneWhen.today")
        case 1: return language.text("todos.doneWhen.yesterday")
        default: return language.text("todos.doneWhen.day", ["day": Self.day(day, today: today, in: language)])
        }
    }

    /// "3 March" in the year `today` is in, "3 March 2023" in any other year, as `language` writes a day.
    static func day(_ day: CalendarDate, today: CalendarDate, in language: Language) -> String {
        LocalFormats.day(day, in: language, day.year == today.year ? .dayMonth : .dayMonthYear)
    }

    /// "Added 3 May 2024 at 14:05": when `instant` was, on the household's clock (`timeZone`), in `language`.
    static func addedText(_ instant: Date, timeZone: TimeZone, in language: Language) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        let time = twoDigits(Int32(parts.hour ?? 0)) + ":" + twoDigits(Int32(parts.minute ?? 0))
        let day = LocalFormats.day(CalendarDate(dayOf: instant, in: timeZone), in: language, .dayMonthYear)
        return language.text("todos.show.added", ["day": day, "time": time])
    }

    /// The weekdays' names in each language, Sunday first, read once from Foundation.
    private static let weekdayNames = LockedValue<[Language: [String]]>([:])

    /// The day of the week in `language`, as a sentence has it mid-way ("Friday", "viernes", "金曜日").
    static func weekdayName(_ day: CalendarDate, in language: Language = .en) -> String {
        // 1 January 1970 was a Thursday: index 4 of a week that starts on Sunday.
        let index = ((day.daysSinceEpoch + 4) % 7 + 7) % 7
        let names = weekdayNames.withLock { names in
            if let known = names[language] { return known }
            let formatter = DateFormatter()
            formatter.locale = LocalFormats.locale(language)
            let made = formatter.weekdaySymbols ?? []
            names[language] = made
            return made
        }
        return index < names.count ? names[index] : ""
    }

    /// The start of a description on one line: at most 120 characters, ending in "…" when cut.
    static func preview(_ description: String) -> String? {
        guard !description.isEmpty else { return nil }
        // Looked at as UTF-8 first: walking Characters (grapheme clusters) was a tenth of a list page.
        let onOneLine = !description.utf8.contains(where: mayStartANewline)
        if onOneLine, description.utf8.count <= previewLength { return description }
        var text = Substring(description)
        if !onOneLine, description.contains(where: \.isNewline) {
            text = Substring(description.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        guard let limit = text.index(text.startIndex, offsetBy: previewLength, limitedBy: text.endIndex),
            limit < text.endIndex
        else { return String(text) }
        var cut = text[..<text.index(before: limit)]
        while cut.last?.isWhitespace == true { cut = cut.dropLast() }
        while cut.first?.isWhitespace == true { cut = cut.dropFirst() }
        return cut + "…"
    }

    /// A byte that begins a line break in UTF-8: LF, VT, FF, CR, or the lead byte of NEL, LS or PS.
    private static func mayStartANewline(_ byte: UInt8) -> Bool {
        (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2
    }

    /// "5 to do, 12 done"; when searching: "3 to-dos match “milk”: 2 to do, 1 done", "1 to-do matches “milk”:
    /// 1 to do, 0 done", and past the search's count limit (`moreThan`) "More than 1,000 to-dos match “milk”" —
    /// in `language`.
    /// Without a search, the to-dos overdue and due today follow: "5 to do, 12 done · 2 overdue, 1 due today".
    static func countLine(
        open: Int, done: Int, search: String?, moreThan: Int? = nil, overdue: Int = 0, dueToday: Int = 0,
        in language: Language = .en
    ) -> String {
        if let search, let moreThan {
            return language.text("todos.count.searchMany", ["search": search], counts: ["count": moreThan])
        }
        let split = language.text("todos.count.split", counts: ["open": open, "done": done])
        guard let search else {
            guard let due = dueWords(overdue: overdue, dueToday: dueToday, in: language) else { return split }
            return language.text("todos.count.withDue", ["split": split, "due": due])
        }
        let arguments = ["search": search, "split": split]
        return language.text("todos.count.search", arguments, counts: ["total": open + done])
    }

    /// "2 overdue, 1 due today", "2 overdue" or "1 due today" in `language`; nil when neither is more than 0.
    static func dueWords(overdue: Int, dueToday: Int, in language: Language) -> String? {
        let overdueText = overdue > 0 ? language.text("todos.count.overdue", counts: ["count": overdue]) : nil
        let todayText = dueToday > 0 ? language.text("todos.count.dueToday", counts: ["count": dueToday]) : nil
        switch (overdueText, todayText) {
        case (let overdue?, let today?):
            return language.text("todos.count.dueBoth", ["overdue": overdue, "today": today])
        case (let only?, nil), (nil, let only?): return only
        case (nil, nil): return nil
        }
    }

    /// `2024-05-03T14:05:06.123Z`, for `<time datetime>`.
    static func isoTimestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "" }
        let year = Int(parts.tm_year) + 1900
        let millisText = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(year)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday))T\(twoDigits(parts.tm_hour)):"
            + "\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)).\(millisText)Z"
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
