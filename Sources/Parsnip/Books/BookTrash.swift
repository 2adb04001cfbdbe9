import ParseStore

/// Books in the trash: restored with their ISBN, genre, authors and publishers, once nothing stands in the way.
struct BookTrash: TrashKind {
    let kind = StoreBookRepository.bookTrashKind
    let label = "Book"

    func url(of record: RecordReference) -> String { "/books/\(record.objectId)" }

    /// Refuses while the ISBN belongs to another book or the genre is gone; otherwise puts everything back.
    func restore(_ item: TrashItem, session: ChangeSession) throws -> RestoreOutcome {
        typealias Schema = StoreBookRepository.Schema
        let reader = session.reader
        guard let book = item.bundle.objects.first else { return .restored }
        // Said in the language of the page that asked (the write path keeps it for its transaction).
        let language = PageLanguage.current
        if let isbn = item.bundle.objects.first(where: { $0.className == Schema.isbn })?[Schema.value]?.stringValue,
            let holder = try BookRules.otherBook(withISBN: isbn, except: nil, reader: reader)
        {
            let title = holder[Schema.title]?.stringValue ?? ""
            return .refused(
                RestoreRefusal(
                    message: language.text("books.trash.isbnTaken", ["isbn": isbn, "title": title]),
                    linkText: language.text("books.trash.openBook", ["title": title]),
                    linkURL: "/books/\(holder.objectId)"))
        }
        if let genre = book[Schema.genre]?.pointerValue,
            try StoreBookRepository.fetch(genre.className, genre.objectId, reader: reader) == nil
        {
            return .refused(
                RestoreRefusal(
                    message: language.text("books.trash.genreGone"), linkText: language.text("books.trash.back"),
                    linkURL: "/trash"))
        }
        _ = try item.bundle.putBack(session: session)
        let restored = try StoreBookRepository.readBook(book.objectId, reader: reader)
        try session.record(.restored, item.record, before: nil, after: BookSnapshot.value(restored))
        return .restored
    }
}

/// Genres, authors and publishers in the trash: restored onto the books they were on that still exist, each book
/// getting the change in its own History. One merged away also takes back what the merge gave the kept entry: the
/// books it linked to it (or, for a genre, moved to it) go back, so every book is as it was before the merge.
struct CatalogueTrash: TrashKind {
    let entryKind: CatalogueKind

    var kind: String { entryKind.rawValue }
    var label: String { entryKind.singular.prefix(1).uppercased() + entryKind.singular.dropFirst() }

    func url(of record: RecordReference) -> String { "\(entryKind.path)/\(record.objectId)" }

    func restore(_ item: TrashItem, session: ChangeSession) throws -> RestoreOutcome {
        typealias Schema = StoreBookRepository.Schema
        let reader = session.reader
        let merge = MergeUndo(item.bundle.extra)
        let kept = try merge.flatMap { try StoreBookRepository.fetch(entryKind.className, $0.keptId, reader: reader) }
        var books = Set(item.bundle.links.map(\.owner).filter { $0.className == Schema.book }.map(\.objectId))
        books.formUnion(merge?.linkedBookIds ?? [])
        books.formUnion(merge?.movedBookIds ?? [])
        var before: [String: ParseValue] = [:]
        for id in books.sorted() {
            guard try StoreBookRepository.fetch(Schema.book, id, reader: reader) != nil else { continue }
            try session.keepCreation(of: StoreBookRepository.reference(id))
            before[id] = BookSnapshot.value(try StoreBookRepository.readBook(id, reader: reader))
        }
        let restored = try item.bundle.putBack(session: session)
        try session.record(.restored, item.record, before: nil, after: restored.first.map { RecordSnapshot.of($0) })
        if let merge, let kept {
            try takeBack(merge, from: kept, restoring: item, books: Set(before.keys), session: session)
        }
        for (id, snapshot) in before.sorted(by: { $0.key < $1.key }) {
            // The book changed as well: stamped as changed by whoever restored the entry.
            try session.update(Schema.book, objectId: id, [:])
            let after = BookSnapshot.value(try StoreBookRepository.readBook(id, reader: reader))
            try session.record(.edited, StoreBookRepository.reference(id), before: snapshot, after: after)
        }
        return .restored
    }

    /// Undoes the rest of a merge once the merged entry is back: unlinks the kept entry from the books the merge
    /// linked it to, points the genre's moved books back at it, and says so in the kept entry's History.
    private func takeBack(
        _ merge: MergeUndo, from kept: ParseObject, restoring item: TrashItem, books: Set<String>,
        session: ChangeSession
    ) throws {
        typealias Schema = StoreBookRepository.Schema
        let reader = session.reader
        switch entryKind {
        case .genre:
            let genre = ParsePointer(className: entryKind.className, objectId: item.record.objectId)
            for id in merge.movedBookIds where books.contains(id) {
                // Only books still in the kept genre: one given another genre since keeps it.
                let book = try StoreBookRepository.fetch(Schema.book, id, reader: reader)
                guard book?[Schema.genre]?.pointerValue?.objectId == kept.objectId else { continue }
                try session.writer.update(Schema.book, objectId: id, operations: [Schema.genre: .set(.pointer(genre))])
            }
        case .author, .publisher:
            let field = entryKind == .author ? Schema.authors : Schema.publishers
            for id in merge.linkedBookIds where books.contains(id) {
                try session.writer.update(
                    Schema.book, objectId: id, operations: [field: .removeRelation([kept.pointer])])
            }
        }
        let merged = CatalogueEntry(kind: entryKind, id: item.record.objectId, name: item.name)
        let stamped = try session.update(entryKind.className, objectId: kept.objectId, [:])
        try session.record(
            .edited, StoreBookRepository.entryReference(entryKind, kept.objectId), before: RecordSnapshot.of(kept),
            after: RecordSnapshot.of(stamped, extra: MergeNote.gaveBack(merged, trashId: item.id)))
    }
}

extension CatalogueKind {
    /// Genres, authors and publishers in the trash.
    var trashKind: CatalogueTrash { CatalogueTrash(entryKind: self) }
}
