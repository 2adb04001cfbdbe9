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
        /// The pattern as the router records it ("/todos/:id/edit").
        let pattern: String
        let access: RouteAccess

        var description: String { "\(method) \(pattern)" }

        /// Open to everyone: the set-up, sign-in and sign-out pages.
        var isOpen: Bool { access == .anyone }

        /// The pattern with a made-up id, which the refusal must come before any lookup of.
        var path: String { pattern.replacingOccurrences(of: ":id", with: "AbCdE12345") }
    }

    /// Every page route the router has, with the access it declared (`/health` is outside the pages, and the Parse
    /// API's routes take no cookies: `ParseAPIAccessMatrixTests` walks them).
    static func routes() async throws -> [Route] {
        let built = try await buildRouterAndStore(signInSettings())
        defer { try? built.store.close() }
        return built.access.all.filter { $0.pattern != "/health" && $0.access != .parseAPI }.map {
            Route(method: $0.method, pattern: $0.pattern, access: $0.access)
        }
    }

    func testEveryPageRouteSendsAVisitorWhoHasNotSignedInToSignIn() async throws {
        let routes = try await Self.routes()
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let visitor = owner.another()
            try await visitor.get("/sign-in")
            for route in routes where !route.isOpen {
                switch route.method {
                case .get:
                    let response = try await visitor.get(route.path)
                    XCTAssertEqual(response.status, .seeOther, "\(route)")
                    let expected = route.path == "/" ? "/sign-in" : "/sign-in?next=" + formEncodeQuery(route.path)
                    XCTAssertEqual(response.headers[.location], expected, "\(route)")
                default:
                    // The sign-in page, keeping what was sent for after the sign-in; nothing is saved before it.
                    let response = try await visitor.post(route.path, form: [("title", "Sneaky"), ("name", "Sneaky")])
                    XCTAssertEqual(response.status, .unauthorized, "\(route)")
                    XCTAssertTrue(response.text.contains("<h1>Sign in</h1>"), "\(route)")
                    XCTAssertTrue(response.text.contains("Nothing was saved yet: you are not signed in"), "\(route)")
                }
            }
        }
    }

    func testEveryPostRouteThatChangesDataRefusesAViewer() async throws {
        let routes = try await Self.routes()
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Vi", "password two", role: .viewer)
            let viewer = owner.another()
            try await viewer.signIn("Vi", "password two")
            // A viewer may still change their own password (`.signedIn`): OwnPasswordTests covers it.
            for route in routes where route.method == .post && !route.isOpen && route.access != .signedIn {
                let response = try await viewer.post(route.path, form: [("title", "Sneaky"), ("name", "Sneaky")])
                XCTAssertEqual(response.status, .forbidden, "\(route)")
                if route.access == .owner {
                    XCTAssertTrue(response.text.contains("<h1>Only the owner can do this</h1>"), "\(route)")
                } else {
                    XCTAssertTrue(
                        response.text.contains("Your account can look at everything but not change it"), "\(route)")
                    XCTAssertTrue(response.text.contains("Ask Ana, who owns this Parsnip,"), "\(route)")
                }
            }
            for route in routes where route.method == .get && route.access == .owner {
                let response = try await viewer.get(route.path)
                XCTAssertEqual(response.status, .forbidden, "\(route)")
                XCTAssertTrue(response.text.contains("<h1>Only the owner can do this</h1>"), "\(route)")
            }
            let todos = try await viewer.get("/todos")
            XCTAssertEqual(todos.status, .ok, "a viewer reads everything")
        }
    }

    func testEveryPostRouteRefusesAFormFromAnotherSite() async throws {
        let routes = try await Self.routes()
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            for route in routes where route.method == .post {
                // Another origin this computer answers to: the CSRF check refuses it.
                let response = try await owner.post(
                    route.path, form: [("title", "Sneaky"), ("name", "Sneaky")], origin: "http://127.0.0.1:8080")
                XCTAssertEqual(response.status, .forbidden, "\(route)")
                XCTAssertTrue(response.text.contains("<h1>This form has expired</h1>"), "\(route)")
                // A name this computer does not answer to: refused before anything else.
                let foreign = try await owner.post(
                    route.path, form: [("title", "Sneaky"), ("name", "Sneaky")], origin: "http://evil.example")
                XCTAssertEqual(foreign.status, .badRequest, "\(route)")
                XCTAssertTrue(foreign.text.contains("<h1>Parsnip does not answer to this address</h1>"), "\(route)")
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
