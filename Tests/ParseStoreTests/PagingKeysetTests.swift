import Foundation
import GRDB
import Synchronization
import XCTest

@testable import ParseStore

/// Keyset paging on ("createdAt", "objectId"): correct pages across ties, and index-driven query plans.
final class PagingKeysetTests: XCTestCase {
    private var fileStore: TemporaryFileStore!
    private var store: ParseStore { fileStore.store }

    override func setUp() async throws {
        // Seven objects per millisecond, so that pages split runs of equal createdAt.
        fileStore = try makeFileStore(clock: BatchedClock(perInstant: 7))
        try await seed(store, "Todo", (0..<230).map { ["name": .string("t\($0)"), "done": .boolean($0 % 3 == 0)] })
    }

    override func tearDown() {
        fileStore.cleanUp()
    }

    /// The where document of the page after (`older`) or before the object at the given boundary.
    private static func page(after boundary: ParseObject, older: Bool) -> ParseQuery {
        let date = ParseValue.date(boundary.createdAt)
        let id = ParseValue.string(boundary.objectId)
        let constraints: WhereDocument =
            older
            ? ["createdAt": ["$lte": date], "$nor": [["createdAt": date, "objectId": ["$gte": id]]]]
            : ["createdAt": ["$gte": date], "$nor": [["createdAt": date, "objectId": ["$lte": id]]]]
        let order = older ? ["-createdAt", "-objectId"] : ["createdAt", "objectId"]
        return ParseQuery("Todo", constraints: constraints, order: order, limit: 50)
    }

    /// The find statement of `query` with its arguments, as the reader would run it.
    private func explain(_ query: ParseQuery) async throws -> String {
        try await store.read { reader in
            let parsed = try ParsedQuery(query)
            let schema = try XCTUnwrap(try reader.schema(query.className))
            let compiled = try CompiledQuery(parsed, schema: schema, db: reader.db, schemas: reader.context.schemas)
            let find = try XCTUnwrap(compiled.find)
            let rows = try Row.fetchAll(
                reader.grdb, sql: "EXPLAIN QUERY PLAN " + find.sql,
                arguments: StatementArguments(find.arguments.map(SQLiteConnection.databaseValue)))
            return rows.map { $0["detail"] as String }.joined(separator: "\n")
        }
    }

    func test_keysetPages_walkEveryObjectOnceInOrder() async throws {
        let expected = try await store.read {
            try $0.find(ParseQuery("Todo", order: ["-createdAt", "-objectId"], limit: -1))
        }
        var walked: [ParseObject] = []
        var current = try await store.read {
            try $0.find(ParseQuery("Todo", order: ["-createdAt", "-objectId"], limit: 50))
        }
        while !current.isEmpty {
            walked += current
            let next = Self.page(after: current[current.count - 1], older: true)
            current = try await store.read { try $0.find(next) }
        }
        XCTAssertEqual(walked.map(\.objectId), expected.map(\.objectId))
    }

    func test_previousPage_isTheMirrorQueryReversed() async throws {
        let all = try await store.read {
            try $0.find(ParseQuery("Todo", order: ["-createdAt", "-objectId"], limit: -1))
        }
        let previous = try await store.read { try $0.find(Self.page(after: all[100], older: false)) }
        XCTAssertEqual(previous.reversed().map(\.objectId), all[50..<100].map(\.objectId))
    }

    func test_keysetCondition_isRewrittenToARowValueComparison() async throws {
        let boundary = try await store.read { try $0.first(ParseQuery("Todo").order(by: "-createdAt")) }
        let query = Self.page(after: try XCTUnwrap(boundary), older: true)
        let clause = try ParsedQuery(query).clause
        guard case .all(let parts) = clause, parts.count == 1, case .rowValue(let fields, .lessThan, _) = parts[0]
        else { return XCTFail("not rewritten: \(clause)") }
        XCTAssertEqual(fields, ["createdAt", "objectId"])
    }

