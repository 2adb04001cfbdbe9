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

    /// The row of `item` as the lists show it on the day `today` (the household's day, in `timeZone`).
    static func row(_ item: TodoListItem, today: CalendarDate, timeZone: TimeZone) -> TodoRow {
        let overdue = !item.done && item.dueDate.map { $0 < today } == true
        let doneText =
            item.done ? item.completedAt.map { "Done " + dayText($0, today: today, timeZone: timeZone) } : nil
        return TodoRow(
            title: item.title,
            url: "/todos/\(item.id)",
            preview: preview(item.description),
            done: item.done,
            dueText: item.done ? nil : item.dueDate.map { dueText($0, today: today) },
            overdue: overdue,
            doneText: doneText ?? (item.done ? "Done" : nil),
            tick: TodoTick(
                action: "/todos/\(item.id)/done", value: item.done ? "0" : "1", pressed: item.done,
                label: "Done: “\(item.title)”"),
            editURL: "/todos/\(item.id)/edit",
            deleteURL: "/todos/\(item.id)/delete"
        )
    }

    /// When a to-do is due, in words, on the day `today`: "Overdue since 3 March", "Due today", "Due tomorrow",
    /// "Due on Friday" within the week, else "Due 12 May" ("Due 12 May 2027" in another year).
    static func dueText(_ due: CalendarDate, today: CalendarDate) -> String {
        let days = today.days(until: due)
        switch days {
        case ..<0: return "Overdue since \(due.readable(relativeTo: today))"
        case 0: return "Due today"
        case 1: return "Due tomorrow"
        case 2...6: return "Due on \(weekdayName(due))"
        default: return "Due \(due.readable(relativeTo: today))"
        }
    }

    /// "today", "yesterday", or "3 May" ("3 May 2023" in another year): the household's day of `instant`.
    static func dayText(_ instant: Date, today: CalendarDate, timeZone: TimeZone) -> String {
        let day = CalendarDate(dayOf: instant, in: timeZone)
        switch day.days(until: today) {
        case 0: return "today"
        case 1: return "yesterday"
        default: return day.readable(relativeTo: today)
        }
    }

    private static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]

    /// The day of the week (1 January 1970 was a Thursday).
    static func weekdayName(_ day: CalendarDate) -> String {
        let index = ((day.daysSinceEpoch % 7) + 7) % 7
        return weekdays[index]
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
    /// 1 to do, 0 done".
    static func countLine(open: Int, done: Int, search: String?) -> String {
        let split = "\(NumberText.grouped(open)) to do, \(NumberText.grouped(done)) done"
        guard let search else { return split }
        let total = open + done
        let noun = total == 1 ? "to-do" : "to-dos"
        let verb = total == 1 ? "matches" : "match"
        return "\(NumberText.grouped(total)) \(noun) \(verb) “\(search)”: \(split)"
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// "3 May 2024 at 14:05", in the server's local time zone (the household's own computer).
    static func readableDate(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return isoTimestamp(date) }
        let day = "\(parts.tm_mday) \(months[Int(parts.tm_mon)]) \(Int(parts.tm_year) + 1900)"
        return "\(day) at \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min))"
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
