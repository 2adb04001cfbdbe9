import Foundation

/// Every word a class's search documents have held (`_SearchWords_<class>`), so a search for the beginning of a word
/// asks FTS5 for the whole words that begin so.
///
/// FTS5 answers a prefix query (`"dent"*`) by first merging the documents of every word with that prefix into one
/// list, however few of them a page needs: at 1,000,000 to-dos a common word's prefix took 2–4 ms each time, and a
/// search page asks three times. Whole words joined by OR (`("dentist" OR "dentistry")`) are read lazily, so the
/// newest 51 matches cost a tenth of a millisecond. The words are split from the indexed text as a search's words are
/// (`SearchText.words`), and each goes to FTS5 quoted, so FTS5 tokenizes a stored word exactly as it tokenized the
/// document. Words are never removed (a word no document holds any more finds nothing); the table is emptied with
/// the index.
enum SearchWords {
    /// The table of words of `className`'s documents.
    static func table(_ className: String) -> String { "_SearchWords_" + className }

    /// Past this many words beginning with what was typed ("d", "co"), FTS5's own prefix query is used: merging
    /// that many lists lazily costs more than merging them once.
    static let mostWordsOfAPrefix = 32

    /// Makes the table when missing; fills it from the stored documents when the index already holds some (an index
    /// made before the table existed).
    static func ensure(_ className: String, in db: any SQLConnection) throws {
        let table = quoteIdentifier(Self.table(className))
        guard try !db.tableExists(Self.table(className)) else { return }
        switch db.dialect {
        case .sqlite: try db.execute("CREATE TABLE main.\(table) (\"word\" TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID")
        case .postgres: try db.execute("CREATE TABLE \(table) (\"word\" text COLLATE \"C\" PRIMARY KEY NOT NULL)")
        }
        let documents = quoteIdentifier(SearchTables.documents(className))
        var words = Set<String>()
        try db.forEachRow("SELECT \"text\" FROM \(documents)", cached: false) { row in
            if let text = row[0].text { words.formUnion(SearchText.indexWords(ofFolded: text).map(String.init)) }
        }
        for word in words {
            try db.execute("INSERT INTO \(table) (\"word\") VALUES (?)", [.text(word)], cached: true)
        }
    }

    /// Records the words of `foldedText` (a document as stored).
    static func record(_ foldedText: String, className: String, in db: any SQLConnection) throws {
        let words = Set(SearchText.indexWords(ofFolded: foldedText))
        guard !words.isEmpty else { return }
        // One statement for all the words (a JSON array read by `json_each`): a statement each cost more than the
        // inserts themselves.
        let table = quoteIdentifier(table(className))
        let list = db.dialect.textList(words.map(String.init))
        switch db.dialect {
        case .sqlite:
            try db.execute(
                #"INSERT OR IGNORE INTO \#(table) ("word") SELECT "value" FROM json_each(?)"#, [list], cached: true)
        case .postgres:
            try db.execute(
                #"INSERT INTO \#(table) ("word") SELECT unnest(CAST(? AS text[])) ON CONFLICT DO NOTHING"#, [list],
                cached: true)
        }
    }

    /// The FTS5 query matching documents whose text holds every one of `terms` (a prefix is expanded into the
    /// words that begin with it) and every one of `tags`; nil when a prefix begins no word, so nothing can match.
    static func match(_ terms: [SearchTerm], tags: [String], className: String, in db: any SQLConnection) throws
        -> String?
    {
        var parts: [String] = []
        for term in terms {
            switch term {
            case .phrase(let words):
                parts.append("text : " + quoted(words.joined(separator: " ")))
            case .prefix(let prefix):
                let words = try wordsBeginning(with: prefix, className: className, in: db)
                if words.isEmpty { return nil }
                if words.count > mostWordsOfAPrefix {
                    parts.append("text : " + quoted(prefix) + "*")
                } else {
                    parts.append("text : (" + words.map(quoted).joined(separator: " OR ") + ")")
                }
            }
        }
        parts += tags.map { "tags : " + quoted($0) }
        return parts.joined(separator: " AND ")
    }

    /// Up to one more than `mostWordsOfAPrefix` words that begin with `prefix`.
    static func wordsBeginning(with prefix: String, className: String, in db: any SQLConnection) throws
        -> [String]
    {
        // A search asks once for its count and again for its page, in one snapshot: the words are read once.
        // Joined by NUL, which no word holds (words are letters and digits).
        let joined = try db.memoizedInSnapshot("words " + className + "\u{0}" + prefix) {
            // Every word beginning with `prefix` sorts between it and it followed by the last code point.
            let words = try db.texts(
                """
                SELECT "word" FROM \(quoteIdentifier(table(className))) WHERE "word" >= ? AND "word" < ? LIMIT ?
                """,
                [.text(prefix), .text(prefix + "\u{10FFFF}"), .integer(Int64(mostWordsOfAPrefix + 1))])
            return .text(words.joined(separator: "\u{0}"))
        }
        guard let text = joined.text, !text.isEmpty else { return [] }
        return text.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// One thing a search looks for: the beginning of a word, or a run of CJK characters together.
enum SearchTerm: Sendable, Hashable {
    case prefix(String)
    case phrase([String])
}
