/// One labelled input of an account form, with its hint and, when wrong, its message.
struct AccountField: Sendable {
    let id: String
    let label: String
    let hint: String?
    /// "text" or "password".
    let inputType: String
    /// What was typed; always empty for passwords, which are never sent back to the browser.
    let value: String
    let autocomplete: String
    let error: String?
    /// `aria-describedby`: the hint, and the error when there is one; nil for neither (an empty attribute would
    /// still be written).
    let describedBy: String?

    init(
        id: String, label: String, hint: String? = nil, isPassword: Bool = false, value: String = "",
        autocomplete: String, error: String? = nil
    ) {
        self.id = id
        self.label = label
        self.hint = hint
        self.inputType = isPassword ? "password" : "text"
        self.value = isPassword ? "" : value
        self.autocomplete = autocomplete
        self.error = error
        let described = [hint.map { _ in "\(id)-hint" }, error.map { _ in "\(id)-error" }].compactMap { $0 }
        self.describedBy = described.isEmpty ? nil : described.joined(separator: " ")
    }
}

/// The fields of one account form and its error summary (read by `partials/error-summary`).
struct AccountForm: Sendable {
    let fields: [AccountField]
    let errors: [ErrorLink]
    let hasErrors: Bool

    init(_ fields: [AccountField], extraErrors: [ErrorLink] = []) {
        self.fields = fields
        self.errors =
            extraErrors + fields.compactMap { field in field.error.map { ErrorLink(fieldId: field.id, message: $0) } }
        self.hasErrors = !errors.isEmpty
    }
}

/// /setup: create the owner (and, away from this computer, type the code Parsnip printed).
struct SetupPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let form: AccountForm
}

/// /sign-in: name and password, and where to go next.
struct SignInPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// The local path to open after signing in.
    let next: String
    let form: AccountForm
    /// A form sent after the sign-in ended, as the hidden field's text (`CarriedForm`); nil without one.
    var carried: String? = nil
    /// Why the sign-in page is shown instead of what was asked for; nil when it was asked for.
    var notice: String? = nil
}

/// After signing in with a form on its way: that form again, every field hidden, sent where it was going.
struct ResubmitPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// Where the form was going.
    let action: String
    let fields: [HiddenField]
    /// True when a photo chosen in it was not kept.
    let droppedFile: Bool
}

/// /sign-out: one button, because signing out changes something and so is a POST.
struct SignOutPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// "You are signed in as Ana. …", cut around the name.
    let lead: MessageAround
}

/// /people: everyone, their roles, the form to add someone and the household's language.
struct PeoplePage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// "3 people".
    let countLine: String
    let people: [PersonRow]
    /// People who signed up from an app and wait for a role.
    let newcomers: [NewcomerRow]
    let hasNewcomers: Bool
    let form: AccountForm
    let roleOptions: [RoleOption]
    /// The six languages, each named in itself, the household's chosen.
    let householdLanguages: [LanguageChoice]
}

/// One person on the people page, with the controls the owner may use on them.
struct PersonRow: Sendable {
    let username: String
    /// True for the owner reading the page: their row says "you" and has no remove link.
    let isYou: Bool
    /// The id of this row's role select, "role-<objectId>".
    let roleFieldId: String
    let roleAction: String
    let roleOptions: [RoleOption]
    /// "Role of Ana": "Role" shown, the rest for screen readers.
    let roleLabel: MessageAround
    /// "Change role of Ana".
    let changeRoleButton: MessageAround
    let passwordURL: String
    /// "New password for Ana".
    let passwordLink: MessageAround
    /// Nil on the reader's own row.
    let removeURL: String?
    /// "Remove Ana".
    let removeLink: MessageAround
}

/// Someone waiting for a role on the people page, with the form that gives one.
struct NewcomerRow: Sendable {
    let username: String
    let roleFieldId: String
    let roleAction: String
    let roleOptions: [RoleOption]
    /// "Role for Ana".
    let roleLabel: MessageAround
    /// "Give role to Ana".
    let giveRoleButton: MessageAround
    let removeURL: String
    /// "Remove Ana".
    let removeLink: MessageAround
}

/// One choice of the role select.
struct RoleOption: Sendable {
    let value: String
    let label: String
    let selected: Bool

    /// The three roles, named in `language`, `selected` chosen.
    static func all(selected: Role?, in language: Language) -> [RoleOption] {
        Role.allCases.map { role in
            RoleOption(
                value: role.rawValue, label: AccountWords.roleName(role, in: language), selected: role == selected)
        }
    }
}

/// /people/:id/password: a new password for one person.
struct PersonPasswordPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// "New password for Ana".
    let heading: String
    /// "Ana will be signed out everywhere else …".
    let lead: String
    let action: String
    let form: AccountForm
}

/// /people/:id/remove: asks first, naming the person.
struct PersonRemovePage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// "Remove Ana?"
    let heading: String
    /// "You are about to remove Ana. …", cut around the name.
    let lead: MessageAround
    /// "Remove Ana".
    let button: String
    let action: String
}

/// /account/password: the signed-in person's current password, then the new one twice.
struct OwnPasswordPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// "Signed in as Ana. …".
    let lead: String
    let form: AccountForm
}
