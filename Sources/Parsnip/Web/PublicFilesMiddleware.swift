import Hummingbird

/// Sends only `/css/…` and `/js/…` to the file middleware, the two folders of `Public/`.
///
/// Every other path goes straight on to the routes, so no spelling of a page's path (`/.`, `/%00`) is ever
/// answered by the file middleware's directory redirects instead of the page's own rules.
struct PublicFilesMiddleware<Files: RouterMiddleware>: RouterMiddleware {
    typealias Context = Files.Context

    let files: Files
    /// The folders of `Public/`, as path prefixes.
    static var folders: [String] { ["/css/", "/js/"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard Self.folders.contains(where: request.uri.path.hasPrefix) else { return try await next(request, context) }
        return try await files.handle(request, context: context, next: next)
    }
}
