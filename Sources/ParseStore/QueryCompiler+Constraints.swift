/// Constraints on plain columns and on fields the schema does not know.
extension QueryCompiler {
    /// The condition for one constraint on wherever its field is stored.
    func condition(_ constraint: WhereClause.Constraint, on target: FieldTarget) throws -> SQLCondition {
        switch target {
        case .missing: return missingCondition(constraint)
        case .relation(let joinTable, let targetClass):
            return try relationCondition(constraint, joinTable: joinTable, targetClass: targetClass)
        case .column(let column) where column.type == .array: return try arrayCondition(constraint, column: column.sql)
        case .column(let column): return try columnCondition(constraint, column: column)
        case .json(let slot): return try jsonCondition(constraint, slot: slot)
        }
    }

    /// A field the schema does not know is missing on every object (Mongo's semantics, as Parse recommends):
    /// equality never matches, `$ne`/`$nin`/`$exists: false` always do.
    func missingCondition(_ constraint: WhereClause.Constraint) -> SQLCondition {
        switch constraint {
        case .equalTo(let value): .constant(value == .null)
        case .notEqualTo(let value): .constant(value != .null)
        case .compare(let op, let value): .constant(value == .null && op.isInclusive)
        case .containedIn(let values): .constant(values.contains(.null))
        case .notContainedIn(let values): .constant(!values.contains(.null))
        case .exists(let exists): .constant(!exists)
        case .containsAll, .containsAllMatching, .containedBy, .matches: .false
        case .inQuery(_, let negated), .select(_, _, let negated): .constant(negated)
        }
    }

    /// Constraints on a scalar column (String, Number, Boolean, Date, Pointer, Object, GeoPoint…).
    func columnCondition(_ constraint: WhereClause.Constraint, column: ColumnReference) throws -> SQLCondition {
        let sql = column.sql
        switch constraint {
        case .equalTo(let value):
            return columnEquality(value, column: column)
        case .notEqualTo(.null):
            return column.isNonNull ? .true : SQLCondition("\(sql) IS NOT NULL")
        case .notEqualTo(let value):
            guard let operand = Self.operand(value, as: column.type) else { return .true }
            return SQLCondition("\(sql) IS DISTINCT FROM \(placeholder(for: operand))", [operand])
        case .compare(let op, .null):
            return op.isInclusive ? columnEquality(.null, column: column) : .false
        case .compare(let op, let value):
            guard column.type.isOrderable, let operand = Self.operand(value, as: column.type) else { return .false }
            return SQLCondition("\(sql) \(op.sql) ?", [operand])
        case .containedIn(let values):
            return columnMembership(values, column: column)
        case .notContainedIn(let values):
            return columnMembership(values, column: column).negated
        case .exists(let exists):
            if column.isNonNull { return .constant(exists) }
            return SQLCondition(exists ? "\(sql) IS NOT NULL" : "\(sql) IS NULL")
        case .containsAll(let values):
            return values.isEmpty ? .false : .and(values.map { columnEquality($0, column: column) })
        case .containsAllMatching(let patterns):
            guard column.type == .string else { return .false }
            return .and(try patterns.map { try regexCondition(on: sql, $0) })
        case .containedBy:
            return .false
        case .matches(let pattern):
            return column.type == .string ? try regexCondition(on: sql, pattern) : .false
        case .inQuery(let subQuery, let negated):
            return try pointerInQuery(subQuery, negated: negated, column: column)
        case .select(let subQuery, let key, let negated):
            return try selectCondition(subQuery, key: key, negated: negated, column: column)
        }
    }

    /// `column = ?`, or `IS NULL` for null; false when the operand cannot be stored in this column.
    func columnEquality(_ value: ParseValue, column: ColumnReference) -> SQLCondition {
        if value == .null { return column.isNonNull ? .false : SQLCondition("\(column.sql) IS NULL") }
        guard let operand = Self.operand(value, as: column.type) else { return .false }
        return SQLCondition("\(column.sql) = \(placeholder(for: operand))", [operand])
    }

