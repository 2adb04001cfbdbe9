import Foundation

/// What every to-do must obey, whoever writes it: a title of at most 200 characters, a description of at most
/// 5,000, a repeat rule the form could have chosen — what the to-do form asks, held for the Parse API, imports, the
/// trash and reverts too — and a repeating to-do's next one made and taken back (`TodoRepeatKeeping`).
enum TodoRules {
    /// The rules, with the household's days counted in `timeZone`.
    static func rules(timeZone: TimeZone) -> RecordRules {
        var rules = RecordRules(watched: text.watched) { check in
            try text.check(check) + TodoRepeatKeeping.breaks(check)
        }
        rules.consequences = { changes, session in
            try TodoRepeatKeeping.follow(changes, session: session, timeZone: timeZone)
        }
        return rules
    }

    private static let text = TextRule.recordRules(
        StoreTodoRepository.className,
        [
            TextRule(
                field: "title", maximum: TodoDraft.titleLimit, missing: Words("rules.todo.titleMissing"),
                tooLong: Words("rules.todo.titleTooLong")),
            TextRule(
                field: "description", maximum: TodoDraft.descriptionLimit,
                tooLong: Words("rules.todo.descriptionTooLong")),
        ])
}
