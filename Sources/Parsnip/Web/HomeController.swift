import Hummingbird

/// The home page, which leads to the apps.
struct HomeController: Sendable {
    let pages: Pages

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/", .signedIn, use: index)
    }

    /// GET / — the three apps, one of them ready.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        pages.render(HomePage(page: PageChrome(title: "Home", context: context)), template: "home")
    }
}

/// GET /health for monitors and benchmarks: `{"status":"ok"}`, no store access.
enum HealthController {
    static let body = ByteBuffer(string: #"{"status":"ok"}"#)

    @Sendable static func health(_ request: Request, context: some RequestContext) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }
}
