extension ParseReader {
    /// The objects matching `query`, in its order, after `skip`, at most `limit` (`include` expanded).
    ///
    /// The whole `where` document becomes one SQL statement with bound parameters; nothing is filtered in
    /// memory. A class that was never written has no objects.
    ///
    /// ```swift
    /// let page = try reader.find(
    ///     ParseQuery("TodoListItem").where("done", equalTo: false).order(by: "-createdAt").limit(50))
    /// ```
    ///
    /// - Parameter query: the class, `where` document, order, limit, skip, keys and include.
    /// - Returns: the matching objects (those the reader's `access` may read); `[]` when `limit` is 0, without
    ///   touching the database for the master key.
    /// - Throws: `ParseError` 102 for malformed queries (`ACL`, bad `$or`/`$options`, unknown operators, invalid
    ///   `$regex`), 103 for an invalid class name, 105 for invalid keys (`Invalid key name: k`) or sort fields,
    ///   107 for list operators given a non-array; 119 (or 101) when the class's level permissions do not let the
    ///   reader's access find (`ClassOperation`).
    public func find(_ query: ParseQuery) throws -> [ParseObject] {
        let parsed = try ParsedQuery(query, now: context.clock.now())
        // With the master key, `limit` 0 needs nothing from the database; for others the class's permissions
        // still decide whether the find is refused.
        if parsed.limit == 0, access == .master { return [] }
        guard let entry = try context.schemas.entry(query.className, in: db) else {
            try access.check(.find, className: query.className, on: nil, context: context)
            return []
        }
        try access.check(.find, on: entry, context: context)
        try access.checkSessionQuery(className: query.className)
        guard parsed.limit != 0 else { return [] }
        let schema = entry.schema
        let compiled = try CompiledQuery(
            parsed, schema: schema, db: db, schemas: context.schemas, access: access)
        guard let find = compiled.find else { return [] }
        var objects: [ParseObject] = []
        try db.forEachRow(find.sql, find.arguments) { row in
            objects.append(try ObjectRowDecoder.decode(row: row, schema: schema, keys: compiled.keys))
        }
        if !parsed.include.isEmpty {
            try resolveIncludes(&objects, paths: parsed.include, in: db, context: context, access: access)
        }
        return objects
    }

    /// The first object `query` finds (its `limit` replaced by 1), or nil.
    ///
    /// - Throws: the errors of `find(_:)`.
    public func first(_ query: ParseQuery) throws -> ParseObject? {
        try find(query.limit(1)).first
    }

    /// How many objects match `query`'s `where` document; `order`, `skip` and `limit` are ignored.
    ///
    /// ```swift
    /// let open = try reader.count(ParseQuery("TodoListItem").where("done", equalTo: false))
    /// ```
    ///
    /// - Throws: the errors of `find(_:)`.
    public func count(_ query: ParseQuery) throws -> Int {
        guard let count = try countStatement(query) else { return 0 }
        return try db.integer(count.sql, count.arguments) ?? 0
    }

    /// How many objects match each of `queries`, in that order, counted in one statement (one round trip to a
    /// PostgreSQL server, instead of one a query); each query is checked as `count(_:)` checks it.
    ///
    /// - Throws: the errors of `count(_:)`.
    public func counts(_ queries: [ParseQuery]) throws -> [Int] {
        let statements = try queries.map(countStatement)
        let asked = statements.compactMap { $0 }
        guard !asked.isEmpty else { return queries.map { _ in 0 } }
        let row = try db.row(
            "SELECT " + asked.map { "(\($0.sql))" }.joined(separator: ", "), asked.flatMap(\.arguments))
        var column = 0
        return statements.map { statement in
            guard statement != nil else { return 0 }
            defer { column += 1 }
            return row?[column].integer.map { Int($0) } ?? 0
        }
    }

    /// The statement counting `query`'s objects, after the access checks; nil when nothing can match (no class).
    private func countStatement(_ query: ParseQuery) throws -> (sql: String, arguments: [SQLValue])? {
        let parsed = try ParsedQuery(query, now: context.clock.now())
        guard let entry = try context.schemas.entry(query.className, in: db) else {
            try access.check(.count, className: query.className, on: nil, context: context)
            return nil
        }
        try access.check(.count, on: entry, context: context)
        try access.checkSessionQuery(className: query.className)
        let compiled = try CompiledQuery(
            parsed, schema: entry.schema, db: db, schemas: context.schemas, access: access)
        guard let count = compiled.count else { return nil }
        return (count.sql, count.arguments)
    }
}
