extension ParseError.Code {
    /// 202: another `_User` already has this username (compared ignoring case).
    public static let usernameTaken = ParseError.Code(rawValue: 202)
}

extension ParseError {
    /// 202 `Account already exists for this username.`
    public static let usernameTaken = ParseError(.usernameTaken, "Account already exists for this username.")
}

/// The `_User` class's internal password column, which Parse Server keeps beside the fields and never returns.
enum UserPasswordColumn {
    static let className = "_User"
    /// Not a field: absent from `_SCHEMA`, so `fetch`, `find` and `include` never decode it.
    static let name = "_hashed_password"

    /// True when the `_User` table has the column (it is added by the first `setHashedPassword`).
    static func exists(in db: any SQLConnection) throws -> Bool {
        switch db.dialect {
        case .sqlite:
            return try db.integer(
                "SELECT 1 FROM pragma_table_info(?) WHERE name = ?", [.text(className), .text(name)], cached: true)
                != nil
        case .postgres:
            return try db.integer(
                """
                SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() \
                AND table_name = ? AND column_name = ?
                """, [.text(className), .text(name)], cached: true) != nil
        }
    }
}

extension ParseReader {
    /// The stored password hash of a `_User`, for checking a password at sign-in.
    ///
    /// Reads the internal `_hashed_password` column, which no `fetch`, `find` or `include` ever returns.
    /// ```swift
    /// let hash = try reader.hashedPassword(ofUser: userId)
    /// ```
    /// - Parameter objectId: the `_User`'s objectId.
    /// - Returns: the hash, or nil when no password was ever set for that user.
    /// - Throws: `ParseError` 101 when there is no such user.
    public func hashedPassword(ofUser objectId: String) throws -> String? {
        guard try context.schemas.entry(UserPasswordColumn.className, in: db) != nil else {
            throw ParseError.objectNotFound
        }
        guard try UserPasswordColumn.exists(in: db) else {
            _ = try fetch(UserPasswordColumn.className, objectId: objectId)
            return nil
        }
        guard
            let row = try db.row(
                "SELECT \"objectId\", \"_hashed_password\" FROM \"_User\" WHERE \"objectId\" = ?", [.text(objectId)])
        else { throw ParseError.objectNotFound }
        return row["_hashed_password"].text
    }

    /// The `_User` whose `username` equals `username` ignoring case (Unicode-aware), or nil.
    ///
    /// ```swift
    /// let ana = try reader.user(named: "ana")  // finds "Ana"
    /// ```
    /// - Throws: `ParseError` 1 when a stored user does not decode.
    public func user(named username: String) throws -> ParseObject? {
        guard let entry = try context.schemas.entry(UserPasswordColumn.className, in: db),
            entry.schema.fields["username"] == .string
        else { return nil }
        guard
            let row = try db.row(
                "SELECT * FROM \"_User\" WHERE parse_lower(\"username\") = ? ORDER BY \"createdAt\" LIMIT 1",
                [.text(username.lowercased())])
        else { return nil }
        return try ObjectRowDecoder.decode(row: row, schema: entry.schema, keys: nil)
    }
}
