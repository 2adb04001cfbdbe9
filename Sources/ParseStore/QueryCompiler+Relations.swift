/// Relation queries (`$relatedTo`, parent-side equality) and sub-queries (`$inQuery`, `$select`).
extension QueryCompiler {
    /// A `SELECT` of one column, to be used as `x IN (sql)`.
    struct SQLSubquery {
        /// The statement text.
        let sql: String
        /// Its arguments.
        let arguments: [SQLValue]
    }

    /// `$relatedTo`: the object is among the children of `parent`'s Relation field `key`.
    ///
    /// `objectId IN (SELECT relatedId FROM "_Join:key:Parent" WHERE owningId = ?)`; false when the parent's class
    /// has no such Relation field.
    func relatedTo(_ parent: ParsePointer, key: String) throws -> SQLCondition {
        guard let parentSchema = try schemas.schema(parent.className, in: db),
            case .relation? = parentSchema.fields[key]
        else { return .false }
        let joinTable = Self.joinTable(field: key, parentClass: parent.className)
        return SQLCondition(
            "\(column("objectId")) IN (SELECT \"relatedId\" FROM \(joinTable) WHERE \"owningId\" = ?)",
            [parent.objectId.sqlValue])
    }

    /// Constraints on a Relation field of the queried class: the parents that contain given children.
    func relationCondition(_ constraint: WhereClause.Constraint, joinTable: String, targetClass: String) throws
        -> SQLCondition
    {
        switch constraint {
        case .equalTo(let value): return owners(of: [value], joinTable: joinTable, targetClass: targetClass)
        case .notEqualTo(let value):
            return owners(of: [value], joinTable: joinTable, targetClass: targetClass).negated
        case .containedIn(let values): return owners(of: values, joinTable: joinTable, targetClass: targetClass)
        case .notContainedIn(let values):
            return owners(of: values, joinTable: joinTable, targetClass: targetClass).negated
        case .containsAll(let values):
            if values.isEmpty { return .false }
            return .and(values.map { owners(of: [$0], joinTable: joinTable, targetClass: targetClass) })
        case .exists(let exists):
            return .constant(exists)
        case .inQuery(let subQuery, let negated):
            guard subQuery.className == targetClass, let ids = try objectIds(of: subQuery) else {
                return .constant(negated)
            }
            let condition = SQLCondition(
                "\(column("objectId")) IN (SELECT \"owningId\" FROM \(joinTable) WHERE \"relatedId\" IN (\(ids.sql)))",
                ids.arguments)
            return negated ? condition.negated : condition
        case .select(_, _, let negated):
            return .constant(negated)
        case .compare, .containsAllMatching, .containedBy, .matches:
            return .false
        }
    }

    /// The parents whose join rows point to one of `values` (Pointers to `targetClass`; others never match).
    private func owners(of values: [ParseValue], joinTable: String, targetClass: String) -> SQLCondition {
        let ids: [SQLValue] = values.compactMap { value in
            switch value {
            case .pointer(let pointer) where pointer.className == targetClass: pointer.objectId.sqlValue
            case .includedObject(let object) where object.className == targetClass: object.objectId.sqlValue
            default: nil
            }
        }
        guard case .sql(let match, let arguments) = Self.membership("\"relatedId\"", ids, dialect: db.dialect) else {
            return .false
        }
        return SQLCondition(
            "\(column("objectId")) IN (SELECT \"owningId\" FROM \(joinTable) WHERE \(match))", arguments)
    }

    /// `$inQuery`/`$notInQuery` on a Pointer column.
    func pointerInQuery(_ subQuery: WhereClause.SubQuery, negated: Bool, column: ColumnReference) throws
        -> SQLCondition
    {
        guard case .pointer(subQuery.className) = column.type, let ids = try objectIds(of: subQuery) else {
            return .constant(negated)
        }
        let condition = SQLCondition("\(column.sql) IN (\(ids.sql))", ids.arguments)
        return negated ? condition.negated : condition
    }

    /// `$select`/`$dontSelect`: the column's value is among the values of `key` in the sub-query's results.
    func selectCondition(_ subQuery: WhereClause.SubQuery, key: String, negated: Bool, column: ColumnReference)
        throws -> SQLCondition
    {
        guard let values = try subquery(subQuery, selecting: key, ofType: column.type) else {
            return .constant(negated)
        }
        let condition = SQLCondition("\(column.sql) IN (\(values.sql))", values.arguments)
        return negated ? condition.negated : condition
    }

    /// The objectIds the sub-query finds, or nil when it can find nothing (unknown class, false condition).
    func objectIds(of subQuery: WhereClause.SubQuery) throws -> SQLSubquery? {
        try subquery(subQuery, selecting: "objectId", ofType: .string)
    }

    /// `SELECT q1."key" FROM "Class" AS q1 WHERE …` with no limit (Parse's sub-queries have none), or nil when
    /// it can find nothing or `key` is not a column holding values of `type`.
    private func subquery(_ subQuery: WhereClause.SubQuery, selecting key: String, ofType type: ParseFieldType)
        throws -> SQLSubquery?
    {
        guard let subEntry = try schemas.entry(subQuery.className, in: db) else { return nil }
        // A sub-query is a find for the caller: its class's permissions hold as for any find.
        try access.check(.find, className: subQuery.className, on: subEntry, schemas: schemas)
        try access.checkSessionQuery(className: subQuery.className)
        let subSchema = subEntry.schema
        let inner = QueryCompiler(schema: subSchema, db: db, schemas: schemas, access: access, depth: depth + 1)
        guard let keyType = inner.columnType(key), keyType == type, type != .array else { return nil }
        let select = "SELECT \(inner.columnValue(key, of: type)) FROM \(inner.table) AS \(inner.alias)"
        // A sub-query finds only what its caller may read, as Parse Server runs it with the caller's auth.
        switch inner.limitedToReadable(try inner.condition(subQuery.clause)) {
        case .constant(false): return nil
        case .constant(true): return SQLSubquery(sql: select, arguments: [])
        case .sql(let text, let arguments): return SQLSubquery(sql: select + " WHERE " + text, arguments: arguments)
        }
    }
}
