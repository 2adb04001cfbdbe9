import Foundation

/// Checking a book draft: every rule of the book form, and the words for what only the repository can find out.
extension BookDraft {
    /// The input to store, or every problem in the order the fields appear on the page.
    ///
    /// - Parameter now: the app's clock reading; the latest publishing year allowed is the year after its UTC year.
    func validate(now: Date) -> Validation {
        var problems: [Problem] = []
        let title = TextCleaning.clean(self.title, keepLineBreaks: false)
        if title.isEmpty {
            problems.append(Problem(field: .title, message: Words("books.error.titleMissing")))
        } else if title.count > Limits.titleLength {
            problems.append(
                Problem(field: .title, message: Words("books.error.titleTooLong", counts: ["max": Limits.titleLength])))
        }
        // An ISBN is optional (most books from before 1970 have none); one that is given must be valid.
        let isbnText = TextCleaning.clean(self.isbn, keepLineBreaks: false)
        let isbn = ISBNText.parse(isbnText)
        if !isbnText.isEmpty, isbn == nil {
            problems.append(Problem(field: .isbn, message: Self.invalidISBNMessage))
        }
        // A genre is optional too: a title alone is a book.
        let genreId = genreId.trimmingCharacters(in: .whitespaces)
        // So is the year; one that is given must be a year from 1450 to next year.
        let yearText = TextCleaning.clean(self.year, keepLineBreaks: false)
        let year: Result<Int?, Problem> =
            yearText.isEmpty ? .success(nil) : Self.publishingYear(yearText, now: now).map { $0 }
        if case .failure(let problem) = year { problems.append(problem) }
        if let coverProblem { problems.append(Problem(field: .cover, message: coverProblem)) }
        let stars = BookRating.stars(rating)
        if !rating.isEmpty, stars == nil {
            problems.append(Problem(field: .rating, message: Words("books.error.ratingInvalid")))
        }
        let finished = Self.day(finishedOn, field: .finishedOn, problems: &problems)
        let lending = Self.lending(lentTo: lentTo, lentOn: lentOn, dueBack: dueBack, problems: &problems)
        guard problems.isEmpty, case .success(let publishingYear) = year else { return .invalid(problems) }
        var input = BookInput(
            title: title, publishingYear: publishingYear, genreId: genreId, isbn: isbn,
            authorIds: Self.unique(authorIds), publisherIds: Self.unique(publisherIds))
        input.readingStatus = ReadingStatus(rawValue: readingStatus)
        input.lentTo = lending.lentTo
        input.lentOn = lending.lentOn
        input.dueBack = lending.dueBack
        input.rating = stars
        input.finishedOn = finished
        input.cover = cover.isEmpty ? nil : cover
        return .valid(input)
    }

    /// The day typed into the three boxes of `field`: nil when they are empty; a problem when they do not make a
    /// real day ("must have a day, a month and a year", "must be a real date").
    static func day(_ typed: String, field: Field, problems: inout [Problem]) -> CalendarDate? {
        let text = TextCleaning.clean(typed, keepLineBreaks: false)
        guard !text.isEmpty else { return nil }
        if let day = CalendarDate(iso: text) { return day }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let isPartial = parts.count == 3 && parts.contains { $0.isEmpty }
        let message: Words =
            switch (field, isPartial) {
            case (.lentOn, true): Words("books.error.lentOnPartial")
            case (.lentOn, false): Words("books.error.lentOnInvalid")
            case (.dueBack, true): Words("books.error.dueBackPartial")
            case (.dueBack, false): Words("books.error.dueBackInvalid")
            case (_, true): Words("books.error.finishedOnPartial")
            case (_, false): Words("books.error.finishedOnInvalid")
            }
        problems.append(Problem(field: field, message: message))
        return nil
    }

