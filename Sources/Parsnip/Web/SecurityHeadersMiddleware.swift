import HTTPTypes
import Hummingbird

/// Adds the same security headers to every response: a strict CSP (no inline script or style), nosniff,
/// no framing and a same-origin referrer policy.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The exact policy of the web contract.
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    /// Built once: appending ready-made fields is all a request pays.
    private let headers: HTTPFields = [
        HTTPField.Name("Content-Security-Policy")!: Self.contentSecurityPolicy,
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        response.headers.append(contentsOf: headers)
        return response
    }
}
