import ParseStore

/// The steps of book saves that run inside one write transaction: the checks, the ISBN object, relation rows.
extension StoreBookRepository {
    /// Why `input` cannot be saved, checked against the transaction's own view: the ISBN used by another book, the
    /// genre gone, or an author or publisher gone; nil when it can be.
    static func refusal(of input: BookInput, editing bookId: String?, reader: ParseReader) throws -> BookSaveError? {
        if let isbn = input.isbn, let other = try BookRules.otherBook(withISBN: isbn, except: bookId, reader: reader) {
            return .isbnUsed(byBookId: other.objectId, title: other[Schema.title]?.stringValue ?? "")
        }
        // A typed new genre is added once nothing here refuses the save (StoreBookRepository+NewEntries.swift).
        let genreIsTyped = input.genreId == BookInput.typedNewGenreId
        if !input.genreId.isEmpty, !genreIsTyped,
            try fetch(CatalogueKind.genre.className, input.genreId, reader: reader) == nil
        {
            return .unknownGenre
        }
        for (kind, ids) in [(CatalogueKind.author, input.authorIds), (.publisher, input.publisherIds)] {
            let wanted = Set(ids)
            guard !wanted.isEmpty else { continue }
            let found = try reader.count(
                ParseQuery(kind.className).where("objectId", "$in", .array(wanted.map { .string($0) })))
            if found != wanted.count { return .unknownEntries(kind) }
        }
        return nil
    }

    /// Changes the stored book `old` to `input` in the change `session` (stamped), moving relation rows precisely: the ISBN object, the
    /// fields and `updatedBy`, the authors and publishers added and removed, the genre's `books` relation.
    static func write(
        _ input: BookInput, over old: ParseObject, session: ChangeSession,
        fault: (@Sendable (BookWriteStep) throws -> Void)?
    ) throws {
        let writer = session.writer
        let reader = writer.reader
        let id = old.objectId
        let isbn = try saveISBN(input.isbn, of: old, writer: writer)
        try fault?(.isbnCreated)
        let authors = try relatedIds(old.pointer, key: Schema.authors, kind: .author, reader: reader)
        let publishers = try relatedIds(old.pointer, key: Schema.publishers, kind: .publisher, reader: reader)
        var operations = scalarOperations(of: input, isbn: isbn)
        operations[Schema.authors] = .addRelation(pointers(.author, input.authorIds.filter { !authors.contains($0) }))
        operations[Schema.publishers] = .addRelation(
            pointers(.publisher, input.publisherIds.filter { !publishers.contains($0) }))
        try session.update(Schema.book, objectId: id, operations)
        let removedAuthors = authors.subtracting(input.authorIds).sorted()
        let removedPublishers = publishers.subtracting(input.publisherIds).sorted()
        if !removedAuthors.isEmpty || !removedPublishers.isEmpty {
            try writer.update(
                Schema.book, objectId: id,
                operations: [
                    Schema.authors: .removeRelation(pointers(.author, removedAuthors)),
                    Schema.publishers: .removeRelation(pointers(.publisher, removedPublishers)),
                ])
        }
        try fault?(.bookCreated)
        // The genre's `books` follow the book's genre: the write path's upkeep (BookRules), for every writer.
        try fault?(.relationsAdded)
    }

    /// The object, or nil when it (or its class) does not exist.
    static func fetch(_ className: String, _ objectId: String, reader: ParseReader, include: [String] = []) throws
        -> ParseObject?
    {
        do {
            return try reader.fetch(className, objectId: objectId, include: include)
        } catch let error as ParseError where error.code == .objectNotFound {
            return nil
        }
    }

