import Foundation

/// The `$`-operators of a constraint object and the checks on their operands.
extension WhereClauseParser {
    /// The constraint for one operator of a constraint object, or nil for `$options` (read with `$regex`).
    ///
    /// - Throws: 102 for unknown operators and malformed sub-queries or `$regex`; 107 for list operators whose
    ///   operand is not an array.
    static func constraint(_ op: String, _ operand: ParseValue, in operators: WhereDocument, now: Date) throws
        -> WhereClause.Constraint?
    {
        if let comparison = WhereClause.Comparison(parseOperator: op) {
            return .compare(comparison, try relativeTimeResolved(operand, now: now))
        }
        switch op {
        case "$eq": return .equalTo(operand)
        case "$ne": return .notEqualTo(operand)
        case "$in": return .containedIn(try list(operand, operator: op).flatMap(flattened))
        case "$nin": return .notContainedIn(try list(operand, operator: op).flatMap(flattened))
        case "$exists": return .exists(try truth(operand))
        case "$all": return try all(list(operand, operator: op))
        case "$containedBy":
            guard case .array(let values) = operand else {
                throw ParseError(.invalidJSON, "bad $containedBy: should be an array")
            }
            return .containedBy(values)
        case "$regex": return .matches(try regex(operand, options: operators["$options"]))
        case "$options": return nil
        case "$inQuery", "$notInQuery":
            return .inQuery(try subQuery(operand, operator: op, now: now), negated: op == "$notInQuery")
        case "$select", "$dontSelect":
            return try select(operand, operator: op, now: now)
        default:
            throw ParseError(.invalidQuery, "Unsupported query operator: \(op)")
        }
    }

    /// The elements of a list operand.
    private static func list(_ operand: ParseValue, operator op: String) throws -> [ParseValue] {
        guard case .array(let values) = operand else { throw ParseError(.invalidJSON, "bad \(op) value") }
        return values
    }

    /// `[["a","b"],"c"]` → `["a","b","c"]`: one level only, as Parse Server's `_.flatMap` does.
    private static func flattened(_ value: ParseValue) -> [ParseValue] {
        if case .array(let inner) = value { return inner }
        return [value]
    }

    /// `$exists` takes a boolean (a number counts as its truth value, as in JavaScript).
    private static func truth(_ operand: ParseValue) throws -> Bool {
        switch operand {
        case .boolean(let value): return value
        case .number(let value): return value != 0
        default: throw ParseError(.invalidJSON, "bad $exists value")
        }
    }

    /// `$all` holds plain values, or only `{"$regex": …}` items (every pattern matched by some element).
    private static func all(_ values: [ParseValue]) throws -> WhereClause.Constraint {
        let patterns = values.compactMap { value -> WhereClause.Pattern? in
            guard case .object(let members) = value, let pattern = members["$regex"] else { return nil }
            return try? regex(pattern, options: members["$options"])
        }
        if patterns.isEmpty { return .containsAll(values) }
        guard patterns.count == values.count else {
            throw ParseError(.invalidJSON, "All $all values must be of regex type or none: \(values)")
        }
        return .containsAllMatching(patterns)
    }

    /// A `$regex` operand with its `$options` (already checked against `^[imxs]+$` by `validateShape`).
    private static func regex(_ operand: ParseValue, options: ParseValue?) throws -> WhereClause.Pattern {
        guard case .string(let pattern) = operand else {
            throw ParseError(.invalidQuery, "Bad $regex value for query: it must be a string")
        }
        var letters = ""
        if case .string(let given)? = options {
            guard given.isEmpty || isValidRegexOptions(given) else {
                throw ParseError(.invalidQuery, "Bad $options value for query: \(given)")
            }
            letters = given
        }
        return WhereClause.Pattern(pattern: pattern, options: letters)
    }

    /// `{"className": …, "where": {…}}` of `$inQuery`/`$notInQuery` (and the `query` of `$select`).
    private static func subQuery(_ operand: ParseValue, operator op: String, now: Date) throws
        -> WhereClause.SubQuery
    {
        guard case .object(let members) = operand, case .string(let className)? = members["className"] else {
            throw ParseError(.invalidQuery, "improper usage of \(op)")
        }
        let document: WhereDocument
        switch members["where"] {
        case .object(let given)?: document = given
        case nil where op == "$select" || op == "$dontSelect": document = [:]
        default: throw ParseError(.invalidQuery, "improper usage of \(op)")
        }
        return WhereClause.SubQuery(className: className, clause: try parse(document, now: now))
    }

    /// `{"query": {"className": …, "where": {…}}, "key": "field"}` of `$select`/`$dontSelect`.
    private static func select(_ operand: ParseValue, operator op: String, now: Date) throws
        -> WhereClause.Constraint
    {
        guard case .object(let members) = operand, members.count == 2, let query = members["query"],
            case .string(let key)? = members["key"], isValidWhereKey(key), !key.contains(".")
        else {
            throw ParseError(.invalidQuery, "improper usage of \(op)")
        }
        return .select(try subQuery(query, operator: op, now: now), key: key, negated: op == "$dontSelect")
    }
}
