import XCTest

@testable import ParseStore

/// A reader acting for a request sees only what the ACLs let it read — in finds, counts, fetches, includes,
/// sub-queries and relation lists — and the master key sees everything.
final class AccessReadTests: XCTestCase {
    /// Five notes: public (no ACL), public by ACL, Ana's own, the editors' role's, and one nobody may read.
    private func notes() async throws -> ParseStore {
        let store = try makeMemoryStore()
        _ = try await seed(
            store, "Note",
            [
                ["name": "public"],
                ["name": "everyone", "ACL": ["*": ["read": true]]],
                ["name": "ana's", "ACL": ["ana0000001": ["read": true, "write": true]]],
                ["name": "editors'", "ACL": ["role:editors": ["read": true]]],
                ["name": "nobody's", "ACL": [:]],
            ])
        return store
    }

    private func names(_ store: ParseStore, as access: ParseAccess, _ query: ParseQuery = ParseQuery("Note"))
        async throws -> Set<String>
    {
        try await store.read { reader in
            Set(try reader.acting(as: access).find(query).compactMap { $0["name"]?.stringValue })
        }
    }

    func testEachAccessFindsAndCountsExactlyWhatItsACLsLetItRead() async throws {
        let store = try await notes()
        let cases: [(ParseAccess, Set<String>)] = [
            (.anonymous, ["public", "everyone"]),
            (.user("ben0000001"), ["public", "everyone"]),
            (.user("ana0000001"), ["public", "everyone", "ana's"]),
            (.user("ben0000001", roles: ["editors"]), ["public", "everyone", "editors'"]),
            (.user("ana0000001", roles: ["editors"]), ["public", "everyone", "ana's", "editors'"]),
            (.master, ["public", "everyone", "ana's", "editors'", "nobody's"]),
        ]
        for (access, expected) in cases {
            let found = try await names(store, as: access)
            XCTAssertEqual(found, expected, "\(access)")
            let counted = try await store.read { try $0.acting(as: access).count(ParseQuery("Note")) }
            XCTAssertEqual(counted, expected.count, "\(access)")
            // A where clause, an order and a limit do not open anything up.
            let filtered = try await names(
                store, as: access, ParseQuery("Note").where("name", "$exists", true).order(by: "-name").limit(3))
            XCTAssertEqual(filtered, Set(expected.sorted(by: >).prefix(3)), "\(access)")
        }
    }

    func testCountingSeveralQueriesInOneStatementCountsWhatEachAccessMayReadAsCountingEachDoes() async throws {
        let store = try await notes()
        let queries = [
            ParseQuery("Note"), ParseQuery("Note").where("name", "$in", ["public", "ana's", "nobody's"]),
            ParseQuery("NoSuchClass"), ParseQuery("Note").where("name", "$regex", "^e"),
        ]
        let accesses: [ParseAccess] = [
            .anonymous, .user("ana0000001"), .user("ben0000001", roles: ["editors"]), .master,
        ]
        for access in accesses {
            let together = try await store.read { try $0.acting(as: access).counts(queries) }
            let oneByOne = try await store.read { reader in
                try queries.map { try reader.acting(as: access).count($0) }
            }
            XCTAssertEqual(together, oneByOne, "\(access)")
            XCTAssertEqual(together[2], 0, "a class that does not exist counts nothing")
        }
        let master = try await store.read { try $0.counts(queries) }
        XCTAssertEqual(master, [5, 3, 0, 2])
        let none = try await store.read { try $0.counts([]) }
        XCTAssertEqual(none, [])
        await assertParseError(102) {
            _ = try await store.read { try $0.counts([ParseQuery("Note").where("name", "$bogus", 1)]) }
        }
    }

