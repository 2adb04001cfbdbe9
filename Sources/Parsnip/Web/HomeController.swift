import Hummingbird

/// The home page, which leads to the apps.
struct HomeController: Sendable {
    let pages: Pages
    /// "2 overdue, 1 due today" for the to-do card, in the language given; nil when nothing is.
    let todoDue: @Sendable (Language) async throws -> String?
    /// What needs the owner's attention (a failed or old backup), shown above the apps to the owner only.
    let ownerNotice: @Sendable (Language) -> HomeNotice?

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/", .signedIn, use: index)
    }

    /// GET / — the three apps, one of them ready.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let notice = context.user?.role == .owner ? ownerNotice(context.language) : nil
        let page = HomePage(
            page: PageChrome(title: context.language.text("home.title"), context: context), notice: notice,
            // A count the store cannot give leaves the line out: the home page is the way in to every page.
            todoDue: (try? await todoDue(context.language)) ?? nil)
        return pages.render(page, template: "home")
    }
}

/// Something the home page asks a person to look at, with the page where they can put it right.
struct HomeNotice: Sendable, Hashable {
    let heading: String
    let message: String
    let linkText: String
    let linkURL: String
}

/// GET /health for monitors and benchmarks: `{"status":"ok"}`, no store access.
enum HealthController {
    static let body = ByteBuffer(string: #"{"status":"ok"}"#)

    @Sendable static func health(_ request: Request, context: some RequestContext) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
    }
}
