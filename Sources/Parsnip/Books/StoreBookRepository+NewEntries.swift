import ParseStore

/// The names typed into the book form's "New genre", "New author" and "New publisher" boxes but not added with their
/// own button: a book save links or adds them in its own change, so the entries and the book are kept together or
/// not at all.
extension StoreBookRepository {
    /// Puts each of `names` into `input` as an id: the entry of its kind with that name (ignoring case, spaces and,
    /// for an author, the order of "Surname, Forename") when there is one, else a new entry added in `session` — never a second one.
    ///
    /// Called inside the save's change once its checks passed (`refusal(of:)` lets the placeholder
    /// `BookInput.typedNewGenreId` through) and before the book is written, so a refused save adds nothing. A typed
    /// genre is only needed while the genre is still that placeholder: when a merge took the stored genre instead,
    /// it is not added.
    static func addTypedEntries(
        _ names: [CatalogueKind: String], to input: inout BookInput, session: ChangeSession
    ) throws {
        for kind in CatalogueKind.allCases {
            guard let name = names[kind] else { continue }
            switch kind {
            case .genre:
                guard input.genreId == BookInput.typedNewGenreId else { continue }
                input.genreId = try entryId(kind, named: name, session: session)
            case .author:
                let id = try entryId(kind, named: name, session: session)
                if !input.authorIds.contains(id) { input.authorIds.append(id) }
            case .publisher:
                let id = try entryId(kind, named: name, session: session)
                if !input.publisherIds.contains(id) { input.publisherIds.append(id) }
            }
        }
    }

    /// The id of the entry of `kind` named `name`, added in `session` when there is none (as `createEntry` adds one,
    /// with its history entry).
    private static func entryId(_ kind: CatalogueKind, named name: String, session: ChangeSession) throws -> String {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let existing = try matchingEntry(kind, named: name, reader: session.reader) { return existing.objectId }
        let object = try session.create(kind.className, [Schema.name: .set(.string(name))])
        try session.record(
            .created, entryReference(kind, object.objectId), before: nil, after: RecordSnapshot.of(object))
        return object.objectId
    }
}
