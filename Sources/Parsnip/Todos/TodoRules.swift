/// What every to-do must obey, whoever writes it: a title of at most 200 characters, a description of at most
/// 5,000 — what the to-do form asks, held for the Parse API, imports, the trash and reverts too.
enum TodoRules {
    static let rules = TextRule.recordRules(
        StoreTodoRepository.className, thing: "to-do",
        [
            TextRule(field: "title", label: "title", required: true, maximum: TodoDraft.titleLimit),
            TextRule(field: "description", label: "description", maximum: TodoDraft.descriptionLimit),
        ])
}
