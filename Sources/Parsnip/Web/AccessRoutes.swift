import HTTPTypes
import Hummingbird

/// The only way controllers register routes: each `get` and `post` names who may use the route.
///
/// It declares the access in the shared `RouteAccessTable` and adds the route to the pages group, whose
/// `RouteAccessMiddleware` enforces it.
struct AccessRoutes {
    let group: RouterGroup<ParsnipRequestContext>
    let table: RouteAccessTable

    /// A handler of a page route.
    typealias Handler = @Sendable (Request, ParsnipRequestContext) async throws -> Response

    /// Registers `GET path` for `access`.
    func get(_ path: RouterPath, _ access: RouteAccess, use handler: @escaping Handler) {
        table.declare(.get, path, access)
        group.get(path, use: handler)
    }

    /// Registers `POST path` for `access`.
    func post(_ path: RouterPath, _ access: RouteAccess, use handler: @escaping Handler) {
        table.declare(.post, path, access)
        group.post(path, use: handler)
    }
}
