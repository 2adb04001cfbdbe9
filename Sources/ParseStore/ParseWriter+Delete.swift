extension ParseWriter {
    /// Deletes an object.
    ///
    /// Like Parse, this does not cascade: join rows of Relations the object owns or belongs to are kept, and
    /// Pointers to it dangle (they drop out of `include` results).
    /// ```swift
    /// try writer.delete("Book", objectId: id)
    /// ```
    /// - Parameters:
    ///   - className: the object's class.
    ///   - objectId: the object's id.
    /// - Throws: `ParseError` 101 "Object not found." when there is no such object or class, or the writer's access
    ///   may not write it.
    public func delete(_ className: String, objectId: String) throws {
        guard NameRules.isValidClassName(className), let entry = try context.schemas.entry(className, in: db) else {
            throw ParseError.objectNotFound
        }
        try access.check(.delete, on: entry, context: context)
        // An object the access may not write is "not found", as Parse answers.
        let (writable, writableArguments) = access.allows(.write, className: className, dialect: db.dialect)
            .sqlAndArguments
        try db.execute(
            "DELETE FROM \(quoteIdentifier(className)) WHERE \"objectId\" = ? AND \(writable)",
            [objectId.sqlValue] + writableArguments, cached: true)
        guard db.changes > 0 else { throw ParseError.objectNotFound }
        changeLog.record(className, objectId, deleted: true)
    }
}
