import Foundation

extension ParseWriter {
    /// Sets these field values on an existing object (other fields are kept; `null` unsets a field) and returns
    /// the object as stored.
    ///
    /// ```swift
    /// try writer.update("Book", objectId: id, ["title": "Dune Messiah", "subtitle": nil])
    /// ```
    /// - Parameters:
    ///   - className: the object's class.
    ///   - objectId: the object's id.
    ///   - values: field name → new value.
    /// - Returns: the stored object, with a new updatedAt.
    /// - Throws: `ParseError` 101 "Object not found." when there is no such object (or class), plus the errors
    ///   of `create(_:_:)`.
    @discardableResult
    public func update(_ className: String, objectId: String, _ values: [String: ParseValue]) throws -> ParseObject {
        try update(className, objectId: objectId, operations: values.mapValues(ParseUpdate.set))
    }

    /// Applies field operations to an existing object: `Increment` is one atomic SQL update, array operators
    /// read and rewrite the array inside this transaction, relation operators add or remove join rows.
    ///
    /// ```swift
    /// try writer.update("Post", objectId: id, operations: ["likes": .increment(1), "tags": .addUnique(["swift"])])
    /// ```
    /// - Parameters:
    ///   - className: the object's class.
    ///   - objectId: the object's id.
    ///   - operations: field name → operation.
    /// - Returns: the stored object.
    /// - Throws: `ParseError` 101 when there is no such object or the writer's access may not write it (nothing is
    ///   changed, not even the schema), plus the errors of `create(_:_:)`.
    @discardableResult
    public func update(
        _ className: String, objectId: String, operations: [String: ParseUpdate]
    ) throws -> ParseObject {
        try update(className, objectId: objectId, operations: operations, ownAccount: false)
    }

    /// Applies field operations to the writer's own `_User` object: a person may change their own account whatever
    /// `_User`'s class-level `update` permission says, as in Parse; its ACL and the class's `addField` permission
    /// still hold.
    ///
    /// - Throws: `ParseError` 101 when the writer acts for no user or its user's ACL does not let it write, plus the
    ///   errors of `update(_:objectId:operations:)`.
    @discardableResult
    public func updateOwnUser(operations: [String: ParseUpdate]) throws -> ParseObject {
        guard let userId = access.userId else { throw ParseError.objectNotFound }
        return try update("_User", objectId: userId, operations: operations, ownAccount: true)
    }

    private func update(
        _ className: String, objectId: String, operations: [String: ParseUpdate], ownAccount: Bool
    ) throws -> ParseObject {
        guard NameRules.isValidClassName(className), let existing = try context.schemas.entry(className, in: db)
        else { throw ParseError.objectNotFound }
        var plan = try WritePlan(className: className, operations: operations)
        let newFields = try plan.resolveNewFields(against: existing)
        if !ownAccount { try access.check(.update, on: existing, context: context) }
        if !newFields.isEmpty { try access.check(.addField, on: existing, context: context) }
        let table = quoteIdentifier(className)

        // Read the object first when its values are needed, or before changing the schema, so that a missing
        // object fails before any DDL runs.
        // An object the access may not write is "not found" too (its ACL's write list).
        let (writable, writableArguments) = access.allows(.write, className: className, dialect: db.dialect)
            .sqlAndArguments
        var current: SQLRow?
        if plan.needsCurrentValues || !newFields.isEmpty {
            guard let row = try access.row(of: objectId, in: className, permission: .write, db: db) else {
                throw ParseError.objectNotFound
            }
            current = row
        }
        let entry =
            newFields.isEmpty
            ? existing
            : try context.schemas.apply(className: className, existing: existing, newFields: newFields, in: db)

        var assignments = ["\"updatedAt\" = ?"]
        var values: [SQLValue] = [.date(context.timestamp())]
        switch plan.acl {
        case .set(let readers, let writers)?:
            assignments.append("\"_rperm\" = ?, \"_wperm\" = ?")
            values += [.textArray(readers), .textArray(writers)]
        case .clear?:
            assignments.append("\"_rperm\" = NULL, \"_wperm\" = NULL")
        case nil:
            break
        }
        for field in plan.fields {
            let column = quoteIdentifier(field.name)
            let type = entry.schema.fields[field.name]!
            switch field.edit {
            case .set(let value):
                let stored = try entry.schema.stored(value, in: field.name)
                assignments.append("\(column) = \(stored.placeholder)")
                values.append(stored.value)
                if case .file(let name, _) = value { try markFileInUse(name) }
            case .unset:
                assignments.append("\(column) = NULL")
            case .increment(let amount):
                assignments.append("\(column) = COALESCE(\(column), 0) + ?")
                values.append(amount.sqlValue)
            case .add, .addUnique, .remove:
                let stored = try current.flatMap { row in
                    try type.parseValue(from: row[field.name], field: field.name, schema: entry.schema)
                }
                let edited = try entry.schema.stored(
                    .array(Self.edited(stored?.arrayValue ?? [], field.edit)), in: field.name)
                assignments.append("\(column) = \(edited.placeholder)")
                values.append(edited.value)
            case .declareRelation, .relation:
                continue
            }
        }
        values.append(objectId.sqlValue)
        values += writableArguments
        let sql =
            "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \"objectId\" = ? AND \(writable) "
            + "RETURNING *"
        guard let row = try db.row(sql, values) else {
            throw ParseError.objectNotFound
        }
        try applyRelationEdits(plan, className: className, objectId: objectId)
        changeLog.record(className, objectId, fields: Set(operations.keys))
        return try ObjectRowDecoder.decode(row: row, schema: entry.schema, keys: nil)
    }

    /// The array after an `Add`, `AddUnique` or `Remove` edit.
    static func edited(_ array: [ParseValue], _ edit: FieldEdit) -> [ParseValue] {
        switch edit {
        case .add(let items):
            return array + items
        case .addUnique(let items):
            var result = array
            for item in items where !result.contains(where: { $0.deepEquals(item) }) { result.append(item) }
            return result
        case .remove(let items):
            return array.filter { element in !items.contains { $0.deepEquals(element) } }
        default:
            return array
        }
    }
}
