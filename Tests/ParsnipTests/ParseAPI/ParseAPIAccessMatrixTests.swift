import Foundation
import HTTPTypes
import OrderedCollections
import ParseStore
import XCTest

@testable import Parsnip

/// Every household class × every operation × every kind of caller × several spellings of the path, generated: an
/// API request gets exactly as far as the household's role allows, as on the pages — nobody without a role reads or
/// writes anything of the household's — and a refused write changes nothing.
final class ParseAPIAccessMatrixTests: XCTestCase {
    /// Who is asking.
    enum Caller: String, CaseIterable {
        case anonymous, noRole, viewer, editor, owner, master
    }

    /// What they ask.
    enum Operation: String, CaseIterable {
        case find, count, get, create, update, delete

        var writes: Bool { [.create, .update, .delete].contains(self) }
    }

    /// Who may do what, written out here apart from the permissions that enforce it.
    static func mayDo(_ caller: Caller, _ operation: Operation) -> Bool {
        switch caller {
        case .anonymous, .noRole: false
        case .viewer: !operation.writes
        case .editor, .owner, .master: true
        }
    }

    /// A required field of each household class, so a create makes a sensible object.
    static let firstField = [
        "TodoListItem": "title", "Recipe": "name", "Book": "title", "ISBN": "note", "Genre": "note",
        "Author": "note", "Publisher": "note",
    ]

    /// A create's body: `field` set to `value`, with what the class's record rules ask besides (a catalogue entry's
    /// name no other entry has, an ISBN's digits).
    static func body(_ className: String, _ field: String, _ value: ParseValue) -> String {
        var body: OrderedDictionary<String, ParseValue> = [field: value]
        switch className {
        case "ISBN": body["value"] = "9780441013593"
        case "Genre", "Author", "Publisher": body["name"] = .string("Entry \(UUID().uuidString)")
        default: break
        }
        return json(.object(body))
    }

    /// Ways of writing an API path that must reach the same endpoint (or none), never another.
    static func spellings(of path: String) -> [String] {
        let rest = path.dropFirst("/parse/".count)
        return [path, "/parse//" + rest, "/parse/./" + rest, "//parse/" + rest, path + "/"]
    }

    func testEveryCallerGetsExactlyAsFarAsTheirHouseholdRoleOnEveryHouseholdClass() async throws {
        var settings = signInSettings()
        settings.logLevel = .critical
        try await withParseAPI(settings: settings) { world in
            let clients = try await Self.everyCaller(world)
            XCTAssertEqual(HouseholdPermissions.householdClasses.count, 7)
            var checked = 0
            for className in HouseholdPermissions.householdClasses {
                let field = try XCTUnwrap(Self.firstField[className], className)
                for caller in Caller.allCases {
                    for operation in Operation.allCases {
                        for spelling in Self.spellings(of: "/parse/classes/\(className)") {
                            let target = try await world.master.post(
                                "/parse/classes/\(className)", Self.body(className, field, .string("kept \(checked)")))
                            let id = try XCTUnwrap(target["objectId"]?.stringValue, target.text)
                            let what = "\(caller) \(operation) \(spelling)"
                            let answer = try await Self.ask(
                                clients[caller]!, operation, spelling, id: id, field: field, by: caller)
                            let after = try await world.master.get("/parse/classes/\(className)/\(id)")
                            if Self.mayDo(caller, operation) {
                                XCTAssertTrue(
                                    [.ok, .created].contains(answer.status), "\(what): \(answer.status) \(answer.text)")
                                if operation == .update { XCTAssertEqual(after[field], "changed", what) }
                                if operation == .delete { XCTAssertEqual(after.code, 101, what) }
                            } else {
                                XCTAssertEqual(answer.status, .badRequest, "\(what): \(answer.text)")
                                XCTAssertEqual(answer.code, 119, "\(what): \(answer.text)")
                                XCTAssertNil(answer["results"], what)
                                XCTAssertEqual(after[field]?.stringValue, "kept \(checked)", "\(what) changed nothing")
                            }
                            checked += 1
                        }
                    }
                }
                // Nothing a refused create tried is there; every allowed one is, once per spelling.
                for caller in Caller.allCases {
                    let made = try await world.master.get(
                        "/parse/classes/\(className)?count=1&limit=0&where="
                            + queryValue(json([field: .string("made by \(caller)")])))
                    XCTAssertEqual(made["count"], Self.mayDo(caller, .create) ? 5 : 0, "\(caller) \(className)")
                }
            }
            XCTAssertEqual(checked, 7 * 6 * 6 * 5)
        }
    }

