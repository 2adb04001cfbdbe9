import ParseStore

/// Genres, authors and publishers: lists with book counts, add, rename and delete, each write one transaction.
extension StoreBookRepository {
    func entries(_ kind: CatalogueKind) async throws -> [CatalogueEntryUsage] {
        try await writePath.read { reader in
            let objects = Self.filed(
                try reader.find(
                    ParseQuery(kind.className).order(by: Schema.name).ignoringCaseAndAccentsInTextOrder().limit(-1)),
                kind: kind)
            let counts = try Self.bookCounts(kind, objects.map(\.objectId), reader: reader)
            return objects.map { CatalogueEntryUsage(entry: Self.entry(kind, $0), bookCount: counts[$0.objectId] ?? 0) }
        }
    }

    func entryIds(_ kind: CatalogueKind, matching search: String) async throws -> Set<String> {
        try await writePath.read { reader in
            guard try reader.schema(kind.className) != nil else { return [] }
            let query = ParseQuery(kind.className).searching(search).select("objectId").limit(-1)
            return Set(try reader.find(query).map(\.objectId))
        }
    }

    func entry(_ kind: CatalogueKind, id: String) async throws -> CatalogueEntryUsage? {
        try await writePath.read { reader in
            guard let object = try Self.fetch(kind.className, id, reader: reader, include: ChangeAuthorship.include)
            else { return nil }
            let count = try reader.count(Self.books(using: object.pointer, kind: kind))
            return CatalogueEntryUsage(
                entry: Self.entry(kind, object), bookCount: count, lastChange: ChangeAuthorship.stamp(of: object))
        }
    }

    func createEntry(_ kind: CatalogueKind, name: String, by user: SignedInUser?) async throws -> CatalogueEntry {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let outcome = try await writePath.change(by: user) { session -> Result<CatalogueEntry, CatalogueError> in
            if let existing = try Self.matchingEntry(kind, named: name, reader: session.reader) {
                return .failure(.duplicate(existingId: existing.objectId))
            }
            let object = try session.create(kind.className, [Schema.name: .set(.string(name))])
            try session.record(
                .created, Self.entryReference(kind, object.objectId), before: nil, after: RecordSnapshot.of(object))
            return .success(Self.entry(kind, object))
        }
        return try outcome.get()
    }

    func renameEntry(_ kind: CatalogueKind, id: String, to name: String, by user: SignedInUser?) async throws
        -> CatalogueEntry
    {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let outcome = try await writePath.change(by: user) { session -> Result<CatalogueEntry, CatalogueError> in
            guard let old = try Self.fetch(kind.className, id, reader: session.reader) else {
                return .failure(.notFound)
            }
            return try Self.rename(old, of: kind, to: name, session: session)
        }
        return try outcome.get()
    }

