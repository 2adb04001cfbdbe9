import ParseStore

/// A rule for one number field of a class: when it is there, it lies in `range` (and is whole when `whole`). The
/// pages' forms say the same before they save; this holds it for every other writer too.
struct NumberRule: Sendable, Hashable {
    /// The stored field: "servings".
    let field: String
    let range: ClosedRange<Double>
    var whole = false
    /// What to say when the value is outside the rule ("The servings must be a whole number from 1 to 1,000").
    let broken: Words

    /// What `object` breaks of `rules`.
    static func breaks(of object: ParseObject, _ rules: [NumberRule]) -> [RuleBreak] {
        rules.compactMap { rule in
            guard let value = object[rule.field], value != .null else { return nil }
            if let number = value.numberValue, rule.range.contains(number), !rule.whole || number.rounded() == number {
                return nil
            }
            return RuleBreak(
                kind: .invalid, record: RecordReference(className: object.className, objectId: object.objectId),
                field: rule.field, message: rule.broken)
        }
    }
}
