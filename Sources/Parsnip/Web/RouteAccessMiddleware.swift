import HTTPTypes
import Hummingbird

/// Enforces the access each route declared (`AccessRoutes`) on the route the router matched.
///
/// The router has already chosen the handler when this runs, so however the path was spelled (`//people`,
/// `/people/`, `/people;x`), the rule checked is the rule of the handler about to run. A matched route without a
/// declaration is refused.
struct RouteAccessMiddleware<Directory: AccessDirectory>: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    let accounts: Directory
    /// The header that makes the browser forget a session cookie that no longer signs anyone in.
    let clearingSessionCookie: HTTPField
    let table: RouteAccessTable
    /// Renders refusals with the header of the person refused.
    let errorPages: ErrorPageMiddleware<ParsnipRequestContext>
    /// The sign-in page carrying a form sent after its person's sign-in ended (`CarriedForm`), so what they typed
    /// is sent on once they sign in again; nil refuses such a form instead.
    var signInCarrying: (@Sendable (CarriedForm, ParsnipRequestContext) -> Response)? = nil

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let pattern = context.endpointPath, let access = table.access(request.method, pattern: pattern) else {
            // Only a route registered around `AccessRoutes` gets here; it stays closed, as if it did not exist.
            context.logger.error("A route has no declared access", metadata: ["route": "\(context.endpointPath ?? "")"])
            throw PageError.notFound
        }
        var context = context
        context.upload = table.upload(request.method, pattern: pattern)
        if access == .anyone { return try await next(request, context) }
        let ownerExists = context.signInRequired ? try await accounts.ownerExists() : true
        let isReading = request.method == .get || request.method == .head
        switch access.verdict(for: context.user?.role, signInRequired: context.signInRequired, ownerExists: ownerExists)
        {
        case .allowed:
            return try await next(request, context)
        case .setUpFirst:
            guard isReading else { return refuse(.signInFirst, request, context) }
            return Response(status: .seeOther, headers: [.location: "/setup"])
        case .signInFirst:
            guard isReading else {
                // A form sent by someone whose sign-in ended: signing in again sends it on, nothing typed is lost.
                if let signInCarrying, let carried = await CarriedForm.read(request, upload: context.upload) {
                    // The sign-in form needs the browser's form token; the token check itself comes later, so
                    // it is read (or made) here.
                    let cookieToken = CookieHeader.value(named: CSRFMiddleware.cookieName, in: request.headers)
                        .flatMap(CSRFMiddleware.validToken)
                    var context = context
                    context.csrfToken = cookieToken ?? CSRFMiddleware.newToken()
                    var response = signInCarrying(carried, context)
                    if cookieToken == nil { response.headers.append(CSRFMiddleware.cookie(context.csrfToken)) }
                    if context.sentSessionCookie { response.headers.append(clearingSessionCookie) }
                    return response
                }
                return refuse(.signInFirst, request, context)
            }
            var response = Response(
                status: .seeOther,
                headers: [.location: SafeRedirect.signInLocation(path: request.uri.path, query: request.uri.query)])
            // A cookie that no longer signs anyone in is dropped, so the browser stops sending it.
            if context.sentSessionCookie { response.headers.append(clearingSessionCookie) }
            return response
        case .ownersOnly:
            return refuse(.ownersOnly, request, context)
        case .viewerCannotChange:
            return refuse(.viewerCannotChange(ownerName: try await accounts.ownerName()), request, context)
        }
    }

    private func refuse(_ refusal: AccessRefusal, _ request: Request, _ context: Context) -> Response {
        errorPages.response(for: refusal, request: request, context: context)
    }
}
