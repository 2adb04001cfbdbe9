import Foundation

/// Copies a store — every class, or every class but some — from one connection's read snapshot into another
/// connection's write transaction, whichever backend each is, and checks the copy against the original (counts and
/// checksums, `StoreChecksum`) before the transaction commits: a difference throws, and the write rolls back.
///
/// Both backends keep Parse Server's layout (a table per class, `_SCHEMA`, `_Join:<field>:<class>`), so a class is
/// copied by making its table in the destination's own column types (`SQLDialect.columnType`) and moving each row
/// through Parse values: objectIds, timestamps, ACLs, password hashes and Relation rows stay as they were. Search
/// tables are never copied: whoever declares them builds them again from the new data (`SearchableClass`), as do
/// the indexes the apps declare at open.
enum StoreCopier {
    /// What a copy takes and what it leaves.
    struct Scope: Sendable {
        /// Classes neither copied nor touched in the destination (a restore keeps the people, roles and sessions).
        var keeping: Set<String> = []
        /// True to carry the server settings over too (a whole copy); false keeps the destination's (a restore).
        var settings: Bool
        /// True to clear the destination first; false refuses a destination that holds objects or files.
        var replacing: Bool
    }

    /// The store's own tables, which are never dropped: they are emptied and filled instead.
    static let storeTables: Set<String> = ["_SCHEMA", StoredFile.table, ServerSettings.table, "_SchemaVersion"]

