extension SchemaCache {
    /// The most fields a class may have: SQLite allows 2,000 columns a table, and no app needs near this many.
    static let maximumFields = 500

    /// Makes `className` have `newFields`: creates the class table (when `existing` is nil), adds columns and join
    /// tables, and writes `_SCHEMA` once. The change is visible to `db` at once and to others after commit.
    ///
    /// - Parameters:
    ///   - existing: the class as this transaction sees it, or nil to create it.
    ///   - newFields: fields not yet in the schema, already validated and checked for conflicts.
    /// - Throws: `ParseError` 103 when a new class name collides with an existing table or index.
    ///   Also 142 when the class would have more than `maximumFields` fields.
    @discardableResult
    func apply(
        className: String, existing: SchemaEntry?, newFields: [(String, ParseFieldType)], in db: any SQLConnection
    ) throws -> SchemaEntry {
        let table = quoteIdentifier(className)
        let entry: SchemaEntry
        let builtIn: Set<String> = ["objectId", "createdAt", "updatedAt", "ACL"]
        let fieldCount =
            (existing?.schema.fields.keys.filter { !builtIn.contains($0) }.count ?? 0)
            + newFields.filter { !builtIn.contains($0.0) }.count
        guard fieldCount <= Self.maximumFields else {
            throw ParseError(
                .validationFailed,
                "\(className) cannot take more fields: a class holds at most \(Self.maximumFields) fields.")
        }
        if let existing {
            entry = SchemaDocument.adding(newFields, to: existing)
            for (name, type) in newFields {
                guard let columnType = db.dialect.columnType(of: type) else { continue }
                try db.execute(
                    "ALTER TABLE \(table) ADD COLUMN \(quoteIdentifier(name)) \(columnType)", [], cached: false)
            }
            try db.execute(
                "UPDATE \"_SCHEMA\" SET \"schema\" = ? WHERE \"className\" = ?",
                [.json(ParseJSON.encode(.object(entry.document))), .text(className)])
        } else {
            try ensureNamesAreFree(for: className, in: db)
            entry = SchemaDocument.adding(newFields, to: SchemaDocument.newEntry(className: className))
            var columns = db.dialect.builtInColumns
            for (name, type) in newFields {
                guard let columnType = db.dialect.columnType(of: type) else { continue }
                columns.append("\(quoteIdentifier(name)) \(columnType)")
            }
            try db.execute("CREATE TABLE \(table) (\(columns.joined(separator: ", ")))", [], cached: false)
            let createdIndex = quoteIdentifier(db.dialect.indexName(className + "_createdAt"))
            let updatedIndex = quoteIdentifier(db.dialect.indexName(className + "_updatedAt"))
            try db.execute("CREATE INDEX \(createdIndex) ON \(table) (\"createdAt\", \"objectId\")", [], cached: false)
            try db.execute("CREATE INDEX \(updatedIndex) ON \(table) (\"updatedAt\")", [], cached: false)
            try RestrictedRows.ensureIndex(of: className, in: db)
            try db.execute(
                "INSERT INTO \"_SCHEMA\" (\"className\", \"schema\") VALUES (?, ?)",
                [.text(className), .json(ParseJSON.encode(.object(entry.document)))])
        }
        let folded = foldedOrderFields.withLock { $0 }
        for (name, type) in newFields where type == .string && folded.contains([className, name]) {
            try Self.createFoldedOrderIndex(className, field: name, in: db)
        }
        let added = Set(newFields.map(\.0))
        for wanted in laterIndexes.withLock({ $0 }) where wanted.first == className {
            let fields = Array(wanted.dropFirst())
            guard fields.contains(where: added.contains), Self.canIndex(fields, in: entry.schema) else { continue }
            try Self.createIndex(className, on: fields, types: entry.schema.fields, in: db)
        }
        for (name, type) in newFields {
            guard case .relation = type else { continue }
            try Self.createJoinTable(joinTableName(field: name, className: className), in: db)
        }
        try recordPending(entry, in: db)
        return entry
    }

