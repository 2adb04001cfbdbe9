import HTTPTypes
import Hummingbird
import Synchronization

/// The policy header made for each host lately seen (a household reaches Parsnip by one or two names), so a request
/// pays a dictionary lookup, not the building of the policy; emptied when it holds 16, so odd `Host` headers cannot
/// grow it.
private let policiesByHost = Mutex<[String: HTTPField]>([:])

/// Adds the same security headers to every response: a strict CSP (no inline script or style, and script only from
/// Parsnip's own `/js/` folder), nosniff, no framing and a same-origin referrer policy.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy for a request that reached Parsnip as `host` (its `Host` header).
    ///
    /// Script is allowed from `http://<host>/js/` only — not from all of `'self'` — so that nothing else served
    /// from Parsnip's origin, above all a file someone uploaded, can ever run as script on its pages (CSP source
    /// paths need a host; `http:` also matches the same host over https). A host that is not a plain host name
    /// (the allowed-hosts check refuses such requests anyway) allows no script at all.
    static func contentSecurityPolicy(host: String?) -> String {
        let scripts = host.flatMap { isPlainHost($0) ? "http://\($0)/js/" : nil } ?? "'none'"
        return "default-src 'self'; script-src \(scripts); style-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    /// The policy header for `host`, from `policiesByHost` when it was made before.
    private static func policy(host: String) -> HTTPField {
        if let made = policiesByHost.withLock({ $0[host] }) { return made }
        let field = HTTPField(
            name: HTTPField.Name("Content-Security-Policy")!,
            value: contentSecurityPolicy(host: host.isEmpty ? nil : host))
        policiesByHost.withLock { policies in
            if policies.count >= 16 { policies.removeAll() }
            policies[host] = field
        }
        return field
    }

    /// Letters, digits, `.`, `-`, `:` and IPv6 brackets only: nothing that could end the source expression.
    private static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            }
    }

    /// Built once: appending ready-made fields is all a request pays, besides its policy.
    private let headers: HTTPFields = [
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        response.headers.append(Self.policy(host: request.head.authority ?? ""))
        response.headers.append(contentsOf: headers)
        return response
    }
}
