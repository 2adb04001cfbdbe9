import Foundation

extension ParseWriter {
    /// Creates an object with these field values and returns it as stored.
    ///
    /// The class and any new fields are created on first write; `ACL` is accepted as a key; `null` values are
    /// skipped.
    /// ```swift
    /// let book = try writer.create("Book", ["title": "Dune", "pages": 412])
    /// ```
    /// - Parameters:
    ///   - className: the class, `^[A-Za-z][A-Za-z0-9_]*$` (at most 63 bytes) or a system class such as `_User`.
    ///   - values: field name → value.
    /// - Returns: the stored object with its new objectId, createdAt == updatedAt, and every field.
    /// - Throws: `ParseError` 103 (class name), 105 (field name), 111 (type mismatch or malformed value),
    ///   121 (nested key), 123 (ACL), 106/107 (malformed Pointer/Polygon).
    @discardableResult
    public func create(_ className: String, _ values: [String: ParseValue]) throws -> ParseObject {
        try create(className, operations: values.mapValues(ParseUpdate.set))
    }

    /// Creates an object from field operations applied to an empty object (Parse §4.3): `Increment` stores the
    /// amount, `Add`/`AddUnique` the items, `Remove` an empty array, `Delete` nothing; relation operations add
    /// join rows after the insert.
    ///
    /// - Parameters:
    ///   - className: the class to create the object in.
    ///   - operations: field name → operation.
    /// - Returns: the stored object.
    /// - Throws: the same `ParseError`s as `create(_:_:)`.
    @discardableResult
    public func create(_ className: String, operations: [String: ParseUpdate]) throws -> ParseObject {
        try insert(className, operations: operations, identity: nil)
    }

    /// Puts back an object that was deleted, under its old objectId and createdAt, with `values` as its fields;
    /// updatedAt is now. Used to restore from a trash: the object is the same object again, not a copy.
    /// ```swift
    /// try writer.restore(deleted.className, objectId: deleted.objectId, createdAt: deleted.createdAt,
    ///                    values: deleted.fields)
    /// ```
    /// - Parameters:
    ///   - className: the class to put it back in.
    ///   - objectId: its old objectId.
    ///   - createdAt: its old createdAt.
    ///   - values: field name → value, as `create(_:_:)` takes them (included objects are stored as Pointers).
    /// - Returns: the stored object.
    /// - Throws: `ParseError` 137 when another object holds that objectId now, and the errors of `create(_:_:)`.
    @discardableResult
    public func restore(_ className: String, objectId: String, createdAt: Date, values: [String: ParseValue])
        throws -> ParseObject
    {
        let operations = values.mapValues { value -> ParseUpdate in
            if case .includedObject(let object) = value { return .set(.pointer(object.pointer)) }
            return .set(value)
        }
        return try insert(className, operations: operations, identity: (objectId, createdAt))
    }

    /// Inserts a new object, or an old one under `identity` (objectId and createdAt), updated at `updatedAt`
    /// (default: now).
    func insert(
        _ className: String, operations: [String: ParseUpdate], identity: (objectId: String, createdAt: Date)?,
        updatedAt: Date? = nil
    ) throws -> ParseObject {
        try NameRules.validateClassName(className)
        var plan = try WritePlan(className: className, operations: operations)
        let existing = try context.schemas.entry(className, in: db)
        let newFields = try plan.resolveNewFields(against: existing)
        try access.check(.create, className: className, on: existing, context: context)
        if !newFields.isEmpty { try access.check(.addField, className: className, on: existing, context: context) }
        let entry =
            if let existing, newFields.isEmpty {
                existing
            } else {
                try context.schemas.apply(className: className, existing: existing, newFields: newFields, in: db)
            }

        let now = context.timestamp()
        let created = identity.map { ParseDateFormat.truncated($0.createdAt) } ?? now
        let updated = updatedAt.map { ParseDateFormat.truncated($0) } ?? now
        var columns = ["\"objectId\"", "\"createdAt\"", "\"updatedAt\""]
        var values: [SQLValue] = [.null, .date(created), .date(updated)]
        var placeholders = ["?", "?", "?"]
        if case .set(let readers, let writers) = plan.acl {
            columns += ["\"_rperm\"", "\"_wperm\""]
            values += [.textArray(readers), .textArray(writers)]
            placeholders += ["?", "?"]
        }
        for field in plan.fields {
            let value: ParseValue
            switch field.edit {
            case .set(let item): value = item
            case .increment(let amount): value = .number(amount)
            case .add(let items), .addUnique(let items): value = .array(items)
            case .remove: value = .array([])
            case .unset, .declareRelation, .relation: continue
            }
            let stored = try entry.schema.stored(value, in: field.name)
            columns.append(quoteIdentifier(field.name))
            values.append(stored.value)
            placeholders.append(stored.placeholder)
            if case .file(let name, _) = value { try markFileInUse(name) }
        }
        // A taken objectId inserts nothing and returns no row, in SQLite and PostgreSQL alike.
        let sql =
            "INSERT INTO \(quoteIdentifier(className)) (\(columns.joined(separator: ", "))) "
            + "VALUES (\(placeholders.joined(separator: ", "))) ON CONFLICT (\"objectId\") DO NOTHING RETURNING *"
        let row: SQLRow
        if let identity {
            values[0] = identity.objectId.sqlValue
            guard let inserted = try db.row(sql, values) else {
                throw ParseError(.duplicateValue, "Another object has the objectId \(identity.objectId) now")
            }
            row = inserted
        } else {
            row = try insert(sql, values: &values)
        }
        let object = try ObjectRowDecoder.decode(row: row, schema: entry.schema, keys: nil)
        try applyRelationEdits(plan, className: className, objectId: object.objectId)
        // After the Relation rows, whose statements would forget it.
        db.snapshotMemo?.writtenRow = (className, object.objectId, row)
        changeLog.record(className, object.objectId)
        return object
    }

    /// Runs the INSERT with a fresh objectId, drawing another on the (astronomically rare) collision.
    private func insert(_ sql: String, values: inout [SQLValue]) throws -> SQLRow {
        for _ in 0..<3 {
            values[0] = ObjectIdGenerator.make().sqlValue
            if let row = try db.row(sql, values) { return row }
        }
        throw ParseError(.duplicateValue, "A duplicate value for a field with unique values was provided")
    }
}
