extension ParseWriter {
    /// Parse's sign-up: creates a `_User` whose username no other user has (ignoring case) and keeps only the
    /// password's hash, in the internal `_hashed_password` column.
    ///
    /// ```swift
    /// let ana = try writer.createUser(username: "Ana", hashedPassword: Bcrypt.hash(password))
    /// ```
    /// - Parameters:
    ///   - username: the name to sign in with.
    ///   - hashedPassword: the password's hash (never the password itself).
    ///   - values: other fields of the new user.
    /// - Returns: the stored user (without the hash).
    /// - Throws: `ParseError` 202 when the username is taken, and the errors of `create(_:_:)`.
    @discardableResult
    public func createUser(username: String, hashedPassword: String, _ values: [String: ParseValue] = [:]) throws
        -> ParseObject
    {
        if try reader.user(named: username) != nil { throw ParseError.usernameTaken }
        var fields = values
        fields["username"] = .string(username)
        let user = try create(UserPasswordColumn.className, fields)
        // Parse Server's unique index; the case-insensitive check above runs before every insert.
        try db.execute("CREATE UNIQUE INDEX IF NOT EXISTS \"_User_unique_username\" ON \"_User\" (\"username\")")
        try setHashedPassword(hashedPassword, forUser: user.objectId)
        return user
    }

    /// Replaces a `_User`'s password hash and moves its `updatedAt`, as a Parse password change does.
    ///
    /// ```swift
    /// try writer.setHashedPassword(Bcrypt.hash(newPassword), forUser: userId)
    /// ```
    /// - Parameters:
    ///   - hash: the new password's hash.
    ///   - objectId: the `_User`'s objectId.
    /// - Throws: `ParseError` 101 when there is no such user.
    public func setHashedPassword(_ hash: String, forUser objectId: String) throws {
        guard try context.schemas.entry(UserPasswordColumn.className, in: db) != nil else {
            throw ParseError.objectNotFound
        }
        if try !UserPasswordColumn.exists(in: db) {
            try db.execute("ALTER TABLE \"_User\" ADD COLUMN \"_hashed_password\" TEXT")
        }
        try db.execute(
            "UPDATE \"_User\" SET \"_hashed_password\" = ?, \"updatedAt\" = ? WHERE \"objectId\" = ?",
            [.text(hash), .date(context.timestamp()), .text(objectId)], cached: true)
        guard db.changes > 0 else { throw ParseError.objectNotFound }
    }
}
