/// Which format each class's search documents were made in (`ensureSearchIndex(for:format:)`), in a plain table
/// named with `_Search` like the indexes themselves: a restore drops it with them and never copies a file's own, so
/// the number always describes the documents beside it. A class without a row was indexed before formats were
/// counted: format 1.
enum SearchFormats {
    static let table = SearchTables.prefix + "Formats"

    /// The stored format of `className`'s documents; nil when none is recorded.
    static func stored(_ className: String, in db: any SQLConnection) throws -> Int? {
        guard try db.tableExists(table) else { return nil }
        return try db.integer(#"SELECT "format" FROM "\#(table)" WHERE "className" = ?"#, [.text(className)])
    }

    /// Records that `className`'s documents are now made in `format`.
    static func set(_ format: Int, for className: String, in db: any SQLConnection) throws {
        try db.execute(
            #"""
            CREATE TABLE IF NOT EXISTS "\#(table)" ("className" TEXT PRIMARY KEY NOT NULL, \#
            "format" INTEGER NOT NULL)
            """#)
        try db.execute(
            #"INSERT INTO "\#(table)" ("className", "format") VALUES (?, ?) "#
                + #"ON CONFLICT ("className") DO UPDATE SET "format" = excluded."format""#,
            [.text(className), .integer(Int64(format))])
    }
}
