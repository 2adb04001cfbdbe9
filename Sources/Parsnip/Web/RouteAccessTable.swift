import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Every route's declared access, keyed by its method and its pattern as the router records it ("/todos/:id/edit").
///
/// Filled while the routes are registered, read on every request. A matched route that is not in the table is
/// refused: a route registered some other way is closed rather than open.
final class RouteAccessTable: Sendable {
    /// One route and who may use it.
    struct Entry: Sendable, Hashable {
        let method: HTTPRequest.Method
        /// The pattern in the router's spelling (`RouterPath.description`).
        let pattern: String
        let access: RouteAccess
        /// Set for a POST route that takes files.
        var upload: UploadRule?
    }

    private let entries = Mutex([String: Entry]())

    /// Records that `method` on `pattern` is for `access`. Declaring one route twice with different access is a
    /// programming error.
    func declare(_ method: HTTPRequest.Method, _ pattern: RouterPath, _ access: RouteAccess, upload: UploadRule? = nil)
    {
        let entry = Entry(method: method, pattern: pattern.description, access: access, upload: upload)
        entries.withLock { table in
            let key = Self.key(method, entry.pattern)
            precondition(table[key].map { $0 == entry } ?? true, "\(method) \(pattern) declared twice")
            table[key] = entry
        }
    }

    /// The access of the route matched as `pattern` for `method`; HEAD is answered by the GET route.
    func access(_ method: HTTPRequest.Method, pattern: String) -> RouteAccess? {
        let lookup = method == .head ? .get : method
        return entries.withLock { $0[Self.key(lookup, pattern)]?.access }
    }

    /// The upload rule of the POST route matched as `pattern`; nil for a route that takes no files.
    func upload(_ method: HTTPRequest.Method, pattern: String) -> UploadRule? {
        entries.withLock { $0[Self.key(method, pattern)]?.upload }
    }

    /// Every declared route, for the tests that walk them all.
    var all: [Entry] {
        entries.withLock { Array($0.values) }.sorted {
            ($0.pattern, $0.method.rawValue) < ($1.pattern, $1.method.rawValue)
        }
    }

    private static func key(_ method: HTTPRequest.Method, _ pattern: String) -> String {
        method.rawValue + " " + pattern
    }
}
