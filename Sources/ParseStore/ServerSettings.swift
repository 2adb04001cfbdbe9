/// Settings of the server itself, beside the classes: the Parse API's master key, whether apps may sign people up.
///
/// A plain table whose name starts with `_`, so it never shows as a class to a client; a restore from a backup
/// keeps the current settings, as it keeps the accounts (`replaceClasses`).
enum ServerSettings {
    static let table = "_ServerSettings"

    /// Makes the table when the database has none.
    static func prepare(_ db: any SQLConnection) throws {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS "_ServerSettings" ("name" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)
            """)
    }
}

extension ParseReader {
    /// The server setting `name`, or nil when it was never set.
    ///
    /// ```swift
    /// let key = try reader.serverSetting("masterKey")
    /// ```
    public func serverSetting(_ name: String) throws -> String? {
        try db.string(#"SELECT "value" FROM "_ServerSettings" WHERE "name" = ?"#, [.text(name)])
    }
}

extension ParseReader {
    /// Every server setting, by name (for carrying them over to a database made anew).
    public func serverSettings() throws -> [String: String] {
        var settings: [String: String] = [:]
        for row in try db.rows(#"SELECT "name", "value" FROM "_ServerSettings""#) {
            if let name = row["name"].text { settings[name] = row["value"].text }
        }
        return settings
    }
}

extension ParseWriter {
    /// Sets the server setting `name` to `value` (nil removes it).
    ///
    /// - Throws: `ParseError` 119 unless the writer acts with the master key.
    public func setServerSetting(_ name: String, to value: String?) throws {
        guard access == .master else {
            throw ParseError(.operationForbidden, "unauthorized: master key is required")
        }
        if let value {
            try db.execute(
                #"INSERT INTO "_ServerSettings" ("name", "value") VALUES (?, ?) "#
                    + #"ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value""#,
                [.text(name), .text(value)])
        } else {
            try db.execute(#"DELETE FROM "_ServerSettings" WHERE "name" = ?"#, [.text(name)])
        }
    }
}
