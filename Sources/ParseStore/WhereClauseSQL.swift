/// A boolean SQL condition with its bound arguments, folded to a constant when the answer needs no query.
///
/// SQL's NULL is treated as false throughout: `AND` and `OR` already agree with that, and negation is written
/// `(c) IS NOT TRUE` so that `$ne`, `$nin` and `$nor` match rows whose field is missing.
enum SQLCondition: Sendable {
    /// Known without running anything: a wrong-typed operand, an unknown field, `$in: []`…
    case constant(Bool)
    /// SQL text with `?` placeholders and their values, in order.
    case sql(String, [SQLValue])

    /// Always true.
    static let `true` = SQLCondition.constant(true)
    /// Always false.
    static let `false` = SQLCondition.constant(false)

    /// The condition as SQL text and its arguments (`TRUE` / `FALSE` for the constants, which both dialects read).
    var sqlAndArguments: (String, [SQLValue]) {
        switch self {
        case .constant(let value): (value ? "TRUE" : "FALSE", [])
        case .sql(let text, let arguments): (text, arguments)
        }
    }

    /// A condition without arguments.
    init(_ sql: String) { self = .sql(sql, []) }

    /// A condition with arguments.
    init(_ sql: String, _ arguments: [SQLValue]) { self = .sql(sql, arguments) }

    /// True when every part holds; constant parts fold away.
    static func and(_ parts: [SQLCondition]) -> SQLCondition {
        combine(parts, joiner: " AND ", identity: true)
    }

    /// True when some part holds; constant parts fold away.
    static func or(_ parts: [SQLCondition]) -> SQLCondition {
        combine(parts, joiner: " OR ", identity: false)
    }

    private static func combine(_ parts: [SQLCondition], joiner: String, identity: Bool) -> SQLCondition {
        var texts: [String] = []
        var arguments: [SQLValue] = []
        for part in parts {
            switch part {
            case .constant(let value) where value == identity: continue
            case .constant: return .constant(!identity)
            case .sql(let text, let values):
                texts.append(text)
                arguments += values
            }
        }
        if texts.isEmpty { return .constant(identity) }
        if texts.count == 1 { return .sql(texts[0], arguments) }
        return .sql("(" + texts.joined(separator: joiner) + ")", arguments)
    }

    /// The negation, true where this condition is false or NULL.
    var negated: SQLCondition {
        switch self {
        case .constant(let value): .constant(!value)
        case .sql(let text, let arguments): .sql("(\(text)) IS NOT TRUE", arguments)
        }
    }
}