    func testFetchingAnObjectTheAccessMayNotReadIsObjectNotFound() async throws {
        let store = try await notes()
        let all = try await store.read { try $0.find(ParseQuery("Note")) }
        let hidden = try XCTUnwrap(all.first { $0["name"] == "nobody's" })
        let anas = try XCTUnwrap(all.first { $0["name"] == "ana's" })
        await assertParseError(101, "Object not found.") {
            try await store.read { try $0.acting(as: .anonymous).fetch("Note", objectId: hidden.objectId) }
        }
        await assertParseError(101, "Object not found.") {
            try await store.read { try $0.acting(as: .user("ben0000001")).fetch("Note", objectId: anas.objectId) }
        }
        let fetched = try await store.read {
            try $0.acting(as: .user("ana0000001")).fetch("Note", objectId: anas.objectId)
        }
        XCTAssertEqual(fetched["name"], "ana's")
        let byMaster = try await store.read { try $0.fetch("Note", objectId: hidden.objectId) }
        XCTAssertEqual(byMaster["name"], "nobody's")
    }

    func testAnIncludeLeavesOutTargetsTheAccessMayNotRead() async throws {
        let store = try await notes()
        let all = try await store.read { try $0.find(ParseQuery("Note")) }
        let pointer = { (name: String) -> ParseValue in
            .pointer(ParsePointer(className: "Note", objectId: all.first { $0["name"]?.stringValue == name }!.objectId))
        }
        _ = try await seed(
            store, "Board",
            [["title": "b", "pinned": pointer("nobody's"), "notes": .array([pointer("public"), pointer("ana's")])]])
        let query = ParseQuery("Board").include("pinned", "notes")
        let anonymous = try await store.read { try $0.acting(as: .anonymous).find(query) }.first
        XCTAssertNil(anonymous?["pinned"], "an unreadable single target disappears")
        XCTAssertEqual(anonymous?["notes"]?.arrayValue?.count, 1, "an unreadable array element is removed")
        let ana = try await store.read { try $0.acting(as: .user("ana0000001")).find(query) }.first
        XCTAssertNil(ana?["pinned"])
        XCTAssertEqual(ana?["notes"]?.arrayValue?.count, 2)
        let master = try await store.read { try $0.find(query) }.first
        XCTAssertNotNil(master?["pinned"])
    }

    func testSubQueriesFindOnlyWhatTheCallerMayRead() async throws {
        let store = try await notes()
        let all = try await store.read { try $0.find(ParseQuery("Note")) }
        _ = try await seed(
            store, "Board",
            all.map { note in
                ["title": .string("on " + (note["name"]?.stringValue ?? "")), "note": .pointer(note.pointer)]
            })
        let onHidden = ParseQuery("Board").where(
            "note", "$inQuery", ["where": ["name": "nobody's"], "className": "Note"])
        let anonymousCount = try await store.read { try $0.acting(as: .anonymous).count(onHidden) }
        XCTAssertEqual(anonymousCount, 0, "the sub-query cannot see the hidden note")
        let masterCount = try await store.read { try $0.count(onHidden) }
        XCTAssertEqual(masterCount, 1)
        let notOnHidden = ParseQuery("Board").where(
            "note", "$notInQuery", ["where": ["name": "nobody's"], "className": "Note"])
        let anonymousNotIn = try await store.read { try $0.acting(as: .anonymous).count(notOnHidden) }
        XCTAssertEqual(anonymousNotIn, 5, "the caller cannot see the hidden note, so no board is left out for it")
    }

    func testARelationListsOnlyTheChildrenTheAccessMayRead() async throws {
        let store = try await notes()
        let all = try await store.read { try $0.find(ParseQuery("Note")) }
        let boards = try await seed(store, "Board", [["title": "b"]])
        _ = try await store.write { writer in
            try writer.update(
                "Board", objectId: boards[0].objectId, operations: ["notes": .addRelation(all.map(\.pointer))])
        }
        let children = { (access: ParseAccess) in
            try await store.read { reader in
                try reader.acting(as: access).relatedObjects("Board", objectIds: [boards[0].objectId], key: "notes")
            }[boards[0].objectId]?.compactMap { $0["name"]?.stringValue } ?? []
        }
        let anonymous = try await children(.anonymous)
        XCTAssertEqual(Set(anonymous), ["public", "everyone"])
        let master = try await children(.master)
        XCTAssertEqual(master.count, 5)
    }
}
