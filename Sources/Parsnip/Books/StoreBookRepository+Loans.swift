import ParseStore

/// A book coming back home, and the kept cover photos.
extension StoreBookRepository {
    func markReturned(id: String, by user: SignedInUser?) async throws -> Book {
        let outcome = try await bookChange(by: user) { session -> Result<Book, BookSaveError> in
            let reader = session.reader
            guard try Self.fetch(Schema.book, id, reader: reader) != nil else { return .failure(.bookNotFound) }
            let lent = try Self.readBook(id, reader: reader)
            guard lent.lentTo != nil || lent.lentOn != nil || lent.dueBack != nil else { return .success(lent) }
            try session.update(
                Schema.book, objectId: id,
                [Schema.lentTo: .set(.null), Schema.lentOn: .set(.null), Schema.dueBack: .set(.null)])
            let back = try Self.readBook(id, reader: reader)
            try session.record(
                .edited, Self.reference(id), before: BookSnapshot.value(lent), after: BookSnapshot.value(back))
            return .success(back)
        }
        return try outcome.get()
    }

    func keepCover(_ cover: StoredFile) async throws {
        try await writePath.keep(cover)
    }

    func cover(named name: String) async throws -> StoredFile? {
        try await writePath.read { try $0.file(named: name) }
    }
}