    func renameEntry(
        _ kind: CatalogueKind, id: String, to name: String, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<CatalogueEntry> {
        let typed = CatalogueEntry(kind: kind, id: id, name: name.trimmingCharacters(in: .whitespacesAndNewlines))
        let outcome = try await writePath.change(by: user) {
            session -> Result<EditOutcome<CatalogueEntry>, CatalogueError> in
            guard
                let old = try Self.fetch(kind.className, id, reader: session.reader, include: ChangeAuthorship.include)
            else { return .failure(.notFound) }
            let resolver = FieldResolver(
                base: base, choices: choices, currentVersion: EditBase.version(of: old.updatedAt))
            let stored = Self.entry(kind, old)
            switch ThreeWayMerge.settle(CatalogueEntryField.self, typed: typed, stored: stored, resolver: resolver) {
            case .conflict(let conflicts):
                return .success(.conflict(resolver.conflictReport(conflicts, stamp: ChangeAuthorship.stamp(of: old))))
            case .save(let merged, _):
                return try Self.rename(old, of: kind, to: merged.name, session: session).map { .saved($0, merged: nil) }
            }
        }
        return try outcome.get()
    }

    /// Renames the fetched entry `old` in `session`, unless another entry of its kind has that name.
    private static func rename(_ old: ParseObject, of kind: CatalogueKind, to name: String, session: ChangeSession)
        throws -> Result<CatalogueEntry, CatalogueError>
    {
        if let existing = try matchingEntry(kind, named: name, except: old.objectId, reader: session.reader) {
            return .failure(.duplicate(existingId: existing.objectId))
        }
        let object = try session.update(kind.className, objectId: old.objectId, [Schema.name: .set(.string(name))])
        try session.record(
            .edited, entryReference(kind, old.objectId), before: RecordSnapshot.of(old),
            after: RecordSnapshot.of(object))
        return .success(entry(kind, object))
    }

    func deleteEntry(_ kind: CatalogueKind, id: String, moveBooksTo: String?, by user: SignedInUser?)
        async throws -> Deletion<CatalogueEntry>
    {
        let outcome = try await writePath.change(by: user) {
            session -> Result<Deletion<CatalogueEntry>, CatalogueError> in
            let (reader, writer) = (session.reader, session.writer)
            var links: [TrashBundle.Link] = []
            guard let object = try Self.fetch(kind.className, id, reader: reader) else { return .failure(.notFound) }
            let books = try reader.find(Self.books(using: object.pointer, kind: kind).select(Schema.title).limit(-1))
            switch kind {
            case .genre:
                if !books.isEmpty {
                    guard let target = moveBooksTo, target != id,
                        try Self.fetch(kind.className, target, reader: reader) != nil
                    else { return .failure(.inUse(bookCount: books.count)) }
                    try Self.moveBooks(books.map(\.pointer), to: target, session: session)
                }
                // The genre's own join rows go with it, including any for books it no longer points to.
                let members = try reader.find(
                    ParseQuery(Schema.book).related(to: object.pointer, key: Schema.genreBooks).select(Schema.title)
                        .limit(-1))
                try writer.update(
                    kind.className, objectId: id,
                    operations: [Schema.genreBooks: .removeRelation(members.map(\.pointer))])
            case .author, .publisher:
                let field = kind == .author ? Schema.authors : Schema.publishers
                for book in books {
                    links.append(
                        .init(owner: Self.reference(book.objectId), key: field, target: Self.entryReference(kind, id)))
                    try Self.changeBook(book.objectId, session: session) {
                        try session.update(
                            Schema.book, objectId: book.objectId, [field: .removeRelation([object.pointer])])
                    }
                }
            }
            try session.keepCreation(of: Self.entryReference(kind, id))
            try writer.delete(kind.className, objectId: id)
            let entry = Self.entry(kind, object)
            let trashId = try session.putInTrash(
                kind: kind.rawValue, record: Self.entryReference(kind, id), name: entry.name,
                bundle: TrashBundle(objects: [object], links: links))
            try session.record(.deleted, Self.entryReference(kind, id), before: RecordSnapshot.of(object), after: nil)
            return .success(Deletion(item: entry, trashId: trashId))
        }
        return try outcome.get()
    }

    /// The books that use an entry: by their `genre` Pointer, or by their `authors` / `publishers` Relation.
    static func books(using entry: ParsePointer, kind: CatalogueKind) -> ParseQuery {
        let field =
            switch kind {
            case .genre: Schema.genre
            case .author: Schema.authors
            case .publisher: Schema.publishers
            }
        return ParseQuery(Schema.book).where(field, equalTo: .pointer(entry))
    }

    /// How many books use each entry: genres from one read of every book's `genre`, authors and publishers with one
    /// indexed count per entry.
    static func bookCounts(_ kind: CatalogueKind, _ ids: [String], reader: ParseReader) throws -> [String: Int] {
        guard !ids.isEmpty else { return [:] }
        if kind == .genre {
            var counts: [String: Int] = [:]
            for book in try reader.find(ParseQuery(Schema.book).select(Schema.genre).limit(-1)) {
                if let genre = book[Schema.genre]?.pointerValue { counts[genre.objectId, default: 0] += 1 }
            }
            return counts
        }
        var counts: [String: Int] = [:]
        for id in ids {
            counts[id] = try reader.count(books(using: pointers(kind, [id])[0], kind: kind))
        }
        return counts
    }

    /// The oldest entry of `kind` other than `except` whose name equals `name` ignoring case (names are stored
    /// trimmed), or nil.
    static func entry(_ kind: CatalogueKind, named name: String, except: String? = nil, reader: ParseReader) throws
        -> ParseObject?
    {
        // An anchored `\Q…\E` pattern is compared as text by the store (LIKE for ASCII, folded for the rest).
        let quoted = "^\\Q" + name.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E$"
        var query = ParseQuery(kind.className).where(Schema.name, "$regex", .string(quoted)).where(
            Schema.name, "$options", "i")
        if let except { query = query.where("objectId", "$ne", .string(except)) }
        return try reader.first(query.order(by: "createdAt"))
    }

    /// Points each book at genre `target` (a change in each book's History); the genres' `books` follow.
    static func moveBooks(_ books: [ParsePointer], to target: String, session: ChangeSession) throws {
        let genre = ParsePointer(className: CatalogueKind.genre.className, objectId: target)
        for book in books {
            try changeBook(book.objectId, session: session) {
                try session.update(Schema.book, objectId: book.objectId, [Schema.genre: .set(.pointer(genre))])
            }
        }
        // The genres' `books` follow: the write path's upkeep (BookRules).
    }

    /// Makes `change` to a book as a side effect of a catalogue change (an author deleted or restored, its genre
    /// moved), stamped and recorded in the book's own History with its snapshots before and after.
    static func changeBook(_ id: String, session: ChangeSession, _ change: () throws -> Void) throws {
        let before = BookSnapshot.value(try readBook(id, reader: session.reader))
        try change()
        let after = BookSnapshot.value(try readBook(id, reader: session.reader))
        try session.record(.edited, reference(id), before: before, after: after)
    }
}
