/// What every to-do must obey, whoever writes it: a title of at most 200 characters, a description of at most
/// 5,000 — what the to-do form asks, held for the Parse API, imports, the trash and reverts too.
enum TodoRules {
    static let rules = TextRule.recordRules(
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
