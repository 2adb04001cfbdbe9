extension ParseWriter {
    /// Makes sure `className` has the fields `fields` (with these types) and an index on them in this order, for a
    /// query that filters by them; a class or field that does not exist yet is created, as a first write would. A class
    /// already named like the index (`<Class>_<field>…`) leaves the index out rather than failing.
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
        try SchemaCache.createIndex(
            className, on: fields.map(\.0), types: Dictionary(fields, uniquingKeysWith: { first, _ in first }), in: db)
    }
}

extension ParseWriter {
    /// Keeps an index that walks `className`'s String field `field` in the order of
    /// `ParseQuery.TextOrder.ignoringCaseAndAccents` (ties by objectId), so a list sorted that way reads only the
    /// page it shows instead of folding and sorting every row on every request. The index is made now when the field
    /// exists as a String, and otherwise as soon as any writer makes it; nothing is created here, so a fresh
    /// database has no class before its first object. A field of another type gets no index.
    ///
    /// SQLite keeps the index through every connection the store opens (each has `parse_sortkey`); a program
    /// without that function that writes the class is refused by SQLite rather than leaving the index wrong.
    public func ensureFoldedOrderIndex(_ className: String, field: String) throws {
        try NameRules.validateClassName(className)
        try NameRules.validateWritableField(field)
        context.schemas.foldedOrderFields.withLock { _ = $0.insert([className, field]) }
        guard try context.schemas.entry(className, in: db)?.schema.fields[field] == .string else { return }
        try SchemaCache.createFoldedOrderIndex(className, field: field, in: db)
    }
}

extension ParseWriter {
    /// Keeps an index on `fields` of `className` (in this order) from the moment all of them exist: now, when they do,
    /// or else in the write that makes the last of them — whoever makes it. Unlike `ensureIndex` nothing is created
    /// here, so a fresh database has no class before its first object; a Relation field is never indexed.
    public func ensureIndexWhenFieldsExist(_ className: String, on fields: [String]) throws {
        try NameRules.validateClassName(className)
        for field in fields where !NameRules.builtinColumns.contains(field) {
            try NameRules.validateWritableField(field)
        }
        context.schemas.laterIndexes.withLock { _ = $0.insert([className] + fields) }
        guard let schema = try context.schemas.entry(className, in: db)?.schema,
            SchemaCache.canIndex(fields, in: schema)
        else { return }
        try SchemaCache.createIndex(className, on: fields, types: schema.fields, in: db)
    }
}
