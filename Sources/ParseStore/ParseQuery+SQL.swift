import Foundation

/// A `ParseQuery` checked and compiled against its class's schema into the SQL of its find and count.
struct CompiledQuery {
    /// The schema rows are decoded with.
    let schema: ParseClassSchema
    /// The fields to decode (the roots of `keys`), nil for all.
    let keys: Set<String>?
    /// The find statement and its arguments (limit and offset last), nil when nothing can match.
    let find: (sql: String, arguments: [SQLValue])?
    /// The count statement and its arguments, nil when nothing can match.
    let count: (sql: String, arguments: [SQLValue])?

    /// Compiles `query` (already checked by `ParsedQuery`) against `schema`.
    init(
        _ query: ParsedQuery, schema: ParseClassSchema, db: any SQLConnection, schemas: SchemaCache,
        access: ParseAccess = .master
    ) throws {
        let compiler = QueryCompiler(schema: schema, db: db, schemas: schemas, access: access)
        self.schema = schema
        self.keys = query.keys.map { Set($0.map { WhereClause.FieldPath($0).root }) }
        let from = " FROM \(compiler.table) AS \(compiler.alias)"
        let filter: String
        let arguments: [SQLValue]
        var condition = try compiler.condition(query.clause)
        if let search = query.search { condition = .and([condition, try compiler.searchCondition(search)]) }
        // The caller's conditions run only on rows it may read (see `SQLCondition.gated`).
        condition = compiler.limitedToReadable(condition)
        switch condition {
        case .constant(false):
            find = nil
            count = nil
            return
        case .constant(true):
            filter = ""
            arguments = []
        case .sql(let text, let values):
            filter = " WHERE " + text
            arguments = values
        }
        let order = compiler.orderTerms(query.sortKeys, textOrder: query.textOrder).joined(separator: ", ")
        // No limit: SQLite's LIMIT -1, PostgreSQL's LIMIT NULL.
        let unlimited: SQLValue = compiler.db.dialect == .sqlite ? .integer(-1) : .null
        let paging: [SQLValue] = [query.limit < 0 ? unlimited : query.limit.sqlValue, query.skip.sqlValue]
        find = (
            "SELECT \(compiler.selectedColumns(query.keys))" + from + filter + " ORDER BY " + order
                + " LIMIT ? OFFSET ?",
            arguments + paging
        )
        count = ("SELECT count(*)" + from + filter, arguments)
    }
}

/// The parts of a `ParseQuery` that are checked without the database: where clause, sort keys, paging.
struct ParsedQuery {
    /// The where clause, keyset bounds already rewritten.
    let clause: WhereClause
    /// The validated sort keys.
    let sortKeys: [QueryCompiler.SortKey]
    /// How String sort keys compare.
    let textOrder: ParseQuery.TextOrder
    /// The most rows returned; negative means no limit.
    let limit: Int
    /// Rows skipped (never negative).
    let skip: Int
    /// The requested keys, nil for all fields.
    let keys: [String]?
    /// The words the class's search index must find, nil for no search.
    let search: String?
    /// Include paths, with the parents of dotted `keys` added as Parse Server does (`keys=post.title` ⇒
    /// `include=post`).
    let include: [String]

    /// Checks `query`; `$relativeTime` operands count from `now`.
    ///
    /// - Throws: 103 for an invalid class name, and the errors of `WhereClauseParser.parse` and
    ///   `QueryCompiler.sortKeys`.
    init(_ query: ParseQuery, now: Date = Date()) throws {
        try NameRules.validateClassName(query.className)
        try WhereClauseLimits.check(query.constraints)
        clause = try WhereClauseParser.parse(query.constraints, now: now).rewritingKeysetBounds()
        sortKeys = try QueryCompiler.sortKeys(query.order)
        textOrder = query.textOrder
        limit = query.limit
        skip = max(0, query.skip)
        keys = query.keys
        search = query.search
        var include = query.include
        for key in query.keys ?? [] {
            guard let dot = key.lastIndex(of: ".") else { continue }
            let parent = String(key[..<dot])
            if !include.contains(parent) { include.append(parent) }
        }
        self.include = include
    }
}
