import HTTPTypes
import Hummingbird

/// Finds who is asking from the `parsnip_session` cookie and keeps everyone where their role allows.
///
/// When signing in is required, a visitor who has not signed in is sent to `/sign-in?next=<path>` (GET) or refused
/// (POST), and until an owner exists every page leads to `/setup`. A viewer's POSTs are refused, and only owners
/// reach `/people`. `/sign-in`, `/setup` and `/sign-out` are always open.
struct SignInMiddleware<Accounts: AccountRepository>: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    let accounts: Accounts
    /// Renders refusals with the header of the person refused.
    let errorPages: ErrorPageMiddleware<ParsnipRequestContext>
    /// True when nobody may use Parsnip without signing in (shared on the network, or `--require-sign-in`).
    let signInRequired: Bool

    /// Paths open to everyone, signed in or not.
    static var openPaths: Set<String> { ["/sign-in", "/setup", "/sign-out"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        context.signInRequired = signInRequired
        let token = CookieHeader.value(named: SessionCookie.name, in: request.headers).flatMap(SessionCookie.validToken)
        if let token { context.user = try await accounts.user(forSession: token) }
        let path = request.uri.path
        if Self.openPaths.contains(path) { return try await next(request, context) }
        let isReading = request.method == .get || request.method == .head

        if signInRequired, try await !accounts.ownerExists() {
            guard isReading else { return refuse(.signInFirst, request, context) }
            return Response(status: .seeOther, headers: [.location: "/setup"])
        }
        guard let user = context.user else {
            if !signInRequired && !Self.isPeoplePath(path) { return try await next(request, context) }
            guard isReading else { return refuse(.signInFirst, request, context) }
            var response = Response(
                status: .seeOther, headers: [.location: Self.signInLocation(path: path, query: request.uri.query)])
            // A cookie that no longer signs anyone in is dropped, so the browser stops sending it.
            if token != nil { response.headers.append(SessionCookie.clearing) }
            return response
        }
        if Self.isPeoplePath(path), !user.role.canManagePeople { return refuse(.ownersOnly, request, context) }
        if !isReading, !user.role.canEdit {
            let owner = try await accounts.people().first { $0.role == .owner }
            return refuse(.viewerCannotChange(ownerName: owner?.username), request, context)
        }
        return try await next(request, context)
    }

    private func refuse(_ refusal: AccessRefusal, _ request: Request, _ context: Context) -> Response {
        errorPages.response(for: refusal, request: request, context: context)
    }

    static func isPeoplePath(_ path: String) -> Bool {
        path == "/people" || path.hasPrefix("/people/")
    }

    /// `/sign-in?next=<the page asked for>`, the page percent-encoded.
    static func signInLocation(path: String, query: String?) -> String {
        var target = path
        if let query, !query.isEmpty { target += "?" + query }
        guard target != "/" else { return "/sign-in" }
        return "/sign-in?next=" + PercentEncoding.encode(target)
    }

    /// `next` when it is a path on this site ("/todos?q=milk"), else "/": never another site, never "//host".
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
            !next.contains(where: { $0.isNewline || $0 == "\\" }), next.count <= 2_000
        else { return "/" }
        return next
    }
}
