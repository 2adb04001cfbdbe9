import ParseStore

/// The names typed into the book form's "New genre", "New author" and "New publisher" boxes but not added with their
/// own button: a book save links or adds them in its own transaction, so the entries and the book are kept together
/// or not at all.
extension StoreBookRepository {
    /// Puts each name of `input.newEntryNames` into `input` as an id: the entry of its kind with that name (ignoring
    /// case and surrounding spaces) when there is one, else a new entry added by `user` — never a second one.
    ///
    /// Called inside the save's write transaction once its checks passed (`refusal(of:)` lets the placeholder
    /// `BookInput.typedNewGenreId` through) and before the book is written, so a refused save adds nothing. A typed
    /// genre is only needed while the genre is still that placeholder: when a merge took the stored genre instead,
    /// it is not added.
    static func addTypedEntries(to input: inout BookInput, by user: SignedInUser?, writer: ParseWriter) throws {
        for kind in CatalogueKind.allCases {
            guard let name = input.newEntryNames[kind] else { continue }
            switch kind {
            case .genre:
                guard input.genreId == BookInput.typedNewGenreId else { continue }
                input.genreId = try entryId(kind, named: name, by: user, writer: writer)
            case .author:
                let id = try entryId(kind, named: name, by: user, writer: writer)
                if !input.authorIds.contains(id) { input.authorIds.append(id) }
            case .publisher:
                let id = try entryId(kind, named: name, by: user, writer: writer)
                if !input.publisherIds.contains(id) { input.publisherIds.append(id) }
            }
        }
    }

    /// The id of the entry of `kind` named `name`, added by `user` when there is none (as `createEntry` adds one).
    private static func entryId(_ kind: CatalogueKind, named name: String, by user: SignedInUser?, writer: ParseWriter)
        throws -> String
    {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let existing = try entry(kind, named: name, reader: writer.reader) { return existing.objectId }
        let operations: [String: ParseUpdate] = [
            Schema.name: .set(.string(name)), ChangeAuthorship.field: ChangeAuthorship.update(by: user),
        ]
        return try writer.create(kind.className, operations: operations).objectId
    }
}
