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
    /// The day it should come back, as its three boxes hold it.
    var dueBack: String = ""
    /// The rating's radio value: "" (no rating) or "1"…"5".
    var rating: String = ""
    /// The day someone finished it, as its three boxes hold it.
    var finishedOn: String = ""
    /// The name of the cover photo the form holds (the stored one, or one chosen in an earlier send of this form and
    /// kept); empty for none.
    var cover: String = ""
    /// Why the cover chosen in this send was refused, when it was; the form shows it beside the cover field.
    var coverProblem: Words?

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

    /// The new-book form: empty, "Not read yet" chosen (a book catalogued is one the household has, mostly unread).
    static var newBook: BookDraft {
        var draft = BookDraft()
        draft.readingStatus = ReadingStatus.unread.rawValue
        return draft
    }

    /// The form filled from a stored book.
    init(book: Book) {
        self.init(
            title: book.title, isbn: book.isbn.map(ISBNHyphens.shown) ?? "", genreId: book.genre?.id ?? "",
            year: book.publishingYear.map(String.init) ?? "",
            authorIds: book.authors.map(\.id), publisherIds: book.publishers.map(\.id))
        readingStatus = book.readingStatus?.rawValue ?? ""
        lentTo = book.lentTo ?? ""
        lentOn = book.lentOn.map(Self.boxesText) ?? ""
        dueBack = book.dueBack.map(Self.boxesText) ?? ""
        rating = book.rating.map(String.init) ?? ""
        finishedOn = book.finishedOn.map(Self.boxesText) ?? ""
        cover = book.cover ?? ""
    }

    /// A day as the three boxes hold it: "2024-5-3".
    static func boxesText(_ day: CalendarDate) -> String { "\(day.year)-\(day.month)-\(day.day)" }

    /// A loan typed on this form without a day was lent today, the household's day: "Lent to" filled with a name the
    /// form did not start with (`base`, nil for a new book) and "Lent on" left empty.
    mutating func dateNewLoan(today: CalendarDate, base: EditBase?) {
        let name = TextCleaning.clean(lentTo, keepLineBreaks: false)
        guard !name.isEmpty, TextCleaning.clean(lentOn, keepLineBreaks: false).isEmpty else { return }
        if let base, base.fields[BookEditField.lentTo.rawValue] == FieldFingerprint.of(name) { return }
        lentOn = Self.boxesText(today)
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
        dueBack = DateBoxes.text(of: "dueBack", in: form)
        rating = form["rating"] ?? ""
        guard rating.isEmpty || BookRating.stars(rating) != nil else { throw .badRequest("an unknown rating") }
        finishedOn = DateBoxes.text(of: "finishedOn", in: form)
        let cover = form[BookCover.nameField] ?? ""
        guard cover.isEmpty || StoredFileName.isValid(cover) else { throw .badRequest("a malformed cover name") }
        self.cover = form[BookCover.removeField] == "true" ? "" : cover
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
        case title, isbn, genre, publishingYear, authors, publishers, cover, readingStatus, rating, finishedOn,
            lentTo, lentOn, dueBack

        /// The HTML id of the field's input (or of the fieldset, for authors and publishers; the first radio button
        /// for the rating; the file box for the cover).
        var htmlId: String {
            switch self {
            case .rating: "rating-none"
            case .cover: BookCover.fileField
            default: rawValue
            }
        }
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
