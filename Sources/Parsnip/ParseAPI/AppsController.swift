import Hummingbird

/// The owner's Apps page: what a Parse app needs to use this Parsnip's data (server URL, application id, master key),
/// a new master key, and whether apps may sign people up.
struct AppsController: Sendable {
    let keys: APIKeys
    let pages: Pages

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/apps", .owner, use: index)
        routes.post("/apps/master-key", .owner, use: renewMasterKey)
        routes.post("/apps/sign-up", .owner, use: changeSignUp)
    }

    /// GET /apps — the settings an app needs and the two forms.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        render(request, context: context)
    }

    /// POST /apps/master-key — a new master key; apps with the old one are refused from now on.
    @Sendable func renewMasterKey(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await context.saving {
            try await keys.renewMasterKey()
            return Flash.redirect(to: "/apps", message: context.language.text("apps.masterKey.renewed"))
        } orShowingAgain: { context in
            render(request, context: context)
        }
    }

    /// POST /apps/sign-up — lets apps make accounts (without a role), or stops them.
    @Sendable func changeSignUp(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let allowed = context.form["allowed"] == "yes"
        return try await context.saving {
            try await keys.allowSignUp(allowed)
            return Flash.redirect(
                to: "/apps",
                message: allowed
                    ? context.language.text("apps.signUp.opened") : context.language.text("apps.signUp.closed"))
        } orShowingAgain: { context in
            render(request, context: context, choosingSignUp: allowed)
        }
    }

    private func render(_ request: Request, context: ParsnipRequestContext, choosingSignUp: Bool? = nil) -> Response {
        let host = request.head.authority ?? "localhost"
        let page = AppsPage(
            page: PageChrome(title: context.language.text("account.apps"), context: context),
            csrfToken: context.csrfToken,
            serverURL: "http://\(host)/parse", applicationId: keys.applicationId, masterKey: keys.masterKey,
            signUpAllowed: choosingSignUp ?? keys.signUpAllowed)
        return pages.render(page, template: "apps/index", status: context.storeTrouble?.status ?? .ok)
    }
}

/// What the Apps page shows.
struct AppsPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let serverURL: String
    let applicationId: String
    let masterKey: String
    let signUpAllowed: Bool
}
