import ParseStore

/// A rule for one text field of a class: whether it must be there (not blank) and how long it may be. The pages'
/// forms say the same before they save; this holds it for every other writer too.
struct TextRule: Sendable, Hashable {
    /// The stored field: "title".
    let field: String
    /// The most characters it may have.
    let maximum: Int
    /// What to say when it is blank ("A to-do needs a title"); nil when it may be blank.
    var missing: Words?
    /// What to say when it is longer than `maximum`; the message's `max` count is filled in.
    let tooLong: Words

    init(field: String, maximum: Int, missing: Words? = nil, tooLong: Words) {
        self.field = field
        self.maximum = maximum
        self.missing = missing
        var tooLong = tooLong
        tooLong.counts["max"] = maximum
        self.tooLong = tooLong
    }

    /// What `object` breaks of `rules`.
    static func breaks(of object: ParseObject, _ rules: [TextRule]) -> [RuleBreak] {
        rules.compactMap { rule in
            let text = object[rule.field]?.stringValue.map { TextCleaning.clean($0, keepLineBreaks: true) } ?? ""
            let message: Words
            if let missing = rule.missing, text.isEmpty {
                message = missing
            } else if text.utf8.count > rule.maximum, text.count > rule.maximum {  // never more characters than bytes
                message = rule.tooLong
            } else {
                return nil
            }
            return RuleBreak(
                kind: .invalid, record: RecordReference(className: object.className, objectId: object.objectId),
                field: rule.field, message: message)
        }
    }

    /// The rules of `className` as record rules: every changed object of it is checked.
    static func recordRules(_ className: String, _ rules: [TextRule], numbers: [NumberRule] = []) -> RecordRules {
        RecordRules(watched: [className]) { check in
            try check.changed(className).flatMap { id -> [RuleBreak] in
                guard let object = try check.object(className, id) else { return [] }
                return breaks(of: object, rules) + NumberRule.breaks(of: object, numbers)
            }
        }
    }
}
