import ParseStore

/// Finding an entry by a name as the pages compare names (`PersonName`): "Pratchett, Terry" finds "Terry Pratchett",
/// and a name a letter or two away is offered ("Did you mean…?"); author lists are filed by surname.
extension StoreBookRepository {
    /// The oldest entry of `kind` other than `except` whose name is `name` as the pages compare names (ignoring case,
    /// accents, spaces and, for authors, the order of "Surname, Forename"), or nil.
    static func matchingEntry(_ kind: CatalogueKind, named name: String, except: String? = nil, reader: ParseReader)
        throws -> ParseObject?
    {
        let key = PersonName.key(name, kind: kind)
        return try namedEntries(kind, reader: reader).first {
            $0.objectId != except && PersonName.key($0[Schema.name]?.stringValue ?? "", kind: kind) == key
        }
    }

    /// Every entry of `kind` with only its name, oldest first.
    static func namedEntries(_ kind: CatalogueKind, reader: ParseReader) throws -> [ParseObject] {
        guard try reader.schema(kind.className) != nil else { return [] }
        return try reader.find(ParseQuery(kind.className).select(Schema.name).order(by: "createdAt").limit(-1))
    }

    /// `objects` (entries of `kind`) in list order: authors by surname, then forenames; the others as read.
    static func filed(_ objects: [ParseObject], kind: CatalogueKind) -> [ParseObject] {
        guard kind == .author else { return objects }
        return objects.map { (PersonName.sortKey($0[Schema.name]?.stringValue ?? ""), $0) }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }
}