    /// The fields every save sets: title, year and both Pointers; a year, genre or ISBN left empty is left unset
    /// (and, on an edit, removed).
    static func scalarOperations(of input: BookInput, isbn: ParsePointer?) -> [String: ParseUpdate] {
        [
            Schema.title: .set(.string(input.title)),
            Schema.publishingYear: .set(input.publishingYear.map { .number(Double($0)) } ?? .null),
            Schema.genre: .set(
                input.genreId.isEmpty
                    ? .null : .pointer(ParsePointer(className: CatalogueKind.genre.className, objectId: input.genreId))),
            Schema.isbnField: .set(isbn.map { .pointer($0) } ?? .null),
            Schema.readingStatus: .set(input.readingStatus.map { .string($0.rawValue) } ?? .null),
            Schema.lentTo: .set(input.lentTo.map { .string($0) } ?? .null),
            Schema.lentOn: .set(input.lentOn.map { .date($0.date) } ?? .null),
            Schema.dueBack: .set(input.dueBack.map { .date($0.date) } ?? .null),
            Schema.rating: .set(input.rating.map { .number(Double($0)) } ?? .null),
            Schema.finishedOn: .set(input.finishedOn.map { .date($0.date) } ?? .null),
            Schema.cover: .set(input.cover.map { .file(name: $0, url: nil) } ?? .null),
        ]
    }

    /// Pointers to entries of one kind.
    static func pointers(_ kind: CatalogueKind, _ ids: [String]) -> [ParsePointer] {
        ids.map { ParsePointer(className: kind.className, objectId: $0) }
    }

    /// The edited book's ISBN object: its value changed in place when it differs, kept when it does not, created
    /// when the book has none (or its Pointer dangles), deleted when the ISBN was cleared (nil then).
    static func saveISBN(_ isbn: String?, of book: ParseObject, writer: ParseWriter) throws -> ParsePointer? {
        let stored = book[Schema.isbnField]?.pointerValue
        guard let isbn else {
            if let stored, stored.className == Schema.isbn,
                try fetch(Schema.isbn, stored.objectId, reader: writer.reader) != nil
            {
                try writer.delete(Schema.isbn, objectId: stored.objectId)
            }
            return nil
        }
        if let pointer = stored, pointer.className == Schema.isbn,
            let current = try fetch(Schema.isbn, pointer.objectId, reader: writer.reader)
        {
            if current[Schema.value]?.stringValue != isbn {
                try writer.update(Schema.isbn, objectId: pointer.objectId, [Schema.value: .string(isbn)])
            }
            return pointer
        }
        return try writer.create(Schema.isbn, [Schema.value: .string(isbn)]).pointer
    }

    /// The ids of the existing entries in `parent`'s Relation `key`.
    static func relatedIds(_ parent: ParsePointer, key: String, kind: CatalogueKind, reader: ParseReader) throws
        -> Set<String>
    {
        let members = try reader.find(
            ParseQuery(kind.className).related(to: parent, key: key).select(Schema.name).limit(-1))
        return Set(members.map(\.objectId))
    }

    /// The genres whose `books` relation holds `book` (one, unless another client wrote more).
    static func genres(containing book: ParsePointer, reader: ParseReader) throws -> [ParsePointer] {
        try reader.find(
            ParseQuery(CatalogueKind.genre.className).where(Schema.genreBooks, equalTo: .pointer(book))
                .select(Schema.name).limit(-1)
        ).map(\.pointer)
    }

    /// The book with its genre, ISBN and last author (included Pointers) and its authors and publishers (relation queries).
    static func readBook(_ id: String, reader: ParseReader) throws -> Book {
        let object = try reader.fetch(
            Schema.book, objectId: id, include: [Schema.genre, Schema.isbnField] + ChangeAuthorship.include)
        let authors = try reader.find(
            ParseQuery(CatalogueKind.author.className).related(to: object.pointer, key: Schema.authors)
                .order(by: Schema.name).ignoringCaseAndAccentsInTextOrder().limit(-1))
        let publishers = try reader.find(
            ParseQuery(CatalogueKind.publisher.className).related(to: object.pointer, key: Schema.publishers)
                .order(by: Schema.name).ignoringCaseAndAccentsInTextOrder().limit(-1))
        return book(object, authors: authors, publishers: publishers)
    }
}
