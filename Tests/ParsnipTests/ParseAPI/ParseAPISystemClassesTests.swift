import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// Parse's own classes — sessions, people, roles, history and trash — × every kind of caller × every way to read
/// them (find, count, get, `$select`, `$relatedTo`, an include from one's own `_User`, a batch, `_method: GET`),
/// generated and
/// compared with what Parse Server answers that caller: sessions only one's own (none without a session), people
/// for the household, roles for everyone, history and trash for the master key alone. No answer to anyone carries
/// another person's session token or a password hash, and refused writes change nothing.
final class ParseAPISystemClassesTests: XCTestCase {
    typealias Caller = ParseAPIAccessMatrixTests.Caller

    static let systemClasses = ["_Session", "_User", "_Role", "_History", "_Trash"]

    /// What Parse Server lets `caller` find in `className`: the ids it sees, or the error code of the refusal.
    /// `readable` are the objects whose ACL lets the caller read them.
    static func expectedFind(
        _ caller: Caller, _ className: String, all: [String], readable: Set<String>, ownSessions: Set<String>
    ) -> Result<Set<String>, Refusal> {
        switch (className, caller) {
        case (_, .master): return .success(Set(all))
        case ("_Session", .anonymous): return .failure(Refusal(code: 209))
        case ("_Session", _): return .success(ownSessions)
        case ("_User", .anonymous), ("_User", .noRole): return .failure(Refusal(code: 119))
        case ("_User", _), ("_Role", _): return .success(readable)
        default: return .failure(Refusal(code: 119))
        }
    }

    /// True when `acl` (an object's `ACL`, nil for none) lets someone with these entities read it.
    static func aclReads(_ acl: ParseValue?, entities: Set<String>) -> Bool {
        guard let acl = acl?.objectValue else { return true }
        return acl.contains { entity, rights in
            entities.contains(entity) && rights.objectValue?["read"] == .boolean(true)
        }
    }

    /// A refusal's Parse error code.
    struct Refusal: Error, Equatable { let code: Int }

