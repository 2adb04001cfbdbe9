import OrderedCollections

extension ParseReader {
    /// The schema of `className` as Parse's `/schemas` endpoint shows it: `className`, `fields` (with `ACL`, never
    /// `_rperm`/`_wperm`) and the class-level permissions in force (the store's default for the class while it has
    /// none of its own).
    ///
    /// - Returns: nil when the class does not exist.
    /// - Throws: `ParseError` 119 unless the reader acts with the master key.
    public func restSchema(_ className: String) throws -> ParseValue? {
        guard access == .master else { throw ParseError(.operationForbidden, "unauthorized: master key is required") }
        guard NameRules.isValidClassName(className), let entry = try context.schemas.entry(className, in: db) else {
            return nil
        }
        var fields: OrderedDictionary<String, ParseValue> = [:]
        for (name, description) in entry.document["fields"]?.objectValue ?? [:]
        where name != "_rperm" && name != "_wperm" {
            fields[name] = description
        }
        fields["ACL"] = ["type": "ACL"]
        var permissions = entry.document["classLevelPermissions"] ?? SchemaDocument.defaultPermissions
        if permissions.isSame(as: SchemaDocument.defaultPermissions),
            let fallback = context.defaultPermissions(of: className)
        {
            permissions = fallback
        }
        return ["className": .string(className), "fields": .object(fields), "classLevelPermissions": permissions]
    }

    /// Every class's `restSchema`, by name.
    public func restSchemas() throws -> [ParseValue] {
        let names = try db.texts(#"SELECT "className" FROM "_SCHEMA" ORDER BY "className""#)
        return try names.compactMap { try restSchema($0) }
    }
}

extension ParseWriter {
    /// Adds fields to `className` (creating the class when it does not exist), as the schema endpoint does.
    ///
    /// - Throws: `ParseError` 119 without the master key; 103 for a bad class name; 105 for a bad field name; 255
    ///   when a field exists already (names ignore case, as SQLite's do); 111 for a second GeoPoint.
    public func addFields(_ className: String, _ fields: [(String, ParseFieldType)]) throws {
        guard access == .master else { throw ParseError(.operationForbidden, "unauthorized: master key is required") }
        try NameRules.validateClassName(className)
        let existing = try context.schemas.entry(className, in: db)
        var taken = (existing?.takenNames ?? ["_rperm", "_wperm"]).union(["objectid", "createdat", "updatedat", "acl"])
        var geoPoint = existing?.geoPointField
        for (name, type) in fields {
            try NameRules.validateWritableField(name)
            guard !taken.contains(name.lowercased()) else {
                throw ParseError(.init(rawValue: 255), "Field \(name) exists, cannot update.")
            }
            if type == .geoPoint {
                if let geoPoint {
                    throw ParseError(
                        .incorrectType,
                        "currently, only one GeoPoint field may exist in an object. Adding \(name) when \(geoPoint) "
                            + "already exists.")
                }
                geoPoint = name
            }
            taken.insert(name.lowercased())
        }
        try context.schemas.apply(className: className, existing: existing, newFields: fields, in: db)
    }

    /// Removes `field` from `className` with its data (its column, or the join table of a Relation), as the schema
    /// endpoint's `{"__op": "Delete"}` does.
    ///
    /// - Throws: `ParseError` 119 without the master key; 103 when the class does not exist; 255 when it has no such
    ///   field; 136 for `objectId`, `createdAt`, `updatedAt` and `ACL`.
    public func deleteField(_ className: String, _ field: String) throws {
        guard access == .master else { throw ParseError(.operationForbidden, "unauthorized: master key is required") }
        guard NameRules.isValidClassName(className), let entry = try context.schemas.entry(className, in: db) else {
            throw ParseError(.invalidClassName, "Class \(className) does not exist.")
        }
        if ["objectId", "createdAt", "updatedAt", "ACL"].contains(field) {
            throw ParseError(.init(rawValue: 136), "field \(field) cannot be changed")
        }
        guard let type = entry.schema.fields[field] else {
            throw ParseError(.init(rawValue: 255), "Field \(field) does not exist, cannot delete.")
        }
        let table = quoteIdentifier(className)
        if case .relation = type {
            try db.execute(
                "DROP TABLE IF EXISTS \(quoteIdentifier(joinTableName(field: field, className: className)))")
        } else {
            // An index on the column (a list's) must go before the column can.
            // (PostgreSQL drops the indexes of a column with it.)
            if db.dialect == .sqlite {
                let indexes = try db.rows(
                    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [.text(className)])
                for index in indexes {
                    if let sql = index["sql"].text, sql.contains(quoteIdentifier(field)), let name = index["name"].text
                    {
                        try db.execute("DROP INDEX \(quoteIdentifier(name))")
                    }
                }
            }
            try db.execute("ALTER TABLE \(table) DROP COLUMN \(quoteIdentifier(field))")
        }
        var document = entry.document
        var fields = document["fields"]?.objectValue ?? [:]
        fields.removeValue(forKey: field)
        document["fields"] = .object(fields)
        try db.execute(
            #"UPDATE "_SCHEMA" SET "schema" = ? WHERE "className" = ?"#,
            [.json(ParseJSON.encode(.object(document))), .text(className)])
        try context.schemas.recordPending(
            try SchemaDocument.entry(className: className, text: ParseJSON.encode(.object(document))), in: db)
    }

    /// Removes the class `className`, which must hold no objects, with its join tables.
    ///
    /// - Throws: `ParseError` 119 without the master key; 103 when there is no such class; 255 when it holds objects.
    public func deleteClass(_ className: String) throws {
        guard access == .master else { throw ParseError(.operationForbidden, "unauthorized: master key is required") }
        guard NameRules.isValidClassName(className), let entry = try context.schemas.entry(className, in: db) else {
            throw ParseError(.invalidClassName, "Class \(className) does not exist.")
        }
        let table = quoteIdentifier(className)
        let count = try db.integer("SELECT count(*) FROM \(table)") ?? 0
        guard count == 0 else {
            throw ParseError(
                .init(rawValue: 255), "Class \(className) is not empty, contains \(count) objects, cannot drop schema.")
        }
        for (field, type) in entry.schema.fields {
            if case .relation = type {
                try db.execute(
                    "DROP TABLE IF EXISTS \(quoteIdentifier(joinTableName(field: field, className: className)))")
            }
        }
        try db.execute("DROP TABLE IF EXISTS \(table)")
        try db.execute(#"DELETE FROM "_SCHEMA" WHERE "className" = ?"#, [.text(className)])
        // A class that is gone has no entry to record: forget every cached schema now, and again however the
        // transaction ends.
        context.schemas.invalidate()
        if db.dialect == .postgres { try PostgresFunctions.schemaChanged(db) }
        db.afterTransaction(
            onCommit: { [schemas = context.schemas] in schemas.invalidate() },
            onRollback: { [schemas = context.schemas] in schemas.invalidate() })
    }
}
