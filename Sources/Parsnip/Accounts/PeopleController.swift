import Hummingbird

/// The owner's people pages: who has an account, adding someone, their role, a new password, removing them, and the
/// household's language.
///
/// Every route is for a signed-in owner, also on this computer when signing in is otherwise optional.
struct PeopleController<Accounts: AccountRepository>: Sendable {
    let accounts: Accounts
    let pages: Pages
    /// The language Parsnip was started with (`--language`): the household's until the owner saves one.
    var startLanguage = Language.en

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/people", .owner, use: index)
        routes.post("/people", .owner, use: create)
        routes.post("/people/:id/role", .owner, use: changeRole)
        routes.get("/people/:id/password", .owner, use: passwordForm)
        routes.post("/people/:id/password", .owner, use: resetPassword)
        routes.get("/people/:id/remove", .owner, use: confirmRemove)
        routes.post("/people/:id/remove", .owner, use: remove)
        routes.post("/people/language", .owner, use: setHouseholdLanguage)
    }

    /// GET /people — everyone with their role, and the form to add someone.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await renderIndex(username: "", role: .editor, problems: [:], context: context)
    }

    /// POST /people — adds someone and answers 303 to the list, or 422 with the form as typed (503/507 when the
    /// database could not take it).
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let username = AccountRules.cleanUsername(context.form["username"] ?? "")
        let password = context.form["password"] ?? ""
        let role = context.form["role"].flatMap(Role.init(rawValue:))
        let language = context.language
        var problems: [String: String] = [:]
        problems["username"] = AccountRules.usernameProblem(username)?.text(in: language)
        problems["password"] = AccountRules.passwordProblem(password)?.text(in: language)
        if role == nil { problems["role"] = language.text("accounts.people.add.roleMissing") }
        guard problems.isEmpty, let role else {
            return try await renderIndex(username: username, role: role, problems: problems, context: context)
        }
        return try await context.saving {
            switch try await accounts.addPerson(username: username, password: password, role: role) {
            case .success(let person):
                let added = ["name": person.username, "role": person.role.rawValue]
                return Flash.redirect(to: "/people", message: language.text("accounts.people.added", added))
            case .failure:
                return try await renderIndex(
                    username: username, role: role,
                    problems: ["username": language.text("accounts.people.nameTaken")], context: context)
            }
        } orShowingAgain: { context in
            try await renderIndex(username: username, role: role, problems: [:], context: context)
        }
    }

    /// POST /people/:id/role — moves someone to another role at once (503/507 with the people page again, the
    /// chosen role still chosen, when the database could not take it).
    @Sendable func changeRole(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let role = context.form["role"].flatMap(Role.init(rawValue:)) else {
            throw PageError.badRequest("an unknown role")
        }
        let id = try context.routeObjectId()
        return try await context.saving {
            switch try await accounts.changeRole(personId: id, to: role) {
            case .success(let person):
                let changed = ["name": person.username, "role": role.rawValue]
                return Flash.redirect(
                    to: "/people", message: context.language.text("accounts.people.roleChanged", changed))
            case .failure(let refusal):
                return try await Self.refused(refusal, in: context.language)
            }
        } orShowingAgain: { context in
            try await renderIndex(
                username: "", role: .editor, problems: [:], chosenRole: (personId: id, role: role), context: context)
        }
    }

    /// GET /people/:id/password — the form for someone's new password.
    @Sendable func passwordForm(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let person = try await findPerson(context)
        return renderPassword(person, problem: nil, context: context)
    }

    /// POST /people/:id/password — saves the new password and ends that person's other sessions (503/507 with the
    /// form again when the database could not take it).
    @Sendable func resetPassword(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let person = try await findPerson(context)
        let password = context.form["password"] ?? ""
        if let problem = AccountRules.passwordProblem(password) {
            return renderPassword(person, problem: problem.text(in: context.language), context: context)
        }
        let ownSession =
            person.id == context.user?.objectId
            ? CookieHeader.value(named: SessionCookie.name, in: request.headers).map(String.init) : nil
        return try await context.saving {
            switch try await accounts.resetPassword(
                personId: person.id, password: password, keepingSession: ownSession)
            {
            case .success(let person):
                return Flash.redirect(
                    to: "/people",
                    message: context.language.text("accounts.password.saved", ["name": person.username]))
            case .failure(let refusal):
                return try await Self.refused(refusal, in: context.language)
            }
        } orShowingAgain: { context in
            renderPassword(person, problem: nil, context: context)
        }
    }

    /// GET /people/:id/remove — asks first, naming the person.
    @Sendable func confirmRemove(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let (id, username) = try await findPersonOrNewcomer(context)
        if id == context.user?.objectId { return try await Self.refused(.removingYourself, in: context.language) }
        return renderConfirmRemove(id: id, username: username, context: context)
    }

    /// POST /people/:id/remove — removes the account; their sessions end at once (503/507 with the question again
    /// when the database could not take it).
    @Sendable func remove(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let actor = context.user else { throw AccessRefusal.ownersOnly }
        let id = try context.routeObjectId()
        let language = context.language
        return try await context.saving {
            switch try await accounts.removePerson(personId: id, by: actor) {
            case .success(let person):
                return Flash.redirect(
                    to: "/people", message: language.text("accounts.people.removed", ["name": person.username]))
            case .failure(.notFound):
                // Someone who signed up from an app and never had a role.
                guard let newcomer = try await accounts.removeNewcomer(id: id) else {
                    return try await Self.refused(.notFound, in: language)
                }
                return Flash.redirect(
                    to: "/people", message: language.text("accounts.people.removed", ["name": newcomer.username]))
            case .failure(let refusal):
                return try await Self.refused(refusal, in: language)
            }
        } orShowingAgain: { context in
            let (id, username) = try await findPersonOrNewcomer(context)
            return renderConfirmRemove(id: id, username: username, context: context)
        }
    }

    /// POST /people/language — keeps the household's language, which pages speak to a visitor whose browser asks
    /// for none of Parsnip's (503/507 with the people page again, the chosen language still chosen, when the
    /// database could not take it).
    @Sendable func setHouseholdLanguage(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let chosen = context.form["language"].flatMap(Language.init(rawValue:)) else {
            throw PageError.badRequest("an unknown language")
        }
        return try await context.saving {
            try await accounts.keepHouseholdLanguage(chosen)
            return Flash.redirect(
                to: "/people",
                message: context.language.text("accounts.household.saved", ["language": chosen.nativeName]))
        } orShowingAgain: { context in
            try await renderIndex(
                username: "", role: .editor, problems: [:], chosenLanguage: chosen, context: context)
        }
    }

    /// The question "Remove Ana?".
    func renderConfirmRemove(id: String, username: String, context: ParsnipRequestContext) -> Response {
        let language = context.language
        let page = PersonRemovePage(
            page: PageChrome(title: language.text("accounts.remove.title", ["name": username]), context: context),
            csrfToken: context.csrfToken, heading: language.text("accounts.remove.title", ["name": username]),
            lead: MessageAround(Words("accounts.remove.lead"), around: "name", value: username, in: language),
            button: language.text("accounts.remove.button", ["name": username]), action: "/people/\(id)/remove")
        return pages.render(page, template: "accounts/remove")
    }

    // MARK: Helpers

    func renderPassword(_ person: Person, problem: String?, context: ParsnipRequestContext) -> Response {
        let language = context.language
        let field = AccountField(
            id: "password", label: language.text("accounts.field.newPassword"),
            hint: AccountRules.passwordRule(in: language), isPassword: true, autocomplete: "new-password",
            error: problem)
        let heading = language.text("accounts.password.title", ["name": person.username])
        let page = PersonPasswordPage(
            page: PageChrome(title: heading, context: context), csrfToken: context.csrfToken, heading: heading,
            lead: language.text("accounts.password.lead", ["name": person.username]),
            action: "/people/\(person.id)/password", form: AccountForm([field]))
        return pages.render(page, template: "accounts/password", status: problem == nil ? .ok : .unprocessableContent)
    }

    /// The id and name of the person the route names, with or without a role; the 404 page otherwise.
    func findPersonOrNewcomer(_ context: ParsnipRequestContext) async throws -> (id: String, username: String) {
        let id = try context.routeObjectId()
        if let person = try await accounts.person(id: id) { return (person.id, person.username) }
        guard let newcomer = try await accounts.newcomers().first(where: { $0.id == id }) else {
            throw PageError.notFound
        }
        return (newcomer.id, newcomer.username)
    }

    func findPerson(_ context: ParsnipRequestContext) async throws -> Person {
        guard let person = try await accounts.person(id: try context.routeObjectId()) else { throw PageError.notFound }
        return person
    }

    /// A refused change: back to the list with a message saying why in `language`, or the 404 page for someone gone.
    static func refused(_ refusal: AccountRefusal, in language: Language) async throws -> Response {
        switch refusal {
        case .lastOwner:
            return Flash.refusal(to: "/people", message: language.text("accounts.people.lastOwner"))
        case .removingYourself:
            return Flash.refusal(to: "/people", message: language.text("accounts.people.removingYourself"))
        case .notFound:
            throw PageError.notFound
        case .setupDone, .usernameTaken, .wrongPassword:
            throw PageError.conflict
        }
    }
}