    /// Makes a Relation field's join table `join` (`_Join:<field>:<class>`) with its index, unless it exists.
    static func createJoinTable(_ join: String, in db: any SQLConnection) throws {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS \(quoteIdentifier(join)) ("relatedId" TEXT NOT NULL, \
            "owningId" TEXT NOT NULL, PRIMARY KEY("relatedId", "owningId"))
            """)
        try db.execute(
            """
            CREATE INDEX IF NOT EXISTS \(quoteIdentifier(db.dialect.indexName(join + "_owningId"))) ON \(quoteIdentifier(join)) \
            ("owningId", "relatedId")
            """)
    }

    /// True when every one of `fields` is a column of the class (built in, or a field that is not a Relation).
    static func canIndex(_ fields: [String], in schema: ParseClassSchema) -> Bool {
        fields.allSatisfy { field in
            if NameRules.builtinColumns.contains(field) { return true }
            guard let type = schema.fields[field] else { return false }
            if case .relation = type { return false }
            return true
        }
    }

    /// Creates the index `<Class>_<field>_<field>…` on `fields` in order (the name `ParseWriter.ensureIndex` uses),
    /// unless a class already has that name (see `nameTakenByTable`). `types` are the fields' types: an Object is
    /// indexed as the queries read it (`SQLDialect.jsonValue`).
    static func createIndex(
        _ className: String, on fields: [String], types: [String: ParseFieldType], in db: any SQLConnection
    ) throws {
        let name = className + "_" + fields.joined(separator: "_")
        guard try !nameTakenByTable(name, in: db) else { return }
        let columns = fields.map { field in
            db.dialect.indexColumn(db.dialect.jsonValue(quoteIdentifier(field), of: types[field] ?? .string))
        }.joined(separator: ", ")
        try db.execute(
            "CREATE INDEX IF NOT EXISTS \(quoteIdentifier(db.dialect.indexName(name))) ON \(quoteIdentifier(className)) "
                + "(\(columns))")
    }

    /// Creates the index that walks String field `field` of `className` ignoring case and accents, ties by objectId,
    /// unless a class already has that name.
    static func createFoldedOrderIndex(_ className: String, field: String, in db: any SQLConnection) throws {
        let name = className + "_" + field + "_folded"
        guard try !nameTakenByTable(name, in: db) else { return }
        try db.execute(
            "CREATE INDEX IF NOT EXISTS \(quoteIdentifier(db.dialect.indexName(name))) ON \(quoteIdentifier(className)) "
                + "(\(db.dialect.indexColumn("\(StoreFunctions.sortKeyName)(\(quoteIdentifier(field)))")), \"objectId\")"
        )
    }

    /// True when a table (a class an API client made, say `Book_genre`) has the name an index wants: the index is
    /// only a speed-up, so it is left out rather than failing every write that makes its field.
    private static func nameTakenByTable(_ name: String, in db: any SQLConnection) throws -> Bool {
        switch db.dialect {
        case .sqlite:
            return try db.bool(
                "SELECT 1 FROM sqlite_master WHERE name = ? COLLATE NOCASE AND type != 'index' LIMIT 1", [.text(name)])
                ?? false
        case .postgres:
            return try db.bool(
                """
                SELECT true FROM pg_class WHERE lower(relname) = lower(?) AND relkind <> 'i' \
                AND relnamespace = current_schema()::regnamespace LIMIT 1
                """, [.text(name)]) ?? false
        }
    }

    /// Throws 103 when the table or index names of a new class are taken, ignoring case as SQLite does.
    private func ensureNamesAreFree(for className: String, in db: any SQLConnection) throws {
        let names = [className, className + "_createdAt", className + "_updatedAt"]
        let sql =
            switch db.dialect {
            case .sqlite: "SELECT name FROM sqlite_master WHERE name COLLATE NOCASE IN (?, ?, ?) LIMIT 1"
            case .postgres:
                """
                SELECT relname::text FROM pg_class WHERE lower(relname) IN (lower(?), lower(?), lower(?)) \
                AND relnamespace = current_schema()::regnamespace LIMIT 1
                """
            }
        if let taken = try db.string(sql, names.map(SQLValue.text)) {
            throw ParseError(
                .invalidClassName,
                "Class name \(className) conflicts with the existing table or index \(taken) (names ignore case).")
        }
    }
}

/// The join table of Relation field `field` of `className`: `_Join:<field>:<className>`.
func joinTableName(field: String, className: String) -> String {
    "_Join:\(field):\(className)"
}

extension ParseFieldType {
    /// True when the field has a column of its own (every type but Relation and ACL).
    var hasColumn: Bool {
        switch self {
        case .relation, .acl: false
        default: true
        }
    }
}

extension SQLDialect {
    /// The name an index is made with: as given, except that PostgreSQL's names hold at most 63 bytes (a longer
    /// one would be cut, and could then equal its table's), so a longer name keeps its start and ends in a hash of
    /// the whole.
    func indexName(_ name: String) -> String {
        guard self == .postgres, name.utf8.count > 63 else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var start = ""
        for character in name {
            guard start.utf8.count + character.utf8.count <= 46 else { break }
            start.append(character)
        }
        return start + "_" + String(hash, radix: 16)
    }

    /// One column of an index, in the order the store's sorts ask for: unset values first (SQLite's own order).
    func indexColumn(_ expression: String) -> String {
        self == .postgres ? expression + " NULLS FIRST" : expression
    }

    /// The declared type of a field's column; nil for Relation and ACL, which have none.
    ///
    /// PostgreSQL's follow Parse Server's Postgres adapter: `double precision`, `boolean`, `timestamp with time
    /// zone`, `jsonb` for Array, `text` for String and Pointer — except Object, which is `json` (Parse Server's is
    /// `jsonb`), so that its keys come back in the order they were written, as SQLite gives them; queries read it
    /// as `jsonb` (`jsonValue`). File, GeoPoint, Bytes and Polygon are `jsonb` here (Parse Server uses `text`,
    /// `point`, `jsonb` and `polygon`).
    func columnType(of type: ParseFieldType) -> String? {
        switch (self, type) {
        case (_, .relation), (_, .acl): nil
        case (.sqlite, .number): "REAL"
        case (.sqlite, .boolean): "INTEGER"
        case (.sqlite, _): "TEXT"
        case (.postgres, .number): "double precision"
        case (.postgres, .boolean): "boolean"
        case (.postgres, .date): "timestamp with time zone"
        case (.postgres, .string), (.postgres, .pointer): "text"
        case (.postgres, .object): "json"
        case (.postgres, _): "jsonb"
        }
    }

    /// The columns every class table starts with: its identity, its two times and its ACL's read and write lists.
    var builtInColumns: [String] {
        switch self {
        case .sqlite:
            [
                "\"objectId\" TEXT PRIMARY KEY NOT NULL", "\"createdAt\" TEXT NOT NULL", "\"updatedAt\" TEXT NOT NULL",
                "\"_rperm\" TEXT", "\"_wperm\" TEXT",
            ]
        case .postgres:
            [
                "\"objectId\" varchar(120) PRIMARY KEY NOT NULL", "\"createdAt\" timestamp with time zone NOT NULL",
                "\"updatedAt\" timestamp with time zone NOT NULL", "\"_rperm\" text[]", "\"_wperm\" text[]",
            ]
        }
    }
}
