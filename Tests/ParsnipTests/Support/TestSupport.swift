import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ParseStore
import Synchronization
import XCTest

@testable import Parsnip

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// Settings for a test app: an in-memory database, the real templates and public files, and by default a clock
/// that steps one millisecond per save, so "newest first" never depends on two saves landing in one millisecond.
func testSettings(pageSize: Int = 50, clock: any ParseClock = SteppingClock()) -> ParsnipSettings {
    var settings = ParsnipSettings(
        database: testDatabase(),
        templatesDirectory: packageRoot.appendingPathComponent("Templates").path,
        publicDirectory: packageRoot.appendingPathComponent("Public").path,
        logLevel: .critical,
        pageSize: pageSize,
        clock: clock
    )
    // Tests make their backups when they mean to; the daily ones have tests of their own.
    settings.backups.automatic = false
    // The clocks start at 1 May 2024 10:20:30 UTC; the household's day is that day whatever the machine's zone.
    settings.timeZone = TimeZone(identifier: "UTC")!
    // Every page any test renders is rendered by swift-mustache too, and must be the same bytes.
    settings.renderCheck = MustacheRenderCheck()
    // Even an app nobody signs in to hashes its decoy password at start: at the production cost that was a sixth of
    // the unit tests' time.
    settings.passwordHashCost = testPasswordHashCost
    return settings
}

/// The database of a test app: in memory, or with `PARSNIP_TEST_BACKEND=postgres` a schema of its own in the
/// PostgreSQL database at `PARSNIP_TEST_POSTGRES_URL` (`TestBackend`).
func testDatabase() -> ParsnipSettings.Database {
    guard let url = TestBackend.postgresURL else { return .inMemory }
    return .postgres(TestBackend.freshSchema(in: url))
}

/// Runs `test` against a fresh app on an in-memory database, through Hummingbird's router test client.
func withApp(
    pageSize: Int = 50, clock: any ParseClock = SteppingClock(),
    _ test: @escaping @Sendable (Browser) async throws -> Void
) async throws {
    let app = try await buildApplication(testSettings(pageSize: pageSize, clock: clock))
    try await app.test(.router) { client in
        try await test(Browser(client: client))
    }
}

/// A test client that behaves like a browser on http://localhost: it keeps cookies and sends
/// Origin with its POSTs, so tests read like what a person does.
final class Browser: @unchecked Sendable {
    // @unchecked Sendable: each test drives its Browser from one task, one request at a time.
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    static let origin = "http://localhost"

    init(client: any TestClientProtocol) {
        self.client = client
    }

    /// The CSRF token the pages put in their forms (after at least one GET).
    var csrfToken: String { cookies["parsnip_csrf"] ?? "" }

