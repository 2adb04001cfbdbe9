import ParseStore

/// A rule for one text field of a class: whether it must be there (not blank) and how long it may be. The pages'
/// forms say the same before they save; this holds it for every other writer too.
struct TextRule: Sendable, Hashable {
    /// The stored field: "title".
    let field: String
    /// The field in a sentence: "title", "name".
    let label: String
    var required = false
    /// The most characters it may have.
    let maximum: Int

    /// What `object` (a `thing`: "to-do", "book") breaks of `rules`.
    static func breaks(of object: ParseObject, thing: String, _ rules: [TextRule]) -> [RuleBreak] {
        rules.compactMap { rule in
            let text = object[rule.field]?.stringValue.map { TextCleaning.clean($0, keepLineBreaks: true) } ?? ""
            let message: String
            if rule.required, text.isEmpty {
                message = "\(article(thing).capitalizedFirst) \(thing) needs \(article(rule.label)) \(rule.label)"
            } else if text.count > rule.maximum {
                message =
                    "\(article(thing).capitalizedFirst) \(thing)’s \(rule.label) must be "
                    + "\(NumberText.grouped(rule.maximum)) characters or fewer"
            } else {
                return nil
            }
            return RuleBreak(
                kind: .invalid, record: RecordReference(className: object.className, objectId: object.objectId),
                field: rule.field, message: message)
        }
    }

    /// The rules of `className` as record rules: every changed object of it is checked.
    static func recordRules(_ className: String, thing: String, _ rules: [TextRule], numbers: [NumberRule] = [])
        -> RecordRules
    {
        RecordRules(watched: [className]) { check in
            try check.changed(className).flatMap { id -> [RuleBreak] in
                guard let object = try check.object(className, id) else { return [] }
                return breaks(of: object, thing: thing, rules) + NumberRule.breaks(of: object, numbers)
            }
        }
    }

    private static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}

extension String {
    /// The string with its first letter upper-cased: "a" → "A".
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
