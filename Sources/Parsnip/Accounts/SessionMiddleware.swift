import HTTPTypes
import Hummingbird
import ParseStore

/// Finds who is asking from the `parsnip_session` cookie and whether this Parsnip asks everyone to sign in.
///
/// It only identifies; `RouteAccessMiddleware` decides what that person may do on the matched route.
struct SessionMiddleware<Accounts: AccountRepository>: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    let accounts: Accounts
    /// True when nobody may use Parsnip without signing in (shared on the network, or `--require-sign-in`).
    let signInRequired: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        context.signInRequired = signInRequired
        if let token = CookieHeader.value(named: SessionCookie.name, in: request.headers).flatMap(
            SessionCookie.validToken)
        {
            context.sentSessionCookie = true
            context.user = try await accounts.user(forSession: token)
        }
        // A language chosen on this browser wins; else the one the person chose on another device; else what
        // `LanguageMiddleware` picked (the browser's, the household's).
        if LanguageChoice.cookieLanguage(request.headers) == nil, let chosen = context.user?.language {
            context.language = chosen
        }
        // Every read and record write of the page acts for this person, so the rows' ACLs hold here as in the API.
        let access = context.user.map(\.access.asPerson) ?? .person(["*"])
        return try await PageAccess.$current.withValue(access) { try await next(request, context) }
    }
}
