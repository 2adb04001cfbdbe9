import Hummingbird

/// Everyone's own password: reached from their name in the header, the current password first, then the new one
/// twice. Wrong current passwords count as sign-in attempts, so the page cannot be used to guess.
struct OwnPasswordController<Accounts: AccountRepository>: Sendable {
    let accounts: Accounts
    let pages: Pages
    let throttle: SignInThrottle
    /// Waits out a throttled attempt's delay (tests make it instant).
    let pause: @Sendable (Duration) async -> Void

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/account/password", .signedIn, use: form)
        routes.post("/account/password", .signedIn, use: change)
    }

    /// GET /account/password — the form; someone using Parsnip here without signing in has no password to change,
    /// and the page says so.
    @Sendable func form(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let user = context.user else { return noPassword(context) }
        return render(user, problems: [:], context: context)
    }

    /// POST /account/password — checks the current password (throttled like signing in) and the new one, saves
    /// it and ends the person's other sessions; this one stays signed in.
    @Sendable func change(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let user = context.user else { return noPassword(context) }
        let current = context.form["current"] ?? ""
        let new = context.form["password"] ?? ""
        let again = context.form["passwordAgain"] ?? ""
        let language = context.language
        var problems: [String: String] = [:]
        if current.isEmpty { problems["current"] = language.text("accounts.ownPassword.current.missing") }
        if let problem = AccountRules.passwordProblem(new) {
            problems["password"] = problem.text(in: language)
        } else if new != again {
            problems["passwordAgain"] = language.text("accounts.ownPassword.again.differs")
        }
        guard problems.isEmpty else { return render(user, problems: problems, context: context) }
        let session = CookieHeader.value(named: SessionCookie.name, in: request.headers).map(String.init)
        // Counted attempts may be kept in the database: a failure to count shows the form again, as a failed save.
        let counted = LockedValue<SignInThrottle.Attempt?>(nil)
        return try await context.saving {
            let attempt: SignInThrottle.Attempt
            switch try await throttle.begin(address: context.remoteAddress, username: user.username) {
            case .refused(let until):
                return render(
                    user, problems: ["current": AccountWords.tooManyAttempts(until, in: language)], context: context,
                    status: .tooManyRequests)
            case .allowed(let delay, let allowed):
                attempt = allowed
                counted.withLock { $0 = allowed }
                if delay > .zero { await pause(delay) }
            }
            switch try await accounts.changeOwnPassword(
                personId: user.objectId, current: current, new: new, keepingSession: session)
            {
            case .success:
                await throttle.succeeded(attempt)
                return Flash.redirect(to: "/", message: language.text("accounts.ownPassword.changed"))
            case .failure(.wrongPassword):
                return render(
                    user, problems: ["current": language.text("accounts.ownPassword.current.wrong")], context: context)
            case .failure(let refusal):
                return try await PeopleController<Accounts>.refused(refusal, in: language)
            }
        } orShowingAgain: { context in
            if let attempt = counted.withLock({ $0 }) { await throttle.withdraw(attempt) }
            return render(user, problems: [:], context: context)
        }
    }

    private func render(
        _ user: SignedInUser, problems: [String: String], context: ParsnipRequestContext,
        status: HTTPResponse.Status = .unprocessableContent
    ) -> Response {
        let language = context.language
        let fields = [
            AccountField(
                id: "current", label: language.text("accounts.ownPassword.current.label"), isPassword: true,
                autocomplete: "current-password", error: problems["current"]),
            AccountField(
                id: "password", label: language.text("accounts.field.newPassword"),
                hint: AccountRules.passwordRule(in: language), isPassword: true, autocomplete: "new-password",
                error: problems["password"]),
            AccountField(
                id: "passwordAgain", label: language.text("accounts.ownPassword.again.label"), isPassword: true,
                autocomplete: "new-password", error: problems["passwordAgain"]),
        ]
        let page = OwnPasswordPage(
            page: PageChrome(title: language.text("accounts.ownPassword.title"), context: context),
            csrfToken: context.csrfToken,
            lead: language.text("accounts.ownPassword.lead", ["name": user.username]), form: AccountForm(fields))
        return pages.render(page, template: "accounts/own-password", status: problems.isEmpty ? .ok : status)
    }

    /// "You are not signed in": on this computer, with signing in optional, there is no password of yours here.
    private func noPassword(_ context: ParsnipRequestContext) -> Response {
        let language = context.language
        let title = language.text("accounts.ownPassword.notSignedIn.title")
        let page = ErrorPage(
            page: PageChrome(title: title, context: context), heading: title,
            message: language.text("accounts.ownPassword.notSignedIn.message"),
            linkText: language.text("account.signIn"), linkURL: "/sign-in?next=%2Faccount%2Fpassword")
        return pages.render(page, template: "errors/error")
    }
}