    @discardableResult
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if let cookie = cookieHeader { headers[.cookie] = cookie }
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        remember(response)
        return response
    }

    /// Sends `method` to `uri` with this browser's cookies and no body (HEAD, or a GET-like probe).
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let cookie = cookieHeader { headers[.cookie] = cookie }
        let response = try await client.execute(uri: uri, method: method, headers: headers)
        remember(response)
        return response
    }

    /// POSTs a form as a browser would, adding the CSRF field unless `csrf` is false.
    @discardableResult
    func post(
        _ uri: String, form: [(String, String)], csrf: Bool = true, origin: String? = Browser.origin,
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = form
        if csrf { fields.append(("_csrf", csrfToken)) }
        let body = fields.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
        return try await postRaw(uri, body: Array(body.utf8), origin: origin, headers: headers)
    }

    /// POSTs a `multipart/form-data` form with the CSRF field first, then `fields`, then each file, as a browser
    /// sends a form with a file input.
    @discardableResult
    func postMultipart(
        _ uri: String, fields: [(String, String)] = [], files: [(field: String, filename: String, bytes: [UInt8])]
    ) async throws -> TestResponse {
        let boundary = "----ParsnipTest\(UUID().uuidString.prefix(8))"
        var body: [UInt8] = []
        for (name, value) in [("_csrf", csrfToken)] + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\n"
                    + "Content-Type: application/octet-stream\r\n\r\n").utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try await postRaw(uri, body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// POSTs raw bytes as a URL-encoded form.
    @discardableResult
    func postRaw(
        _ uri: String, body: [UInt8], origin: String? = Browser.origin,
        contentType: String = "application/x-www-form-urlencoded", headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = contentType
        if let origin { headers[.origin] = origin }
        if let cookie = cookieHeader { headers[.cookie] = cookie }
        let response = try await client.execute(
            uri: uri, method: .post, headers: headers, body: ByteBuffer(bytes: body)
        )
        remember(response)
        return response
    }

    /// Adds a to-do through the form and returns the redirect.
    @discardableResult
    func addTodo(_ title: String, _ description: String = "") async throws -> TestResponse {
        if cookies["parsnip_csrf"] == nil { try await get("/todos/new") }
        return try await post("/todos", form: [("title", title), ("description", description)])
    }

    /// The id of the newest to-do, read from the list page: its first row (the Overdue and Today groups come first,
    /// so a test with due to-dos names them by title with `todoId(titled:)`).
    func newestId() async throws -> String {
        let list = try await get("/todos")
        return try XCTUnwrap(ids(in: list).first)
    }

    /// The id of the open to-do whose title is `title`, found through the list's search.
    func todoId(titled title: String) async throws -> String {
        let found = try await get("/todos?q=" + formEncode(title))
        let html = found.text
        for id in ids(in: found) where html.contains(#"href="/todos/\#(id)" class="todo-title">\#(title)</a>"#) {
            return id
        }
        throw MissingTodo(title: title)
    }

    /// No open to-do has the title a test looked for.
    struct MissingTodo: Error {
        let title: String
    }

    /// The ids of the to-dos on a list page, in page order.
    func ids(in response: TestResponse) -> [String] {
        let html = response.text
        var ids: [String] = []
        var rest = Substring(html)
        while let range = rest.range(of: "href=\"/todos/") {
            let after = rest[range.upperBound...]
            guard let end = after.firstIndex(of: "/") else { break }
            let id = String(after[..<end])
            if after[end...].hasPrefix("/edit\""), !ids.contains(id) { ids.append(id) }
            rest = after
        }
        return ids
    }

    private var cookieHeader: String? {
        cookies.isEmpty
            ? nil : cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    private func remember(_ response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0]
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if header.contains("Max-Age=0") || value.isEmpty {
                cookies[name] = nil
            } else {
                cookies[name] = value
            }
        }
    }
}

/// `application/x-www-form-urlencoded` encoding of one name or value.
func formEncode(_ text: String) -> String {
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }
}

/// A clock that moves forward one millisecond at every reading, so creation order is the list order.
final class SteppingClock: ParseClock {
    private let current = Mutex(Date(timeIntervalSince1970: 1_714_558_830.000))

    func now() -> Date {
        current.withLock { date in
            defer { date += 0.001 }
            return date
        }
    }
}

/// A clock stuck at one instant, so every to-do ties on createdAt and only the objectId orders them.
struct FrozenClock: ParseClock {
    func now() -> Date { Date(timeIntervalSince1970: 1_714_558_830.456) }
}

// MARK: Recipes

/// The fields of a complete, valid recipe form as the editor sends them ("Pancakes", one row in each section);
/// `changes` replace fields of the same name or add new ones, `removing` leaves fields out.
func recipeForm(_ changes: [(String, String)] = [], removing: [String] = []) -> [(String, String)] {
    var fields: [(String, String)] = [
        ("name", "Pancakes"), ("servings", "4"), ("price", "3.99"), ("isAvailable", "true"), ("category", "0"),
        ("releaseDate", "2024-05-03"), ("ingredient-0-quantity", "1 1/2"),
        ("ingredient-0-description", "cups of flour"),
        ("side-0", "Maple syrup"), ("nutrition-0-name", "Calories"), ("nutrition-0-value", "320 kcal"),
    ]
    fields.removeAll { field in removing.contains(field.0) || changes.contains { $0.0 == field.0 } }
    return fields + changes
}

