import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// Every registered route × many spellings of its path × every role × GET, HEAD and POST, with signing in optional
/// and required: nobody gets further than the route they reached allows, however the path is written.
///
/// The routes come from the router itself, so a route added later is walked without anyone listing it. A refused
/// request must show a refusal (or find no page); an allowed one must pass the access check, which the POSTs prove
/// without changing anything: they carry a wrong CSRF token, so passing the check means meeting the CSRF refusal.
final class RouteAccessMatrixTests: XCTestCase {
    /// Who is asking.
    enum Asker: String, CaseIterable {
        case visitor, viewer, editor, owner

        var role: Role? {
            switch self {
            case .visitor: nil
            case .viewer: .viewer
            case .editor: .editor
            case .owner: .owner
            }
        }
    }

    /// A form a forbidden POST carries, with a valid CSRF token: had it passed, it would have changed things.
    static let sneakyForm = [
        ("title", "Sneaky"), ("name", "Sneaky"), ("username", "mallory"), ("password", "sneaky password 1"),
        ("passwordAgain", "sneaky password 1"), ("role", "owner"), ("description", "sneaky"),
    ]

    /// The headings of the access refusals; a 403 with any other heading came from somewhere else.
    static let refusalHeadings = [
        "<h1>Sign in to make changes</h1>", "<h1>Only the owner can do this</h1>",
        "<h1>Your account can look but not change</h1>",
    ]

    /// Ways of writing `path` that a router, a proxy or a browser might treat as the same page (or not).
    static func spellings(of path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let first = segments.first ?? ""
        let rest = segments.dropFirst().map { "/" + $0 }.joined()
        var spelled = [
            path, "/" + path, "/." + path, path + "/", path.uppercased(), path + ";x=1", path + ".", "/x/.." + path,
            "/%2e" + path, "/%2E%2E" + path, path + "?next=//evil.example", path + "%20", path + "%00", "/\\" + path,
            "/" + segments.joined(separator: "%2F"), "/" + segments.joined(separator: "%2f"),
            "/" + segments.joined(separator: "//"), "/" + segments.joined(separator: "/./"),
        ]
        if let letter = first.unicodeScalars.first {
            let encoded =
                String(format: "%%%02X", letter.value)
                + first.unicodeScalars.dropFirst().map(String.init)
                .joined()
            spelled += ["/" + encoded + rest, "/" + encoded.lowercased() + rest]
            spelled += ["/" + first + ";x=1" + rest, "/" + first + "." + rest, "/" + first + "%2F" + rest.dropFirst()]
        }
        return Array(Set(spelled)).sorted()
    }

    func testNoSpellingOfAnyRouteGetsFurtherThanItsAccessWhenSigningInIsOptional() async throws {
        try await walkEveryRoute(signInRequired: false)
    }

    func testNoSpellingOfAnyRouteGetsFurtherThanItsAccessWhenSigningInIsRequired() async throws {
        try await walkEveryRoute(signInRequired: true)
    }

    func testEveryRegisteredRouteDeclaresWhoMayUseItAndPeopleAreForOwnersOnly() async throws {
        let built = try await buildRouterAndStore(signInSettings())
        defer { try? built.store.close() }
        let routes = built.router.routes
        XCTAssertGreaterThan(routes.count, 40, "the router lists its routes")
        for route in routes {
            let access = built.access.access(route.method, pattern: route.path.description)
            XCTAssertNotNil(access, "\(route) was registered without saying who may use it")
            if route.path.description.hasPrefix("/people") { XCTAssertEqual(access, .owner, "\(route)") }
        }
        XCTAssertEqual(
            Set(built.access.all.map { "\($0.method) \($0.pattern)" }), Set(routes.map(\.description)),
            "every declaration names a route the router has")
    }

    // MARK: The walk

    private func walkEveryRoute(signInRequired: Bool) async throws {
        var settings = signInSettings(requireSignIn: signInRequired)
        settings.logLevel = .critical
        let built = try await buildRouterAndStore(settings)
        // (method, pattern) pairs: the router's own descriptions are not Sendable.
        let routes = built.router.routes.map { (method: $0.method, pattern: $0.path.description) }
        let table = built.access
        let store = built.store
        let app = Application(router: built.router)
        try await app.test(.router) { client in
            let owner = Browser(client: client)
            let ids = try await Self.makeOneOfEach(owner)
            var askers: [Asker: Browser] = [.owner: owner]
            for (asker, name) in [(Asker.editor, "Ed"), (.viewer, "Vi")] {
                try await owner.addPerson(name, "password \(name)", role: asker.role!)
                let browser = owner.another()
                let signedIn = try await browser.signIn(name, "password \(name)")
                XCTAssertEqual(signedIn.status, .seeOther, "\(name) signed in")
                askers[asker] = browser
            }
            let visitor = owner.another()
            try await visitor.get("/sign-in")
            XCTAssertFalse(visitor.csrfToken.isEmpty, "the visitor has a CSRF cookie to send")
            askers[.visitor] = visitor

            let before = try await databaseDump(store)
            var checked = 0
            for route in routes {
                let pattern = route.pattern
                let access = try XCTUnwrap(table.access(route.method, pattern: pattern), "\(route)")
                // The Parse API knows no cookies: `ParseAPIAccessMatrixTests` walks it with keys and session tokens.
                if access == .parseAPI { continue }
                let path = try Self.concretePath(pattern, ids: ids)
                let methods: [HTTPRequest.Method] = route.method == .get ? [.get, .head] : [route.method]
                for method in methods {
                    for asker in Asker.allCases {
                        let browser = askers[asker]!
                        let allowed = Self.mayUse(access, asker, signInRequired: signInRequired)
                        let canonical = try await Self.ask(browser, method, path, allowed: allowed)
                        for spelling in Self.spellings(of: path) {
                            let response =
                                spelling == path
                                ? canonical : try await Self.ask(browser, method, spelling, allowed: allowed)
                            let what = "\(method) \(spelling) as \(asker) (route \(pattern), \(access))"
                            if allowed {
                                Self.checkAllowed(response, canonical: canonical, isCanonical: spelling == path, what)
                            } else {
                                Self.checkRefused(response, method: method, what)
                            }
                            checked += 1
                        }
                    }
                }
            }
            XCTAssertGreaterThan(checked, 5_000, "the walk covered the routes")
            let after = try await databaseDump(store)
            XCTAssertEqual(before, after, "nothing in the walk changed the database")
        }
    }

