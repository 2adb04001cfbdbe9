import Foundation

/// The search index in PostgreSQL: the same documents table as SQLite's (docid, objectId, version, text, tags),
/// with a `tsvector` of the document's words, and a GIN index on it.
///
/// The words are the ones `SearchText` made, written as the `tsvector`'s lexemes as they are (never parsed or
/// stemmed by PostgreSQL), so a document is found by exactly the searches that find it in SQLite: the same folding
/// of case, accents and ligatures, the same CJK characters as words of their own, the same joined ISBNs. Each word
/// keeps its position, so a CJK phrase (`a <-> b`) matches only as typed. Tags are lexemes too, written `#tag`
/// (no word holds `#`).
enum PostgresSearch {
    /// Makes the documents and words tables of `className`, with their indexes.
    static func create(_ className: String, in db: any SQLConnection) throws {
        let documents = quoteIdentifier(SearchTables.documents(className))
        try db.execute(
            """
            CREATE TABLE \(documents) ("docid" bigint PRIMARY KEY, "objectId" text NOT NULL UNIQUE, \
            "version" bigint NOT NULL, "text" text NOT NULL, "tags" text NOT NULL, "words" tsvector NOT NULL)
            """)
        try db.execute(
            "CREATE INDEX \(quoteIdentifier(SearchTables.index(className))) ON \(documents) USING gin (\"words\")")
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS \(quoteIdentifier(SearchWords.table(className))) \
            ("word" text COLLATE "C" PRIMARY KEY NOT NULL)
            """)
    }

    /// Drops the tables of `className`'s index.
    static func drop(_ className: String, in db: any SQLConnection) throws {
        try db.execute("DROP TABLE IF EXISTS \(quoteIdentifier(SearchTables.documents(className)))")
        try db.execute("DROP TABLE IF EXISTS \(quoteIdentifier(SearchWords.table(className)))")
    }

    /// The version of an updatedAt (`?` or a column): its digits as one integer, as `SearchTables.packedVersion`
    /// makes them in SQLite (20240501123456789).
    static func packedVersion(_ moment: String) -> String {
        "CAST(to_char(\(moment) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS bigint)"
    }

    /// The `tsvector` literal of a folded document: every word at its position, then every tag.
    static func vector(text: String, tags: [String]) -> String {
        var lexemes: [String] = []
        for (index, word) in SearchText.indexWords(ofFolded: text).enumerated() {
            // PostgreSQL keeps positions up to 16,383; later words are kept without one.
            lexemes.append(index < 16_383 ? "\(lexeme(String(word))):\(index + 1)" : lexeme(String(word)))
        }
        lexemes += tags.map { lexeme("#" + $0) }
        return lexemes.joined(separator: " ")
    }

    /// One word or tag quoted for a `tsvector` or `tsquery` literal.
    static func lexeme(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// The `tsquery` finding documents with every one of `terms` and `tags`; nil when a prefix begins no word.
    static func query(_ terms: [SearchTerm], tags: [String], className: String, in db: any SQLConnection) throws
        -> String?
    {
        var parts: [String] = []
        for term in terms {
            switch term {
            case .phrase(let words):
                parts.append("(" + words.map(lexeme).joined(separator: " <-> ") + ")")
            case .prefix(let prefix):
                let words = try SearchWords.wordsBeginning(with: prefix, className: className, in: db)
                if words.isEmpty { return nil }
                if words.count > SearchWords.mostWordsOfAPrefix {
                    parts.append(lexeme(prefix) + ":*")
                } else {
                    parts.append("(" + words.map(lexeme).joined(separator: " | ") + ")")
                }
            }
        }
        parts += tags.map { lexeme("#" + $0) }
        return parts.joined(separator: " & ")
    }
}

extension ParseWriter {
    /// `setSearchDocument` in PostgreSQL: one upsert of the document and its words.
    func setPostgresSearchDocument(
        _ document: SearchDocument?, className: String, objectId: String, createdAt: Date, updatedAt: Date
    ) throws {
        let documents = quoteIdentifier(SearchTables.documents(className))
        guard let document else {
            try db.execute("DELETE FROM \(documents) WHERE \"objectId\" = ?", [.text(objectId)], cached: true)
            return
        }
        // One round trip: the document as it is, and the next free docid of the creation's millisecond in case
        // there is none (see `newDocid`).
        let base = Int64((createdAt.timeIntervalSince1970 * 1000).rounded(.down)) * SearchTables.perMillisecond
        let found = try db.row(
            "SELECT (SELECT \"docid\" FROM \(documents) WHERE \"objectId\" = ?) AS \"docid\","
                + " (SELECT \"text\" FROM \(documents) WHERE \"objectId\" = ?) AS \"text\","
                + " (SELECT max(\"docid\") FROM \(documents) WHERE \"docid\" BETWEEN ? AND ?) AS \"last\"",
            [.text(objectId), .text(objectId), .integer(base), .integer(base + SearchTables.perMillisecond - 1)],
            cached: true)
        let oldText = found?["text"].text
        let docid: Int64
        if let kept = found?["docid"].integer {
            docid = kept
        } else if let last = found?["last"].integer {
            let full = last == base + SearchTables.perMillisecond - 1
            docid = full ? try newDocid(className, createdAt: createdAt) : last + 1
        } else {
            docid = base
        }
        let text = SearchText.folded(document.text)
        let upsert = """
            INSERT INTO \(documents) ("docid", "objectId", "version", "text", "tags", "words")
            VALUES (?, ?, \(PostgresSearch.packedVersion("CAST(? AS timestamptz)")), ?, ?, CAST(? AS tsvector))
            ON CONFLICT ("objectId") DO UPDATE SET "version" = excluded."version", "text" = excluded."text",
            "tags" = excluded."tags", "words" = excluded."words"
            """
        let arguments: [SQLValue] = [
            .integer(docid), .text(objectId), .date(updatedAt), .text(text),
            .text(document.tags.joined(separator: " ")),
            .text(PostgresSearch.vector(text: text, tags: document.tags)),
        ]
        // New text may bring new words (`SearchWords`): they go in the same statement, one round trip.
        let words = oldText == text ? [] : Set(SearchText.indexWords(ofFolded: text)).map(String.init)
        guard !words.isEmpty else {
            try db.execute(upsert, arguments, cached: true)
            return
        }
        let wordTable = quoteIdentifier(SearchWords.table(className))
        try db.execute(
            "WITH \"document\" AS (\(upsert)) INSERT INTO \(wordTable) (\"word\")"
                + " SELECT unnest(CAST(? AS text[])) ON CONFLICT DO NOTHING",
            arguments + [db.dialect.textList(words)], cached: true)
    }
}

extension ParseReader {
    /// The statement selecting `select` from the documents `d` matching `search` and `tags` in PostgreSQL (joined
    /// to the class table `t` when the reader may not read every row), and its arguments; nil when nothing can
    /// match.
    func postgresSearchSQL(in className: String, for search: String, tags: [String], select: String) throws
        -> (sql: String, arguments: [SQLValue])?
    {
        let terms = SearchText.searchTerms(of: search)
        guard !terms.isEmpty || !tags.isEmpty,
            let query = try PostgresSearch.query(terms, tags: tags, className: className, in: db)
        else { return nil }
        let documents = quoteIdentifier(SearchTables.documents(className))
        var arguments: [SQLValue] = [.text(query)]
        var join = ""
        var readable = ""
        if access != .master, try RestrictedRows.exist(in: className, db: db) {
            let (sql, aclArguments) = access.allows(.read, className: className, qualifier: "t", dialect: db.dialect)
                .sqlAndArguments
            join = " JOIN \(quoteIdentifier(className)) AS t ON t.\"objectId\" = d.\"objectId\""
            readable = " AND " + sql
            arguments += aclArguments
        }
        return (
            "SELECT \(select) FROM \(documents) AS d\(join) WHERE d.\"words\" @@ CAST(? AS tsquery)\(readable)",
            arguments
        )
    }
}

extension ParseReader {
    /// `searchIds` in PostgreSQL: the matching documents by docid, newest first (or oldest first from `.newerThan`).
    func postgresSearchIds(
        in className: String, for search: String, tags: [String], limit: Int, from start: SearchStart
    ) throws -> [String] {
        guard
            var (sql, arguments) = try postgresSearchSQL(
                in: className, for: search, tags: tags, select: #"d."objectId""#)
        else { return [] }
        let documents = quoteIdentifier(SearchTables.documents(className))
        let docidOf = "(SELECT \"docid\" FROM \(documents) WHERE \"objectId\" = ?)"
        var order = "DESC"
        var offset = 0
        switch start {
        case .offset(let skip): offset = skip
        case .olderThan(let objectId):
            sql += " AND d.\"docid\" < \(docidOf)"
            arguments.append(.text(objectId))
        case .newerThan(let objectId):
            sql += " AND d.\"docid\" > \(docidOf)"
            arguments.append(.text(objectId))
            order = "ASC"
        }
        return try db.texts(
            sql + " ORDER BY d.\"docid\" \(order) LIMIT ? OFFSET ?",
            arguments + [.integer(Int64(limit)), .integer(Int64(offset))])
    }
}
