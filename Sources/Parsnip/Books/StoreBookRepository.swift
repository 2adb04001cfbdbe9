import Foundation
import ParseStore

/// The book catalogue on the Parse store, in the seed's model: `Book{title, publishingYear, genre → Pointer<Genre>,
/// isbn → Pointer<ISBN>, authors → Relation<Author>, publishers → Relation<Publisher>}` and `Genre.books →
/// Relation<Book>`.
///
/// Every multi-step write is one `store.write`, its checks (ISBN unused, entries exist, names unique) inside the
/// same transaction; a refusal is decided before anything is written, so the transaction commits nothing.
public final class StoreBookRepository: BookRepository {
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
    }

    let store: ParseStore
    let counter: WriteCounter
    /// Called between a save's steps; a test throws from it to show that nothing of the save is kept.
    let faultInjection: (@Sendable (BookWriteStep) throws -> Void)?

    /// Opens the repository on `store` and counts the books already there.
    public convenience init(store: ParseStore) async throws {
        try await self.init(store: store, faultInjection: nil)
    }

    /// Opens the repository with a hook called between the steps of every book save (tests only).
    init(store: ParseStore, faultInjection: (@Sendable (BookWriteStep) throws -> Void)?) async throws {
        self.store = store
        self.faultInjection = faultInjection
        let count = try await store.read { reader in try reader.count(ParseQuery(Schema.book)) }
        self.counter = WriteCounter(total: count)
    }

    public var revision: Int { counter.revision }

    func create(_ input: BookInput, by user: SignedInUser?) async throws -> Book {
        var added = 0
        defer { counter.recordWrite(changingTotalBy: added) }
        let fault = faultInjection
        let outcome = try await store.write { writer -> Result<Book, BookSaveError> in
            var input = input
            if let refusal = try Self.refusal(of: input, editing: nil, reader: writer.reader) {
                return .failure(refusal)
            }
            try Self.addTypedEntries(to: &input, by: user, writer: writer)
            let isbn = try writer.create(Schema.isbn, [Schema.value: .string(input.isbn)])
            try fault?(.isbnCreated)
            var operations = Self.scalarOperations(of: input, isbn: isbn.pointer)
            if user != nil { operations[ChangeAuthorship.field] = ChangeAuthorship.update(by: user) }
            operations[Schema.authors] = .addRelation(Self.pointers(.author, input.authorIds))
            operations[Schema.publishers] = .addRelation(Self.pointers(.publisher, input.publisherIds))
            let book = try writer.create(Schema.book, operations: operations)
            try fault?(.bookCreated)
            try writer.update(
                CatalogueKind.genre.className, objectId: input.genreId,
                operations: [Schema.genreBooks: .addRelation([book.pointer])])
            try fault?(.relationsAdded)
            return .success(try Self.readBook(book.objectId, reader: writer.reader))
        }
        let book = try outcome.get()
        added = 1
        return book
    }

    func update(
        id: String, with input: BookInput, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<Book> {
        defer { counter.recordWrite() }
        let fault = faultInjection
        let outcome = try await store.write { writer -> Result<EditOutcome<Book>, BookSaveError> in
            let reader = writer.reader
            guard let old = try Self.fetch(Schema.book, id, reader: reader, include: ChangeAuthorship.include) else {
                return .failure(.bookNotFound)
            }
            let stamp = ChangeAuthorship.stamp(of: old)
            let resolver = FieldResolver(
                base: base, choices: choices, currentVersion: EditBase.version(of: old.updatedAt))
            let typedGenre = try Self.fetch(CatalogueKind.genre.className, input.genreId, reader: reader)
            let settled = BookMerge.settle(
                typed: input, stored: try Self.readBook(id, reader: reader), resolver: resolver,
                typedGenreName: typedGenre.map { Self.entry(.genre, $0).name })
            switch settled {
            case .conflicts(let conflicts):
                let choiceMissing = !choices.isEmpty && base.version == resolver.currentVersion
                return .success(
                    .conflict(
                        ConflictReport(
                            stamp: stamp, version: resolver.currentVersion, conflicts: conflicts,
                            choiceMissing: choiceMissing)))
            case .merged(var merged, let theirChanges):
                if let refusal = try Self.refusal(of: merged, editing: id, reader: reader) { return .failure(refusal) }
                try Self.addTypedEntries(to: &merged, by: user, writer: writer)
                try Self.write(merged, over: old, by: user, writer: writer, fault: fault)
                let report = theirChanges.isEmpty ? nil : MergeReport(stamp: stamp, fieldLabels: theirChanges)
                return .success(.saved(try Self.readBook(id, reader: reader), merged: report))
            }
        }
        return try outcome.get()
    }

    public func delete(id: String) async throws -> Book {
        var removed = 0
        defer { counter.recordWrite(changingTotalBy: removed) }
        let outcome = try await store.write { writer -> Result<Book, BookSaveError> in
            let reader = writer.reader
            guard let object = try Self.fetch(Schema.book, id, reader: reader) else { return .failure(.bookNotFound) }
            let book = try Self.readBook(id, reader: reader)
            let pointer = ParsePointer(className: Schema.book, objectId: id)
            try writer.update(
                Schema.book, objectId: id,
                operations: [
                    Schema.authors: .removeRelation(Self.pointers(.author, book.authors.map(\.id))),
                    Schema.publishers: .removeRelation(Self.pointers(.publisher, book.publishers.map(\.id))),
                ])
            for genre in try Self.genres(containing: pointer, reader: reader) {
                try writer.update(
                    genre.className, objectId: genre.objectId,
                    operations: [Schema.genreBooks: .removeRelation([pointer])])
            }
            if let isbn = object[Schema.isbnField]?.pointerValue, isbn.className == Schema.isbn,
                try Self.fetch(Schema.isbn, isbn.objectId, reader: reader) != nil
            {
                try writer.delete(Schema.isbn, objectId: isbn.objectId)
            }
            try writer.delete(Schema.book, objectId: id)
            return .success(book)
        }
        let book = try outcome.get()
        removed = -1
        return book
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
