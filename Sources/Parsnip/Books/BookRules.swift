import Foundation
import ParseStore

/// What every book, ISBN, genre, author and publisher must obey, whoever writes them: a book's ISBN is its own (an
/// ISBN-10 and its ISBN-13 are the same ISBN), its genre and ISBN exist, an ISBN is written as its digits, a
/// catalogue entry has a name no other of its kind has, and a genre's `books` are exactly the books whose `genre`
/// it is (kept so by the upkeep; a write that says otherwise is refused).
enum BookRules {
    typealias Schema = StoreBookRepository.Schema

    /// The rules, for the write path.
    static let rules = RecordRules(
        watched: Set([Schema.book, Schema.isbn] + CatalogueKind.allCases.map(\.className)),
        upkeep: { changes, writer in try keepGenresInStep(changes, writer: writer) },
        check: { try breaks($0) },
        bringUpToDate: { try bringGenresInStep(writer: $0) })

    /// Every rule the change breaks.
    static func breaks(_ check: RuleCheck) throws -> [RuleBreak] {
        var breaks: [RuleBreak] = []
        var books = check.changed(Schema.book)
        for isbnId in check.changed(Schema.isbn) {
            guard let isbn = try check.object(Schema.isbn, isbnId) else { continue }
            if isbnValue(isbn) == nil {
                breaks.append(
                    RuleBreak(
                        kind: .invalid, record: RecordReference(className: Schema.isbn, objectId: isbnId),
                        field: Schema.value, message: Words("rules.book.invalidISBN")))
            }
            // Its books meet the other books' ISBNs again.
            books += try holders(of: [isbn.pointer], reader: check.reader).map(\.objectId)
        }
        for isbnId in check.deleted(Schema.isbn) {
            let gone = ParsePointer(className: Schema.isbn, objectId: isbnId)
            for book in try holders(of: [gone], reader: check.reader) {
                breaks.append(
                    RuleBreak(
                        kind: .invalid, record: reference(book), field: Schema.isbnField,
                        message: Words("rules.book.isbnInUse")))
            }
        }
        for genreId in check.deleted(CatalogueKind.genre.className) {
            let gone = ParsePointer(className: CatalogueKind.genre.className, objectId: genreId)
            let using = try check.reader.count(ParseQuery(Schema.book).where(Schema.genre, equalTo: .pointer(gone)))
            if using > 0 {
                breaks.append(
                    RuleBreak(
                        kind: .invalid, record: RecordReference(className: gone.className, objectId: genreId),
                        field: Schema.genreBooks,
                        message: Words("rules.book.genreInUse", counts: ["count": using])))
            }
        }
        var seen: Set<String> = []
        for bookId in books where seen.insert(bookId).inserted {
            guard let book = try check.object(Schema.book, bookId) else { continue }
            breaks += try bookBreaks(book, check)
        }
        for kind in CatalogueKind.allCases {
            for entryId in check.changed(kind.className) {
                guard let entry = try check.object(kind.className, entryId) else { continue }
                breaks += try entryBreaks(entry, kind: kind, check)
            }
        }
        return breaks
    }

    /// The ISBN's value when it is one: a valid ISBN-10 or ISBN-13 written as its digits (and a final X).
    static func isbnValue(_ isbn: ParseObject) -> String? {
        guard let value = isbn[Schema.value]?.stringValue, ISBNText.isValid(value) else { return nil }
        return value
    }

    /// The oldest book other than `bookId` whose ISBN is `isbn` in either of its forms, or nil.
    static func otherBook(withISBN isbn: String, except bookId: String?, reader: ParseReader) throws -> ParseObject? {
        let forms = ISBNText.isValid(isbn) ? ISBNText.forms(isbn) : [isbn]
        let sharing = try reader.find(
            ParseQuery(Schema.isbn).where(Schema.value, "$in", .array(forms.map { .string($0) })).select(Schema.value)
                .limit(-1))
        guard !sharing.isEmpty else { return nil }
        var query = ParseQuery(Schema.book).where(
            Schema.isbnField, "$in", .array(sharing.map { .pointer($0.pointer) })
        ).order(by: "createdAt")
        if let bookId { query = query.where("objectId", "$ne", .string(bookId)) }
        return try reader.first(query)
    }

