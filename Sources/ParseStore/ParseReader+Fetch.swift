extension ParseReader {
    /// Fetches one object by id, optionally expanding Pointer fields.
    ///
    /// ```swift
    /// let book = try reader.fetch("Book", objectId: id, include: ["author"])
    /// ```
    /// - Parameters:
    ///   - className: the object's class.
    ///   - objectId: the object's id.
    ///   - include: dotted paths of Pointer fields to replace with the full objects.
    /// - Returns: the object with every set field; Relation fields as `.relation` stubs; the ACL when it has one.
    /// - Throws: `ParseError` 101 "Object not found." when there is no such object or class.
    public func fetch(_ className: String, objectId: String, include: [String] = []) throws -> ParseObject {
        guard NameRules.isValidClassName(className), let entry = try context.schemas.entry(className, in: db) else {
            throw ParseError.objectNotFound
        }
        try access.check(.get, on: entry, context: context)
        try access.checkSessionQuery(className: className)
        // An object the access may not read is "not found", as Parse answers.
        guard
            let row = try access.row(of: objectId, in: className, permission: .read, db: db)
        else { throw ParseError.objectNotFound }
        var objects = [try ObjectRowDecoder.decode(row: row, schema: entry.schema, keys: nil)]
        if !include.isEmpty {
            try resolveIncludes(&objects, paths: include, in: db, context: context, access: access)
        }
        return objects[0]
    }

    /// The reader's own `_User` object: a person may always read their own account, whatever `_User`'s class-level
    /// permissions say (someone who signed up from an app has no household role yet); its ACL still decides, and
    /// every include is resolved for the reader's access, as any other read.
    ///
    /// - Throws: `ParseError` 101 when the reader acts for no user or the account's ACL hides it from them.
    public func fetchOwnUser(include: [String] = []) throws -> ParseObject {
        guard let userId = access.userId, let entry = try context.schemas.entry("_User", in: db),
            let row = try access.row(of: userId, in: "_User", permission: .read, db: db)
        else { throw ParseError.objectNotFound }
        var objects = [try ObjectRowDecoder.decode(row: row, schema: entry.schema, keys: nil)]
        if !include.isEmpty {
            try resolveIncludes(&objects, paths: include, in: db, context: context, access: access)
        }
        return objects[0]
    }
}