    /// Who may use a route, written out here apart from the code that enforces it.
    static func mayUse(_ access: RouteAccess, _ asker: Asker, signInRequired: Bool) -> Bool {
        switch access {
        case .anyone: true
        case .signedIn: asker != .visitor || !signInRequired
        case .editor: asker == .editor || asker == .owner || (asker == .visitor && !signInRequired)
        case .owner: asker == .owner
        // The Parse API's routes are walked by `ParseAPIAccessMatrixTests`, with keys and session tokens.
        case .parseAPI: false
        }
    }

    /// One request: a forbidden POST carries a valid token and a form that would change things; an allowed POST
    /// carries a wrong token so that it changes nothing.
    private static func ask(_ browser: Browser, _ method: HTTPRequest.Method, _ uri: String, allowed: Bool)
        async throws -> TestResponse
    {
        switch method {
        case .post:
            var form = sneakyForm
            if allowed { form.append(("_csrf", "wrong-token-wrong-token-wrong-token-wrong-t")) }
            return try await browser.post(uri, form: form, csrf: !allowed)
        default:
            return try await browser.send(method, uri)
        }
    }

    /// A refused request shows a refusal, is sent to sign in or set up, or finds no page; never the page itself.
    private static func checkRefused(_ response: TestResponse, method: HTTPRequest.Method, _ what: String) {
        switch response.status {
        case .seeOther:
            let location = response.headers[.location] ?? ""
            XCTAssertTrue(
                location.hasPrefix("/sign-in") || location == "/setup", "\(what) was sent to \(location)")
            XCTAssertNotEqual(method, .post, "\(what): a refused POST is answered with a page, not a redirect")
        case .forbidden:
            guard method != .head else { return }
            XCTAssertTrue(
                refusalHeadings.contains { response.text.contains($0) }, "\(what) was refused by something else")
        case .unauthorized:
            // A form from someone not signed in: the sign-in page, keeping it for after the sign-in (nothing saved).
            XCTAssertEqual(method, .post, what)
            XCTAssertTrue(response.text.contains("<h1>Sign in</h1>"), "\(what) was refused by something else")
            XCTAssertTrue(response.text.contains("Nothing was saved yet"), what)
        case .notFound, .badRequest:
            break
        default:
            XCTFail("\(what) answered \(response.status.code) instead of a refusal")
        }
    }

    /// An allowed request passes the access check: a POST meets the CSRF refusal (so it got past the check and
    /// changed nothing), a GET is not refused; another spelling answers as the canonical path does, or finds no page.
    private static func checkAllowed(
        _ response: TestResponse, canonical: TestResponse, isCanonical: Bool, _ what: String
    ) {
        if isCanonical {
            if response.status == .forbidden, !response.text.isEmpty {
                XCTAssertTrue(response.text.contains("<h1>This form has expired</h1>"), "\(what) was refused")
            } else {
                XCTAssertNotEqual(response.status, .forbidden, what)
            }
            if response.status == .seeOther {
                let location = response.headers[.location] ?? ""
                XCTAssertFalse(location.hasPrefix("/sign-in?"), "\(what) was sent to sign in")
            }
            return
        }
        XCTAssertTrue(
            [canonical.status, .notFound, .badRequest].contains(response.status),
            "\(what) answered \(response.status.code), the canonical path \(canonical.status.code)")
    }

    /// `pattern` with its `:id` replaced by the id of a real record of the kind its first segment names.
    private static func concretePath(_ pattern: String, ids: [String: String]) throws -> String {
        guard pattern.contains(":id") else { return pattern }
        let kind = String(pattern.split(separator: "/").first ?? "")
        let id = try XCTUnwrap(ids[kind], "no record to put in \(pattern): add one to makeOneOfEach")
        return pattern.replacingOccurrences(of: ":id", with: id)
    }

    /// Sets up the owner Ana and makes one record of each kind; returns their ids by the path segment naming them.
    private static func makeOneOfEach(_ owner: Browser) async throws -> [String: String] {
        let setUp = try await owner.setUpOwner()
        XCTAssertEqual(setUp.status, .seeOther, "the owner is set up")
        try await owner.addTodo("Buy milk")
        let book = try await owner.addCatalogueBook()
        return [
            "people": try await owner.personId("Ana"),
            "todos": try await owner.newestId(),
            "recipes": try await owner.addRecipe(),
            "books": book.id,
            "genres": book.catalogue.genre,
            "authors": book.catalogue.authors[0],
            "publishers": book.catalogue.publisher,
        ]
    }
}