    /// `?`, or the dialect's `jsonOperand` for a JSON operand.
    func placeholder(for operand: SQLValue) -> String {
        Self.placeholder(for: operand, dialect: db.dialect)
    }

    /// `?`, or `dialect`'s `jsonOperand` for a JSON operand.
    static func placeholder(for operand: SQLValue, dialect: SQLDialect) -> String {
        if case .json = operand { return dialect.jsonOperand }
        return "?"
    }

    /// `column IN (?, …)`, plus `IS NULL` when the list holds null; operands of the wrong type are dropped.
    func columnMembership(_ values: [ParseValue], column: ColumnReference) -> SQLCondition {
        var operands: [SQLValue] = []
        var parts: [SQLCondition] = []
        for value in values {
            if value == .null {
                if !column.isNonNull { parts.append(SQLCondition("\(column.sql) IS NULL")) }
            } else if let operand = Self.operand(value, as: column.type) {
                operands.append(operand)
            }
        }
        parts.append(Self.membership(column.sql, operands, dialect: db.dialect))
        return .or(parts)
    }

    /// False for no operand, `expression = ?` for one, `IN (?, …)` for a few, and for long lists (PSw's
    /// `fetchAll` sends one id per object) one bound list — `IN (SELECT value FROM json_each(?))` in SQLite,
    /// `= ANY(?::<type>[])` in PostgreSQL — which stays under either's limit on bound parameters.
    static func membership(_ expression: String, _ operands: [SQLValue], dialect: SQLDialect) -> SQLCondition {
        switch operands.count {
        case 0: return .false
        case 1: return SQLCondition("\(expression) = \(placeholder(for: operands[0], dialect: dialect))", operands)
        case ...longListThreshold:
            let list = operands.map { placeholder(for: $0, dialect: dialect) }.joined(separator: ", ")
            return SQLCondition("\(expression) IN (\(list))", operands)
        default:
            if dialect == .postgres { return postgresMembership(expression, operands) }
            let list = ParseValue.array(
                operands.map { operand in
                    switch operand {
                    case .integer(let integer): .number(Double(integer))
                    case .real(let number): .number(number)
                    case .text(let text), .json(let text): .string(text)
                    case .boolean(let flag): .number(flag ? 1 : 0)
                    case .date(let date): .string(ParseDateFormat.string(from: date))
                    case .null, .blob, .textArray: .null
                    }
                })
            return SQLCondition(
                "\(expression) IN (SELECT value FROM json_each(?))", [ParseJSON.encode(list).sqlValue])
        }
    }

    /// `expression = ANY(?::<type>[])`: the operands (all of one column's type) bound as one array of their texts.
    private static func postgresMembership(_ expression: String, _ operands: [SQLValue]) -> SQLCondition {
        var texts: [String] = []
        var type = "text"
        for operand in operands {
            switch operand {
            case .text(let text): texts.append(text)
            case .integer(let integer):
                type = "double precision"
                texts.append(String(integer))
            case .real(let number):
                type = "double precision"
                texts.append(String(number))
            case .boolean(let flag):
                type = "boolean"
                texts.append(String(flag))
            case .date(let date):
                type = "timestamp with time zone"
                texts.append(ParseDateFormat.string(from: date))
            case .json(let json):
                type = "jsonb"
                texts.append(json)
            case .null, .blob, .textArray: continue
            }
        }
        return SQLCondition("\(expression) = ANY(CAST(? AS \(type)[]))", [.textArray(texts)])
    }

    /// Lists longer than this are passed as one list rather than one parameter per item.
    static let longListThreshold = 64

    /// `?, ?, …` for `count` arguments.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

extension WhereClause.Comparison {
    /// True for `$lte`/`$gte`, which a null operand turns into "is null or missing".
    var isInclusive: Bool { self == .lessThanOrEqual || self == .greaterThanOrEqual }
}

extension ParseFieldType {
    /// True for the types `$lt`/`$gt` compare (their column encodings sort like their values).
    var isOrderable: Bool {
        switch self {
        case .string, .number, .boolean, .date, .pointer: true
        default: false
        }
    }
}
