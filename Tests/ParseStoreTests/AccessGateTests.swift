import XCTest

@testable import ParseStore

/// A request's own conditions never run on rows it may not read: how often the `$regex` function is called is the
/// same whether or not the hidden rows would match, in finds, counts and sub-queries; `_Session` answers only the
/// caller's own sessions, and nothing without a session.
final class AccessGateTests: XCTestCase {
    /// 40 notes only Ana may read, whose text starts "secret-", and 5 public notes.
    private func notes() async throws -> ParseStore {
        let store = try makeMemoryStore()
        var rows: [[String: ParseValue]] = (0..<40).map { index in
            ["name": .string("secret-\(index)"), "ACL": ["ana0000001": ["read": true]]]
        }
        rows += (0..<5).map { ["name": .string("plain-\($0)")] }
        _ = try await seed(store, "Note", rows)
        _ = try await seed(store, "Probe", [["name": "secret-1"], ["name": "plain-1"]])
        return store
    }

    /// How many values the `$regex` function was asked about while `body` ran.
    private func regexCalls(_ body: () async throws -> Void) async throws -> Int {
        try skipUnlessSQLite("how often SQLite calls the store's regex function in this process")
        let before = StoreFunctions.regexEvaluations.load(ordering: .relaxed)
        try await body()
        return StoreFunctions.regexEvaluations.load(ordering: .relaxed) - before
    }

    func testARequestsRegexRunsOnlyOnTheRowsItMayReadWhetherOrNotTheHiddenOnesWouldMatch() async throws {
        let store = try await notes()
        let ben = ParseAccess.user("ben0000001")
        for pattern in ["^secret-[0-9]+$", "^plain-[0-9]+$", "^(s|e|c|r|t|-|[0-9])+$"] {
            let query = ParseQuery("Note").where("name", "$regex", .string(pattern))
            var found: [ParseObject] = []
            let calls = try await regexCalls {
                found = try await store.read { try $0.acting(as: ben).find(query) }
            }
            XCTAssertEqual(calls, 5, "only the 5 public notes are tested with \(pattern)")
            XCTAssertTrue(found.allSatisfy { $0["name"]?.stringValue?.hasPrefix("plain-") == true }, pattern)
            let countCalls = try await regexCalls {
                _ = try await store.read { try $0.acting(as: ben).count(query) }
            }
            XCTAssertEqual(countCalls, 5, "count: \(pattern)")
        }
        // The same query with the master key tests every row: the gate is what kept the others out.
        let all = try await regexCalls {
            _ = try await store.read {
                try $0.find(ParseQuery("Note").where("name", "$regex", "^secret-[0-9]+$").limit(1000))
            }
        }
        XCTAssertEqual(all, 45)
    }

    func testASubQuerysRegexRunsOnlyOnTheRowsTheCallerMayRead() async throws {
        let store = try await notes()
        let inner: ParseValue = ["className": "Note", "where": ["name": ["$regex": "^secret-(1|2)+$"]]]
        let query = ParseQuery("Probe").where("name", "$select", ["query": inner, "key": "name"])
        var found: [ParseObject] = []
        let calls = try await regexCalls {
            found = try await store.read { try $0.acting(as: .anonymous).find(query) }
        }
        XCTAssertLessThanOrEqual(calls, 5 * 2, "at most the public notes, once per probe")
        XCTAssertEqual(found, [], "no probe matches a hidden note")
        let ana = try await store.read { try $0.acting(as: .user("ana0000001")).find(query) }
        XCTAssertEqual(ana.map { $0["name"] }, ["secret-1"], "Ana may read the note her probe names")
    }

    func testSessionsAnswerOnlyTheirOwnPersonAndNothingWithoutASession() async throws {
        let store = try makeMemoryStore()
        for (user, token) in [("ana0000001", "r:aaaa"), ("ana0000001", "r:abcd"), ("ben0000001", "r:bbbb")] {
            _ = try await store.write {
                try $0.create(
                    "_Session",
                    [
                        "sessionToken": .string(token),
                        "user": .pointer(ParsePointer(className: "_User", objectId: user)),
                        "ACL": [user: ["read": true, "write": true]],
                    ])
            }
        }
        let byPrefix = ParseQuery("_Session").where("sessionToken", "$regex", "^r:(a|b)+.*$")
        await assertParseError(209, "Invalid session token") {
            try await store.read { try $0.acting(as: .anonymous).find(byPrefix) }
        }
        await assertParseError(209, "Invalid session token") {
            try await store.read { try $0.acting(as: .anonymous).count(ParseQuery("_Session")) }
        }
        let calls = try await regexCalls {
            let found = try await store.read { try $0.acting(as: .user("ben0000001")).find(byPrefix) }
            XCTAssertEqual(found.map { $0["sessionToken"] }, ["r:bbbb"])
        }
        XCTAssertEqual(calls, 1, "Ben's condition ran on Ben's one session only")
        // Even a session whose ACL were opened to everyone stays its person's.
        _ = try await store.write {
            try $0.create(
                "_Session",
                [
                    "sessionToken": "r:open",
                    "user": .pointer(ParsePointer(className: "_User", objectId: "ana0000001")),
                    "ACL": ["*": ["read": true]],
                ])
        }
        let ben = try await store.read { try $0.acting(as: .user("ben0000001")).find(ParseQuery("_Session")) }
        XCTAssertEqual(ben.map { $0["sessionToken"] }, ["r:bbbb"])
        let ana = try await store.read { try $0.acting(as: .user("ana0000001")).count(ParseQuery("_Session")) }
        XCTAssertEqual(ana, 3)
    }

    func testPagesActingForAPersonFollowACLsButNotClassLevelPermissions() async throws {
        let store = try await notes()
        _ = try await store.write {
            try $0.setClassLevelPermissions("Note", ["find": ["role:owner": true], "count": ["role:owner": true]])
        }
        await assertParseError(119) {
            try await store.read { try $0.acting(as: .user("ben0000001")).find(ParseQuery("Note")) }
        }
        let person = ParseAccess.user("ben0000001").asPerson
        let found = try await store.read { try $0.acting(as: person).find(ParseQuery("Note").limit(100)) }
        XCTAssertEqual(found.count, 5, "the pages' routes decide by role; the rows' ACLs still hold")
        let ana = try await store.read {
            try $0.acting(as: ParseAccess.user("ana0000001").asPerson).count(ParseQuery("Note"))
        }
        XCTAssertEqual(ana, 45)
    }

    func testAClassWithoutHiddenRowsIsReadWholeAndOneHiddenRowChangesThat() async throws {
        let store = try makeMemoryStore()
        _ = try await seed(store, "Open", [["name": "a"], ["name": "b", "ACL": ["*": ["read": true]]]])
        let open = try await store.read { try $0.acting(as: .anonymous).readsEveryRow(of: "Open") }
        XCTAssertTrue(open)
        _ = try await seed(store, "Open", [["name": "c", "ACL": ["ana0000001": ["read": true]]]])
        let closed = try await store.read { try $0.acting(as: .anonymous).readsEveryRow(of: "Open") }
        XCTAssertFalse(closed)
        let master = try await store.read { try $0.readsEveryRow(of: "Open") }
        XCTAssertTrue(master)
        let names = try await nameSet(store, ParseQuery("Open"))
        XCTAssertEqual(names, ["a", "b", "c"])
        let anonymous = try await store.read {
            Set(try $0.acting(as: .anonymous).find(ParseQuery("Open")).compactMap { $0["name"]?.stringValue })
        }
        XCTAssertEqual(anonymous, ["a", "b"])
    }
}
