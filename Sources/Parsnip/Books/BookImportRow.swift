import ParseStore

/// One book as another app's export describes it (Goodreads, Libib), before it is matched with the books, authors
/// and publishers already here.
struct BookImportRow: Sendable {
    /// The row's number as a spreadsheet shows it (the header is row 1).
    let row: Int
    var title: String
    /// Each author's names: the first is the one a new author is added under ("Terry Pratchett"); any other is
    /// another way of writing it ("Pratchett, Terry") that also finds an author already here.
    var authors: [[String]] = []
    var publishers: [String] = []
    /// The ISBNs the row gives, best first (ISBN-13, then ISBN-10), as written.
    var isbns: [String] = []
    var publishingYear: Int?
    var readingStatus: ReadingStatus?
    var finishedOn: CalendarDate?
    /// Whole stars 1–5; nil when not rated.
    var rating: Int?
    /// What the reader noticed about the row ("the date … cannot be read").
    var notes: [ReportText] = []

    init(row: Int, title: String) {
        self.row = row
        self.title = title
    }

    /// `text` with its runs of spaces made one (Goodreads writes "Terry  Pratchett" at times).
    static func tidy(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A rating as the apps write it ("4", "4.0"); nil for 0 (not rated) and anything outside 1–5.
    static func rating(_ text: String) -> Int? {
        guard let number = Double(text), number.isFinite else { return nil }
        let stars = Int(number.rounded())
        return (1...5).contains(stars) ? stars : nil
    }

    /// The year `text` starts with ("1987", "1987-05-01"), when a book may have it (1450 to next year).
    static func year(_ text: String, now: Int) -> Int? {
        guard let year = Int(text.prefix(4)), text.prefix(4).count == 4, (1450...now + 1).contains(year) else {
            return nil
        }
        return year
    }
}
