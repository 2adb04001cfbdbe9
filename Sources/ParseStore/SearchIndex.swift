import Foundation

/// What an object is found by: its text (folded by `SearchText`) and tags that list filters can ask for ("open",
/// "done").
public struct SearchDocument: Sendable, Hashable {
    public var text: String
    public var tags: [String]

    public init(text: String, tags: [String] = []) {
        self.text = text
        self.tags = tags
    }
}

/// A class's full-text index: an SQLite FTS5 table over a table of documents, both beside the class tables and named
/// with `_Search`, which no Parse class may start with, so no Parse client ever sees them.
///
/// A document's rowid (`docid`) is its object's creation time in milliseconds × 4096 plus a small counter, so the
/// index itself lists matches newest first without reading the class table.
enum SearchTables {
    static let prefix = "_Search"

    /// The documents: docid, objectId, the version indexed (the object's updatedAt, `packedVersion`) and the text
    /// and tags.
    static func documents(_ className: String) -> String { "_SearchText_" + className }

    /// How the documents table `table` is made.
    static func documentsDefinition(_ table: String) -> String {
        "CREATE TABLE " + table + #" ("docid" INTEGER PRIMARY KEY, "objectId" TEXT NOT NULL UNIQUE, "#
            + #""version" INTEGER NOT NULL, "text" TEXT NOT NULL, "tags" TEXT NOT NULL)"#
    }

    /// The SQL that turns an updatedAt as stored (`2024-05-01T12:34:56.789Z`) in `text` into a document's version:
    /// its digits as one integer (20240501123456789), 8 bytes instead of 24 — 17 MB at 1,000,000 to-dos. The same
    /// expression makes the version when a document is written and when it is compared with the object's
    /// updatedAt, so the two agree by construction.
    static func packedVersion(_ text: String) -> String {
        "CAST(replace(replace(replace(replace(replace(" + text + ", '-', ''), ':', ''), 'T', ''), '.', ''), 'Z', '')"
            + " AS INTEGER)"
    }

    /// The FTS5 index over the documents.
    static func index(_ className: String) -> String { "_SearchIndex_" + className }

    /// The docid range of one millisecond.
    static let perMillisecond: Int64 = 4096

    /// How the FTS5 index is made: words folded by `unicode61` (accents removed), positions kept (a CJK search is a
    /// phrase), no prefix indexes and no per-document sizes (`columnsize=0`: nothing ranks by bm25, lists go
    /// newest first). Measured at 1,000,000 to-dos, the prefix indexes ('2 3') and sizes took 196 of the index's
    /// 302 MB, and a common word's search was as fast without them (a word's own prefix query reads few terms).
    static let indexOptions = "tokenize='unicode61 remove_diacritics 2', columnsize=0"
}

extension ParseWriter {
    /// Runs `body` (indexing many objects of `className` in this transaction) with FTS5's merging of index
    /// segments paused, then merges them all at once.
    ///
    /// FTS5 merges its segments a little after every insert; over 1,000,000 inserts in one transaction those merges
    /// rewrote the growing index again and again (about 110 s). Paused and merged once at the end, the same work took
    /// about 23 s. Only worth it for many objects: the final merge rewrites the whole index.
    public func withBulkSearchIndexing<T>(for className: String, _ body: () throws -> T) throws -> T {
        // PostgreSQL's GIN index keeps a pending list of its own for bulk inserts.
        guard db.dialect == .sqlite else { return try body() }
        let index = quoteIdentifier(SearchTables.index(className))
        let configure = "INSERT INTO \(index) (\(index), rank) VALUES (?, ?)"
        try db.execute(configure, [.text("automerge"), .integer(0)])
        try db.execute(configure, [.text("crisismerge"), .integer(64)])
        let result = try body()
        try db.execute("INSERT INTO \(index) (\(index)) VALUES ('optimize')")
        // FTS5's own defaults again, for the saves that follow.
        try db.execute(configure, [.text("automerge"), .integer(4)])
        try db.execute(configure, [.text("crisismerge"), .integer(16)])
        return result
    }

