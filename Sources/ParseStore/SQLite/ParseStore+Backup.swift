import Foundation
import GRDB

/// One database file checked for use as a store: what classes it holds and how many objects each has.
public struct StoreFileSummary: Sendable, Hashable {
    /// Objects per class, for every class `_SCHEMA` records that has a table.
    public var objectCounts: [String: Int]
}

extension ParseStore {
    /// Writes a consistent copy of the whole database to a new file at `path`, while writers go on.
    ///
    /// The copy is made with SQLite's online backup API from one read snapshot, so it holds exactly the changes
    /// committed when it started, never half of one, and it is a self-contained file (no `-wal` beside it). A
    /// PostgreSQL store is copied into a new SQLite store at `path` from one read snapshot (`copyEverything`), so
    /// a backup is the same file whichever database it came from; progress then counts classes, not pages.
    ///
    /// - Parameters:
    ///   - path: a file that does not exist yet.
    ///   - progress: called after each step with the pages copied so far and the pages in all.
    /// - Throws: `ParseError.databaseFull` when the disk fills up, `ParseError` 1 when the file cannot be written;
    ///   a partly written file is removed.
    ///
    /// ```swift
    /// try store.copy(toFile: "/tmp/parsnip-copy.sqlite") { done, total in print(done * 100 / total, "%") }
    /// ```
    public func copy(toFile path: String, progress: @escaping (Int, Int) -> Void = { _, _ in }) throws {
        guard backend is SQLiteBackend else { return try copyIntoNewFile(path, progress: progress) }
        do {
            try mapErrors {
                let destination = try DatabaseQueue(path: path)
                try sqliteBackend().database.backup(to: destination, pagesPerStep: 4096) { step in
                    progress(step.completedPageCount, step.totalPageCount)
                }
                try destination.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
                try destination.close()
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// How many objects each class has now, for every class `_SCHEMA` records that has a table.
    public func objectCounts() async throws -> [String: Int] {
        try await mapErrorsAsync {
            try await backend.read(within: nil) { db in try Self.objectCounts(db) }
        }
    }

    static func objectCounts(_ db: any SQLConnection) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for className in try db.texts(#"SELECT "className" FROM "_SCHEMA""#) where try db.tableExists(className) {
            counts[className] = try db.integer("SELECT COUNT(*) FROM \(quoteIdentifier(className))")
        }
        return counts
    }

    /// Checks that the file at `path` is a sound SQLite database holding a Parse store, without changing it, and
    /// counts its objects by class.
    ///
    /// - Throws: `ParseError` 1 with a plain message when the file is not a database, is damaged, or holds no
    ///   Parse store.
    public static func summarize(fileAt path: String) throws -> StoreFileSummary {
        let queue = try SQLiteBackend.readOnlyFile(at: path)
        defer { try? queue.close() }
        do {
            return try queue.read { db in
                let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard check == ["ok"] else { throw ParseError(.internalServerError, "The database is damaged.") }
                guard try db.tableExists("_SCHEMA") else {
                    throw ParseError(.internalServerError, "The database holds no Parse classes.")
                }
                return StoreFileSummary(objectCounts: try objectCounts(SQLiteConnection(db)))
            }
        } catch let error as ParseError {
            throw error
        } catch {
            throw ParseError(.internalServerError, "The database is damaged or is not a Parse store.")
        }
    }

    /// Replaces every class of this store, and its objects, Relation rows and indexes, with those of the database
    /// file at `path` — except the classes in `keeping`, which stay as they are — in one write transaction: readers
    /// see all of the old data or all of the new.
    ///
    /// A class is its table, its `_SCHEMA` row and its Relation tables (`_Join:<field>:<class>`).
    ///
    /// - Parameter progress: called after each class is copied, with the classes done and the classes in all.
    /// - Throws: `ParseError` 1 when the file cannot be read (nothing is changed), `.databaseFull` when the disk
    ///   fills up (nothing is changed).
    public func replaceClasses(
        withThoseInFileAt path: String, keeping kept: Set<String>,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws {
        _ = try await replaceClasses(withThoseInFileAt: path, keeping: kept, progress: progress) { _ in 0 }
    }

    /// `replaceClasses(withThoseInFileAt:keeping:progress:)`, then `then` in the same transaction: what must hold of
    /// the new data (its search index, its counts) is there in the same instant as the data, so no write in between
    /// can meet a store half put back.
    ///
    /// - Returns: what `then` returns.
    public func replaceClasses<T: Sendable>(
        withThoseInFileAt path: String, keeping kept: Set<String>,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        then: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> T {
        guard let backend = backend as? SQLiteBackend else {
            return try await replaceClassesFromFile(path, keeping: kept, progress: progress, then: then)
        }
        let lockWait = backend.lockWait
        let deadline = ContinuousClock.now + lockWait.limit
        let context = self.context
        defer { context.schemas.invalidate() }
        return try await mapErrorsAsync {
            try await backend.database.writeWithoutTransaction { db in
                // The file may come from anywhere: nothing in its schema may run functions while it is read.
                try db.execute(sql: "PRAGMA trusted_schema = OFF")
                try db.execute(sql: "ATTACH DATABASE ? AS \"replacement\"", arguments: [path])
                defer {
                    try? db.execute(sql: "DETACH DATABASE \"replacement\"")
                    try? db.execute(sql: "PRAGMA trusted_schema = ON")
                }
                return try SQLiteBackend.transaction(db, waitingUntil: deadline, lockWait) {
                    try Self.copyClasses(db, keeping: kept, progress: progress)
                    let connection = SQLiteConnection(db)
                    // A backup from before files were kept has no files table: the store still needs one.
                    try StoredFile.prepare(connection)
                    try RestrictedRows.ensureIndexes(in: connection)
                    // The cached schemas describe the old classes; `then` must read the new ones.
                    context.schemas.invalidate()
                    return try then(ParseWriter(db: connection, context: context))
                }
            }
        }
    }

    /// One table or index definition read from the replacement file, prepared only when it is exactly one
    /// `CREATE TABLE` / `CREATE [UNIQUE] INDEX` statement for `name`: a crafted file cannot slip in another
    /// statement (GRDB refuses more than one) or create anything else.
    private static func definition(_ sql: String, creating kind: String, named name: String, db: Database) throws
        -> Statement
    {
        let words = sql.split(whereSeparator: \.isWhitespace).prefix(3).map { $0.uppercased() }
        let allowed =
            kind == "TABLE"
            ? words.starts(with: ["CREATE", "TABLE"])
            : words.starts(with: ["CREATE", "INDEX"]) || words.starts(with: ["CREATE", "UNIQUE", "INDEX"])
        guard allowed, sql.contains(name.quotedDatabaseIdentifier) || sql.contains(name) else {
            throw ParseError(.internalServerError, "The backup holds a definition Parsnip does not make: \(name).")
        }
        return try db.makeStatement(sql: sql)
    }

    /// The body of `replaceClasses`: drops the main database's replaceable tables, then recreates each of the
    /// attached `replacement` database's with its rows and indexes.
    private static func copyClasses(_ db: Database, keeping kept: Set<String>, progress: (Int, Int) -> Void) throws {
        // Search indexes are never copied: the file's may be of another version, and an FTS table runs code. They
        // go, and whoever declared them builds them again from the new data.
        let virtual = try String.fetchAll(
            db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        for table in virtual where table.hasPrefix(SearchTables.prefix) {
            try db.execute(sql: "DROP TABLE main.\(table.quotedDatabaseIdentifier)")
        }
        func replaceable(_ table: String) -> Bool {
            if table.hasPrefix("sqlite_") || table == "_SCHEMA" || table == ServerSettings.table { return false }
            if table.hasPrefix(SearchTables.prefix) { return !kept.contains(table) }
            if table.hasPrefix("_Join:"), let owner = table.split(separator: ":").last {
                return !kept.contains(String(owner))
            }
            return !kept.contains(table)
        }
        let current = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_master WHERE type = 'table'")
        for table in current where replaceable(table) {
            try db.execute(sql: "DROP TABLE main.\(table.quotedDatabaseIdentifier)")
        }
        let definitions = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, tbl_name, sql FROM "replacement".sqlite_master
                WHERE sql IS NOT NULL AND type IN ('table', 'index') ORDER BY type = 'index', name
                """)
        // Only what a store makes is copied: the classes the file's `_SCHEMA` names, their Relation tables and the
        // files table. Anything else in a crafted file — a virtual table, its shadow tables, a stray table — stays
        // behind (views and triggers are never even read).
        let classes = Set(try String.fetchAll(db, sql: #"SELECT "className" FROM "replacement"."_SCHEMA""#))
        func storeMade(_ name: String) -> Bool {
            classes.contains(name) || name == StoredFile.table
                || (name.hasPrefix("_Join:")
                    && name.split(separator: ":").last.map { classes.contains(String($0)) } == true)
        }
        let tables = definitions.filter { row in
            let name: String = row["name"]
            let sql: String = row["sql"]
            // A virtual table runs code: a file holding one of its own is refused whole (`definition`).
            return row["type"] == "table" && replaceable(name) && !name.hasPrefix(SearchTables.prefix)
                && (storeMade(name) || sql.uppercased().hasPrefix("CREATE VIRTUAL"))
        }
        let copied = Set(tables.map { $0["name"] as String })
        for (done, table) in tables.enumerated() {
            let name: String = table["name"]
            try definition(table["sql"], creating: "TABLE", named: name, db: db).execute()
            try db.execute(
                sql:
                    "INSERT INTO main.\(name.quotedDatabaseIdentifier) SELECT * FROM \"replacement\".\(name.quotedDatabaseIdentifier)"
            )
            progress(done + 1, tables.count)
        }
        for index in definitions where index["type"] == "index" && copied.contains(index["tbl_name"]) {
            try definition(index["sql"], creating: "INDEX", named: index["name"], db: db).execute()
        }
        let keptNames = Array(kept)
        let placeholders = databaseQuestionMarks(count: keptNames.count)
        try db.execute(
            sql: #"DELETE FROM main."_SCHEMA" WHERE "className" NOT IN (\#(placeholders))"#,
            arguments: StatementArguments(keptNames))
        try db.execute(
            sql:
                #"INSERT INTO main."_SCHEMA" SELECT * FROM "replacement"."_SCHEMA" WHERE "className" NOT IN (\#(placeholders))"#,
            arguments: StatementArguments(keptNames))
    }
}