    func testEveryCallerReadsOfParsesOwnClassesExactlyWhatParseServerWouldAnswerThem() async throws {
        var settings = signInSettings()
        settings.logLevel = .critical
        try await withParseAPI(settings: settings) { world in
            let clients = try await ParseAPIAccessMatrixTests.everyCaller(world)
            // History and trash hold something: a to-do made and deleted.
            let todo = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Gone soon"]))
            _ = try await world.editor.delete("/parse/classes/TodoListItem/\(todo["objectId"]!.stringValue!)")
            // A public class whose titles are the system objects' ids, for `$select` to match against.
            var ids: [String: [String]] = [:]
            var acls: [String: ParseValue] = [:]
            // A public object whose Relation fields hold every object of each class, for `$relatedTo`.
            let holder = try await world.master.post("/parse/classes/Holder", json(["title": "every object"]))
            let holderId = try XCTUnwrap(holder["objectId"]?.stringValue, holder.text)
            for className in Self.systemClasses {
                let all = try await world.master.get("/parse/classes/\(className)?limit=1000")
                ids[className] = all.results.compactMap { $0["objectId"]?.stringValue }
                for object in all.results { acls[object["objectId"]!.stringValue!] = object["ACL"] }
                XCTAssertFalse(ids[className]!.isEmpty, "\(className) has objects to read")
                for id in ids[className]! {
                    _ = try await world.master.post("/parse/classes/Probe", json(["title": .string(id)]))
                }
                let related = try await world.master.put(
                    "/parse/classes/Holder/\(holderId)",
                    json([
                        "rel\(className)": [
                            "__op": "AddRelation",
                            "objects": .array(
                                ids[className]!.map { .pointer(ParsePointer(className: className, objectId: $0)) }),
                        ]
                    ]))
                XCTAssertEqual(related.status, .ok, related.text)
                // A Pointer field to the class on `_User`, made once with the master key, to include through.
                let anyone = try await world.master.get("/parse/classes/_User?limit=1")
                let someone = try XCTUnwrap(anyone.results.first?["objectId"]?.stringValue)
                let pointer = ParseValue.pointer(ParsePointer(className: className, objectId: ids[className]![0]))
                let made = try await world.master.put("/parse/users/\(someone)", json(["pin\(className)": pointer]))
                XCTAssertEqual(made.status, .ok, made.text)
            }
            let sessions = try await world.master.get("/parse/classes/_Session?limit=1000")
            var tokenOwner: [String: String] = [:]
            var sessionOwner: [String: String] = [:]
            for session in sessions.results {
                let token = try XCTUnwrap(session["sessionToken"]?.stringValue)
                let user = try XCTUnwrap(session["user"]?.pointerValue?.objectId)
                tokenOwner[token] = user
                sessionOwner[session["objectId"]!.stringValue!] = user
            }
            var checked = 0
            for caller in Caller.allCases {
                let client = clients[caller]!
                let me = caller == .anonymous || caller == .master ? nil : try await client.get("/parse/users/me")
                let myId = me?["objectId"]?.stringValue
                let ownSessions = Set(sessionOwner.filter { $0.value == myId }.map(\.key))
                let role: String? =
                    switch caller {
                    case .viewer: "viewer"
                    case .editor: "editor"
                    case .owner: "owner"
                    default: nil
                    }
                let entities = Set(["*"] + [myId, role.map { "role:" + $0 }].compactMap { $0 })
                /// No answer to this caller carries another person's token or anybody's password hash.
                func checkLeaks(_ answer: ParseClient.Answer, _ what: String) {
                    XCTAssertFalse(answer.text.contains("_hashed_password"), what)
                    XCTAssertNotEqual(answer.status.code, 500, "\(what): \(answer.text)")
                    guard caller != .master else { return }
                    for (token, owner) in tokenOwner where owner != myId {
                        XCTAssertFalse(answer.text.contains(token), "\(what) leaked someone's session token")
                    }
                }
                for className in Self.systemClasses {
                    let all = ids[className]!
                    let readable = Set(all.filter { Self.aclReads(acls[$0], entities: entities) })
                    let expected = Self.expectedFind(
                        caller, className, all: all, readable: readable, ownSessions: ownSessions)
                    let path = "/parse/classes/\(className)"
                    let reads: [(String, ParseClient.Answer)] = [
                        ("find", try await client.get(path + "?limit=1000")),
                        (
                            "find with a $regex",
                            try await client.get(
                                path + "?limit=1000&where=" + queryValue(#"{"objectId":{"$regex":"^.*[a-z0-9]"}}"#))
                        ),
                        (
                            "$relatedTo",
                            try await client.get(
                                path + "?limit=1000&where="
                                    + queryValue(
                                        json([
                                            "$relatedTo": [
                                                "object": .pointer(
                                                    ParsePointer(className: "Holder", objectId: holderId)),
                                                "key": .string("rel\(className)"),
                                            ]
                                        ])))
                        ),
                        ("_method GET", try await client.post(path, json(["_method": "GET", "limit": 1000]))),
                        ("batch", try await Self.batchFind(client, path)),
                    ]
                    for (how, answer) in reads {
                        let what = "\(caller) \(how) \(className)"
                        checkLeaks(answer, what)
                        switch expected {
                        case .success(let visible):
                            XCTAssertEqual(answer.status, .ok, "\(what): \(answer.text)")
                            let found = Set(answer.results.compactMap { $0["objectId"]?.stringValue })
                            XCTAssertEqual(found, visible, what)
                        case .failure(let refusal):
                            XCTAssertEqual(answer.code, refusal.code, "\(what): \(answer.text)")
                            XCTAssertNil(answer["results"], what)
                        }
                        checked += 1
                    }
                    let count = try await client.get(path + "?count=1&limit=0")
                    checkLeaks(count, "\(caller) count \(className)")
                    switch expected {
                    case .success(let visible): XCTAssertEqual(count["count"], .number(Double(visible.count)))
                    case .failure(let refusal): XCTAssertEqual(count.code, refusal.code, count.text)
                    }
                    // `$select`: the probes whose title is the id of an object of the class the caller may find.
                    let select = try await client.get(
                        "/parse/classes/Probe?limit=1000&where="
                            + queryValue(
                                json([
                                    "title": [
                                        "$select": ["query": ["className": .string(className)], "key": "objectId"]
                                    ]
                                ])))
                    checkLeaks(select, "\(caller) $select \(className)")
                    switch expected {
                    case .success(let visible):
                        XCTAssertEqual(
                            Set(select.results.compactMap { $0["title"]?.stringValue }), visible,
                            "\(caller) $select \(className): \(select.text)")
                    case .failure(let refusal):
                        XCTAssertEqual(select.code, refusal.code, "\(caller) $select \(className): \(select.text)")
                    }
                    for id in all {
                        // A person always reads their own account (`GET /users/<own id>`), role or not.
                        let visible = (try? expected.get())?.contains(id) ?? (className == "_User" && id == myId)
                        let got = try await client.get(path + "/" + id)
                        checkLeaks(got, "\(caller) get \(className)")
                        if visible {
                            XCTAssertEqual(got["objectId"], .string(id), "\(caller) get \(className): \(got.text)")
                        } else {
                            XCTAssertNil(got["objectId"], "\(caller) get \(className) \(id): \(got.text)")
                            XCTAssertNotNil(got.code, got.text)
                        }
                        // An include from one's own account reads for the caller, never with more.
                        guard let myId else { continue }
                        let pointer = ParseValue.pointer(ParsePointer(className: className, objectId: id))
                        let pinned = try await client.put("/parse/users/\(myId)", json(["pin\(className)": pointer]))
                        XCTAssertEqual(pinned.status, .ok, "\(caller) pins \(className): \(pinned.text)")
                        let included = try await client.get("/parse/users/\(myId)?include=pin\(className)")
                        checkLeaks(included, "\(caller) include \(className)")
                        let value = included["pin\(className)"]
                        // An include is a find for the caller: its class's find permission holds, own account or not.
                        if (try? expected.get())?.contains(id) ?? false {
                            XCTAssertEqual(value?.includedObjectValue?.objectId, id, included.text)
                        } else {
                            XCTAssertNil(
                                value?.includedObjectValue, "\(caller) included \(className): \(included.text)")
                        }
                        // `/users/me` answers the account as it is stored (as Parse Server's does): no include.
                        let meAgain = try await client.get("/parse/users/me?include=pin\(className)")
                        checkLeaks(meAgain, "\(caller) me with include \(className)")
                        XCTAssertNil(meAgain["pin\(className)"]?.includedObjectValue, meAgain.text)
                        checked += 1
                    }
                }
            }
            XCTAssertGreaterThan(checked, 150)
        }
    }

    /// `POST /batch` with one GET of `path`: the find's answer, in the batch's `success` wrapper.
    static func batchFind(_ client: ParseClient, _ path: String) async throws -> ParseClient.Answer {
        let batch = try await client.post(
            "/parse/batch", json(["requests": [["method": "GET", "path": .string(path), "body": ["limit": 1000]]]]))
        guard let first = batch.json.arrayValue?.first?.objectValue else { return batch }
        let inner = first["success"] ?? first["error"] ?? .null
        let status: HTTPResponse.Status = first["success"] != nil ? .ok : .badRequest
        return ParseClient.Answer(status: status, headers: batch.headers, text: ParseJSON.encode(inner))
    }

    func testRefusedWritesToParsesOwnClassesChangeNothingForEveryCaller() async throws {
        var settings = signInSettings()
        settings.logLevel = .critical
        try await withParseAPI(settings: settings) { world in
            let clients = try await ParseAPIAccessMatrixTests.everyCaller(world).filter { $0.key != .master }
            let todo = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Gone soon"]))
            _ = try await world.editor.delete("/parse/classes/TodoListItem/\(todo["objectId"]!.stringValue!)")
            var writes = 0
            for (caller, client) in clients {
                let me = caller == .anonymous ? nil : try await client.get("/parse/users/me")
                let myId = me?["objectId"]?.stringValue
                for className in Self.systemClasses {
                    let all = try await world.master.get("/parse/classes/\(className)?limit=1000")
                    for object in all.results {
                        let id = try XCTUnwrap(object["objectId"]?.stringValue)
                        let owner = object["user"]?.pointerValue?.objectId
                        // One's own account and sessions are theirs to change; those writes are tested elsewhere.
                        if id == myId || (className == "_Session" && owner == myId && myId != nil) { continue }
                        let before = try await world.master.get("/parse/classes/\(className)/\(id)")
                        let update = try await client.put(
                            "/parse/classes/\(className)/\(id)", json(["note": .string("changed by \(caller)")]))
                        let delete = try await client.delete("/parse/classes/\(className)/\(id)")
                        for (how, answer) in [("update", update), ("delete", delete)] {
                            let what = "\(caller) \(how) \(className) \(id)"
                            XCTAssertNotEqual(answer.status, .ok, "\(what): \(answer.text)")
                            XCTAssertTrue([101, 119, 206, 209].contains(answer.code ?? 0), "\(what): \(answer.text)")
                        }
                        let after = try await world.master.get("/parse/classes/\(className)/\(id)")
                        XCTAssertEqual(after.text, before.text, "\(caller) changed \(className) \(id)")
                        writes += 2
                    }
                }
            }
            XCTAssertGreaterThan(writes, 100)
        }
    }
}