    /// One request of the walk: a create names its caller, so a stray one would be found.
    static func ask(
        _ client: ParseClient, _ operation: Operation, _ path: String, id: String, field: String, by caller: Caller
    ) async throws -> ParseClient.Answer {
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        switch operation {
        case .find: return try await client.get(base)
        case .count: return try await client.get(base + "?count=1&limit=0")
        case .get: return try await client.get(base + "/" + id)
        case .create:
            let className = String(base.split(separator: "/").last ?? "")
            return try await client.post(base, body(className, field, .string("made by \(caller)")))
        case .update: return try await client.put(base + "/" + id, json([field: "changed"]))
        case .delete: return try await client.delete(base + "/" + id)
        }
    }

    /// A client for every kind of caller; the account without a role is signed up for it.
    static func everyCaller(_ world: ParseAPIWorld) async throws -> [Caller: ParseClient] {
        let noRole = try await signUpSomeoneWithoutARole(world)
        return [
            .anonymous: world.anonymous, .noRole: noRole, .viewer: world.viewer, .editor: world.editor,
            .owner: world.owner, .master: world.master,
        ]
    }

    /// Someone who signed up from an app (the master key lets them) and has no household role.
    static func signUpSomeoneWithoutARole(_ world: ParseAPIWorld) async throws -> ParseClient {
        let signedUp = try await world.master.post(
            "/parse/users", json(["username": "Newcomer", "password": "newcomer password 1"]))
        XCTAssertEqual(signedUp.status, .created, signedUp.text)
        return world.anonymous.session(try XCTUnwrap(signedUp["sessionToken"]?.stringValue))
    }

    func testAnObjectWithAnACLIsSeenOnlyByWhomItNames() async throws {
        try await withParseAPI { world in
            let me = try await world.editor.get("/parse/users/me")
            let editorId = try XCTUnwrap(me["objectId"]?.stringValue)
            let created = try await world.editor.post(
                "/parse/classes/TodoListItem",
                json(["title": "Surprise party", "ACL": [editorId: ["read": true, "write": true]]]))
            let id = try XCTUnwrap(created["objectId"]?.stringValue, created.text)
            _ = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Public"]))

            for other in [world.owner, world.viewer] {
                let hidden = try await other.get("/parse/classes/TodoListItem/\(id)")
                XCTAssertEqual(hidden.code, 101)
                let found = try await other.get("/parse/classes/TodoListItem?count=1")
                XCTAssertEqual(found.results.map { $0["title"] }, ["Public"])
                XCTAssertEqual(found["count"], 1)
            }
            let update = try await world.owner.put("/parse/classes/TodoListItem/\(id)", json(["title": "x"]))
            XCTAssertEqual(update.code, 101)
            let delete = try await world.owner.delete("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(delete.code, 101)
            let mine = try await world.editor.get("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(mine["title"], "Surprise party")
            XCTAssertEqual(mine["ACL"], [editorId: ["read": true, "write": true]])
            let master = try await world.master.get("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(master["title"], "Surprise party")
        }
    }

    func testAccountsRolesSessionsHistoryAndTrashAreClosedToApps() async throws {
        try await withParseAPI { world in
            for client in [world.anonymous, world.viewer, world.editor, world.owner] {
                for className in ["_History", "_Trash"] {
                    let closed = try await client.get("/parse/classes/\(className)")
                    XCTAssertEqual(closed.code, 119, className)
                }
                let role = try await client.post(
                    "/parse/roles", json(["name": "owner", "ACL": ["*": ["read": true]]]))
                XCTAssertEqual(role.code, 119, "no app makes a role: \(role.text)")
                let user = try await client.post(
                    "/parse/classes/_User", json(["username": "Mallory", "password": "mallory password"]))
                XCTAssertEqual(user.code, 119, "signing up is off: \(user.text)")
            }
            // A person's own session cannot be moved to someone else.
            let sessions = try await world.viewer.get("/parse/sessions")
            XCTAssertEqual(sessions.results.count, 1, "a person sees only their own sessions")
            let sessionId = try XCTUnwrap(sessions.results.first?["objectId"]?.stringValue)
            let owner = try await world.owner.get("/parse/users/me")
            let moved = try await world.viewer.put(
                "/parse/sessions/\(sessionId)",
                json(["user": ["__type": "Pointer", "className": "_User", "objectId": owner["objectId"]!]]))
            XCTAssertEqual(moved.code, 119, moved.text)
            // Nor can anyone but the master key put themselves in a role.
            let roles = try await world.viewer.get("/parse/roles?where=" + queryValue(#"{"name":"owner"}"#))
            let ownerRole = try XCTUnwrap(roles.results.first?["objectId"]?.stringValue, roles.text)
            let me = try await world.viewer.get("/parse/users/me")
            let joined = try await world.owner.put(
                "/parse/roles/\(ownerRole)",
                json([
                    "users": [
                        "__op": "AddRelation",
                        "objects": [["__type": "Pointer", "className": "_User", "objectId": me["objectId"]!]],
                    ]
                ]))
            XCTAssertEqual(joined.code, 119, joined.text)
            let meAgain = try await world.viewer.get("/parse/users/me")
            XCTAssertFalse(meAgain.text.contains("_hashed_password"))
        }
    }
}
