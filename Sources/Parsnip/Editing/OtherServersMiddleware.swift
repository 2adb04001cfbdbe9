import Hummingbird

/// Makes every request that may show or change data wait until this server has followed the writes other servers
/// sharing its database committed before it arrived (`OtherServers.catchUp`); the styles and scripts, which never
/// hold data, go by.
struct OtherServersMiddleware<Context: RequestContext>: RouterMiddleware {
    let otherServers: OtherServers

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if !PublicFilesMiddleware<Self>.folders.contains(where: request.uri.path.hasPrefix) {
            await otherServers.catchUp()
        }
        return try await next(request, context)
    }
}
