/// A due day as the to-do form sends it — "YYYY-M-D" from the three boxes (`DateBoxes.text(of:in:)`) or
/// `2024-05-03` sent whole — and, when it is not a real day, what is wrong with it in words: a box left empty, a
/// month of 13, a day of 32, a two-digit year, 31 April or 29 February of a year without one.
struct TypedDueDate: Sendable, Hashable {
    /// The text as the draft keeps it; empty when nothing was typed.
    let text: String

    init(_ text: String) { self.text = text }

    /// The year the message about a short year offers as its example when the typed one gives no better.
    static let exampleYear = "2026"

    /// What is wrong, or nil when the text is empty or a real day.
    var problem: Words? {
        guard !text.isEmpty, CalendarDate(iso: text) == nil else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return Words("todos.error.dueDate.notADate") }
        let (yearText, monthText, dayText) = (parts[0], parts[1], parts[2])
        if let missing = Self.missing(day: dayText.isEmpty, month: monthText.isEmpty, year: yearText.isEmpty) {
            return missing
        }
        guard let month = Self.number(monthText, digits: 2), (1...12).contains(month) else {
            return Words("todos.error.dueDate.month")
        }
        guard let day = Self.number(dayText, digits: 2), (1...31).contains(day) else {
            return Words("todos.error.dueDate.day")
        }
        guard yearText.count == 4, let year = Self.number(yearText, digits: 4), year >= 1000 else {
            let twoDigits = yearText.count == 2 && Self.number(yearText, digits: 2) != nil
            return Words("todos.error.dueDate.year", ["example": twoDigits ? "20" + yearText : Self.exampleYear])
        }
        let days = CalendarDate.daysIn(month: month, year: year)
        guard day <= days else {
            if month == 2, day == 29 { return Words("todos.error.dueDate.noLeapDay", ["year": yearText]) }
            return Words("todos.error.dueDate.shortMonth", ["month": String(month), "days": String(days)])
        }
        return Words("todos.error.dueDate.notADate")
    }

    /// The message for the boxes left empty (some, not all: an empty date is no date); nil when none is.
    private static func missing(day: Bool, month: Bool, year: Bool) -> Words? {
        switch (day, month, year) {
        case (false, false, false): nil
        case (true, false, false): Words("todos.error.dueDate.missingDay")
        case (false, true, false): Words("todos.error.dueDate.missingMonth")
        case (false, false, true): Words("todos.error.dueDate.missingYear")
        default: Words("todos.error.dueDate.missingParts")
        }
    }

    /// `text` with full-width digits ("２０２６", as a Japanese or Korean keyboard may type them) as ASCII ones.
    static func asciiDigits(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFF10...0xFF19).contains($0.value) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isWide = (0xFF10...0xFF19).contains(scalar.value)
            scalars.append(isWide ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30) ?? scalar : scalar)
        }
        return String(scalars)
    }

    /// The number written in at most `digits` ASCII digits; nil for anything else.
    private static func number(_ text: String, digits: Int) -> Int? {
        guard (1...digits).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return nil
        }
        return Int(text)
    }
}
