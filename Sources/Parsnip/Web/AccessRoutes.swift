import Foundation
import HTTPTypes
import Hummingbird

/// A route that takes files: how many bytes its whole form may have, and where its files wait for the handler
/// (beside where it keeps them, so keeping one is a rename).
struct UploadRule: Sendable, Hashable {
    let maximumBytes: Int
    let folder: URL
    /// The most of one file that is kept; the rest of a larger one is read and dropped (its `bytes` still counts it
    /// all), so the handler can refuse the file in words and keep the form's other fields. Nil: no cap per file.
    var maximumFileBytes: Int? = nil
}

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

    /// Registers `POST path` for `access`; with `upload`, the form may be `multipart/form-data` carrying files.
    func post(_ path: RouterPath, _ access: RouteAccess, upload: UploadRule? = nil, use handler: @escaping Handler) {
        table.declare(.post, path, access, upload: upload)
        group.post(path, use: handler)
    }
}
