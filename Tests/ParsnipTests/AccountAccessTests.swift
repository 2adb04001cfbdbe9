import Foundation
import HTTPTypes
import Hummingbird
import XCTest

@testable import Parsnip

/// When signing in is required, no page route serves a visitor who has not signed in, no POST route serves a viewer
/// (but signing in and out), and no POST route accepts a form from another site.
final class AccountAccessTests: XCTestCase {
    /// One registered route, with a concrete path to request.
    struct Route: CustomStringConvertible {
        let method: HTTPRequest.Method
        /// The pattern as the controller registers it ("/todos/:id/edit").
        let pattern: String
        /// Open to everyone: the set-up, sign-in and sign-out pages.
        var isOpen = false

        var description: String { "\(method) \(pattern)" }

        /// The pattern with a made-up id, which the refusal must come before any lookup of.
        var path: String { pattern.replacingOccurrences(of: ":id", with: "AbCdE12345") }
    }

    /// Every page route of every controller: keep it complete (a test below counts the registrations).
    static let routes: [Route] = {
        func get(_ pattern: String, open: Bool = false) -> Route { Route(method: .get, pattern: pattern, isOpen: open) }
        func post(_ pattern: String, open: Bool = false) -> Route {
            Route(method: .post, pattern: pattern, isOpen: open)
        }
        var routes = [
            get("/setup", open: true), post("/setup", open: true), get("/sign-in", open: true),
            post("/sign-in", open: true), get("/sign-out", open: true), post("/sign-out", open: true),
            get("/people"), post("/people"), post("/people/:id/role"), get("/people/:id/password"),
            post("/people/:id/password"), get("/people/:id/remove"), post("/people/:id/remove"),
            get("/"),
            get("/todos"), get("/todos/new"), post("/todos"), get("/todos/:id/edit"), post("/todos/:id"),
            get("/todos/:id/delete"), post("/todos/:id/delete"),
            get("/recipes"), get("/recipes/new"), post("/recipes/new"), post("/recipes"), get("/recipes/:id"),
            get("/recipes/:id/edit"), post("/recipes/:id/edit"), post("/recipes/:id"), get("/recipes/:id/delete"),
            post("/recipes/:id/delete"),
            get("/books"), get("/books/new"), post("/books/new"), get("/books/:id"), get("/books/:id/edit"),
            post("/books/:id/edit"), get("/books/:id/delete"), post("/books/:id/delete"),
        ]
        for kind in CatalogueKind.allCases {
            routes += [
                get(kind.path), post(kind.path), get(kind.path + "/:id"), post(kind.path + "/:id"),
                get(kind.path + "/:id/delete"), post(kind.path + "/:id/delete"),
            ]
        }
        return routes
    }()

    func testTheRouteListNamesEveryRouteTheControllersRegister() throws {
        let folder = packageRoot.appendingPathComponent("Sources/Parsnip/Controllers")
        var registrations = 0
        var literalRoutes: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let found = source.matches(of: /group\.(get|post)\(/).count
            // The catalogue controller registers its routes once per kind: genres, authors, publishers.
            registrations += file.hasPrefix("CatalogueController") ? found * CatalogueKind.allCases.count : found
            for match in source.matches(of: /group\.(get|post)\("([^"]*)"/) {
                literalRoutes.append("\(match.1.uppercased()) \(match.2)")
            }
        }
        XCTAssertEqual(
            registrations, Self.routes.count, "a route was added or removed: update AccountAccessTests.routes")
        let listed = Set(Self.routes.map(\.description))
        for route in literalRoutes { XCTAssertTrue(listed.contains(route), "\(route) is not in the list") }
    }

    func testEveryPageRouteSendsAVisitorWhoHasNotSignedInToSignIn() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let visitor = owner.another()
            try await visitor.get("/sign-in")
            for route in Self.routes where !route.isOpen {
                switch route.method {
                case .get:
                    let response = try await visitor.get(route.path)
                    XCTAssertEqual(response.status, .seeOther, "\(route)")
                    let expected = route.path == "/" ? "/sign-in" : "/sign-in?next=" + formEncodeQuery(route.path)
                    XCTAssertEqual(response.headers[.location], expected, "\(route)")
                default:
                    let response = try await visitor.post(route.path, form: [("title", "Sneaky"), ("name", "Sneaky")])
                    XCTAssertEqual(response.status, .forbidden, "\(route)")
                    XCTAssertTrue(response.text.contains("<h1>Sign in to make changes</h1>"), "\(route)")
                }
            }
        }
    }

    func testEveryPostRouteButSignInAndOutRefusesAViewer() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Vi", "password two", role: .viewer)
            let viewer = owner.another()
            try await viewer.signIn("Vi", "password two")
            for route in Self.routes where route.method == .post && !route.isOpen {
                let response = try await viewer.post(route.path, form: [("title", "Sneaky"), ("name", "Sneaky")])
                XCTAssertEqual(response.status, .forbidden, "\(route)")
                if route.pattern.hasPrefix("/people") {
                    XCTAssertTrue(response.text.contains("<h1>Only the owner can manage people</h1>"), "\(route)")
                } else {
                    XCTAssertTrue(
                        response.text.contains("Your account can look at everything but not change it"), "\(route)")
                    XCTAssertTrue(response.text.contains("Ask Ana, who owns this Parsnip,"), "\(route)")
                }
            }
            for route in Self.routes where route.method == .get && route.pattern.hasPrefix("/people") {
                let response = try await viewer.get(route.path)
                XCTAssertEqual(response.status, .forbidden, "\(route)")
                XCTAssertTrue(response.text.contains("<h1>Only the owner can manage people</h1>"), "\(route)")
            }
            let todos = try await viewer.get("/todos")
            XCTAssertEqual(todos.status, .ok, "a viewer reads everything")
        }
    }

    func testEveryPostRouteRefusesAFormFromAnotherSite() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            for route in Self.routes where route.method == .post {
                let response = try await owner.post(
                    route.path, form: [("title", "Sneaky"), ("name", "Sneaky")], origin: "http://evil.example")
                XCTAssertEqual(response.status, .forbidden, "\(route)")
                XCTAssertTrue(response.text.contains("<h1>This form has expired</h1>"), "\(route)")
            }
            let stillOwner = try await owner.get("/people")
            XCTAssertEqual(stillOwner.status, .ok, "the refused sign-out did not sign the owner out")
        }
    }

    func testTheOriginCheckAcceptsALANAddressAndAnIPv6HostWithAPort() throws {
        for host in ["192.168.1.20:8080", "[fd00::2]:8080", "parsnip.local"] {
            let request = Request(
                head: HTTPRequest(
                    method: .post, scheme: "http", authority: host, path: "/sign-in",
                    headerFields: [.origin: "http://\(host)"]),
                body: .init(buffer: ByteBuffer()))
            XCTAssertNoThrow(try CSRFMiddleware.checkOrigin(request), host)
            let foreign = Request(
                head: HTTPRequest(
                    method: .post, scheme: "http", authority: host, path: "/sign-in",
                    headerFields: [.origin: "http://192.168.1.99:8080"]),
                body: .init(buffer: ByteBuffer()))
            XCTAssertThrowsError(try CSRFMiddleware.checkOrigin(foreign), host)
        }
    }
}

/// `text` percent-encoded as the sign-in redirect encodes its `next`.
private func formEncodeQuery(_ text: String) -> String {
    PercentEncoding.encode(text)
}
