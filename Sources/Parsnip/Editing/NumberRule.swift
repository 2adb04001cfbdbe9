import ParseStore

/// A rule for one number field of a class: when it is there, it lies in `range` (and is whole when `whole`). The
/// pages' forms say the same before they save; this holds it for every other writer too.
struct NumberRule: Sendable, Hashable {
    /// The stored field: "servings".
    let field: String
    /// The field in a sentence: "servings", "price".
    let label: String
    let range: ClosedRange<Double>
    var whole = false

    /// "1", "1,000", "0.5": a bound as the message shows it.
    private static func words(_ number: Double) -> String {
        NumberText.wholeNumber(number).map(NumberText.grouped) ?? String(number)
    }

    /// What `object` breaks of `rules`.
    static func breaks(of object: ParseObject, _ rules: [NumberRule]) -> [RuleBreak] {
        rules.compactMap { rule in
            guard let value = object[rule.field], value != .null else { return nil }
            if let number = value.numberValue, rule.range.contains(number), !rule.whole || number.rounded() == number {
                return nil
            }
            let bounds = "from \(words(rule.range.lowerBound)) to \(words(rule.range.upperBound))"
            return RuleBreak(
                kind: .invalid, record: RecordReference(className: object.className, objectId: object.objectId),
                field: rule.field,
                message: rule.whole
                    ? "The \(rule.label) must be a whole number \(bounds)"
                    : "The \(rule.label) must be a number \(bounds)")
        }
    }
}
