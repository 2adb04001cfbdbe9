import ParseStore

/// How one class is found by its list's search box: the document an object is indexed under, and — when that text
/// draws on other classes (a book on its authors' names) — which objects to index again when one of those changes.
///
/// The write path keeps every declared class's index in the same transaction as each change, whoever made it, and
/// checks it at open (a restored backup, another program's writes).
struct SearchableClass: Sendable {
    /// The class whose objects are indexed.
    let className: String
    /// The document of one stored object, read with `reader` (which sees the transaction's own writes).
    let document: @Sendable (ParseObject, ParseReader) throws -> SearchDocument
    /// The classes whose objects this class's documents draw on, each with the fields the documents read: a change
    /// to other fields (a genre's list of books) leaves the documents as they are, so it costs no indexing.
    var drawsOn: [String: Set<String>] = [:]
    /// The objectIds of this class whose documents draw on the changed object of a `drawsOn` class.
    var dependents: @Sendable (ObjectChange, ParseReader) throws -> [String] = { _, _ in [] }
    /// What `document` makes, as a number: raised when a document gains or loses a field, so a database indexed by
    /// an older Parsnip has every object of this class indexed again once, at open.
    var format = 1
}

extension SearchableClass {
    /// Indexes the object `objectId` again: its current document, or none when it no longer exists.
    func reindex(_ objectId: String, writer: ParseWriter, fetched: FetchedObjects? = nil) throws {
        let found =
            try fetched?.lookup(className, objectId) ?? RuleCheck.fetch(className, objectId, reader: writer.reader)
        guard let object = found else {
            try writer.setSearchDocument(
                nil, className: className, objectId: objectId, createdAt: .distantPast, updatedAt: .distantPast)
            return
        }
        try writer.setSearchDocument(
            try document(object, writer.reader), className: className, objectId: objectId, createdAt: object.createdAt,
            updatedAt: object.updatedAt)
    }

    /// Makes the index when missing and brings it up to date with the data: objects changed or added without it are
    /// indexed again and documents of objects gone are removed; every document is made again when `rebuild`.
    ///
    /// - Parameter progress: objects indexed so far and in all, after each batch.
    /// - Returns: true when anything was out of date (so the classes drawing on this one are rebuilt too).
    func bringUpToDate(writer: ParseWriter, rebuild: Bool, progress: (Int, Int) -> Void = { _, _ in }) throws -> Bool {
        let made = try writer.ensureSearchIndex(for: className, format: format)
        if rebuild, !made {
            try writer.clearSearchIndex(for: className)
        }
        let stale = try writer.reader.staleSearchDocuments(for: className)
        if stale.changed.count > Self.bulkThreshold {
            try writer.withBulkSearchIndexing(for: className) {
                try reindexInBatches(stale.changed, writer: writer, progress: progress)
            }
        } else {
            for objectId in stale.changed { try reindex(objectId, writer: writer) }
        }
        for objectId in stale.orphaned {
            try writer.setSearchDocument(
                nil, className: className, objectId: objectId, createdAt: .distantPast, updatedAt: .distantPast)
        }
        return made || !stale.changed.isEmpty || !stale.orphaned.isEmpty
    }

    /// Past this many objects to index at once, FTS5's merging waits until all are in (see `withBulkSearchIndexing`).
    static let bulkThreshold = 10_000

    /// Indexes the stored objects `objectIds` (all of them exist), read 1,000 at a time.
    private func reindexInBatches(_ objectIds: [String], writer: ParseWriter, progress: (Int, Int) -> Void) throws {
        var done = 0
        for start in stride(from: 0, to: objectIds.count, by: 1_000) {
            let batch = objectIds[start..<min(start + 1_000, objectIds.count)]
            let objects = try writer.reader.find(
                ParseQuery(className).where("objectId", "$in", .array(batch.map(ParseValue.string))).limit(batch.count))
            for object in objects {
                try writer.setSearchDocument(
                    try document(object, writer.reader), className: className, objectId: object.objectId,
                    createdAt: object.createdAt, updatedAt: object.updatedAt)
            }
            done += batch.count
            progress(done, objectIds.count)
        }
    }

    /// Follows `changes` (one transaction's writes) into the indexes of `classes`, in that transaction; `fetched`
    /// holds objects already read as they are now (by the record rules' checks), which are not read again.
    static func follow(
        _ changes: [ObjectChange], into classes: [SearchableClass], writer: ParseWriter, fetched: FetchedObjects? = nil
    ) throws {
        guard !changes.isEmpty, !classes.isEmpty else { return }
        var pending: [String: Set<String>] = [:]
        for change in changes {
            for searchable in classes {
                if searchable.className == change.className {
                    pending[searchable.className, default: []].insert(change.objectId)
                } else if let read = searchable.drawsOn[change.className], change.mayHaveChanged(read) {
                    pending[searchable.className, default: []].formUnion(
                        try searchable.dependents(change, writer.reader))
                }
            }
        }
        for searchable in classes {
            for objectId in pending[searchable.className] ?? [] {
                try searchable.reindex(objectId, writer: writer, fetched: fetched)
            }
        }
    }

    /// Brings every class's index up to date at open, the classes others draw on first; a class whose sources
    /// were out of date is rebuilt whole, as its documents may name what changed.
    ///
    /// - Parameter progress: told how far a large index has come (a class's name, objects indexed, in all).
    static func bringUpToDate(
        _ classes: [SearchableClass], writer: ParseWriter,
        progress: (_ className: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws {
        var outOfDate: Set<String> = []
        for searchable in classes {
            let rebuild = searchable.drawsOn.keys.contains(where: outOfDate.contains)
            let changed = try searchable.bringUpToDate(writer: writer, rebuild: rebuild) { done, total in
                progress(searchable.className, done, total)
            }
            if changed { outOfDate.insert(searchable.className) }
        }
    }
}