    /// The books whose `isbn` is one of `isbns`.
    static func holders(of isbns: [ParsePointer], reader: ParseReader) throws -> [ParseObject] {
        try reader.find(
            ParseQuery(Schema.book).where(Schema.isbnField, "$in", .array(isbns.map { .pointer($0) })).select(
                Schema.title
            ).limit(-1))
    }

    private static func bookBreaks(_ book: ParseObject, _ check: RuleCheck) throws -> [RuleBreak] {
        var breaks: [RuleBreak] = []
        func refuse(_ field: String, _ message: Words, kind: RuleBreak.Kind = .invalid) {
            breaks.append(RuleBreak(kind: kind, record: reference(book), field: field, message: message))
        }
        breaks += TextRule.breaks(
            of: book,
            [
                TextRule(
                    field: Schema.title, maximum: BookDraft.Limits.titleLength,
                    missing: Words("rules.book.titleMissing"), tooLong: Words("rules.book.titleTooLong")),
                TextRule(
                    field: Schema.lentTo, maximum: BookDraft.Limits.lentToLength,
                    tooLong: Words("rules.book.lentToTooLong")),
            ])
        breaks += NumberRule.breaks(
            of: book,
            [
                NumberRule(
                    field: Schema.rating,
                    range: Double(BookRating.range.lowerBound)...Double(BookRating.range.upperBound), whole: true,
                    broken: Words("rules.book.rating"))
            ])
        for field in [Schema.lentOn, Schema.dueBack, Schema.finishedOn] {
            guard let value = book[field], value != .null else { continue }
            if value.dateValue.flatMap(CalendarDate.init(stored:)) == nil {
                refuse(field, Words("rules.book.day", ["field": field]))
            }
        }
        if let lent = book[Schema.lentOn]?.dateValue, let due = book[Schema.dueBack]?.dateValue,
            let lentDay = CalendarDate(stored: lent), let dueDay = CalendarDate(stored: due), dueDay < lentDay
        {
            refuse(Schema.dueBack, Words("rules.book.dueBeforeLent"))
        }
        if let year = book[Schema.publishingYear], year != .null {
            let latest = BookDraft.latestYear(now: check.now)
            let whole = year.numberValue.flatMap { $0.rounded() == $0 ? Int(exactly: $0) : nil }
            if whole.map({ !(BookDraft.Limits.firstYear...latest).contains($0) }) ?? true {
                refuse(
                    Schema.publishingYear,
                    Words("rules.book.year", ["first": String(BookDraft.Limits.firstYear), "latest": String(latest)]))
            }
        }
        if let genre = book[Schema.genre], genre != .null {
            let pointer = genre.pointerValue.flatMap { $0.className == CatalogueKind.genre.className ? $0 : nil }
            if try pointer.flatMap({ try check.object($0.className, $0.objectId) }) == nil {
                refuse(Schema.genre, Words("rules.book.genreMissing"))
            }
        }
        guard let isbnField = book[Schema.isbnField], isbnField != .null else { return breaks }
        guard let pointer = isbnField.pointerValue, pointer.className == Schema.isbn,
            let isbn = try check.object(Schema.isbn, pointer.objectId)
        else {
            refuse(Schema.isbnField, Words("rules.book.isbnMissing"))
            return breaks
        }
        let value = isbnValue(isbn) ?? isbn[Schema.value]?.stringValue ?? ""
        if let other = try otherBook(withISBN: value, except: book.objectId, reader: check.reader) {
            // Another book's title is named only to someone who may read it.
            let used =
                try check.isVisible(Schema.book, other.objectId)
                ? Words("rules.book.isbnUsedBy", ["title": other[Schema.title]?.stringValue ?? ""])
                : Words("rules.book.isbnUsedByAnother")
            refuse(Schema.isbnField, used, kind: .duplicate)
        }
        return breaks
    }

    private static func entryBreaks(_ entry: ParseObject, kind: CatalogueKind, _ check: RuleCheck) throws
        -> [RuleBreak]
    {
        let record = RecordReference(className: kind.className, objectId: entry.objectId)
        var breaks = TextRule.breaks(
            of: entry,
            [
                TextRule(
                    field: Schema.name, maximum: CatalogueNameDraft.maximumLength,
                    missing: Words("rules.entry.nameMissing", ["kind": kind.rawValue]),
                    tooLong: Words("rules.entry.nameTooLong", ["kind": kind.rawValue]))
            ])
        let name = entry[Schema.name]?.stringValue.map { TextCleaning.clean($0, keepLineBreaks: false) } ?? ""
        if breaks.isEmpty,
            try StoreBookRepository.entry(kind, named: name, except: entry.objectId, reader: check.reader) != nil
        {
            breaks.append(
                RuleBreak(
                    kind: .duplicate, record: record, field: Schema.name,
                    message: Words("rules.entry.duplicate", ["kind": kind.rawValue])))
        }
        if kind == .genre, try !booksMatchGenre(entry.pointer, reader: check.reader) {
            breaks.append(
                RuleBreak(
                    kind: .invalid, record: record, field: Schema.genreBooks, message: Words("rules.book.genreBooks")))
        }
        return breaks
    }

