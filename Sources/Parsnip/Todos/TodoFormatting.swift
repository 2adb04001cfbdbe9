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

    static func row(_ item: TodoListItem) -> TodoRow {
        TodoRow(
            title: item.title,
            preview: preview(item.description),
            createdISO: isoTimestamp(item.createdAt),
            createdText: readableDate(item.createdAt),
            editURL: "/todos/\(item.id)/edit",
            deleteURL: "/todos/\(item.id)/delete"
        )
    }

    /// The start of a description on one line: at most 120 characters, ending in "…" when cut.
    static func preview(_ description: String) -> String? {
        guard !description.isEmpty else { return nil }
        var text = Substring(description)
        if description.contains(where: \.isNewline) {
            text = Substring(description.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        guard text.count > previewLength else { return String(text) }
        let cut = text.prefix(previewLength - 1)
        return cut.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// "1 to-do", "1,280 to-dos"; when searching: "3 to-dos match “milk”", "1 to-do matches “milk”".
    static func countLine(total: Int, search: String?) -> String {
        let noun = total == 1 ? "to-do" : "to-dos"
        guard let search else { return "\(NumberText.grouped(total)) \(noun)" }
        let verb = total == 1 ? "matches" : "match"
        return "\(NumberText.grouped(total)) \(noun) \(verb) “\(search)”"
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
