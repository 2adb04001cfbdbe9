import Hummingbird

/// The People page itself: everyone with the controls the owner may use on them, those waiting for a role, the form
/// to add someone and the household's language, in the reader's language.
extension PeopleController {
    /// The people page with the add form as typed; `chosenRole` selects a role in one person's row (a change not
    /// saved yet) instead of the role they have, `chosenLanguage` a household language not saved yet.
    func renderIndex(
        username: String, role: Role?, problems: [String: String],
        chosenRole: (personId: String, role: Role)? = nil, chosenLanguage: Language? = nil,
        context: ParsnipRequestContext
    ) async throws -> Response {
        let language = context.language
        let people = try await accounts.people()
        let rows = people.map { person in
            let isYou = person.id == context.user?.objectId
            let shown = chosenRole.flatMap { $0.personId == person.id ? $0.role : nil } ?? person.role
            return PersonRow(
                username: person.username, isYou: isYou, roleFieldId: "role-\(person.id)",
                roleAction: "/people/\(person.id)/role", roleOptions: RoleOption.all(selected: shown, in: language),
                roleLabel: Self.around(
                    Words("accounts.people.roleOf", ["name": person.username]),
                    visible: language.text("accounts.people.role"), in: language),
                changeRoleButton: Self.around(
                    Words("accounts.people.changeRoleOf", ["name": person.username]),
                    visible: language.text("accounts.people.changeRole"), in: language),
                passwordURL: "/people/\(person.id)/password",
                passwordLink: Self.around(
                    Words("accounts.people.newPasswordFor", ["name": person.username]),
                    visible: language.text("accounts.people.newPassword"), in: language),
                removeURL: isYou ? nil : "/people/\(person.id)/remove",
                removeLink: Self.removeLink(person.username, in: language))
        }
        let rule = ["rule": AccountRules.passwordRule(in: language)]
        let fields = [
            AccountField(
                id: "username", label: language.text("accounts.field.name"),
                hint: language.text("accounts.people.add.nameHint"), value: username, autocomplete: "off",
                error: problems["username"]),
            AccountField(
                id: "password", label: language.text("accounts.field.password"),
                hint: language.text("accounts.people.add.passwordHint", rule),
                isPassword: true, autocomplete: "new-password", error: problems["password"]),
        ]
        let roleError = problems["role"].map { [ErrorLink(fieldId: "role", message: $0)] } ?? []
        let newcomers = try await accounts.newcomers().map { newcomer in
            let shown = chosenRole.flatMap { $0.personId == newcomer.id ? $0.role : nil } ?? .viewer
            return NewcomerRow(
                username: newcomer.username, roleFieldId: "role-\(newcomer.id)",
                roleAction: "/people/\(newcomer.id)/role", roleOptions: RoleOption.all(selected: shown, in: language),
                roleLabel: Self.around(
                    Words("accounts.people.roleFor", ["name": newcomer.username]),
                    visible: language.text("accounts.people.role"), in: language),
                giveRoleButton: Self.around(
                    Words("accounts.people.giveRoleTo", ["name": newcomer.username]),
                    visible: language.text("accounts.people.giveRole"), in: language),
                removeURL: "/people/\(newcomer.id)/remove", removeLink: Self.removeLink(newcomer.username, in: language)
            )
        }
        var householdLanguage = startLanguage
        if let chosenLanguage {
            householdLanguage = chosenLanguage
        } else if let stored = try await accounts.householdLanguage() {
            householdLanguage = stored
        }
        let page = PeoplePage(
            page: PageChrome(title: language.text("account.people"), context: context), csrfToken: context.csrfToken,
            countLine: language.text("accounts.people.count", counts: ["count": people.count]), people: rows,
            newcomers: newcomers, hasNewcomers: !newcomers.isEmpty,
            form: AccountForm(fields, extraErrors: roleError),
            roleOptions: RoleOption.all(selected: role, in: language),
            householdLanguages: LanguageChoice.all(current: householdLanguage))
        return pages.render(page, template: "accounts/people", status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    /// `words` cut around its `{label}`: `visible` shown, the rest (the person's name) for screen readers only.
    static func around(_ words: Words, visible: String, in language: Language) -> MessageAround {
        MessageAround(words, around: "label", value: visible, in: language)
    }

    /// "Remove Ana": "Remove" shown, the name for screen readers only.
    static func removeLink(_ username: String, in language: Language) -> MessageAround {
        around(
            Words("accounts.people.removeName", ["name": username]), visible: language.text("accounts.people.remove"),
            in: language)
    }
}