    func test_keysetRewrite_leavesATieBreakerOnAnotherInstantAlone() throws {
        let (early, late) = (
            ParseValue.date(Date(timeIntervalSince1970: 1)), ParseValue.date(Date(timeIntervalSince1970: 2))
        )
        let query = ParseQuery(
            "Todo",
            constraints: ["createdAt": ["$lte": late], "$nor": [["createdAt": early, "objectId": ["$gte": "a"]]]])
        let clause = try ParsedQuery(query).clause
        guard case .all(let parts) = clause else { return XCTFail("\(clause)") }
        XCTAssertEqual(parts.count, 2)
        XCTAssertFalse(parts.contains { if case .rowValue = $0 { true } else { false } })
    }

    func test_keysetPagePlan_searchesTheCreatedAtIndexWithoutSorting() async throws {
        let boundary = try await store.read { try $0.first(ParseQuery("Todo").order(by: "-createdAt").skip(60)) }
        let plan = try await explain(Self.page(after: try XCTUnwrap(boundary), older: true))
        XCTAssertTrue(plan.contains("Todo_createdAt"), plan)
        XCTAssertTrue(plan.contains("(createdAt,objectId)<(?,?)"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    func test_previousPagePlan_searchesTheCreatedAtIndexWithoutSorting() async throws {
        let boundary = try await store.read { try $0.first(ParseQuery("Todo").order(by: "-createdAt").skip(60)) }
        let plan = try await explain(Self.page(after: try XCTUnwrap(boundary), older: false))
        XCTAssertTrue(plan.contains("Todo_createdAt"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    func test_firstPagePlan_scansTheCreatedAtIndexWithoutSorting() async throws {
        let plan = try await explain(ParseQuery("Todo", order: ["-createdAt", "-objectId"], limit: 50))
        XCTAssertTrue(plan.contains("Todo_createdAt"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    func test_orderByCreatedAtAlone_isAlsoIndexDriven() async throws {
        let plan = try await explain(ParseQuery("Todo", order: ["-createdAt"], limit: 50))
        XCTAssertTrue(plan.contains("Todo_createdAt"), plan)
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
    }

    func test_keysetPage_withAnotherFilter_keepsTheIndexOrder() async throws {
        let boundary = try await store.read { try $0.first(ParseQuery("Todo").order(by: "-createdAt").skip(60)) }
        let query = Self.page(after: try XCTUnwrap(boundary), older: true).where("done", equalTo: false)
        let plan = try await explain(query)
        let found = try await store.read { try $0.find(query) }
        XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
        XCTAssertTrue(found.allSatisfy { $0["done"] == false })
    }

    func test_repeatedPages_reuseOneCachedStatement() async throws {
        let boundaries = try await store.read { try $0.find(ParseQuery("Todo").order(by: "-createdAt").limit(3)) }
        let prepared = try await store.read { reader in
            var sql: Set<String> = []
            for boundary in boundaries {
                let query = Self.page(after: boundary, older: true)
                let parsed = try ParsedQuery(query)
                let schema = try XCTUnwrap(try reader.schema("Todo"))
                let compiled = try CompiledQuery(parsed, schema: schema, db: reader.db, schemas: reader.context.schemas)
                sql.insert(try XCTUnwrap(compiled.find).sql)
            }
            return sql
        }
        XCTAssertEqual(prepared.count, 1, "every page compiles to the same SQL text, so the statement cache hits")
    }
}

/// A clock that moves one millisecond forward after every `perInstant` readings.
final class BatchedClock: ParseClock {
    private let readings = Mutex(0)
    /// How many readings share one instant.
    let perInstant: Int
    private let start = Date(timeIntervalSince1970: 1_714_558_830.456)

    init(perInstant: Int) {
        self.perInstant = perInstant
    }

    func now() -> Date {
        let index = readings.withLock { count in
            defer { count += 1 }
            return count
        }
        return start.addingTimeInterval(Double(index / perInstant) / 1000)
    }
}