extension Browser {
    /// Saves a recipe through the editor's "Save as new recipe" and returns its id, read from the redirect.
    @discardableResult
    func addRecipe(_ form: [(String, String)] = recipeForm()) async throws -> String {
        if cookies["parsnip_csrf"] == nil { try await get("/recipes/new") }
        let response = try await post("/recipes", form: form)
        XCTAssertEqual(response.status, .seeOther, "the recipe form was refused")
        let location = try XCTUnwrap(response.headers[.location])
        XCTAssertTrue(location.hasPrefix("/recipes/"), location)
        return String(location.dropFirst("/recipes/".count))
    }

    /// Adds recipes named `names`, in that order, each with the rest of the default form.
    @discardableResult
    func addRecipes(_ names: [String]) async throws -> [String] {
        var ids: [String] = []
        for name in names { ids.append(try await addRecipe(recipeForm([("name", name)]))) }
        return ids
    }

    /// The ids the recipe list links to (`/recipes/<id>`, with or without the list's query), in page order.
    func recipeIds(in response: TestResponse) -> [String] {
        var ids: [String] = []
        var rest = Substring(response.text)
        while let range = rest.range(of: "<a href=\"/recipes/") {
            let after = rest[range.upperBound...]
            guard let end = after.firstIndex(where: { $0 == "\"" || $0 == "?" }) else { break }
            let id = String(after[..<end])
            if ObjectIdentifierText.isValid(id), id != "new", !ids.contains(id) { ids.append(id) }
            rest = after
        }
        return ids
    }
}

extension String {
    /// How many times `text` occurs.
    func occurrences(of text: String) -> Int { components(separatedBy: text).count - 1 }
}

// MARK: Books

/// The fields of a complete, valid book form ("The Dispossessed", ISBN-13, 1974) with the genre `genreId` and the
/// ticked `authors` and `publishers`; `changes` replace fields of the same name or add new ones.
func bookForm(
    genre genreId: String, authors: [String] = [], publishers: [String] = [], _ changes: [(String, String)] = [],
    removing: [String] = []
) -> [(String, String)] {
    var fields: [(String, String)] = [
        ("title", "The Dispossessed"), ("isbn", "978-0-06-051275-0"), ("genre", genreId), ("publishingYear", "1974"),
    ]
    fields.removeAll { field in removing.contains(field.0) || changes.contains { $0.0 == field.0 } }
    return fields + authors.map { ("author", $0) } + publishers.map { ("publisher", $0) } + changes
}

extension Browser {
    /// Adds a genre, author or publisher through its list's form and returns its id, read from the list.
    @discardableResult
    func addEntry(_ kind: CatalogueKind, _ name: String) async throws -> String {
        if cookies["parsnip_csrf"] == nil { try await get(kind.path) }
        let response = try await post(kind.path, form: [("name", name)])
        XCTAssertEqual(response.status, .seeOther, "the \(kind.singular) form was refused")
        return try await entryId(kind, name)
    }

    /// The id of the entry named `name`, read from its kind's list page filtered by that name.
    func entryId(_ kind: CatalogueKind, _ name: String) async throws -> String {
        let html = try await get(kind.path + "?q=" + formEncode(name)).text
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        let end = try XCTUnwrap(html.range(of: "\">\(escaped)</a>"), "no \(kind.singular) named \(name)")
        let start = try XCTUnwrap(html[..<end.lowerBound].range(of: "href=\"\(kind.path)/", options: .backwards))
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// Saves a book through the form's "Save book" and returns its id, read from the redirect.
    @discardableResult
    func addBook(_ form: [(String, String)]) async throws -> String {
        if cookies["parsnip_csrf"] == nil { try await get("/books/new") }
        let response = try await post("/books/new", form: form)
        XCTAssertEqual(response.status, .seeOther, "the book form was refused")
        let location = try XCTUnwrap(response.headers[.location])
        XCTAssertTrue(location.hasPrefix("/books/"), location)
        return String(location.dropFirst("/books/".count))
    }

    /// A genre "Science fiction", authors "Ursula K. Le Guin" and "Octavia E. Butler", a publisher "Harper".
    func addCatalogue() async throws -> (genre: String, authors: [String], publisher: String) {
        let genre = try await addEntry(.genre, "Science fiction")
        let leGuin = try await addEntry(.author, "Ursula K. Le Guin")
        let butler = try await addEntry(.author, "Octavia E. Butler")
        let publisher = try await addEntry(.publisher, "Harper")
        return (genre, [leGuin, butler], publisher)
    }
}

// MARK: Accounts

/// The bcrypt cost tests use: the minimum, so a hash takes a millisecond rather than a quarter of a second.
let testPasswordHashCost: UInt8 = 4

/// An account repository on its own store (in memory, or a fresh PostgreSQL schema: `testStore`).
func memoryAccounts(clock: any ParseClock = SteppingClock()) throws -> StoreAccountRepository {
    StoreAccountRepository(
        door: StoreDoor(store: try testStore(clock: clock)), passwordHashCost: testPasswordHashCost,
        clock: clock)
}

/// A clock tests move by hand: it stays where it is put.
final class ManualClock: ParseClock {
    private let current = Mutex(Date(timeIntervalSince1970: 1_714_558_830.000))

