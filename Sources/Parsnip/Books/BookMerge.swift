/// A book form saved over the stored book, settled field by field against the base the form was loaded with.
enum BookMerge {
    /// How a save comes out.
    enum Outcome: Sendable, Hashable {
        /// What to store, and the labels of the fields someone else changed meanwhile that it keeps.
        case merged(BookInput, theirChanges: [String])
        /// Fields both people changed, differently, with both values as text: nothing may be stored.
        case conflicts([FieldConflict])
    }

    /// Settles `typed` against `stored` for `resolver`'s base and choices.
    ///
    /// Title, year, genre and ISBN are kept as typed, take the stored value, or conflict (`FieldMerge`); authors
    /// and publishers never conflict: what either side added is in, what either removed is out.
    ///
    /// - Parameter typedGenreName: the name of the typed genre, for the conflict page; nil when it is gone.
    static func settle(typed: BookInput, stored: Book, resolver: FieldResolver, typedGenreName: String?) -> Outcome {
        let mine = BookFieldValues(input: typed)
        let theirs = BookFieldValues(book: stored)
        var merged = typed
        var theirChanges: [String] = []
        var conflicts: [FieldConflict] = []
        for field in BookEditField.scalars {
            let (mineToken, theirsToken) = (mine.token(field), theirs.token(field))
            let base = resolver.base.fields[field.rawValue]
            let chosen = FieldMerge.decide(base: base, mine: mineToken, theirs: theirsToken) == .conflict
            switch resolver.resolve(field.rawValue, mine: mineToken, theirs: theirsToken) {
            case .keepMine:
                break
            case .takeTheirs:
                take(field, from: theirs, into: &merged)
            case .conflict:
                conflicts.append(
                    FieldConflict(
                        key: field.rawValue, label: field.label,
                        mine: lines(field, typed: typed, typedGenreName: typedGenreName),
                        theirs: lines(field, stored: stored)))
                continue
            }
            if let base, base != theirsToken, !chosen { theirChanges.append(field.label) }
        }
        guard conflicts.isEmpty else { return .conflicts(conflicts) }
        for field in [BookEditField.authors, .publishers] {
            let base = resolver.base.fields[field.rawValue].map(BookFieldValues.ids(in:)) ?? []
            let (typedIds, storedIds) =
                field == .authors ? (typed.authorIds, theirs.authorIds) : (typed.publisherIds, theirs.publisherIds)
            let set = FieldMerge.mergeSets(base: base, mine: Set(typedIds), theirs: storedIds)
            let ids = typedIds.filter(set.contains) + set.subtracting(typedIds).sorted()
            if field == .authors { merged.authorIds = ids } else { merged.publisherIds = ids }
            if let token = resolver.base.fields[field.rawValue], token != theirs.token(field) {
                theirChanges.append(field.label)
            }
        }
        return .merged(merged, theirChanges: theirChanges)
    }

    /// Puts the stored value of a scalar field into `input`.
    private static func take(_ field: BookEditField, from stored: BookFieldValues, into input: inout BookInput) {
        switch field {
        case .title: input.title = stored.title
        case .publishingYear: input.publishingYear = stored.publishingYear
        case .genre: input.genreId = stored.genreId
        case .isbn: input.isbn = stored.isbn
        case .authors, .publishers: break
        }
    }

    /// A typed scalar as the conflict page shows it: the genre by name (a typed new one said to be new).
    private static func lines(_ field: BookEditField, typed: BookInput, typedGenreName: String?) -> [String] {
        switch field {
        case .title: [typed.title]
        case .publishingYear: [String(typed.publishingYear)]
        case .genre:
            [
                typed.newEntryNames[.genre].map { "\($0) (a new genre)" } ?? typedGenreName
                    ?? "A genre that no longer exists"
            ]
        case .isbn: [typed.isbn]
        case .authors, .publishers: []
        }
    }

    /// A stored scalar as the conflict page shows it; empty when the book has none.
    private static func lines(_ field: BookEditField, stored: Book) -> [String] {
        switch field {
        case .title: stored.title.isEmpty ? [] : [stored.title]
        case .publishingYear: [String(stored.publishingYear)]
        case .genre: stored.genre.map { [$0.name] } ?? []
        case .isbn: stored.isbn.isEmpty ? [] : [stored.isbn]
        case .authors, .publishers: []
        }
    }
}
