/// What a person typed into the book form, before validation: text as typed, ids as the form sent them.
struct BookDraft: Sendable, Hashable {
    var title: String
    /// The ISBN as typed, hyphens and spaces included.
    var isbn: String
    /// The chosen genre's id, or empty when none was chosen.
    var genreId: String
    /// The publishing year as typed, e.g. "1969".
    var year: String
    /// The ticked authors' ids, in the order sent.
    var authorIds: [String]
    /// The ticked publishers' ids, in the order sent.
    var publisherIds: [String]
    /// The reading select's value: "", "unread", "reading" or "read".
    var readingStatus: String = ""
    /// Who the book is lent to, as typed.
    var lentTo: String = ""
    /// The day it was lent as its three boxes hold it, "YYYY-M-D" (`DateBoxes`), or a whole `2024-05-03`.
    var lentOn: String = ""

    init(
        title: String = "", isbn: String = "", genreId: String = "", year: String = "", authorIds: [String] = [],
        publisherIds: [String] = []
    ) {
        self.title = title
        self.isbn = isbn
        self.genreId = genreId
        self.year = year
        self.authorIds = authorIds
        self.publisherIds = publisherIds
    }

    /// The form filled from a stored book.
    init(book: Book) {
        self.init(
            title: book.title, isbn: book.isbn ?? "", genreId: book.genre?.id ?? "",
            year: book.publishingYear.map(String.init) ?? "",
            authorIds: book.authors.map(\.id), publisherIds: book.publishers.map(\.id))
        readingStatus = book.readingStatus?.rawValue ?? ""
        lentTo = book.lentTo ?? ""
        lentOn = book.lentOn.map { "\($0.year)-\($0.month)-\($0.day)" } ?? ""
    }

    /// Reads the form's fields: `title`, `isbn`, `genre`, `publishingYear`, and the repeated checkboxes `author`
    /// and `publisher`. A form without `title`, or an id that could not be an objectId, is not from our page and is
    /// refused. Other fields (`_csrf`, `add-entry`, `new-author`…) are left to their readers.
    init(form: FormFields) throws(PageError) {
        guard let title = form["title"] else { throw .badRequest("a book form without a title field") }
        let genreId = form["genre"] ?? ""
        guard genreId.isEmpty || ObjectIdentifierText.isValid(genreId) else {
            throw .badRequest("a malformed genre id")
        }
        let authorIds = form.values("author")
        let publisherIds = form.values("publisher")
        guard (authorIds + publisherIds).allSatisfy({ ObjectIdentifierText.isValid($0) }) else {
            throw .badRequest("a malformed author or publisher id")
        }
        self.init(
            title: title, isbn: form["isbn"] ?? "", genreId: genreId, year: form["publishingYear"] ?? "",
            authorIds: authorIds, publisherIds: publisherIds)
        readingStatus = form["readingStatus"] ?? ""
        guard readingStatus.isEmpty || ReadingStatus(rawValue: readingStatus) != nil else {
            throw .badRequest("an unknown reading status")
        }
        lentTo = form["lentTo"] ?? ""
        lentOn = DateBoxes.text(of: "lentOn", in: form)
    }

    /// The limits the form states and `validate(now:)` enforces.
    enum Limits {
        static let titleLength = 200
        /// The most characters "Lent to" may have.
        static let lentToLength = 100
        /// The first year a book can have (printing with movable type in Europe).
        static let firstYear = 1450
    }

    /// Where on the form a problem is.
    enum Field: String, Sendable, Hashable, CaseIterable {
        case title, isbn, genre, publishingYear, authors, publishers, readingStatus, lentTo, lentOn

        /// The HTML id of the field's input (or of the fieldset, for authors and publishers).
        var htmlId: String { rawValue }
    }

    /// One problem with one field, in the words shown to the person.
    struct Problem: Error, Sendable, Hashable {
        var field: Field
        /// Said in the page's language when the form is shown.
        var message: Words

    }

    /// The outcome of checking a draft.
    enum Validation: Sendable, Hashable {
        /// What to ask the repository to store.
        case valid(BookInput)
        /// Every problem, in the order the fields appear on the page.
        case invalid([Problem])
    }
}
