import Hummingbird

/// The owner's people pages: who has an account, adding someone, their role, a new password, removing them.
///
/// Every route is for a signed-in owner, also on this computer when signing in is otherwise optional.
struct PeopleController<Accounts: AccountRepository>: Sendable {
    let accounts: Accounts
    let pages: Pages

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/people", .owner, use: index)
        routes.post("/people", .owner, use: create)
        routes.post("/people/:id/role", .owner, use: changeRole)
        routes.get("/people/:id/password", .owner, use: passwordForm)
        routes.post("/people/:id/password", .owner, use: resetPassword)
        routes.get("/people/:id/remove", .owner, use: confirmRemove)
        routes.post("/people/:id/remove", .owner, use: remove)
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
        var problems: [String: String] = [:]
        problems["username"] = AccountRules.usernameProblem(username)
        problems["password"] = AccountRules.passwordProblem(password)
        if role == nil { problems["role"] = "Choose what they may do" }
        guard problems.isEmpty, let role else {
            return try await renderIndex(username: username, role: role, problems: problems, context: context)
        }
        return try await context.saving {
            switch try await accounts.addPerson(username: username, password: password, role: role) {
            case .success(let person):
                return Flash.redirect(
                    to: "/people",
                    message: "Added \(person.username) as \(Self.article(person.role)) \(person.role.rawValue)")
            case .failure:
                return try await renderIndex(
                    username: username, role: role,
                    problems: ["username": "Someone already uses this name. Choose another"],
                    context: context)
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
                return Flash.redirect(
                    to: "/people", message: "\(person.username) is now \(Self.article(role)) \(role.rawValue)")
            case .failure(let refusal):
                return try await Self.refused(refusal)
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
            return renderPassword(person, problem: problem, context: context)
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
                    to: "/people", message: "Saved a new password for \(person.username). Tell them in person")
            case .failure(let refusal):
                return try await Self.refused(refusal)
            }
        } orShowingAgain: { context in
            renderPassword(person, problem: nil, context: context)
        }
    }

    /// GET /people/:id/remove — asks first, naming the person.
    @Sendable func confirmRemove(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let (id, username) = try await findPersonOrNewcomer(context)
        if id == context.user?.objectId { return try await Self.refused(.removingYourself) }
        return renderConfirmRemove(id: id, username: username, context: context)
    }

    /// POST /people/:id/remove — removes the account; their sessions end at once (503/507 with the question again
    /// when the database could not take it).
    @Sendable func remove(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let actor = context.user else { throw AccessRefusal.ownersOnly }
        let id = try context.routeObjectId()
        return try await context.saving {
            switch try await accounts.removePerson(personId: id, by: actor) {
            case .success(let person):
                return Flash.redirect(to: "/people", message: "Removed \(person.username)")
            case .failure(.notFound):
                // Someone who signed up from an app and never had a role.
                guard let newcomer = try await accounts.removeNewcomer(id: id) else {
                    return try await Self.refused(.notFound)
                }
                return Flash.redirect(to: "/people", message: "Removed \(newcomer.username)")
            case .failure(let refusal):
                return try await Self.refused(refusal)
            }
        } orShowingAgain: { context in
            let (id, username) = try await findPersonOrNewcomer(context)
            return renderConfirmRemove(id: id, username: username, context: context)
        }
    }

    /// The question "Remove Ana?".
    func renderConfirmRemove(id: String, username: String, context: ParsnipRequestContext) -> Response {
        let page = PersonRemovePage(
            page: PageChrome(title: "Remove \(username)?", context: context), csrfToken: context.csrfToken,
            username: username, action: "/people/\(id)/remove")
        return pages.render(page, template: "accounts/remove")
    }

    // MARK: Helpers

    /// The people page with the add form as typed; `chosenRole` selects a role in one person's row (a change not
    /// saved yet) instead of the role they have.
    func renderIndex(
        username: String, role: Role?, problems: [String: String],
        chosenRole: (personId: String, role: Role)? = nil, context: ParsnipRequestContext
    ) async throws -> Response {
        let people = try await accounts.people()
        let rows = people.map { person in
            let isYou = person.id == context.user?.objectId
            let shown = chosenRole.flatMap { $0.personId == person.id ? $0.role : nil } ?? person.role
            return PersonRow(
                username: person.username, roleName: person.role.displayName, isYou: isYou,
                roleFieldId: "role-\(person.id)", roleAction: "/people/\(person.id)/role",
                roleOptions: RoleOption.all(selected: shown),
                passwordURL: "/people/\(person.id)/password", removeURL: isYou ? nil : "/people/\(person.id)/remove")
        }
        let fields = [
            AccountField(
                id: "username", label: "Name", hint: "The name they will sign in with.", value: username,
                autocomplete: "off", error: problems["username"]),
            AccountField(
                id: "password", label: "Password",
                hint: "\(AccountRules.passwordMinimum) to \(AccountRules.passwordLimit) characters. Tell it to them "
                    + "in person.",
                isPassword: true, autocomplete: "new-password", error: problems["password"]),
        ]
        let roleError = problems["role"].map { [ErrorLink(fieldId: "role", message: $0)] } ?? []
        let newcomers = try await accounts.newcomers().map { newcomer in
            let shown = chosenRole.flatMap { $0.personId == newcomer.id ? $0.role : nil } ?? .viewer
            return NewcomerRow(
                username: newcomer.username, roleFieldId: "role-\(newcomer.id)",
                roleAction: "/people/\(newcomer.id)/role", roleOptions: RoleOption.all(selected: shown),
                removeURL: "/people/\(newcomer.id)/remove")
        }
        let page = PeoplePage(
            page: PageChrome(title: "People", context: context), csrfToken: context.csrfToken,
            countLine: people.count == 1 ? "1 person" : "\(people.count) people", people: rows,
            newcomers: newcomers, hasNewcomers: !newcomers.isEmpty,
            form: AccountForm(fields, extraErrors: roleError), roleOptions: RoleOption.all(selected: role))
        return pages.render(page, template: "accounts/people", status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func renderPassword(_ person: Person, problem: String?, context: ParsnipRequestContext) -> Response {
        let field = AccountField(
            id: "password", label: "New password",
            hint: "\(AccountRules.passwordMinimum) to \(AccountRules.passwordLimit) characters.", isPassword: true,
            autocomplete: "new-password", error: problem)
        let page = PersonPasswordPage(
            page: PageChrome(title: "New password for \(person.username)", context: context),
            csrfToken: context.csrfToken, username: person.username, action: "/people/\(person.id)/password",
            form: AccountForm([field]))
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

    /// A refused change: back to the list with a message saying why, or the 404 page for someone gone.
    static func refused(_ refusal: AccountRefusal) async throws -> Response {
        switch refusal {
        case .lastOwner:
            return Flash.refusal(
                to: "/people", message: "Parsnip needs an owner. Make someone else an owner first, then try again")
        case .removingYourself:
            return Flash.refusal(
                to: "/people", message: "You cannot remove yourself. Another owner can remove your account")
        case .notFound:
            throw PageError.notFound
        case .setupDone, .usernameTaken, .wrongPassword:
            throw PageError.conflict
        }
    }

    static func article(_ role: Role) -> String {
        role == .viewer ? "a" : "an"
    }
}
