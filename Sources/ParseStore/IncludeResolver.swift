import OrderedCollections

/// Replaces the Pointers at the include paths of `objects` with the objects they point to.
///
/// Each prefix of a path is included too (`a.b` ⇒ `a` and `a.b`); Pointers inside arrays are expanded in place;
/// a Pointer whose target is missing disappears (the field is removed, or the array element). The number of SQL
/// statements is bounded by the paths, not the rows: one `SELECT … WHERE objectId IN (…)` per (path, target
/// class), the ids passed as one JSON array.
///
/// - Parameters:
///   - objects: the objects to expand, changed in place.
///   - paths: dotted include paths (`["author", "author.team", "tags"]`); `*` expands every Pointer field.
/// - Throws: `ParseError` 1 when a stored target does not decode; database errors.
func resolveIncludes(
    _ objects: inout [ParseObject], paths: [String], in db: any SQLConnection, context: StoreContext,
    access: ParseAccess = .master
) throws {
    let tree = IncludePaths(paths)
    guard !tree.isEmpty, !objects.isEmpty else { return }
    try IncludeResolver(db: db, schemas: context.schemas, access: access).expand(&objects, tree)
}

/// Walks an include tree level by level, fetching each level's targets in bulk.
struct IncludeResolver {
    /// The connection to read targets with.
    let db: any SQLConnection
    /// The schemas of target classes.
    let schemas: SchemaCache
    /// Whom the includes are read for: a target the access may not read is left out, as a missing one is.
    var access: ParseAccess = .master

    /// The statement fetching the objects of one class whose ids are in one list argument.
    static func fetchSQL(table: String, dialect: SQLDialect) -> String {
        "SELECT * FROM \(table) WHERE " + dialect.isOneOf("\"objectId\"")
    }

    /// Expands every field of `tree` in `objects`, then (on the fetched targets, all at once) the paths below.
    func expand(_ objects: inout [ParseObject], _ tree: IncludePaths) throws {
        for (field, below) in tree.fields(in: objects) {
            var wanted: OrderedDictionary<String, OrderedSet<String>> = [:]
            for object in objects {
                for pointer in object.fields[field]?.pointers ?? [] {
                    wanted[pointer.className, default: []].append(pointer.objectId)
                }
            }
            if wanted.isEmpty { continue }
            var targets: [ParseObject] = []
            for (className, ids) in wanted { targets += try fetch(className, ids: ids) }
            if !below.isEmpty { try expand(&targets, below) }
            var found: [ParsePointer: ParseObject] = [:]
            for target in targets { found[target.pointer] = target }
            for index in objects.indices {
                guard let value = objects[index].fields[field] else { continue }
                objects[index].fields[field] = Self.replacing(value, with: found)
            }
        }
    }

    /// The objects of `className` with these ids (fewer when some are gone).
    private func fetch(_ className: String, ids: OrderedSet<String>) throws -> [ParseObject] {
        guard NameRules.isValidClassName(className), let entry = try schemas.entry(className, in: db) else {
            return []
        }
        // Parse Server includes with a find for the caller: the target class's permissions hold as for any find.
        try access.check(.find, className: className, on: entry, schemas: schemas)
        try access.checkSessionQuery(className: className)
        let schema = entry.schema
        let (readable, readableArguments) = access.allows(.read, className: className, dialect: db.dialect)
            .sqlAndArguments
        var objects: [ParseObject] = []
        try db.forEachRow(
            Self.fetchSQL(table: quoteIdentifier(className), dialect: db.dialect) + " AND " + readable,
            [db.dialect.textList(Array(ids))] + readableArguments
        ) { row in
            objects.append(try ObjectRowDecoder.decode(row: row, schema: schema, keys: nil))
        }
        return objects
    }

    /// `value` with its Pointers replaced by the found objects; nil when it was a single dangling Pointer.
    private static func replacing(_ value: ParseValue, with found: [ParsePointer: ParseObject]) -> ParseValue? {
        switch value {
        case .pointer(let pointer):
            return found[pointer].map { .includedObject($0) }
        case .array(let elements):
            return .array(
                elements.compactMap { element in
                    guard case .pointer(let pointer) = element else { return element }
                    return found[pointer].map { .includedObject($0) }
                })
        default:
            return value
        }
    }
}

extension ParseValue {
    /// The Pointers this value holds: itself, or the Pointer elements of an array.
    var pointers: [ParsePointer] {
        switch self {
        case .pointer(let pointer): [pointer]
        case .array(let elements): elements.compactMap(\.pointerValue)
        default: []
        }
    }
}