    /// Copies from `source` into `target` as `scope` says, checks every part on both sides and returns them.
    ///
    /// - Parameters:
    ///   - progress: called after each class, with the parts done and the parts in all.
    ///   - beforeCheck: runs on `target` after the copy, before the check (the tests' way to spoil a copy).
    /// - Throws: `StoreCopyRefusal` (the destination holds data, a part differs), `ParseError` from either side.
    static func copy(
        from source: any SQLConnection, into target: any SQLConnection, scope: Scope,
        progress: (Int, Int) -> Void = { _, _ in }, beforeCheck: (any SQLConnection) throws -> Void = { _ in }
    ) throws -> StoreCopyReport {
        guard try source.tableExists("_SCHEMA") else { throw StoreCopyRefusal.notAStore }
        var classes: [(name: String, document: String)] = []
        try source.forEachRow(#"SELECT "className", "schema" FROM "_SCHEMA""#, cached: false) { row in
            guard let name = row["className"].text, let document = row["schema"].text, !scope.keeping.contains(name)
            else { return }
            classes.append((name, document))
        }
        classes.sort { $0.name < $1.name }
        // A backup's file may come from anywhere: only classes a store could have made are copied.
        if let strange = classes.first(where: { !NameRules.isValidClassName($0.name) }) {
            throw ParseError(.internalServerError, "The database holds a class Parsnip does not make: \(strange.name).")
        }
        if !scope.replacing {
            let held = try objectsHeld(in: target, keeping: scope.keeping)
            guard held.isEmpty else { throw StoreCopyRefusal.destinationHoldsData(held) }
        }
        try clear(target, keeping: scope.keeping, settings: scope.settings, making: Set(classes.map(\.name)))
        var expected: [StoreCopyReport.Part] = []
        for (done, entry) in classes.enumerated() {
            guard try source.tableExists(entry.name) else { continue }
            try copyClass(entry.name, document: entry.document, from: source, into: target)
            expected.append(try StoreChecksum.ofClass(entry.name, in: source))
            progress(done + 1, classes.count + 1)
        }
        if try source.tableExists(StoredFile.table) { try copyFiles(from: source, into: target) }
        expected.append(try StoreChecksum.ofFiles(in: source))
        if scope.settings, try source.tableExists(ServerSettings.table) {
            try source.forEachRow(#"SELECT "name", "value" FROM "_ServerSettings""#, cached: false) { row in
                try target.execute(
                    #"INSERT INTO "_ServerSettings" ("name", "value") VALUES (?, ?)"#, [row["name"], row["value"]])
            }
            expected.append(try StoreChecksum.ofSettings(in: source))
        }
        if target.dialect == .postgres {
            // Every server sharing the database reads the new classes and data on its next request.
            try PostgresFunctions.schemaChanged(target)
            _ = try SharedVersion.move(target)
        }
        try beforeCheck(target)
        for part in expected {
            let found: StoreCopyReport.Part =
                switch part.name {
                case StoredFile.table: try StoreChecksum.ofFiles(in: target)
                case ServerSettings.table: try StoreChecksum.ofSettings(in: target)
                default: try StoreChecksum.ofClass(part.name, in: target)
                }
            guard found == part else { throw StoreCopyRefusal.mismatch(part.name) }
        }
        progress(classes.count + 1, classes.count + 1)
        return StoreCopyReport(parts: expected)
    }

    /// Objects per class, and files, that `db` holds outside the classes `keeping`; empty when it holds none.
    static func objectsHeld(in db: any SQLConnection, keeping: Set<String> = []) throws -> [String: Int] {
        var held: [String: Int] = [:]
        guard try db.tableExists("_SCHEMA") else { return held }
        for className in try db.texts(#"SELECT "className" FROM "_SCHEMA""#, cached: false)
        where !keeping.contains(className) {
            guard try db.tableExists(className) else { continue }
            let count = try db.integer("SELECT COUNT(*) FROM \(quoteIdentifier(className))", cached: false) ?? 0
            if count > 0 { held[className] = count }
        }
        if try db.tableExists(StoredFile.table),
            let files = try db.integer(#"SELECT COUNT(*) FROM "_Files""#, cached: false), files > 0
        {
            held[StoredFile.table] = files
        }
        return held
    }

    /// Drops the classes of `db` but those `keeping` — each class `_SCHEMA` names, its Relation tables and its
    /// search tables — and any table in the way of a class the copy is `making`; empties `_SCHEMA` (but for the kept
    /// classes), the files and, when `settings`, the server settings. Tables the store keeps for itself (the
    /// schema's version, anything another part of Parsnip made beside the classes) stay as they are.
    private static func clear(
        _ db: any SQLConnection, keeping: Set<String>, settings: Bool, making: Set<String>
    ) throws {
        var dropped = making.subtracting(keeping)
        for className in try db.texts(#"SELECT "className" FROM "_SCHEMA""#, cached: false)
        where !keeping.contains(className) {
            dropped.insert(className)
        }
        for table in try tableNames(db) where !storeTables.contains(table) && !table.hasPrefix("sqlite_") {
            let drop =
                if table.hasPrefix("_Join:") {
                    // A Relation's rows belong to the class that owns the field.
                    !keeping.contains(table.split(separator: ":").last.map(String.init) ?? table)
                } else {
                    // Search tables are made again from the data by whoever declares them.
                    table.hasPrefix(SearchTables.prefix) || dropped.contains(table)
                }
            // A search table's shadow tables went with it: `tableExists` skips them.
            guard drop, try db.tableExists(table) else { continue }
            try db.execute("DROP TABLE \(quoteIdentifier(table))", [], cached: false)
        }
        let kept = Array(keeping)
        let placeholders = Array(repeating: "?", count: max(kept.count, 1)).joined(separator: ", ")
        try db.execute(
            #"DELETE FROM "_SCHEMA" WHERE "className" NOT IN (\#(placeholders))"#,
            kept.isEmpty ? [.text("")] : kept.map(SQLValue.text), cached: false)
        try StoredFile.prepare(db)
        try db.execute(#"DELETE FROM "_Files""#, [], cached: false)
        if settings { try db.execute(#"DELETE FROM "_ServerSettings""#, [], cached: false) }
    }

    /// Every table of `db`'s store (its schema, in PostgreSQL), virtual tables first: dropping one drops its
    /// shadow tables.
    private static func tableNames(_ db: any SQLConnection) throws -> [String] {
        switch db.dialect {
        case .sqlite:
            try db.texts(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY sql LIKE 'CREATE VIRTUAL%' DESC, name",
                cached: false)
        case .postgres:
            try db.texts(
                "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
                cached: false)
        }
    }

    /// The columns of `table` in `db`, in order.
    private static func columnNames(of table: String, in db: any SQLConnection) throws -> [String] {
        switch db.dialect {
        case .sqlite:
            try db.texts("SELECT name FROM pragma_table_info(?)", [.text(table)], cached: false)
        case .postgres:
            try db.texts(
                """
                SELECT column_name::text FROM information_schema.columns \
                WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
                """, [.text(table)], cached: false)
        }
    }

    /// Makes class `className` in `target` as `document` describes it (its table, indexes, Relation tables and
    /// `_SCHEMA` row), then copies its rows and Relation rows from `source`.
    private static func copyClass(
        _ className: String, document: String, from source: any SQLConnection, into target: any SQLConnection
    ) throws {
        let schema = try SchemaDocument.entry(className: className, text: document).schema
        let table = quoteIdentifier(className)
        let identity = ["objectId", "createdAt", "updatedAt", "_rperm", "_wperm"]
        let fields = schema.fields.filter { $0.value.hasColumn && !NameRules.builtinColumns.contains($0.key) }
            .sorted { $0.key < $1.key }
        let fieldNames = Set(fields.map(\.key))
        // Columns no field describes: the password hash of `_User`, kept as text.
        let others = try columnNames(of: className, in: source).filter {
            !identity.contains($0) && !fieldNames.contains($0) && schema.fields[$0] == nil
        }
        var columns = target.dialect.builtInColumns
        for (name, type) in fields {
            guard let columnType = target.dialect.columnType(of: type) else { continue }
            columns.append("\(quoteIdentifier(name)) \(columnType)")
        }
        columns += others.map { "\(quoteIdentifier($0)) TEXT" }
        try target.execute("CREATE TABLE \(table) (\(columns.joined(separator: ", ")))", [], cached: false)
        for (suffix, on) in [("_createdAt", #""createdAt", "objectId""#), ("_updatedAt", #""updatedAt""#)] {
            let index = quoteIdentifier(target.dialect.indexName(className + suffix))
            try target.execute("CREATE INDEX \(index) ON \(table) (\(on))", [], cached: false)
        }
        try RestrictedRows.ensureIndex(of: className, in: target)
        if className == UserPasswordColumn.className, fieldNames.contains("username") {
            try target.execute(
                #"CREATE UNIQUE INDEX IF NOT EXISTS "_User_unique_username" ON "_User" ("username")"#, [],
                cached: false)
        }
        try target.execute(
            #"INSERT INTO "_SCHEMA" ("className", "schema") VALUES (?, ?)"#, [.text(className), .json(document)],
            cached: false)

        let names = identity + fields.map(\.key) + others
        var rows = BatchInsert(into: className, columns: names)
        try Self.forEachRow(of: className, by: "objectId", in: source) { row in
            guard let objectId = row["objectId"].text, let created = row["createdAt"].date,
                let updated = row["updatedAt"].date
            else {
                throw ParseError(.internalServerError, "A stored \(className) object lacks its identity columns.")
            }
            var values: [SQLValue] = [.text(objectId), .date(created), .date(updated)]
            for column in ["_rperm", "_wperm"] {
                let value = row[column]
                values.append(value.isNull ? .null : .textArray(try ACLCoding.entities(in: value)))
            }
            for (name, type) in fields {
                let value = try type.parseValue(from: row[name], field: name, schema: schema)
                values.append(try value.map { try type.sqlValue(for: $0) } ?? .null)
            }
            values += others.map { StoreChecksum.looseText(row[$0]) }
            try rows.add(values, to: target)
        }
        try rows.flush(to: target)
        for (field, type) in schema.fields {
            guard case .relation = type else { continue }
            let join = joinTableName(field: field, className: className)
            try SchemaCache.createJoinTable(join, in: target)
            guard try source.tableExists(join) else { continue }
            var members = BatchInsert(into: join, columns: ["relatedId", "owningId"])
            try source.forEachRow(#"SELECT "relatedId", "owningId" FROM \#(quoteIdentifier(join))"#, cached: false) {
                try members.add([$0["relatedId"], $0["owningId"]], to: target)
            }
            try members.flush(to: target)
        }
    }

    /// Copies every kept file (bytes, preview, type, times) from `source` into `target`'s emptied files table.
    private static func copyFiles(from source: any SQLConnection, into target: any SQLConnection) throws {
        let columns = ["name", "contentType", "bytes", "preview", "previewType", "createdAt", "unusedSince"]
        // One file a statement: a photo is large enough already.
        var files = BatchInsert(into: StoredFile.table, columns: columns, rowsPerStatement: 1)
        try forEachRow(of: StoredFile.table, by: "name", pageSize: 16, in: source) { row in
            try files.add(columns.map { row[$0] }, to: target)
        }
    }

    /// Hands `body` every row of `table` in `key` order, a page of `pageSize` rows at a time: PostgreSQL's answers
    /// are read whole, so a class (or the files, photos and all) is never held in memory at once.
    static func forEachRow(
        of table: String, by key: String, pageSize: Int = 1_000, in db: any SQLConnection,
        _ body: (SQLRow) throws -> Void
    ) throws {
        var last: SQLValue?
        while true {
            var count = 0
            let after = last == nil ? "" : " WHERE \(quoteIdentifier(key)) > ?"
            let sql =
                "SELECT * FROM \(quoteIdentifier(table))\(after) ORDER BY \(quoteIdentifier(key)) LIMIT \(pageSize)"
            try db.forEachRow(sql, last.map { [$0] } ?? [], cached: false) { row in
                count += 1
                last = row[key]
                try body(row)
            }
            guard count == pageSize else { return }
        }
    }
}

/// Rows inserted many to a statement — one round trip for hundreds of rows on PostgreSQL — and the rest at `flush`.
private struct BatchInsert {
    private let head: String
    private let placeholders: String
    private let rowsPerStatement: Int
    private var values: [SQLValue] = []
    private var rows = 0

    /// Rows of `columns` for `table`; by default as many a statement as keep it under 30,000 arguments (SQLite and
    /// PostgreSQL both take more), at most 500.
    init(into table: String, columns: [String], rowsPerStatement: Int? = nil) {
        head = "INSERT INTO \(quoteIdentifier(table)) (\(columns.map(quoteIdentifier).joined(separator: ", "))) VALUES "
        placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        self.rowsPerStatement = rowsPerStatement ?? max(1, min(500, 30_000 / max(columns.count, 1)))
    }

    /// Adds one row's values (in the columns' order), inserting the batch once it is full.
    mutating func add(_ row: [SQLValue], to db: any SQLConnection) throws {
        values += row
        rows += 1
        if rows == rowsPerStatement { try flush(to: db) }
    }

    /// Inserts the rows not inserted yet.
    mutating func flush(to db: any SQLConnection) throws {
        guard rows > 0 else { return }
        let sql = head + Array(repeating: placeholders, count: rows).joined(separator: ", ")
        try db.execute(sql, values, cached: rows == rowsPerStatement)
        values.removeAll(keepingCapacity: true)
        rows = 0
    }
}
