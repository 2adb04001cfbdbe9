/// Constraints on Array fields (element-wise, through `json_each` or `jsonb_array_elements`) and on members of
/// Object fields.
extension QueryCompiler {
    /// The alias of the array's element rows at this compiler's depth.
    var elementAlias: String { "e\(depth)" }

    /// The rows of the array `column`'s elements, as `elementAlias`.
    private func elements(of column: String) -> String {
        switch db.dialect {
        case .sqlite: "json_each(\(column)) AS \(elementAlias)"
        case .postgres: "jsonb_array_elements(\(column)) AS \(elementAlias)(value)"
        }
    }

    /// The slot of the element being looked at, while iterating `column`.
    func element(of column: String) -> JSONSlot {
        .element(document: column, alias: elementAlias, dialect: db.dialect)
    }

    /// `EXISTS (SELECT 1 FROM <elements> WHERE condition)`: some element satisfies `condition`.
    func anyElement(of column: String, _ condition: SQLCondition) -> SQLCondition {
        switch condition {
        case .constant(false): return .false
        case .constant(true):
            return SQLCondition("EXISTS (SELECT 1 FROM \(elements(of: column)))")
        case .sql(let text, let arguments):
            return SQLCondition("EXISTS (SELECT 1 FROM \(elements(of: column)) WHERE \(text))", arguments)
        }
    }

    /// Constraints on an Array column: equality means "contains", `$in` means "shares an element".
    func arrayCondition(_ constraint: WhereClause.Constraint, column: String) throws -> SQLCondition {
        let element = element(of: column)
        switch constraint {
        case .equalTo(.null):
            return SQLCondition("\(column) IS NULL")
        case .equalTo(let value):
            return arrayContains(value, column: column)
        case .notEqualTo(let value):
            return try arrayCondition(.equalTo(value), column: column).negated
        case .compare(let op, .null):
            return op.isInclusive ? SQLCondition("\(column) IS NULL") : .false
        case .compare(let op, let value):
            return anyElement(of: column, jsonComparison(op, value, slot: element))
        case .containedIn(let values):
            let present = values.filter { $0 != .null }
            let matches = anyElement(of: column, .or(present.map { jsonEquality($0, slot: element) }))
            return values.contains(.null) ? .or([matches, SQLCondition("\(column) IS NULL")]) : matches
        case .notContainedIn(let values):
            return try arrayCondition(.containedIn(values), column: column).negated
        case .exists(let exists):
            return SQLCondition(exists ? "\(column) IS NOT NULL" : "\(column) IS NULL")
        case .containsAll(let values):
            return values.isEmpty ? .false : .and(values.map { arrayContains($0, column: column) })
        case .containsAllMatching(let patterns):
            return .and(try patterns.map { try anyElement(of: column, textMatching($0, slot: element)) })
        case .containedBy(let values):
            let outside = SQLCondition.or(values.map { jsonEquality($0, slot: element) }).negated
            return .and([SQLCondition("\(column) IS NOT NULL"), anyElement(of: column, outside).negated])
        case .matches(let pattern):
            return anyElement(of: column, try textMatching(pattern, slot: element))
        case .inQuery(let subQuery, let negated):
            guard let ids = try objectIds(of: subQuery) else { return .constant(negated) }
            let condition = anyElement(of: column, jsonPointer(to: subQuery.className, idIn: ids, slot: element))
            return negated ? condition.negated : condition
        case .select(_, _, let negated):
            return .constant(negated)
        }
    }

    /// The array holds `value` as an element (an array operand also matches the whole array exactly).
    private func arrayContains(_ value: ParseValue, column: String) -> SQLCondition {
        let contains = anyElement(of: column, jsonEquality(value, slot: element(of: column)))
        guard case .array = value else { return contains }
        return .or([SQLCondition("\(column) = \(db.dialect.jsonOperand)", [.json(ParseJSON.encode(value))]), contains])
    }

