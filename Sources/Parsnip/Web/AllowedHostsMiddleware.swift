import HTTPTypes
import Hummingbird

/// Answers 400 to any request whose `Host` is missing, repeated or not one of `AllowedHosts`, before anything is
/// read or written; then checks that a POST's `Origin`, when sent, names an allowed host too.
struct AllowedHostsMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowed: AllowedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        // HTTP/1.1 puts the first Host in `authority` and leaves any further one among the header fields.
        guard let host = request.head.authority, !host.isEmpty, request.headers[values: .host].isEmpty else {
            throw HostRefusal.missingOrRepeated
        }
        guard allowed.allows(hostHeader: host) else { throw HostRefusal.unknown(name: AllowedHosts.hostPart(of: host)) }
        if let origin = request.headers[.origin], origin != "null", !allowsOrigin(origin) {
            throw HostRefusal.unknown(name: nil)
        }
        return try await next(request, context)
    }

    /// True when `origin` ("http://parsnip.local:8080") is http or https on an allowed host.
    private func allowsOrigin(_ origin: String) -> Bool {
        for scheme in ["http://", "https://"] where origin.lowercased().hasPrefix(scheme) {
            return allowed.allows(hostHeader: String(origin.dropFirst(scheme.count)))
        }
        return false
    }
}

extension HTTPField.Name {
    /// `Host`, which HTTP/1.1 moves into the request's authority; only a repeated one stays a header field.
    static var host: Self { Self("Host")! }
}

/// Why a request's `Host` was refused; each says so on a 400 page.
enum HostRefusal: DescribedError, Sendable, Hashable {
    /// No `Host`, or more than one.
    case missingOrRepeated
    /// A `Host` (or `Origin`) that is not one of this Parsnip's names; `name` when it reads as a host name.
    case unknown(name: String?)

    var errorPage: ErrorPageContent {
        switch self {
        case .missingOrRepeated:
            return ErrorPageContent(
                status: .badRequest, heading: Words("errors.badRequest.heading"),
                message: Words("errors.noHost.message"))
        case .unknown(let name):
            let asked = name.flatMap(AllowedHosts.canonical)
            return ErrorPageContent(
                status: .badRequest, heading: Words("errors.unknownHost.heading"),
                message: asked.map { Words("errors.unknownHost.messageNamed", ["host": $0]) }
                    ?? Words("errors.unknownHost.message"))
        }
    }
}