    func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// The set-up code test apps print and accept.
let testSetupCode = "1234 5678"

/// Settings for a test app where everyone must sign in (as when Parsnip is shared), hashing at the lowest cost and
/// never really waiting before a slowed-down sign-in; `pauses` collects the waits it would have made.
func signInSettings(
    clock: any ParseClock = SteppingClock(), requireSignIn: Bool = true, pauses: PauseRecorder = PauseRecorder()
) -> ParsnipSettings {
    var settings = testSettings(clock: clock)
    settings.requireSignIn = requireSignIn
    settings.setupCode = testSetupCode
    settings.pause = { delay in pauses.record(delay) }
    return settings
}

/// Runs `test` against a fresh app built from `settings`, through the router test client.
func withApp(
    settings: ParsnipSettings, _ test: @escaping @Sendable (Browser) async throws -> Void
) async throws {
    let app = try await buildApplication(settings)
    try await app.test(.router) { client in
        try await test(Browser(client: client))
    }
}

/// Collects the waits a throttled sign-in asked for, instead of waiting.
final class PauseRecorder: Sendable {
    private let delays = Mutex<[Duration]>([])

    func record(_ delay: Duration) {
        delays.withLock { $0.append(delay) }
    }

    var recorded: [Duration] { delays.withLock { $0 } }
}

extension Browser {
    /// Creates the owner on /setup with the set-up code (router tests come from no address) and stays signed in.
    @discardableResult
    func setUpOwner(_ username: String = "Ana", password: String = "correct horse") async throws -> TestResponse {
        try await get("/setup")
        return try await post(
            "/setup",
            form: [
                ("code", testSetupCode), ("username", username), ("password", password), ("passwordAgain", password),
            ])
    }

    /// Signs in through the form.
    @discardableResult
    func signIn(_ username: String, _ password: String, next: String = "/") async throws -> TestResponse {
        if cookies["parsnip_csrf"] == nil { try await get("/sign-in") }
        return try await post("/sign-in", form: [("username", username), ("password", password), ("next", next)])
    }

    /// Adds a person on /people (the browser must be an owner's).
    @discardableResult
    func addPerson(_ username: String, _ password: String, role: Role) async throws -> TestResponse {
        try await get("/people")
        return try await post(
            "/people", form: [("username", username), ("password", password), ("role", role.rawValue)])
    }

    /// The objectId of the person called `username`, read from the people page's "New password" link.
    func personId(_ username: String) async throws -> String {
        let html = try await get("/people").text
        let marker = "<span class=\"visually-hidden\"> for \(username)</span>"
        let end = try XCTUnwrap(html.range(of: marker), "no person called \(username)")
        let start = try XCTUnwrap(html[..<end.lowerBound].range(of: "href=\"/people/", options: .backwards))
        let link = html[start.upperBound..<end.lowerBound]
        return String(link.prefix { $0 != "/" })
    }

    /// A browser of its own (no cookies) on the same app, for a second person.
    func another() -> Browser { Browser(client: client) }
}