    /// True when the genre's `books` are exactly the books whose `genre` it is, found by counting in the database so
    /// that a save costs the same however many books the genre has: no listed book names another genre, and as many
    /// are listed as name it.
    static func booksMatchGenre(_ genre: ParsePointer, reader: ParseReader) throws -> Bool {
        let listed = ParseQuery(Schema.book).related(to: genre, key: Schema.genreBooks)
        guard try reader.count(listed.where(Schema.genre, "$ne", .pointer(genre))) == 0 else { return false }
        return try reader.count(listed)
            == reader.count(ParseQuery(Schema.book).where(Schema.genre, equalTo: .pointer(genre)))
    }

    /// The objectIds of the books whose `genre` is `genre`.
    static func booksPointing(to genre: ParsePointer, reader: ParseReader) throws -> Set<String> {
        try Set(
            reader.find(
                ParseQuery(Schema.book).where(Schema.genre, equalTo: .pointer(genre)).select(Schema.title).limit(-1)
            )
            .map(\.objectId))
    }

    /// Puts each changed book in the `books` of the genre it names and takes it out of every other genre's (a
    /// deleted book out of all): whoever saved the book, the genre's list follows.
    static func keepGenresInStep(_ changes: [ObjectChange], writer: ParseWriter) throws {
        let genreClass = CatalogueKind.genre.className
        for change in changes where change.className == Schema.book {
            let book = ParsePointer(className: Schema.book, objectId: change.objectId)
            var wanted: String?
            if !change.deleted, let object = try RuleCheck.fetch(Schema.book, change.objectId, reader: writer.reader),
                let genre = object[Schema.genre]?.pointerValue, genre.className == genreClass,
                try writer.exists(genreClass, objectId: genre.objectId)
            {
                wanted = genre.objectId
            }
            let holding = try StoreBookRepository.genres(containing: book, reader: writer.reader)
            for genre in holding where genre.objectId != wanted {
                try writer.update(
                    genreClass, objectId: genre.objectId, operations: [Schema.genreBooks: .removeRelation([book])])
            }
            if let wanted, !holding.contains(where: { $0.objectId == wanted }) {
                try writer.update(genreClass, objectId: wanted, operations: [Schema.genreBooks: .addRelation([book])])
            }
        }
    }

    /// Makes every genre's `books` the books whose genre it is (at open: data from another program or from before
    /// the rules).
    static func bringGenresInStep(writer: ParseWriter) throws {
        let genreClass = CatalogueKind.genre.className
        guard try writer.reader.schema(genreClass) != nil, try writer.reader.schema(Schema.book) != nil else { return }
        for genre in try writer.reader.find(ParseQuery(genreClass).select(Schema.name).limit(-1)) {
            let pointing = try booksPointing(to: genre.pointer, reader: writer.reader)
            let related = try Set(
                writer.reader.find(
                    ParseQuery(Schema.book).related(to: genre.pointer, key: Schema.genreBooks).select(Schema.title)
                        .limit(-1)
                ).map(\.objectId))
            guard pointing != related else { continue }
            let book = { ParsePointer(className: Schema.book, objectId: $0) }
            var operations: [String: ParseUpdate] = [:]
            let missing = pointing.subtracting(related).sorted()
            let extra = related.subtracting(pointing).sorted()
            if !missing.isEmpty { operations[Schema.genreBooks] = .addRelation(missing.map(book)) }
            if !operations.isEmpty {
                try writer.update(genreClass, objectId: genre.objectId, operations: operations)
            }
            if !extra.isEmpty {
                try writer.update(
                    genreClass, objectId: genre.objectId,
                    operations: [Schema.genreBooks: .removeRelation(extra.map(book))])
            }
        }
    }

    private static func reference(_ book: ParseObject) -> RecordReference {
        RecordReference(className: Schema.book, objectId: book.objectId)
    }
}
