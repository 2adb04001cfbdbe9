import Foundation

/// What every reader and writer of one store shares: the clock, the schema cache and the id generator.
final class StoreContext: Sendable {
    /// Read once per object write for createdAt/updatedAt.
    let clock: any ParseClock
    /// The cached `_SCHEMA`.
    let schemas = SchemaCache()

    init(clock: any ParseClock) {
        self.clock = clock
    }

    /// Creates the store's own tables when the database is new; called once, on the writer, when the store opens.
    ///
    /// - Throws: a database error when the tables cannot be created (the facade maps it to `ParseError` 1).
    func prepare(_ db: any SQLConnection) throws {
        switch db.dialect {
        case .sqlite:
            try db.execute(
                """
                CREATE TABLE IF NOT EXISTS "_SCHEMA" ("className" TEXT PRIMARY KEY NOT NULL, "schema" TEXT NOT NULL)
                """)
        case .postgres:
            try PostgresFunctions.prepare(db)
        }
        try StoredFile.prepare(db)
        // Asked before the table is made: a Parsnip made this database (see `PostgresObjectColumns`).
        let settingsWereThere = db.dialect == .postgres ? try db.tableExists(ServerSettings.table) : true
        try ServerSettings.prepare(db)
        try SharedVersion.prepare(db)
        try Marks.prepare(db)
        try RestrictedRows.ensureIndexes(in: db)
        if db.dialect == .postgres {
            try PostgresObjectColumns.convert(db, settingsWereThere: settingsWereThere)
        }
        schemas.invalidate()
    }

    /// The default class-level permissions of `className`, if it has any.
    func defaultPermissions(of className: String) -> ParseValue? {
        schemas.defaultPermissions(of: className)
    }

    /// Replaces every default class-level permission map.
    func setDefaultPermissions(_ permissions: [String: ParseValue]) {
        schemas.setDefaultPermissions(permissions)
    }

    /// One reading of the clock, truncated to milliseconds, for one object write.
    func timestamp() -> Date {
        ParseDateFormat.truncated(clock.now())
    }
}
