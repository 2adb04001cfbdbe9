import ParseStore

/// How books and catalogue entries are found: a book by its title, its borrower, its authors' and publishers' names,
/// its genre and its ISBN in both forms; an author, publisher or genre by its name. A book's document is made again whenever one
/// of those entries, or its ISBN object, changes.
extension StoreBookRepository {
    /// Every searchable class of the catalogue, the entries before the books that draw on them.
    static let searchable: [SearchableClass] =
        CatalogueKind.allCases.map { kind in
            SearchableClass(className: kind.className) { object, _ in
                SearchDocument(text: object[Schema.name]?.stringValue ?? "")
            }
        } + [bookSearch]

    /// The book's document, and the books to index again when an entry or ISBN they name changes.
    static let bookSearch = SearchableClass(
        className: Schema.book,
        document: { object, reader in try bookDocument(object, reader: reader) },
        drawsOn: Dictionary(uniqueKeysWithValues: CatalogueKind.allCases.map { ($0.className, [Schema.name]) })
            .merging([Schema.isbn: [Schema.value]]) { first, _ in first },
        dependents: { change, reader in try booksNaming(change, reader: reader) },
        // 2: the borrower (`lentTo`) joined the document.
        format: 2)

    /// Title, who it is lent to (searching "Bea" finds the books Bea has), authors, publishers, genre and ISBN (its 13-
    /// and 10-digit forms) as one text.
    static func bookDocument(_ object: ParseObject, reader: ParseReader) throws -> SearchDocument {
        var parts = [object[Schema.title]?.stringValue ?? ""]
        if let lentTo = object[Schema.lentTo]?.stringValue, !lentTo.isEmpty { parts.append(lentTo) }
        for key in [Schema.authors, Schema.publishers] {
            guard case .relation? = try reader.schema(Schema.book)?.fields[key] else { continue }
            let related = try reader.relatedObjects(
                Schema.book, objectIds: [object.objectId], key: key, order: [Schema.name], textOrder: .binary)
            parts += (related[object.objectId] ?? []).compactMap { $0[Schema.name]?.stringValue }
        }
        if case .pointer(let genre)? = object[Schema.genre],
            let entry = try? reader.fetch(genre.className, objectId: genre.objectId)
        {
            parts.append(entry[Schema.name]?.stringValue ?? "")
        }
        if case .pointer(let isbn)? = object[Schema.isbnField],
            let stored = try? reader.fetch(isbn.className, objectId: isbn.objectId),
            let value = stored[Schema.value]?.stringValue
        {
            parts += [value] + ISBNText.forms(value)
        }
        return SearchDocument(text: parts.joined(separator: "\n"))
    }

    /// The books whose document names the changed entry or ISBN object.
    static func booksNaming(_ change: ObjectChange, reader: ParseReader) throws -> [String] {
        guard try reader.schema(Schema.book) != nil else { return [] }
        let pointer = ParsePointer(className: change.className, objectId: change.objectId)
        let key: String
        switch change.className {
        case CatalogueKind.author.className: key = Schema.authors
        case CatalogueKind.publisher.className: key = Schema.publishers
        case CatalogueKind.genre.className: key = Schema.genre
        case Schema.isbn: key = Schema.isbnField
        default: return []
        }
        guard try reader.schema(Schema.book)?.fields[key] != nil else { return [] }
        return try reader.find(
            ParseQuery(Schema.book).where(key, equalTo: .pointer(pointer)).select("objectId").limit(-1)
        )
        .map(\.objectId)
    }
}