    /// Who has the book, since when and until when: a name of at most 100 characters, and real days, which need a
    /// name; it cannot be due back before it was lent.
    static func lending(lentTo: String, lentOn: String, dueBack: String = "", problems: inout [Problem]) -> (
        lentTo: String?, lentOn: CalendarDate?, dueBack: CalendarDate?
    ) {
        let name = TextCleaning.clean(lentTo, keepLineBreaks: false)
        if name.count > Limits.lentToLength {
            problems.append(
                Problem(
                    field: .lentTo, message: Words("books.error.lentToTooLong", counts: ["max": Limits.lentToLength])))
        }
        let typedDays = [lentOn, dueBack].map { TextCleaning.clean($0, keepLineBreaks: false) }
        if name.isEmpty, typedDays.contains(where: { !$0.isEmpty }) {
            problems.append(Problem(field: .lentTo, message: Words("books.error.lentToMissing")))
        }
        let day = Self.day(lentOn, field: .lentOn, problems: &problems)
        let due = Self.day(dueBack, field: .dueBack, problems: &problems)
        if let day, let due, due < day {
            problems.append(Problem(field: .dueBack, message: Words("books.error.dueBackBeforeLent")))
        }
        return (name.isEmpty ? nil : name, day, due)
    }

    /// The latest publishing year allowed at `now`: next year, in UTC.
    static func latestYear(now: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: now) + 1
    }

    /// "This is not a valid ISBN — check the digits".
    static let invalidISBNMessage = Words("books.error.isbnInvalid")

    /// The problem to show for a save the repository refused (the ISBN's message names the other book; the page
    /// links it to `/books/<id>`).
    static func problem(for error: BookSaveError) -> Problem? {
        switch error {
        case .isbnUsed(_, let title):
            Problem(field: .isbn, message: isbnUsedBy(title))
        case .unknownGenre, .unknownEntries(.genre):
            Problem(field: .genre, message: Words("books.error.genreGone"))
        case .unknownEntries(.author):
            Problem(field: .authors, message: Words("books.error.authorsGone"))
        case .unknownEntries(.publisher):
            Problem(field: .publishers, message: Words("books.error.publishersGone"))
        case .bookNotFound:
            nil
        case .broken(let field, let message):
            Problem(field: Field(rawValue: field) ?? .title, message: message)
        }
    }

    /// "This ISBN is already used by “Dune”": the book's title quoted the language's way.
    static func isbnUsedBy(_ title: String) -> Words {
        Words("books.error.isbnUsedBy", nested: ["book": Words("books.quoted", ["title": title])])
    }

    /// A whole number from 1450 to next year.
    static func publishingYear(_ typed: String, now: Date) -> Result<Int, Problem> {
        let text = TextCleaning.clean(typed, keepLineBreaks: false)
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return .failure(Problem(field: .publishingYear, message: Words("books.error.yearNotNumber")))
        }
        let latest = latestYear(now: now)
        // Too many digits for Int is simply out of range.
        guard let year = Int(text), (Limits.firstYear...latest).contains(year) else {
            let years = ["first": String(Limits.firstYear), "latest": String(latest)]
            return .failure(Problem(field: .publishingYear, message: Words("books.error.yearRange", years)))
        }
        return .success(year)
    }

    /// `ids` without repeats, first occurrence kept.
    static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }
}

/// A genre, author or publisher name as typed into an add or rename form.
struct CatalogueNameDraft: Sendable, Hashable {
    var kind: CatalogueKind
    var name: String

    /// The longest name.
    static let maximumLength = 100

    /// The name to store (cleaned and trimmed), or the message to show beside the field.
    func validate() -> Result<String, CatalogueNameProblem> {
        let name = TextCleaning.clean(self.name, keepLineBreaks: false)
        if name.isEmpty { return .failure(CatalogueNameProblem(message: Words("books.entry.nameMissing"))) }
        if name.count > Self.maximumLength {
            return .failure(
                CatalogueNameProblem(message: Words("books.entry.nameTooLong", counts: ["max": Self.maximumLength])))
        }
        return .success(name)
    }

    /// "This genre already exists" (for `CatalogueError.duplicate`).
    static func duplicateMessage(_ kind: CatalogueKind) -> Words {
        Words("books.entry.duplicate", ["kind": kind.rawValue])
    }
}

/// What is wrong with a typed genre, author or publisher name.
struct CatalogueNameProblem: Error, Sendable, Hashable {
    var message: Words

}
