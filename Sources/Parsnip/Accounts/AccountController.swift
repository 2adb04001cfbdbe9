import Foundation
import HTTPTypes
import Hummingbird

/// Setting Parsnip up, signing in and signing out.
struct AccountController<Accounts: AccountRepository>: Sendable {
    let accounts: Accounts
    let pages: Pages
    let throttle: SignInThrottle
    let setupGate: SetupGate
    /// Waits before a throttled attempt (tests pass one that only records).
    let pause: @Sendable (Duration) async -> Void

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/setup", .anyone, use: setupForm)
        routes.post("/setup", .anyone, use: setUp)
        routes.get("/sign-in", .anyone, use: signInForm)
        routes.post("/sign-in", .anyone, use: signIn)
        routes.get("/sign-out", .anyone, use: signOutForm)
        routes.post("/sign-out", .anyone, use: signOut)
    }

    // MARK: Set-up

    /// GET /setup — the first owner's form; gone (404) once an owner exists.
    @Sendable func setupForm(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard try await !accounts.ownerExists() else { throw PageError.notFound }
        return renderSetup(username: "", problems: [:], context: context)
    }

    /// POST /setup — creates the owner, signs them in and answers 303 to the home page; 422 with the problems;
    /// 503/507 with the name (and set-up code) as typed when the database could not take it.
    @Sendable func setUp(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard try await !accounts.ownerExists() else { throw PageError.notFound }
        let form = context.form
        let username = AccountRules.cleanUsername(form["username"] ?? "")
        let password = form["password"] ?? ""
        let language = context.language
        var problems: [String: String] = [:]
        if !ThisComputer.isAddress(context.remoteAddress) {
            // Counted before the code is compared, like a password: guesses sent at once count one by one.
            switch try await throttle.begin(address: context.remoteAddress, username: "/setup") {
            case .refused(let until):
                return renderSetup(
                    username: username, problems: ["code": AccountWords.tooManyAttempts(until, in: language)],
                    context: context,
                    status: .tooManyRequests)
            case .allowed(_, let attempt):
                if setupGate.accepts(form["code"] ?? "") {
                    await throttle.succeeded(attempt)
                } else {
                    problems["code"] = language.text("accounts.setup.code.wrong")
                }
            }
        }
        problems["username"] = AccountRules.usernameProblem(username)?.text(in: language)
        problems["password"] = AccountRules.passwordProblem(password)?.text(in: language)
        if problems["password"] == nil {
            problems["passwordAgain"] = AccountRules.repeatProblem(password, repeated: form["passwordAgain"] ?? "")?
                .text(in: language)
        }
        guard problems.isEmpty else { return renderSetup(username: username, problems: problems, context: context) }
        return try await context.saving {
            switch try await accounts.createOwner(username: username, password: password) {
            case .success(let session):
                var response = Flash.redirect(
                    to: "/", message: language.text("accounts.setup.welcome", ["name": session.user.username]))
                response.headers.append(SessionCookie.setting(session.token))
                response.headers.append(CSRFMiddleware.rotatedCookie())
                return response
            case .failure:
                throw PageError.notFound
            }
        } orShowingAgain: { context in
            // The code was accepted, so it goes back with the name; passwords never do.
            renderSetup(username: username, code: form["code"] ?? "", problems: [:], context: context)
        }
    }

    /// The set-up form; `code` is the set-up code as typed, kept only once it was accepted.
    func renderSetup(
        username: String, code: String = "", problems: [String: String], context: ParsnipRequestContext,
        status: HTTPResponse.Status? = nil
    ) -> Response {
        let language = context.language
        let rule = ["rule": AccountRules.passwordRule(in: language)]
        var fields: [AccountField] = []
        if !ThisComputer.isAddress(context.remoteAddress) {
            fields.append(
                AccountField(
                    id: "code", label: language.text("accounts.setup.code.label"),
                    hint: language.text("accounts.setup.code.hint"), value: code, autocomplete: "off",
                    error: problems["code"]))
        }
        fields += [
            AccountField(
                id: "username", label: language.text("accounts.setup.name.label"),
                hint: language.text("accounts.setup.name.hint", counts: ["limit": AccountRules.usernameLimit]),
                value: username, autocomplete: "username", error: problems["username"]),
            AccountField(
                id: "password", label: language.text("accounts.field.password"),
                hint: language.text("accounts.setup.password.hint", rule),
                isPassword: true, autocomplete: "new-password", error: problems["password"]),
            AccountField(
                id: "passwordAgain", label: language.text("accounts.setup.passwordAgain.label"), isPassword: true,
                autocomplete: "new-password", error: problems["passwordAgain"]),
        ]
        let page = SetupPage(
            page: PageChrome(title: language.text("accounts.setup.title"), context: context),
            csrfToken: context.csrfToken,
            form: AccountForm(fields))
        return pages.render(
            page, template: "accounts/setup", status: status ?? (problems.isEmpty ? .ok : .unprocessableContent))
    }

    // MARK: Sign in

    /// GET /sign-in — the form; straight on to `next` for someone already signed in.
    @Sendable func signInForm(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let next = SafeRedirect.safeNext(try FormFields(query: request.uri.query)["next"])
        if context.user != nil { return Response(status: .seeOther, headers: [.location: next]) }
        guard try await accounts.ownerExists() else {
            return Response(status: .seeOther, headers: [.location: "/setup"])
        }
        return renderSignIn(username: "", next: next, problem: nil, context: context)
    }

    /// POST /sign-in — 303 to `next` with the session cookie, 422 when the name and password do not match, 429 when
    /// there were too many failures; 503/507 with the name as typed when the database could not record the session.
    @Sendable func signIn(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let form = context.form
        let username = AccountRules.cleanUsername(form["username"] ?? "")
        let password = form["password"] ?? ""
        let next = SafeRedirect.safeNext(form["next"])
        let carried = CarriedForm.decode(form[CarriedForm.fieldName])
        let language = context.language
        guard !username.isEmpty, !password.isEmpty else {
            return renderSignIn(
                username: username, next: next, problem: language.text("accounts.signIn.missing"),
                carried: carried, context: context)
        }
        let address = context.remoteAddress
        // Counted attempts may be kept in the database: a failure to count shows the form again, as a failed save.
        let counted = LockedValue<SignInThrottle.Attempt?>(nil)
        return try await context.saving {
            // The attempt counts from here, before the (slow) password check, so parallel guesses cannot overtake it.
            let attempt: SignInThrottle.Attempt
            switch try await throttle.begin(address: address, username: username) {
            case .refused(let until):
                return renderSignIn(
                    username: username, next: next, problem: AccountWords.tooManyAttempts(until, in: language),
                    carried: carried,
                    context: context, status: .tooManyRequests)
            case .allowed(let delay, let allowed):
                attempt = allowed
                counted.withLock { $0 = allowed }
                if delay > .zero { await pause(delay) }
            }
            guard let session = try await accounts.signIn(username: username, password: password) else {
                context.logger.notice("A sign-in was refused", metadata: ["address": "\(address ?? "unknown")"])
                return renderSignIn(
                    username: username, next: next, problem: language.text("accounts.signIn.wrong"),
                    carried: carried, context: context)
            }
            await throttle.succeeded(attempt)
            if let carried {
                // Signed in again with a form on its way: a page that sends it on, with the new token.
                let token = CSRFMiddleware.newToken()
                var response = renderResubmit(carried, csrfToken: token, context: context)
                response.headers.append(SessionCookie.setting(session.token))
                response.headers.append(CSRFMiddleware.cookie(token))
                return response
            }
            var response = Response(status: .seeOther, headers: [.location: next])
            response.headers.append(SessionCookie.setting(session.token))
            response.headers.append(CSRFMiddleware.rotatedCookie())
            return response
        } orShowingAgain: { context in
            // The store failed either before the password was checked or after it matched (saving the session):
            // either way this attempt guessed nothing, so it stops counting.
            if let attempt = counted.withLock({ $0 }) { await throttle.withdraw(attempt) }
            return renderSignIn(username: username, next: next, problem: nil, carried: carried, context: context)
        }
    }

    func renderSignIn(
        username: String, next: String, problem: String?, carried: CarriedForm? = nil,
        context: ParsnipRequestContext, status: HTTPResponse.Status = .unprocessableContent
    ) -> Response {
        Self.signInPage(
            pages: pages, username: username, next: next, problem: problem, carried: carried, context: context,
            status: status)
    }

    /// The sign-in page; with `carried`, a form sent after the person's sign-in ended, which it keeps and which
    /// signing in sends on (401 when that is why it is shown).
    static func signInPage(
        pages: Pages, username: String, next: String, problem: String?, carried: CarriedForm? = nil,
        context: ParsnipRequestContext, status: HTTPResponse.Status = .unprocessableContent
    ) -> Response {
        let language = context.language
        let fields = [
            AccountField(
                id: "username", label: language.text("accounts.field.name"), value: username,
                autocomplete: "username"),
            AccountField(
                id: "password", label: language.text("accounts.field.password"), isPassword: true,
                autocomplete: "current-password"),
        ]
        let errors = problem.map { [ErrorLink(fieldId: "username", message: $0)] } ?? []
        var page = SignInPage(
            page: PageChrome(title: language.text("account.signIn"), context: context), csrfToken: context.csrfToken,
            next: next, form: AccountForm(fields, extraErrors: errors))
        if let carried {
            page.carried = carried.encoded
            let photo = ["photo": carried.droppedFile ? "dropped" : "kept"]
            page.notice = language.text("accounts.signIn.carried", photo)
        }
        let shown: HTTPResponse.Status = problem == nil ? (carried == nil ? .ok : .unauthorized) : status
        return pages.render(page, template: "accounts/sign-in", status: shown)
    }

    /// After signing in with a form on its way: a page whose form sends what was typed where it was going (the
    /// script sends it at once; without it, one button).
    func renderResubmit(_ carried: CarriedForm, csrfToken: String, context: ParsnipRequestContext) -> Response {
        var context = context
        context.csrfToken = csrfToken
        let page = ResubmitPage(
            page: PageChrome(title: context.language.text("accounts.resubmit.title"), context: context),
            csrfToken: csrfToken,
            action: carried.action, fields: carried.fields.map { HiddenField(name: $0.name, value: $0.value) },
            droppedFile: carried.droppedFile)
        return pages.render(page, template: "accounts/resubmit")
    }

    // MARK: Sign out

    /// GET /sign-out — a page with one "Sign out" button; the home page for someone not signed in.
    @Sendable func signOutForm(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let user = context.user else { return Response(status: .seeOther, headers: [.location: "/"]) }
        return renderSignOut(user, context: context)
    }

    /// POST /sign-out — ends the session on the server, clears the cookie, 303 to the sign-in page; 503/507 with
    /// the sign-out page again, still signed in, when the database could not end the session.
    @Sendable func signOut(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        // A cookie that signs nobody in has no session to end (see `AccountRepository.user(forSession:)`).
        if let user = context.user,
            let token = CookieHeader.value(named: SessionCookie.name, in: request.headers).flatMap(
                SessionCookie.validToken)
        {
            return try await context.saving {
                try await accounts.signOut(token: token)
                return signedOut(context)
            } orShowingAgain: { context in
                renderSignOut(user, context: context)
            }
        }
        return signedOut(context)
    }

    /// The page with one "Sign out" button, naming who is signed in.
    func renderSignOut(_ user: SignedInUser, context: ParsnipRequestContext) -> Response {
        let language = context.language
        let page = SignOutPage(
            page: PageChrome(title: language.text("account.signOut"), context: context), csrfToken: context.csrfToken,
            lead: MessageAround(
                Words("accounts.signOut.lead"), around: "name", value: user.username, in: language))
        return pages.render(page, template: "accounts/sign-out")
    }

    /// 303 away from the signed-out session, clearing its cookie.
    func signedOut(_ context: ParsnipRequestContext) -> Response {
        var response = Flash.redirect(
            to: context.signInRequired ? "/sign-in" : "/", message: context.language.text("accounts.signOut.done"))
        response.headers.append(SessionCookie.clearing)
        response.headers.append(CSRFMiddleware.rotatedCookie())
        return response
    }
}
