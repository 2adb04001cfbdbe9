import OrderedCollections

extension ParseReader {
    /// The objects in the Relation field `key` of many parents at once, keyed by parent objectId.
    ///
    /// One SQL statement whatever the number of parents or children: the join table `_Join:<key>:<parentClass>`
    /// joined to the target class's table, the parent ids bound as one JSON array
    /// (`"owningId" IN (SELECT value FROM json_each(?))`, as `include` does), so SQLite's limit on bound
    /// parameters never applies and nothing needs chunking. Use it to show a Relation beside every object of a
    /// page (each book's authors) without one query per object.
    ///
    /// ```swift
    /// let books = try reader.find(ParseQuery("Book").order(by: "title").limit(50))
    /// let authors = try reader.relatedObjects("Book", objectIds: books.map(\.objectId), key: "authors", order: ["name"])
    /// for book in books {
    ///     print(book["title"] ?? "", authors[book.objectId, default: []].compactMap { $0["name"]?.stringValue })
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parentClass: the class that declares the Relation field.
    ///   - objectIds: the parents' objectIds; duplicates are ignored, and an id with no parent object simply has
    ///     no children.
    ///   - key: the Relation field; the children's class is its target class in `parentClass`'s schema.
    ///   - order: sort keys for each parent's list, as in `ParseQuery.order` (`["-createdAt", "name"]`); unknown
    ///     fields are skipped and objectId always breaks ties, so the default `[]` sorts by objectId.
    ///   - textOrder: how String sort keys compare; `.binary` (Parse's order) by default.
    /// - Returns: every requested objectId mapped to its children in `order`, `[]` for a parent without
    ///   children; `[:]` without touching the database when `objectIds` is empty (only the names are checked then).
    /// - Throws: `ParseError` 103 for an invalid class name or a class that was never written
    ///   (`Class Book does not exist.`), 105 for an invalid field name or sort key (`Invalid field name: k.`),
    ///   102 when `key` is not a Relation field of `parentClass` (`Book.title is not a Relation field.`);
    ///   1 when a stored child does not decode.
    public func relatedObjects(
        _ parentClass: String, objectIds: [String], key: String, order: [String] = [],
        textOrder: ParseQuery.TextOrder = .binary
    ) throws -> [String: [ParseObject]] {
        try NameRules.validateClassName(parentClass)
        guard NameRules.isValidFieldName(key) else { throw ParseError(.invalidKeyName, "Invalid field name: \(key).") }
        let sortKeys = try QueryCompiler.sortKeys(order)
        if objectIds.isEmpty { return [:] }
        guard let parentSchema = try context.schemas.schema(parentClass, in: db) else {
            throw ParseError(.invalidClassName, "Class \(parentClass) does not exist.")
        }
        guard case .relation(let targetClass)? = parentSchema.fields[key] else {
            throw ParseError(.invalidQuery, "\(parentClass).\(key) is not a Relation field.")
        }
        let parents = OrderedSet(objectIds)
        var children: [String: [ParseObject]] = Dictionary(uniqueKeysWithValues: parents.map { ($0, []) })
        // A target class that was never written has no table, and no objects.
        guard let targetSchema = try context.schemas.schema(targetClass, in: db) else { return children }
        let compiler = QueryCompiler(schema: targetSchema, db: db, schemas: context.schemas, access: access)
        let sql = compiler.relatedObjectsSQL(
            joinTable: QueryCompiler.joinTable(field: key, parentClass: parentClass), sortKeys: sortKeys,
            textOrder: textOrder)
        let (_, readableArguments) = compiler.readable.sqlAndArguments
        try db.forEachRow(sql, [db.dialect.textList(Array(parents))] + readableArguments) { row in
            guard let owner = row[QueryCompiler.relatedOwnerColumn].text else { return }
            children[owner, default: []].append(try ObjectRowDecoder.decode(row: row, schema: targetSchema, keys: nil))
        }
        return children
    }
}

extension QueryCompiler {
    /// The result column holding the parent's objectId; it starts with `_`, so no user field can share its name
    /// (and `ObjectRowDecoder` ignores it).
    static let relatedOwnerColumn = "_owningId"

    /// `SELECT q0.*, r."owningId" AS "_owningId" FROM <join> JOIN <this class> … WHERE owningId IN json_each(?)`,
    /// sorted by `sortKeys` (then objectId): the children of every parent in one statement.
    ///
    /// The sort is global; each parent's children keep that order when grouped by parent. Only children the
    /// compiler's access may read are listed (their argument follows the parents').
    func relatedObjectsSQL(joinTable: String, sortKeys: [SortKey], textOrder: ParseQuery.TextOrder) -> String {
        let join = "r\(depth)"
        let order = orderTerms(sortKeys, textOrder: textOrder).joined(separator: ", ")
        return "SELECT \(alias).*, \(join).\"owningId\" AS \(quoteIdentifier(Self.relatedOwnerColumn))"
            + " FROM \(joinTable) AS \(join) JOIN \(table) AS \(alias) ON \(column("objectId")) = \(join).\"relatedId\""
            + " WHERE \(db.dialect.isOneOf("\(join).\"owningId\"")) AND \(readable.sqlAndArguments.0)"
            + " ORDER BY " + order
    }
}
