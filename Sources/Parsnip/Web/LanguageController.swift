import Foundation
import HTTPTypes
import Hummingbird

/// The language chooser at the foot of every page: a plain GET form (no script needed) that keeps the choice in a
/// cookie and goes back to the page it was on (its `Referer`, sent for this site's own pages).
struct LanguageController<Directory: AccessDirectory>: Sendable {
    /// Where a signed-in person's choice is kept, so it follows them.
    let directory: Directory

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/language", .anyone, use: choose)
    }

    /// GET /language?to=es — 303 back to the page it came from (its path and query only, so never another site),
    /// with the cookie when `to` is one of Parsnip's languages.
    @Sendable func choose(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let referer = request.headers[.referer].flatMap { URLComponents(string: $0) }
        let back = SafeRedirect.safeNext(
            referer.map {
                ($0.percentEncodedPath.isEmpty ? "/" : $0.percentEncodedPath)
                    + ($0.percentEncodedQuery.map { "?" + $0 } ?? "")
            })
        var headers: HTTPFields = [.location: back]
        if let code = query["to"], let language = Language(rawValue: String(code)) {
            headers[.setCookie] = LanguageChoice.cookie(language)
            // Kept on the account only when chosen on one of this Parsnip's pages: a link on another site may
            // change this browser's language, never the person's.
            if let user = context.user, user.language != language, let referer,
                referer.host.map({ host in
                    (referer.port.map { "\(host):\($0)" } ?? host) == request.head.authority
                }) == true
            {
                try await directory.keepLanguage(language, forUser: user.objectId)
            }
        }
        return Response(status: .seeOther, headers: headers)
    }
}
