/// How far the household is with a book (`readingStatus`, a Parse String): not read yet, being read, or read.
enum ReadingStatus: String, Sendable, Hashable, CaseIterable {
    case unread
    case reading
    case read

    /// The words the pages use: "Not read yet", "Reading", "Read".
    var title: String {
        switch self {
        case .unread: "Not read yet"
        case .reading: "Reading"
        case .read: "Read"
        }
    }

    /// The words in `language`.
    func title(in language: Language) -> String {
        switch self {
        case .unread: language.text("books.reading.unread")
        case .reading: language.text("books.reading.reading")
        case .read: language.text("books.reading.read")
        }
    }
}

/// The shelves the book list can narrow to besides its entry filters.
enum BookShelf: String, Sendable, Hashable, CaseIterable {
    /// Books lent to someone (`lentTo` set).
    case lent
    /// Books nobody has read yet: `readingStatus` "unread", or none recorded (as in a book the seed app made).
    case unread

    /// The words of the filter in `language`: "Lent out", "Unread".
    func title(in language: Language) -> String {
        switch self {
        case .lent: language.text("books.shelf.lent")
        case .unread: language.text("books.shelf.unread")
        }
    }
}
