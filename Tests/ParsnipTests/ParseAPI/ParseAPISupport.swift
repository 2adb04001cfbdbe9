import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OrderedCollections
import ParseStore
import XCTest

@testable import Parsnip

/// A Parse REST client over the router test client: the headers ParseSwift sends, JSON bodies, and the answer read
/// back as Parse JSON.
struct ParseClient: Sendable {
    let client: any TestClientProtocol
    var applicationId: String? = "parsnip"
    var masterKey: String?
    var sessionToken: String?

    /// One answer: its status, headers, text and the text read as JSON (`.null` when it is not JSON).
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let text: String
        var json: ParseValue { (try? ParseJSON.decode(text)) ?? .null }
        /// The member `key` of a JSON object answer.
        subscript(key: String) -> ParseValue? { json.objectValue?[key] }
        /// Parse's error code, when the answer is an error.
        var code: Int? { self["code"]?.numberValue.map { Int($0) } }
        /// The `results` of a find, as objects.
        var results: [OrderedDictionaryOfValues] {
            (self["results"]?.arrayValue ?? []).compactMap { $0.objectValue }
        }
    }

    /// Sends `method path` with `body` (JSON text) and this client's keys.
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil, bytes: [UInt8]? = nil,
        contentType: String = "application/json", headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        headers[.contentType] = contentType
        if let applicationId { headers[ParseAPIController.Header.applicationId] = applicationId }
        if let masterKey { headers[ParseAPIController.Header.masterKey] = masterKey }
        if let sessionToken { headers[ParseAPIController.Header.sessionToken] = sessionToken }
        let response = try await client.execute(
            uri: path, method: method, headers: headers,
            body: bytes.map { ByteBuffer(bytes: $0) } ?? body.map { ByteBuffer(string: $0) })
        return Answer(
            status: response.status, headers: response.headers, text: String(buffer: response.body))
    }

    func get(_ path: String) async throws -> Answer { try await send(.get, path) }
    func post(_ path: String, _ body: String) async throws -> Answer { try await send(.post, path, body: body) }
    func put(_ path: String, _ body: String) async throws -> Answer { try await send(.put, path, body: body) }
    func delete(_ path: String) async throws -> Answer { try await send(.delete, path) }

    /// The same client acting with a session token and no master key.
    func session(_ token: String?) -> ParseClient {
        var copy = self
        copy.masterKey = nil
        copy.sessionToken = token
        return copy
    }
}

typealias OrderedDictionaryOfValues = OrderedDictionary<String, ParseValue>

/// A household with an owner (Ana), an editor (Ed) and a viewer (Vi) made on the pages, and API clients for each,
/// for the master key and for nobody.
struct ParseAPIWorld: Sendable {
    let browser: Browser
    let store: ParseStore
    let master: ParseClient
    let anonymous: ParseClient
    let owner: ParseClient
    let editor: ParseClient
    let viewer: ParseClient

    static let passwords = ["Ana": "owner password 1", "Ed": "editor password 1", "Vi": "viewer password 1"]

    /// Logs `name` in through the API and returns a client with that session.
    static func logIn(_ base: ParseClient, _ name: String, _ password: String) async throws -> ParseClient {
        let answer = try await base.session(nil).post(
            "/parse/login", ParseJSON.encode(["username": .string(name), "password": .string(password)]))
        XCTAssertEqual(answer.status, .ok, "\(name) logged in: \(answer.text)")
        return base.session(try XCTUnwrap(answer["sessionToken"]?.stringValue))
    }
}

/// Runs `test` against a fresh app (signing in required) with a household set up.
func withParseAPI(
    settings: ParsnipSettings = signInSettings(), _ test: @escaping @Sendable (ParseAPIWorld) async throws -> Void
) async throws {
    let built = try await buildRouterAndStore(settings)
    let store = built.store
    let masterKey = try await store.read { try $0.serverSetting(APIKeys.masterKeySetting) }
    let app = Application(router: built.router, logger: built.logger)
    try await app.test(.router) { client in
        let browser = Browser(client: client)
        try await browser.setUpOwner("Ana", password: ParseAPIWorld.passwords["Ana"]!)
        try await browser.addPerson("Ed", ParseAPIWorld.passwords["Ed"]!, role: .editor)
        try await browser.addPerson("Vi", ParseAPIWorld.passwords["Vi"]!, role: .viewer)
        let anonymous = ParseClient(client: client, applicationId: settings.parseApplicationId)
        var master = anonymous
        master.masterKey = masterKey
        let world = ParseAPIWorld(
            browser: browser, store: store, master: master, anonymous: anonymous,
            owner: try await ParseAPIWorld.logIn(anonymous, "Ana", ParseAPIWorld.passwords["Ana"]!),
            editor: try await ParseAPIWorld.logIn(anonymous, "Ed", ParseAPIWorld.passwords["Ed"]!),
            viewer: try await ParseAPIWorld.logIn(anonymous, "Vi", ParseAPIWorld.passwords["Vi"]!))
        try await test(world)
    }
    try? store.close()
}

/// `value` as JSON text, for request bodies.
func json(_ value: ParseValue) -> String { ParseJSON.encode(value) }

/// `text` percent-encoded for a query string value.
func queryValue(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
