import GRDB

extension ParseWriter {
    /// Makes sure `className` has the fields `fields` (with these types) and an index on them in this order, for a
    /// query that filters by them; a class or field that does not exist yet is created, as a first write would.
    /// ```swift
    /// try writer.ensureIndex("_History", on: [("recordKey", .string)])
    /// ```
    /// - Parameters:
    ///   - className: the class.
    ///   - fields: field name and type, in index order; none may be a Relation.
    /// - Throws: `ParseError` 103 (class name), 105 (field name), 111 when a field exists with another type.
    public func ensureIndex(_ className: String, on fields: [(String, ParseFieldType)]) throws {
        try NameRules.validateClassName(className)
        let existing = try context.schemas.entry(className, in: db)
        var missing: [(String, ParseFieldType)] = []
        for (name, type) in fields {
            // objectId, createdAt and updatedAt are columns of every class already.
            if NameRules.builtinColumns.contains(name) { continue }
            try NameRules.validateWritableField(name)
            if case .relation = type { throw ParseError(.incorrectType, "A Relation field cannot be indexed") }
            if let known = existing?.schema.fields[name] {
                guard known == type else {
                    throw ParseError(
                        .incorrectType,
                        "schema mismatch for \(className).\(name); expected \(known.displayName) but got "
                            + type.displayName)
                }
            } else {
                missing.append((name, type))
            }
        }
        if existing == nil || !missing.isEmpty {
            try context.schemas.apply(className: className, existing: existing, newFields: missing, in: db)
        }
        let columns = fields.map { quoteIdentifier($0.0) }.joined(separator: ", ")
        let index = quoteIdentifier(className + "_" + fields.map(\.0).joined(separator: "_"))
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(index) ON \(quoteIdentifier(className)) (\(columns))")
    }
}