    /// Makes the search index of `className` when it has none, has one made with another definition (an older
    /// Parsnip's), or holds documents of another `format` (what a document is made of: a class whose documents
    /// gain a field says a higher number, and every object is indexed again once); returns true when it was made
    /// (and is empty: every object is to be indexed again).
    @discardableResult
    public func ensureSearchIndex(for className: String, format: Int = 1) throws -> Bool {
        let documents = SearchTables.documents(className)
        let index = SearchTables.index(className)
        if db.dialect == .postgres {
            if try db.tableExists(documents), try SearchFormats.stored(className, in: db) ?? 1 == format {
                return false
            }
            try PostgresSearch.drop(className, in: db)
            try PostgresSearch.create(className, in: db)
            try SearchFormats.set(format, for: className, in: db)
            return true
        }
        // In `main` only: during a restore the replacement file is attached, and its own search tables (never copied)
        // must not count as this database's. An index made with another definition (before `columnsize=0`, with
        // prefix indexes) is made again, and the caller indexes every object again.
        if try db.tableExists(documents),
            let made = try db.string(
                "SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?", [.text(index)]),
            made.contains(SearchTables.indexOptions),
            try SearchFormats.stored(className, in: db) ?? 1 == format
        {
            try packVersions(of: className)
            try SearchWords.ensure(className, in: db)
            try SearchFormats.set(format, for: className, in: db)
            return false
        }
        try db.execute("DROP TABLE IF EXISTS main.\(quoteIdentifier(index))")
        try db.execute("DROP TABLE IF EXISTS main.\(quoteIdentifier(documents))")
        try db.execute("DROP TABLE IF EXISTS main.\(quoteIdentifier(SearchWords.table(className)))")
        try db.execute(SearchTables.documentsDefinition("main." + quoteIdentifier(documents)))
        try db.execute(
            """
            CREATE VIRTUAL TABLE main.\(quoteIdentifier(index)) USING fts5("text", "tags",
                content=\(quoteIdentifier(documents)), content_rowid='docid', \(SearchTables.indexOptions))
            """)
        try SearchWords.ensure(className, in: db)
        try SearchFormats.set(format, for: className, in: db)
        return true
    }

