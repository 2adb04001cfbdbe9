/// The rows of a class that not everyone may read: an ACL whose read list lacks `"*"`. Each class table has a
/// partial index of exactly those rows (`<class>_restricted`), so "has this class any?" is one index lookup.
///
/// While a class has none, every access reads every row its class-level permissions let it: readers then skip the
/// ACL test, and their queries keep every index — the common case for a household whose apps set no ACLs.
enum RestrictedRows {
    /// The condition naming a restricted row, exactly as the partial index declares it (SQLite uses a partial
    /// index only for a query whose WHERE repeats the index's).
    static func condition(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: #""_rperm" IS NOT NULL AND instr("_rperm", '"*"') = 0"#
        case .postgres: #""_rperm" IS NOT NULL AND NOT ('*' = ANY("_rperm"))"#
        }
    }

    /// The partial index of `className`'s restricted rows.
    static func indexName(_ className: String) -> String { className + "_restricted" }

    /// Makes the partial index of `className` when it has none.
    static func ensureIndex(of className: String, in db: any SQLConnection) throws {
        try db.execute(
            "CREATE INDEX IF NOT EXISTS \(quoteIdentifier(db.dialect.indexName(indexName(className)))) ON "
                + "\(quoteIdentifier(className)) (\"objectId\") WHERE \(condition(db.dialect))")
    }

    /// Makes the partial index of every class table that lacks one (at open, and after a restore brought tables
    /// from an older Parsnip).
    static func ensureIndexes(in db: any SQLConnection) throws {
        let classes = try db.texts(#"SELECT "className" FROM "_SCHEMA""#)
        for className in classes where try db.tableExists(className) {
            try ensureIndex(of: className, in: db)
        }
    }

    /// True when some row of `className` is hidden from somebody by its ACL.
    static func exist(in className: String, db: any SQLConnection) throws -> Bool {
        try db.memoized("restricted " + className) {
            try db.value("SELECT EXISTS (SELECT 1 FROM \(quoteIdentifier(className)) WHERE \(condition(db.dialect)))")
        }.boolean ?? true
    }
}

extension ParseReader {
    /// True when this reader reads every row of `className`: the master key always, anyone else while no row of the
    /// class has an ACL that leaves someone out. Totals kept for the whole class are then the reader's totals too.
    public func readsEveryRow(of className: String) throws -> Bool {
        guard access != .master, NameRules.isValidClassName(className), try db.tableExists(className) else {
            return true
        }
        return try !RestrictedRows.exist(in: className, db: db)
    }
}
