import Foundation
import ParseStore

/// The book catalogue on the Parse store, in the seed's model: `Book{title, publishingYear, genre → Pointer<Genre>,
/// isbn → Pointer<ISBN>, authors → Relation<Author>, publishers → Relation<Publisher>}` and `Genre.books →
/// Relation<Book>`.
///
/// Every multi-step write is one `store.write`, its checks (ISBN unused, entries exist, names unique) inside the
/// same transaction; a refusal is decided before anything is written, so the transaction commits nothing.
final class StoreBookRepository: BookRepository {
    /// The Parse classes and fields of the model.
    enum Schema {
        static let book = "Book"
        static let isbn = "ISBN"
        static let title = "title"
        static let publishingYear = "publishingYear"
        static let genre = "genre"
        static let isbnField = "isbn"
        static let authors = "authors"
        static let publishers = "publishers"
        static let genreBooks = "books"
        static let name = "name"
        static let value = "value"
        static let readingStatus = "readingStatus"
        static let lentTo = "lentTo"
        static let lentOn = "lentOn"
        static let dueBack = "dueBack"
        static let rating = "rating"
        static let finishedOn = "finishedOn"
        static let cover = "cover"
    }

    /// The lists' default orders (titles and names ignoring case and accents) as indexes, so a page of books or of
    /// a catalogue reads only its rows.
    /// The record rules' lookups as indexes too — a genre's books, the books holding an ISBN, an ISBN by its digits —
    /// so no save reads the whole catalogue.
    static let indexes =
        [StoredIndex.foldedOrder(Schema.book, Schema.title)]
        + CatalogueKind.allCases.map { StoredIndex.foldedOrder($0.className, Schema.name) }
        + [
            StoredIndex.whenFieldsExist(Schema.book, [Schema.genre]),
            StoredIndex.whenFieldsExist(Schema.book, [Schema.isbnField]),
            StoredIndex.whenFieldsExist(Schema.isbn, [Schema.value]),
        ]

    let writePath: WritePath
    /// Called between a save's steps; a test throws from it to show that nothing of the save is kept.
    let faultInjection: (@Sendable (BookWriteStep) throws -> Void)?

    /// Opens the repository on `writePath`'s store.
    convenience init(writePath: WritePath) {
        self.init(writePath: writePath, faultInjection: nil)
    }

    /// Opens the repository with a hook called between the steps of every book save (tests only).
    init(writePath: WritePath, faultInjection: (@Sendable (BookWriteStep) throws -> Void)?) {
        self.writePath = writePath
        self.faultInjection = faultInjection
    }

    var revision: Int { writePath.revision }

    /// A save of one book through the write path; a record rule's refusal (BookRules) comes back as the book form's
    /// (`BookSaveError.broken`), beside the field it is about.
    func bookChange<T: Sendable>(
        by user: SignedInUser?, _ body: @escaping @Sendable (ChangeSession) throws -> T
    ) async throws -> T {
        do {
            return try await writePath.change(by: user, body)
        } catch let ruleBreak as RuleBreak {
            throw BookSaveError.broken(field: ruleBreak.field, message: ruleBreak.message)
        }
    }

    func create(_ input: BookInput, by user: SignedInUser?) async throws -> Book {
        let fault = faultInjection
        let outcome = try await bookChange(by: user) { session -> Result<Book, BookSaveError> in
            let writer = session.writer
            var input = input
            if let refusal = try Self.refusal(of: input, editing: nil, reader: writer.reader) {
                return .failure(refusal)
            }
            try Self.addTypedEntries(input.newEntryNames, to: &input, session: session)
            let isbn = try input.isbn.map { try writer.create(Schema.isbn, [Schema.value: .string($0)]).pointer }
            try fault?(.isbnCreated)
            var operations = Self.scalarOperations(of: input, isbn: isbn)
            operations[Schema.authors] = .addRelation(Self.pointers(.author, input.authorIds))
            operations[Schema.publishers] = .addRelation(Self.pointers(.publisher, input.publisherIds))
            let book = try session.create(Schema.book, operations)
            try fault?(.bookCreated)
            // The genre's `books` follow the book's genre: the write path's upkeep (BookRules), for every writer.
            try fault?(.relationsAdded)
            let saved = try Self.readBook(book.objectId, reader: writer.reader)
            try session.record(.created, Self.reference(book.objectId), before: nil, after: BookSnapshot.value(saved))
            return .success(saved)
        }
        return try outcome.get()
    }