    /// Constraints on a member inside an Object (or Array) column, addressed by a dotted key.
    func jsonCondition(_ constraint: WhereClause.Constraint, slot: JSONSlot) throws -> SQLCondition {
        switch constraint {
        case .equalTo(let value):
            return jsonEquality(value, slot: slot)
        case .notEqualTo(let value):
            return jsonEquality(value, slot: slot).negated
        case .compare(let op, .null):
            return op.isInclusive ? jsonEquality(.null, slot: slot) : .false
        case .compare(let op, let value):
            return jsonComparison(op, value, slot: slot)
        case .containedIn(let values):
            return .or(values.map { jsonEquality($0, slot: slot) })
        case .notContainedIn(let values):
            return SQLCondition.or(values.map { jsonEquality($0, slot: slot) }).negated
        case .exists(let exists):
            return SQLCondition(exists ? "NOT (\(slot.isNullOrAbsent))" : slot.isNullOrAbsent)
        case .containsAll(let values):
            return values.isEmpty ? .false : .and(values.map { jsonEquality($0, slot: slot) })
        case .containsAllMatching(let patterns):
            return .and(try patterns.map { try textMatching($0, slot: slot) })
        case .containedBy:
            return .false
        case .matches(let pattern):
            return try textMatching(pattern, slot: slot)
        case .inQuery(let subQuery, let negated):
            guard let ids = try objectIds(of: subQuery) else { return .constant(negated) }
            let condition = jsonPointer(to: subQuery.className, idIn: ids, slot: slot)
            return negated ? condition.negated : condition
        case .select(_, _, let negated):
            return .constant(negated)
        }
    }

    /// The JSON value equals `value` (typed values compare by their identifying members).
    func jsonEquality(_ value: ParseValue, slot: JSONSlot) -> SQLCondition {
        switch value {
        case .null:
            return SQLCondition(slot.isNullOrAbsent)
        case .string(let text):
            return SQLCondition("(\(slot.isText) AND \(slot.text) = ?)", [text.sqlValue])
        case .number(let number):
            return SQLCondition("(\(slot.isNumber) AND \(slot.number) = ?)", [number.sqlValue])
        case .boolean(let flag):
            return SQLCondition(slot.isBoolean(flag))
        case .date(let date):
            return jsonDate("=", ParseDateFormat.string(from: date), slot: slot)
        case .pointer(let pointer):
            return jsonPointer(pointer, slot: slot)
        case .includedObject(let object):
            return jsonPointer(object.pointer, slot: slot)
        default:
            return SQLCondition(slot.equalsBoundJSON, [.json(ParseJSON.encode(value))])
        }
    }

    /// The JSON value sorts before/after `value`; false unless both are numbers, strings or dates.
    func jsonComparison(_ op: WhereClause.Comparison, _ value: ParseValue, slot: JSONSlot) -> SQLCondition {
        switch value {
        case .string(let text):
            return SQLCondition("(\(slot.isText) AND \(slot.text) \(op.sql) ?)", [text.sqlValue])
        case .number(let number):
            return SQLCondition("(\(slot.isNumber) AND \(slot.number) \(op.sql) ?)", [number.sqlValue])
        case .date(let date):
            return jsonDate(op.rawValue, ParseDateFormat.string(from: date), slot: slot)
        default:
            return .false
        }
    }

    /// SQL true when the JSON value is an object whose `__type` is `type` (`Date`, `Pointer`).
    private func isTyped(_ type: String, _ slot: JSONSlot) -> String {
        "\(slot.isObject) AND \(slot.member("__type")) = '\(type)'"
    }

    /// A `{"__type":"Date"}` JSON value whose `iso` compares with `iso` by `op` (`=`, `<`…).
    private func jsonDate(_ op: String, _ iso: String, slot: JSONSlot) -> SQLCondition {
        SQLCondition("(\(isTyped("Date", slot)) AND \(slot.member("iso")) \(op) ?)", [iso.sqlValue])
    }

    /// A `{"__type":"Pointer"}` JSON value to `pointer`.
    private func jsonPointer(_ pointer: ParsePointer, slot: JSONSlot) -> SQLCondition {
        let members = "\(slot.member("className")) = ? AND \(slot.member("objectId")) = ?"
        return SQLCondition(
            "(\(isTyped("Pointer", slot)) AND \(members))",
            [pointer.className.sqlValue, pointer.objectId.sqlValue])
    }

    /// A `{"__type":"Pointer"}` JSON value to an object of `className` whose id the sub-query `ids` selects.
    private func jsonPointer(to className: String, idIn ids: SQLSubquery, slot: JSONSlot) -> SQLCondition {
        let members = "\(slot.member("className")) = ? AND \(slot.member("objectId")) IN (\(ids.sql))"
        return SQLCondition("(\(isTyped("Pointer", slot)) AND \(members))", [className.sqlValue] + ids.arguments)
    }

    /// A string JSON value matching the `$regex`.
    private func textMatching(_ pattern: WhereClause.Pattern, slot: JSONSlot) throws -> SQLCondition {
        .and([SQLCondition(slot.isText), try regexCondition(on: slot.text, pattern)])
    }
}
