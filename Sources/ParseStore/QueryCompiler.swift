/// Compiles a `WhereClause` into one SQL condition on one class table, using the class's schema.
///
/// Columns are qualified with the table alias (`q0."title"`) so that sub-queries and `json_each` never
/// capture them. Operands are always bound parameters; identifiers come from the schema and are quoted.
struct QueryCompiler {
    /// The class being queried.
    let schema: ParseClassSchema
    /// The alias of the class table in the statement (`q0`, and `q1`… in sub-queries).
    let alias: String
    /// How deeply nested this compiler's statement is (0 for the outer query).
    let depth: Int
    /// The connection, for the schemas of related and sub-queried classes.
    let db: any SQLConnection
    /// The store's schema cache.
    let schemas: SchemaCache
    /// Whom the statement reads for: every class it reads (sub-queries too) shows only the rows this may read.
    let access: ParseAccess

    init(schema: ParseClassSchema, db: any SQLConnection, schemas: SchemaCache, access: ParseAccess, depth: Int = 0) {
        self.schema = schema
        self.depth = depth
        self.alias = "q\(depth)"
        self.db = db
        self.schemas = schemas
        self.access = access
        self.restrictsRows =
            access != .master
            && (schema.className == ParseAccess.sessionClass
                || (try? RestrictedRows.exist(in: schema.className, db: db)) ?? true)
    }

    /// True when the class may hold rows the access may not read: never for the master key, nor while no row of the
    /// class has an ACL that leaves anyone out (`RestrictedRows`); `_Session`'s rows always belong to one person.
    let restrictsRows: Bool

    /// The rows of this class the access may read (the ACL's read list); always true when nothing is hidden.
    var readable: SQLCondition {
        restrictsRows ? access.allows(.read, className: schema.className, qualifier: alias, dialect: db.dialect) : .true
    }

    /// `condition` limited to the rows the access may read: gated for a request's own conditions (they never run on
    /// a row it may not read), a plain `AND` for the pages' (which keeps indexes usable).
    func limitedToReadable(_ condition: SQLCondition) -> SQLCondition {
        access.gatesConditions ? .gated(condition, by: readable) : .and([condition, readable])
    }

    /// The quoted table of the class being queried.
    var table: String { quoteIdentifier(schema.className) }

    /// The condition selecting exactly the rows `clause` matches.
    ///
    /// - Throws: 102 for a `$regex` that does not compile; errors of the schema cache.
    func condition(_ clause: WhereClause) throws -> SQLCondition {
        switch clause {
        case .all(let children): return .and(try children.map(condition))
        case .any(let children): return .or(try children.map(condition))
        case .none(let children): return SQLCondition.or(try children.map(condition)).negated
        case .field(let path, let constraint): return try condition(constraint, on: target(of: path))
        case .relatedTo(let parent, let key): return try relatedTo(parent, key: key)
        case .rowValue(let fields, let op, let values): return rowValue(fields, op, values)
        }
    }

    /// The qualified SQL for a column of the class table.
    func column(_ name: String) -> String { alias + "." + quoteIdentifier(name) }

    /// The SQL of field `name`'s column as the JSON, text or number the queries compare: Parse Server's own column
    /// forms read as the JSON Parsnip's column would hold (`ParseServerColumn`).
    func columnValue(_ name: String, of type: ParseFieldType) -> String {
        if let form = schema.parseServerColumns[name] { return form.jsonExpression(column(name)) }
        return db.dialect.jsonValue(column(name), of: type)
    }

    /// The storage type of a class column, including the built-in ones; nil when there is no such column.
    func columnType(_ name: String) -> ParseFieldType? {
        switch name {
        case "objectId": return .string
        case "createdAt", "updatedAt": return .date
        case "_rperm", "_wperm": return .array
        case "ACL": return nil
        default:
            guard let type = schema.fields[name] else { return nil }
            switch type {
            case .relation, .acl: return nil
            default: return type
            }
        }
    }

    /// Where a where key's value lives.
    func target(of path: WhereClause.FieldPath) -> FieldTarget {
        if path.members.isEmpty {
            if case .relation(let targetClass)? = schema.fields[path.root] {
                return .relation(
                    joinTable: Self.joinTable(field: path.root, parentClass: schema.className), targetClass: targetClass
                )
            }
            guard let type = columnType(path.root) else { return .missing }
            return .column(
                ColumnReference(
                    sql: columnValue(path.root, of: type), type: type,
                    isNonNull: WhereClause.nonNullColumns.contains(path.root)))
        }
        guard let type = columnType(path.root), type == .object || type == .array else { return .missing }
        // Only an Array's first member may be a position (`list.0`); an Object's member named "0" stays a name.
        return .json(
            .member(
                document: columnValue(path.root, of: type), path: path.members,
                startsAtPosition: type == .array,
                dialect: db.dialect))
    }

    /// `(a, b) < (?, ?)` on never-NULL columns (the keyset rewrite); false when a value has the wrong type.
    private func rowValue(_ fields: [String], _ op: WhereClause.Comparison, _ values: [ParseValue]) -> SQLCondition {
        var arguments: [SQLValue] = []
        for (field, value) in zip(fields, values) {
            guard let type = columnType(field), let encoded = Self.operand(value, as: type) else {
                return .false
            }
            arguments.append(encoded)
        }
        let columns = fields.map(column).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: fields.count).joined(separator: ", ")
        return SQLCondition("(\(columns)) \(op.sql) (\(placeholders))", arguments)
    }
}