    func update(
        id: String, with input: BookInput, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<Book> {
        let fault = faultInjection
        let outcome = try await bookChange(by: user) { session -> Result<EditOutcome<Book>, BookSaveError> in
            let reader = session.reader
            guard let old = try Self.fetch(Schema.book, id, reader: reader, include: ChangeAuthorship.include) else {
                return .failure(.bookNotFound)
            }
            let stamp = ChangeAuthorship.stamp(of: old)
            let resolver = FieldResolver(
                base: base, choices: choices, currentVersion: EditBase.version(of: old.updatedAt))
            let typedGenre =
                input.genreId.isEmpty
                ? nil : try Self.fetch(CatalogueKind.genre.className, input.genreId, reader: reader)
            let typed = Book(typed: input, id: id, genreName: typedGenre.map { Self.entry(.genre, $0).name })
            let stored = try Self.readBook(id, reader: reader)
            switch ThreeWayMerge.settle(BookEditField.self, typed: typed, stored: stored, resolver: resolver) {
            case .conflict(let conflicts):
                return .success(.conflict(resolver.conflictReport(conflicts, stamp: stamp)))
            case .save(let merged, let theirLabels):
                var mergedInput = merged.input
                if let refusal = try Self.refusal(of: mergedInput, editing: id, reader: reader) {
                    return .failure(refusal)
                }
                try Self.addTypedEntries(input.newEntryNames, to: &mergedInput, session: session)
                try Self.write(mergedInput, over: old, session: session, fault: fault)
                let saved = try Self.readBook(id, reader: reader)
                try session.record(
                    .edited, Self.reference(id), before: BookSnapshot.value(stored), after: BookSnapshot.value(saved))
                let report = theirLabels.isEmpty ? nil : MergeReport(stamp: stamp, fieldLabels: theirLabels)
                return .success(.saved(saved, merged: report))
            }
        }
        return try outcome.get()
    }

    func deletion(id: String) async throws -> DeletedWhileEditing {
        try await DeletedWhileEditing.lookUp(Self.reference(id), writePath: writePath)
    }

    func restore(id: String, with input: BookInput, by user: SignedInUser?) async throws -> RestoreWithChanges<Book> {
        let fault = faultInjection
        let outcome = try await bookChange(by: user) {
            session -> Result<RestoreWithChanges<Book>, BookSaveError> in
            let reader = session.reader
            // Checked before anything is written: a refusal must leave the book in the trash.
            if let refusal = try Self.refusal(of: input, editing: id, reader: reader) { return .failure(refusal) }
            switch try session.restoreFromTrash(Self.reference(id), kind: BookTrash()) {
            case nil: return .success(.notInTrash)
            case .refused(let refusal): return .success(.refused(refusal.message))
            case .restored:
                guard let old = try Self.fetch(Schema.book, id, reader: reader) else { return .failure(.bookNotFound) }
                let stored = try Self.readBook(id, reader: reader)
                var typed = input
                try Self.addTypedEntries(input.newEntryNames, to: &typed, session: session)
                try Self.write(typed, over: old, session: session, fault: fault)
                let saved = try Self.readBook(id, reader: reader)
                try session.record(
                    .edited, Self.reference(id), before: BookSnapshot.value(stored), after: BookSnapshot.value(saved))
                return .success(.restored(saved))
            }
        }
        return try outcome.get()
    }

    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<Book> {
        let outcome = try await writePath.change(by: user) { session -> Result<Deletion<Book>, BookSaveError> in
            let (reader, writer) = (session.reader, session.writer)
            guard let object = try Self.fetch(Schema.book, id, reader: reader) else { return .failure(.bookNotFound) }
            let book = try Self.readBook(id, reader: reader)
            let pointer = ParsePointer(className: Schema.book, objectId: id)
            let genres = try Self.genres(containing: pointer, reader: reader)
            var isbnObject: ParseObject?
            if let isbn = object[Schema.isbnField]?.pointerValue, isbn.className == Schema.isbn {
                isbnObject = try Self.fetch(Schema.isbn, isbn.objectId, reader: reader)
            }
            let bundle = TrashBundle(
                objects: [object] + (isbnObject.map { [$0] } ?? []),
                links: Self.links(of: book, genres: genres))
            try writer.update(
                Schema.book, objectId: id,
                operations: [
                    Schema.authors: .removeRelation(Self.pointers(.author, book.authors.map(\.id))),
                    Schema.publishers: .removeRelation(Self.pointers(.publisher, book.publishers.map(\.id))),
                ])
            if let isbnObject { try writer.delete(Schema.isbn, objectId: isbnObject.objectId) }
            try session.delete(Schema.book, objectId: id)
            let trashId = try session.putInTrash(
                kind: Self.bookTrashKind, record: Self.reference(id), name: book.title, bundle: bundle)
            try session.record(.deleted, Self.reference(id), before: BookSnapshot.value(book), after: nil)
            return .success(Deletion(item: book, trashId: trashId))
        }
        return try outcome.get()
    }

    /// The Relation rows that hold a book: its authors and publishers, and its genres' `books`.
    static func links(of book: Book, genres: [ParsePointer]) -> [TrashBundle.Link] {
        let me = reference(book.id ?? "")
        return book.authors.map { .init(owner: me, key: Schema.authors, target: entryReference(.author, $0.id)) }
            + book.publishers.map {
                .init(owner: me, key: Schema.publishers, target: entryReference(.publisher, $0.id))
            }
            + genres.map {
                .init(
                    owner: RecordReference(className: $0.className, objectId: $0.objectId), key: Schema.genreBooks,
                    target: me)
            }
    }

    /// What the trash calls books.
    static let bookTrashKind = "book"

    /// The book `id` as a record reference.
    static func reference(_ id: String) -> RecordReference { RecordReference(className: Schema.book, objectId: id) }

    /// An entry as a record reference.
    static func entryReference(_ kind: CatalogueKind, _ id: String) -> RecordReference {
        RecordReference(className: kind.className, objectId: id)
    }
}

/// The points between the steps of a book save where `StoreBookRepository.faultInjection` is called.
enum BookWriteStep: Sendable, Hashable {
    /// The ISBN object was created (or, on edit, updated or replaced).
    case isbnCreated
    /// The Book was created (or updated) with its Pointers and its authors and publishers relation rows.
    case bookCreated
    /// The genre's `books` relation row was added (or moved).
    case relationsAdded
}
