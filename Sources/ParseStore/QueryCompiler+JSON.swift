/// Constraints on Array fields (element-wise, through `json_each`) and on members of Object fields.
extension QueryCompiler {
    /// The alias of `json_each` rows at this compiler's depth.
    var elementAlias: String { "e\(depth)" }

    /// `EXISTS (SELECT 1 FROM json_each(column) AS e WHERE condition)`: some element satisfies `condition`.
    func anyElement(of column: String, _ condition: SQLCondition) -> SQLCondition {
        switch condition {
        case .constant(false): return .false
        case .constant(true):
            return SQLCondition("EXISTS (SELECT 1 FROM json_each(\(column)) AS \(elementAlias))")
        case .sql(let text, let arguments):
            return SQLCondition(
                "EXISTS (SELECT 1 FROM json_each(\(column)) AS \(elementAlias) WHERE \(text))", arguments)
        }
    }

    /// Constraints on an Array column: equality means "contains", `$in` means "shares an element".
    func arrayCondition(_ constraint: WhereClause.Constraint, column: String) throws -> SQLCondition {
        let element = JSONSlot.element(document: column, alias: elementAlias)
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
        let element = JSONSlot.element(document: column, alias: elementAlias)
        let contains = anyElement(of: column, jsonEquality(value, slot: element))
        guard case .array = value else { return contains }
        return .or([SQLCondition("\(column) = ?", [ParseJSON.encode(value).sqlValue]), contains])
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
            return SQLCondition("COALESCE(\(slot.typeSQL), 'null') \(exists ? "<>" : "=") 'null'")
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
        let type = slot.typeSQL
        switch value {
        case .null:
            return SQLCondition("COALESCE(\(type), 'null') = 'null'")
        case .string(let text):
            return SQLCondition("(\(type) = 'text' AND \(slot.valueSQL) = ?)", [text.sqlValue])
        case .number(let number):
            return SQLCondition("(\(type) IN ('integer', 'real') AND \(slot.valueSQL) = ?)", [number.sqlValue])
        case .boolean(let flag):
            return SQLCondition("\(type) = '\(flag ? "true" : "false")'")
        case .date(let date):
            return jsonDate("=", ParseDateFormat.string(from: date), slot: slot)
        case .pointer(let pointer):
            return jsonPointer(pointer, slot: slot)
        case .includedObject(let object):
            return jsonPointer(object.pointer, slot: slot)
        default:
            return SQLCondition(
                "(\(type) IN ('object', 'array') AND \(slot.valueSQL) = json(?))",
                [ParseJSON.encode(value).sqlValue])
        }
    }

    /// The JSON value sorts before/after `value`; false unless both are numbers, strings or dates.
    func jsonComparison(_ op: WhereClause.Comparison, _ value: ParseValue, slot: JSONSlot) -> SQLCondition {
        let type = slot.typeSQL
        switch value {
        case .string(let text):
            return SQLCondition("(\(type) = 'text' AND \(slot.valueSQL) \(op.sql) ?)", [text.sqlValue])
        case .number(let number):
            return SQLCondition(
                "(\(type) IN ('integer', 'real') AND \(slot.valueSQL) \(op.sql) ?)", [number.sqlValue])
        case .date(let date):
            return jsonDate(op.rawValue, ParseDateFormat.string(from: date), slot: slot)
        default:
            return .false
        }
    }

    /// SQL true when the JSON value is an object whose `__type` is `type` (`Date`, `Pointer`).
    private func isTyped(_ type: String, _ slot: JSONSlot) -> String {
        "\(slot.typeSQL) = 'object' AND \(slot.memberSQL("__type")) = '\(type)'"
    }

    /// A `{"__type":"Date"}` JSON value whose `iso` compares with `iso` by `op` (`=`, `<`…).
    private func jsonDate(_ op: String, _ iso: String, slot: JSONSlot) -> SQLCondition {
        SQLCondition("(\(isTyped("Date", slot)) AND \(slot.memberSQL("iso")) \(op) ?)", [iso.sqlValue])
    }

    /// A `{"__type":"Pointer"}` JSON value to `pointer`.
    private func jsonPointer(_ pointer: ParsePointer, slot: JSONSlot) -> SQLCondition {
        let members = "\(slot.memberSQL("className")) = ? AND \(slot.memberSQL("objectId")) = ?"
        return SQLCondition(
            "(\(isTyped("Pointer", slot)) AND \(members))",
            [pointer.className.sqlValue, pointer.objectId.sqlValue])
    }

    /// A `{"__type":"Pointer"}` JSON value to an object of `className` whose id the sub-query `ids` selects.
    private func jsonPointer(to className: String, idIn ids: SQLSubquery, slot: JSONSlot) -> SQLCondition {
        let members = "\(slot.memberSQL("className")) = ? AND \(slot.memberSQL("objectId")) IN (\(ids.sql))"
        return SQLCondition("(\(isTyped("Pointer", slot)) AND \(members))", [className.sqlValue] + ids.arguments)
    }

    /// A string JSON value matching the `$regex`.
    private func textMatching(_ pattern: WhereClause.Pattern, slot: JSONSlot) throws -> SQLCondition {
        .and([SQLCondition("\(slot.typeSQL) = 'text'"), try regexCondition(on: slot.valueSQL, pattern)])
    }
}
