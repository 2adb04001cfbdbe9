import GRDB

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
        // An object the access may not read is "not found", as Parse answers.
        guard
            let row = try access.row(
                of: objectId, in: quoteIdentifier(className), permission: "\"_rperm\"", db: db)
        else { throw ParseError.objectNotFound }
        var objects = [try ObjectRowDecoder.decode(row: row, schema: entry.schema, keys: nil)]
        if !include.isEmpty {
            try resolveIncludes(&objects, paths: include, in: db, context: context, access: access)
        }
        return objects[0]
    }
}
