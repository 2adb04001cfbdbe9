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
        .contentSecurityPolicy: Self.contentSecurityPolicy,
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "same-origin",
        .xFrameOptions: "DENY",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        response.headers.append(contentsOf: headers)
        return response
    }
}

extension HTTPField.Name {
    static var contentSecurityPolicy: Self { .init("Content-Security-Policy")! }
    static var xContentTypeOptions: Self { .init("X-Content-Type-Options")! }
    static var referrerPolicy: Self { .init("Referrer-Policy")! }
    static var xFrameOptions: Self { .init("X-Frame-Options")! }
}