    /// Rewrites a documents table whose versions are the updatedAt text (before `packedVersion`) with packed ones,
    /// keeping every docid, so the FTS5 index over it stays as it is.
    private func packVersions(of className: String) throws {
        let name = SearchTables.documents(className)
        let made = try db.string("SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?", [.text(name)])
        guard let made, made.contains(#""version" TEXT"#) else { return }
        let documents = quoteIdentifier(name)
        let packed = quoteIdentifier(name + "_packed")
        try db.execute("DROP TABLE IF EXISTS main.\(packed)")
        try db.execute(SearchTables.documentsDefinition("main." + packed))
        // A version that does not pack (it never should) becomes -1: its object is found stale and indexed again.
        let version = SearchTables.packedVersion(#""version""#)
        try db.execute(
            """
            INSERT INTO main.\(packed) ("docid", "objectId", "version", "text", "tags")
            SELECT "docid", "objectId", coalesce(\(version), -1), "text", "tags" FROM main.\(documents)
            """)
        try db.execute("DROP TABLE main.\(documents)")
        try db.execute("ALTER TABLE main.\(packed) RENAME TO \(documents)")
    }

    /// Puts `document` in the index as the object's (replacing any it had), or takes the object out with nil.
    /// `updatedAt` is the object's, which `staleSearchDocuments` compares with the stored object's.
    public func setSearchDocument(
        _ document: SearchDocument?, className: String, objectId: String, createdAt: Date, updatedAt: Date
    ) throws {
        if db.dialect == .postgres {
            return try setPostgresSearchDocument(
                document, className: className, objectId: objectId, createdAt: createdAt, updatedAt: updatedAt)
        }
        let version = ParseDateFormat.string(from: updatedAt)
        let documents = quoteIdentifier(SearchTables.documents(className))
        let index = quoteIdentifier(SearchTables.index(className))
        // Every save runs these statements: each is prepared once per connection.
        let old = try db.row(
            "SELECT \"docid\", \"text\", \"tags\" FROM \(documents) WHERE \"objectId\" = ?", [.text(objectId)])
        if let old {
            try db.execute(
                "INSERT INTO \(index) (\(index), rowid, \"text\", \"tags\") VALUES ('delete', ?, ?, ?)",
                [old["docid"], old["text"], old["tags"]], cached: true)
        }
        guard let document else {
            if old != nil {
                try db.execute("DELETE FROM \(documents) WHERE \"objectId\" = ?", [.text(objectId)], cached: true)
            }
            return
        }
        let docid = try old?["docid"].integer ?? newDocid(className, createdAt: createdAt)
        let text = SearchText.folded(document.text)
        let tags = document.tags.joined(separator: " ")
        try db.execute(
            """
            REPLACE INTO \(documents) ("docid", "objectId", "version", "text", "tags")
            VALUES (?, ?, \(SearchTables.packedVersion("?")), ?, ?)
            """,
            [.integer(docid), .text(objectId), .text(version), .text(text), .text(tags)], cached: true)
        try db.execute(
            "INSERT INTO \(index) (rowid, \"text\", \"tags\") VALUES (?, ?, ?)",
            [.integer(docid), .text(text), .text(tags)], cached: true)
        if old?["text"].text != text { try SearchWords.record(text, className: className, in: db) }
    }

    /// The next free docid of the object's creation millisecond (the last one's successor past 4,095 objects in
    /// one millisecond).
    func newDocid(_ className: String, createdAt: Date) throws -> Int64 {
        let documents = quoteIdentifier(SearchTables.documents(className))
        let base = Int64((createdAt.timeIntervalSince1970 * 1000).rounded(.down)) * SearchTables.perMillisecond
        let last = try db.value(
            "SELECT max(\"docid\") FROM \(documents) WHERE \"docid\" BETWEEN ? AND ?",
            [.integer(base), .integer(base + SearchTables.perMillisecond - 1)]
        ).integer
        guard let last else { return base }
        if last < base + SearchTables.perMillisecond - 1 { return last + 1 }
        return (try db.value("SELECT max(\"docid\") FROM \(documents)").integer ?? base) + 1
    }

    /// Empties the index of `className` (before indexing every object again).
    public func clearSearchIndex(for className: String) throws {
        let documents = quoteIdentifier(SearchTables.documents(className))
        let index = quoteIdentifier(SearchTables.index(className))
        try db.execute("DELETE FROM \(documents)")
        try db.execute("DELETE FROM \(quoteIdentifier(SearchWords.table(className)))")
        if db.dialect == .sqlite { try db.execute("INSERT INTO \(index) (\(index)) VALUES ('delete-all')") }
    }
}

extension ParseReader {
    /// The objects whose document is missing or was made from another version than their updatedAt, and the
    /// documents of objects that no longer exist: what changed without the index (a restored backup, another
    /// program). Everything is missing when the class has no table yet.
    public func staleSearchDocuments(for className: String) throws -> (changed: [String], orphaned: [String]) {
        let documents = quoteIdentifier(SearchTables.documents(className))
        guard try db.tableExists(className) else {
            return ([], try db.texts("SELECT \"objectId\" FROM \(documents)"))
        }
        let table = quoteIdentifier(className)
        let version =
            db.dialect == .sqlite
            ? SearchTables.packedVersion(#"q."updatedAt""#) : PostgresSearch.packedVersion(#"q."updatedAt""#)
        let changed = try db.texts(
            """
            SELECT q."objectId" FROM \(table) AS q LEFT JOIN \(documents) AS d ON d."objectId" = q."objectId"
            WHERE d."version" IS DISTINCT FROM \(version)
            """)
        let orphaned = try db.texts(
            """
            SELECT d."objectId" FROM \(documents) AS d
            WHERE NOT EXISTS (SELECT 1 FROM \(table) AS q WHERE q."objectId" = d."objectId")
            """)
        return (changed, orphaned)
    }

    /// How many documents of `className` hold every word of `search` (as word beginnings) and every tag — counting
    /// no further than `atMost` when given (a count of `atMost` then means "at least that many"): each match counted
    /// is read, and at 1,000,000 to-dos a common word has tens of thousands.
    public func searchCount(in className: String, for search: String, tags: [String] = [], atMost: Int? = nil) throws
        -> Int
    {
        if db.dialect == .postgres {
            guard let (matches, arguments) = try postgresSearchSQL(in: className, for: search, tags: tags, select: "1")
            else { return 0 }
            let limit = atMost.map { " LIMIT \(max(0, $0))" } ?? ""
            return try db.integer("SELECT count(*) FROM (\(matches)\(limit)) AS m", arguments) ?? 0
        }
        let terms = SearchText.searchTerms(of: search)
        guard !terms.isEmpty || !tags.isEmpty,
            let match = try SearchWords.match(terms, tags: tags, className: className, in: db)?.sqlValue
        else { return 0 }
        let index = quoteIdentifier(SearchTables.index(className))
        var arguments: [SQLValue] = [match]
        var matches = "SELECT 1 FROM \(index) WHERE \(index) MATCH ?"
        if let (readable, aclArguments) = try searchReadable(className) {
            let documents = quoteIdentifier(SearchTables.documents(className))
            matches = """
                SELECT 1 FROM \(index) AS f JOIN \(documents) AS d ON d."docid" = f.rowid \
                JOIN \(quoteIdentifier(className)) AS t ON t."objectId" = d."objectId" \
                WHERE \(index) MATCH ? AND \(readable)
                """
            arguments += aclArguments
        }
        if let atMost {
            matches += " LIMIT ?"
            arguments.append(max(0, atMost).sqlValue)
        }
        // Cached statements: preparing a statement on an FTS5 table cost more than the search itself.
        return try db.integer("SELECT count(*) FROM (\(matches))", arguments) ?? 0
    }

    /// The ACL test (on the class table aliased `t`) a search must add for this reader's access, or nil when the
    /// reader reads every row of the class (the master key, or no row hidden from anyone).
    private func searchReadable(_ className: String) throws -> (String, [SQLValue])? {
        guard access != .master, try RestrictedRows.exist(in: className, db: db) else { return nil }
        let (sql, arguments) = access.allows(.read, className: className, qualifier: "t", dialect: db.dialect)
            .sqlAndArguments
        return (sql, arguments)
    }

    /// Where a page of search results starts: at an offset from the newest, or just past an object of an earlier
    /// page (older than it, or newer than it counting upwards).
    public enum SearchStart: Sendable, Hashable {
        case offset(Int)
        case olderThan(objectId: String)
        case newerThan(objectId: String)
    }

    /// The objectIds of the matching documents, newest first (by creation) — or oldest first from
    /// `.newerThan` — `limit` of them from `start`.
    public func searchIds(
        in className: String, for search: String, tags: [String] = [], limit: Int, from start: SearchStart = .offset(0)
    ) throws -> [String] {
        if db.dialect == .postgres {
            return try postgresSearchIds(in: className, for: search, tags: tags, limit: limit, from: start)
        }
        let terms = SearchText.searchTerms(of: search)
        guard !terms.isEmpty || !tags.isEmpty,
            let match = try SearchWords.match(terms, tags: tags, className: className, in: db)?.sqlValue
        else { return [] }
        let index = quoteIdentifier(SearchTables.index(className))
        let documents = quoteIdentifier(SearchTables.documents(className))
        let docidOf = "(SELECT \"docid\" FROM \(documents) WHERE \"objectId\" = ?)"
        let (bound, order, extra): (String, String, [SQLValue]) =
            switch start {
            case .offset(let offset): ("", "DESC", [offset.sqlValue])
            case .olderThan: (" AND f.rowid < \(docidOf)", "DESC", [0.sqlValue])
            case .newerThan: (" AND f.rowid > \(docidOf)", "ASC", [0.sqlValue])
            }
        var arguments: [SQLValue] = [match]
        switch start {
        case .olderThan(let objectId), .newerThan(let objectId): arguments.append(objectId.sqlValue)
        case .offset: break
        }
        // Only rows the reader may read are found, so a page of results is never short of hidden ones.
        var join = ""
        var readable = ""
        if let (sql, aclArguments) = try searchReadable(className) {
            join = " JOIN \(quoteIdentifier(className)) AS t ON t.\"objectId\" = d.\"objectId\""
            readable = " AND " + sql
            arguments += aclArguments
        }
        return try db.texts(
            """
            SELECT d."objectId" FROM \(index) AS f JOIN \(documents) AS d ON d."docid" = f.rowid\(join)
            WHERE \(index) MATCH ?\(bound)\(readable) ORDER BY f.rowid \(order) LIMIT ? OFFSET ?
            """,
            arguments + [limit.sqlValue] + extra)
    }
}

extension QueryCompiler {
    /// The objects whose search document holds every word of `search`; nothing for a search without words.
    ///
    /// A class without a search index makes the statement fail (`ParseError` 1): asking is a programming error, and
    /// checking first would cost every search a read of the schema.
    func searchCondition(_ search: String) throws -> SQLCondition {
        let terms = SearchText.searchTerms(of: search)
        if db.dialect == .postgres {
            guard !terms.isEmpty,
                let query = try PostgresSearch.query(terms, tags: [], className: schema.className, in: db)
            else { return .false }
            let documents = quoteIdentifier(SearchTables.documents(schema.className))
            return SQLCondition(
                "\(column("objectId")) IN (SELECT \"objectId\" FROM \(documents) WHERE \"words\" @@ CAST(? AS tsquery))",
                [.text(query)])
        }
        guard !terms.isEmpty, let match = try SearchWords.match(terms, tags: [], className: schema.className, in: db)
        else { return .false }
        let index = SearchTables.index(schema.className)
        let documents = quoteIdentifier(SearchTables.documents(schema.className))
        return SQLCondition(
            """
            \(column("objectId")) IN (SELECT "objectId" FROM \(documents) WHERE "docid" IN \
            (SELECT rowid FROM \(quoteIdentifier(index)) WHERE \(quoteIdentifier(index)) MATCH ?))
            """,
            [match.sqlValue])
    }
}
