import Foundation
import XCTest

@testable import ParseStore

/// `limit`, `skip`, `count` and `keys`.
final class QueryPagingOptionsTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore(clock: SteppingClock())
        try await seed(
            store, "Item",
            (0..<120).map { index in
                ["name": .string(String(format: "n%03d", index)), "rank": .number(Double(index)), "note": "x"]
            })
    }

    func test_defaultLimit_returns100Objects() async throws {
        let found = try await store.read { try $0.find(ParseQuery("Item")) }
        XCTAssertEqual(found.count, 100)
    }

    func test_limitZero_returnsNothing_whileCountStillCounts() async throws {
        let query = ParseQuery("Item").limit(0)
        let found = try await store.read { try $0.find(query) }
        let counted = try await count(store, query)
        XCTAssertEqual(found, [])
        XCTAssertEqual(counted, 120)
    }

    func test_limitZero_runsNoStatement() async throws {
        let query = ParseQuery("Item").limit(0)
        let statements = try await store.read { reader in
            var sql: [String] = []
            let traced = try reader.grdb
            traced.trace { sql.append($0.expandedDescription) }
            _ = try reader.find(query)
            traced.trace(options: [])
            return sql
        }
        XCTAssertEqual(statements, [])
    }

    func test_skipAndLimit_returnThatWindowOfTheOrder() async throws {
        let found = try await names(store, ParseQuery("Item").order(by: "rank").skip(10).limit(3))
        XCTAssertEqual(found, ["n010", "n011", "n012"])
    }

    func test_count_ignoresSkipAndLimit() async throws {
        let counted = try await count(store, ParseQuery("Item").where("rank", "$lt", 50).skip(5).limit(2))
        XCTAssertEqual(counted, 50)
    }

    func test_negativeLimit_returnsEveryMatch() async throws {
        let found = try await store.read { try $0.find(ParseQuery("Item").limit(-1)) }
        XCTAssertEqual(found.count, 120)
    }

    func test_first_returnsTheFirstInOrder() async throws {
        let first = try await store.read { try $0.first(ParseQuery("Item").order(by: "-rank")) }
        XCTAssertEqual(first?["name"], "n119")
    }

    func test_first_whenNothingMatches_returnsNil() async throws {
        let first = try await store.read { try $0.first(ParseQuery("Item").where("rank", equalTo: -1)) }
        XCTAssertNil(first)
    }

    func test_keys_projectOnlyThoseFields() async throws {
        let found = try await store.read { try $0.first(ParseQuery("Item").order(by: "rank").select("name")) }
        let object = try XCTUnwrap(found)
        XCTAssertEqual(object.fields, ["name": "n000"])
        XCTAssertEqual(object.objectId.count, 10)
    }

    func test_keys_unknownFieldsAreIgnored() async throws {
        let found = try await store.read { try $0.first(ParseQuery("Item").order(by: "rank").select("name", "nope")) }
        XCTAssertEqual(found?.fields, ["name": "n000"])
    }

    func test_keys_selectOnlyTheRequestedColumnsInSQL() async throws {
        let statements = try await store.read { reader in
            var sql: [String] = []
            let traced = try reader.grdb
            traced.trace { sql.append($0.expandedDescription) }
            _ = try reader.find(ParseQuery("Item").select("rank").limit(1))
            traced.trace(options: [])
            return sql
        }
        let select = try XCTUnwrap(statements.first { $0.hasPrefix("SELECT") && $0.contains("\"Item\"") })
        XCTAssertTrue(select.contains("\"rank\""), select)
        XCTAssertFalse(select.contains("\"note\""), select)
        XCTAssertFalse(select.contains("*"), select)
    }
}

/// `keys` always keeps the ACL.
final class QueryKeysACLTests: XCTestCase {
    func test_keys_alwaysKeepTheACL() async throws {
        let store = try makeMemoryStore()
        let acl: ParseValue = ["*": ["read": true]]
        try await seed(store, "Item", [["name": "a", "note": "x", "ACL": acl]])
        let found = try await store.read { try $0.first(ParseQuery("Item").select("note")) }
        XCTAssertEqual(found?.fields, ["note": "x", "ACL": acl])
    }
}
