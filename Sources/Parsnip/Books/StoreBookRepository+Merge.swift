import ParseStore

/// Merging two genres, authors or publishers: every book of the one merged away takes the one kept instead (a book
/// that had both keeps one link), and the merged one goes to the trash — one change, undone by restoring it.
extension StoreBookRepository {
    func mergeEntry(_ kind: CatalogueKind, id: String, into keptId: String, by user: SignedInUser?) async throws
        -> CatalogueMerge
    {
        let outcome = try await writePath.change(by: user) { session -> Result<CatalogueMerge, CatalogueError> in
            let reader = session.reader
            guard id != keptId, let merged = try Self.fetch(kind.className, id, reader: reader),
                let kept = try Self.fetch(kind.className, keptId, reader: reader)
            else { return .failure(.notFound) }
            let books = try reader.find(Self.books(using: merged.pointer, kind: kind).select(Schema.title).limit(-1))
            var links: [TrashBundle.Link] = []
            var undo = MergeUndo(keptId: keptId)
            switch kind {
            case .genre:
                try Self.moveBooks(books.map(\.pointer), to: keptId, session: session)
                undo.movedBookIds = books.map(\.objectId)
                // The merged genre's own join rows go with it (the kept genre's `books` follow its new books).
                let members = try reader.find(
                    ParseQuery(Schema.book).related(to: merged.pointer, key: Schema.genreBooks).select(Schema.title)
                        .limit(-1))
                try session.writer.update(
                    kind.className, objectId: id,
                    operations: [Schema.genreBooks: .removeRelation(members.map(\.pointer))])
            case .author, .publisher:
                let field = kind == .author ? Schema.authors : Schema.publishers
                let keptBooks = Set(
                    try reader.find(Self.books(using: kept.pointer, kind: kind).select(Schema.title).limit(-1))
                        .map(\.objectId))
                for book in books {
                    links.append(
                        .init(owner: Self.reference(book.objectId), key: field, target: Self.entryReference(kind, id)))
                    let hadBoth = keptBooks.contains(book.objectId)
                    if !hadBoth { undo.linkedBookIds.append(book.objectId) }
                    try Self.changeBook(book.objectId, session: session) {
                        try session.update(
                            Schema.book, objectId: book.objectId, [field: .removeRelation([merged.pointer])])
                        if !hadBoth {
                            try session.writer.update(
                                Schema.book, objectId: book.objectId, operations: [field: .addRelation([kept.pointer])])
                        }
                    }
                }
            }
            let mergedEntry = Self.entry(kind, merged)
            let keptEntry = Self.entry(kind, kept)
            try session.keepCreation(of: Self.entryReference(kind, id))
            try session.writer.delete(kind.className, objectId: id)
            let trashId = try session.putInTrash(
                kind: kind.rawValue, record: Self.entryReference(kind, id), name: mergedEntry.name,
                bundle: TrashBundle(objects: [merged], links: links, extra: undo.value))
            try session.record(
                .deleted, Self.entryReference(kind, id),
                before: RecordSnapshot.of(merged, extra: MergeNote.mergedInto(keptEntry, trashId: trashId)),
                after: nil)
            // The kept entry's History says what it took in, with the Undo that restores the merged one.
            let stamped = try session.update(kind.className, objectId: keptId, [:])
            try session.record(
                .edited, Self.entryReference(kind, keptId), before: RecordSnapshot.of(kept),
                after: RecordSnapshot.of(stamped, extra: MergeNote.tookIn(mergedEntry, trashId: trashId)))
            return .success(
                CatalogueMerge(merged: mergedEntry, kept: keptEntry, bookCount: books.count, trashId: trashId))
        }
        return try outcome.get()
    }
}

/// What a merge did, for the message after it and its Undo.
struct CatalogueMerge: Sendable, Hashable {
    var merged: CatalogueEntry
    var kept: CatalogueEntry
    /// The books the merged entry was on.
    var bookCount: Int
    /// The trash item holding the merged entry: restoring it undoes the merge.
    var trashId: String
}

/// The part of a merge that restoring the merged entry must take back besides its own links: the books it linked
/// to the kept entry (those that did not have it already) or, for a genre, moved to the kept one.
struct MergeUndo: Sendable, Hashable {
    var keptId: String
    var linkedBookIds: [String] = []
    var movedBookIds: [String] = []

    init(keptId: String) {
        self.keptId = keptId
    }

    /// Read from a trash bundle's `extra`; nil for a plain delete.
    init?(_ value: ParseValue?) {
        guard let members = value?.objectValue, let kept = members["mergedInto"]?.stringValue else { return nil }
        keptId = kept
        linkedBookIds = members["linkedBooks"]?.arrayValue?.compactMap(\.stringValue) ?? []
        movedBookIds = members["movedBooks"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    var value: ParseValue {
        .object([
            "mergedInto": .string(keptId), "linkedBooks": .array(linkedBookIds.map { .string($0) }),
            "movedBooks": .array(movedBookIds.map { .string($0) }),
        ])
    }
}

/// The members a merge adds to the entries' History snapshots, so their History pages can say what happened and offer
/// the Undo (`CatalogueEntryHistory`).
enum MergeNote {
    static let mergedIntoKey = "mergedInto"
    static let tookInKey = "tookIn"
    static let gaveBackKey = "gaveBack"

    /// On the merged entry's "Deleted": the entry it went into.
    static func mergedInto(_ kept: CatalogueEntry, trashId: String) -> [String: ParseValue] {
        [mergedIntoKey: note(kept, trashId: trashId)]
    }

    /// On the kept entry: the entry it took in.
    static func tookIn(_ merged: CatalogueEntry, trashId: String) -> [String: ParseValue] {
        [tookInKey: note(merged, trashId: trashId)]
    }

    /// On the kept entry when the merge was undone: the entry that is its own again.
    static func gaveBack(_ merged: CatalogueEntry, trashId: String) -> [String: ParseValue] {
        [gaveBackKey: note(merged, trashId: trashId)]
    }

    /// The other entry's name and the merge's trash item, read from a snapshot's `key` member.
    static func read(_ snapshot: ParseValue?, _ key: String) -> (name: String, trashId: String)? {
        guard let note = snapshot?.objectValue?[key]?.objectValue, let name = note["name"]?.stringValue,
            let trashId = note["trashId"]?.stringValue
        else { return nil }
        return (name, trashId)
    }

    private static func note(_ entry: CatalogueEntry, trashId: String) -> ParseValue {
        .object(["objectId": .string(entry.id), "name": .string(entry.name), "trashId": .string(trashId)])
    }
}
