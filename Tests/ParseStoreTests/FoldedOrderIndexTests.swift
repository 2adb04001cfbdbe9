import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// `ensureFoldedOrderIndex`: a list sorted by text ignoring case and accents walks an index instead of folding and
/// sorting every row, and comes back in the same order as without it, through every writer.
final class FoldedOrderIndexTests: XCTestCase {
    private var fileStore: TemporaryFileStore!
    private var store: ParseStore { fileStore.store }
    private let titles = ["éclair", "Apple", "banana", "Zebra", "apple", "Édith", "cherry", "Ångström", "dune"]

    override func setUp() async throws {
        fileStore = try makeFileStore()
        try await seed(store, "Book", titles.map { ["title": .string($0)] })
    }

    override func tearDown() {
        fileStore.cleanUp()
    }

    private func query(limit: Int = -1, descending: Bool = false) -> ParseQuery {
        ParseQuery("Book").order(by: descending ? "-title" : "title").ignoringCaseAndAccentsInTextOrder().limit(limit)
    }

    /// The query plan of `query`'s find statement.
    private func plan(_ query: ParseQuery) async throws -> String {
        try await store.read { reader in
            let schema = try XCTUnwrap(try reader.schema(query.className))
            let compiled = try CompiledQuery(
                try ParsedQuery(query), schema: schema, db: reader.db, schemas: reader.context.schemas)
            let find = try XCTUnwrap(compiled.find)
            return try Row.fetchAll(
                reader.grdb, sql: "EXPLAIN QUERY PLAN " + find.sql,
                arguments: StatementArguments(find.arguments.map(SQLiteConnection.databaseValue))
            ).map { $0["detail"] as String }.joined(separator: "\n")
        }
    }

    private func titlesInOrder(_ query: ParseQuery) async throws -> [String] {
        try await store.read { try $0.find(query).map { $0["title"]?.stringValue ?? "" } }
    }

    func test_withoutTheIndex_everyTitleIsSortedPerQuery() async throws {
        let plan = try await plan(query(limit: 3))
        XCTAssertTrue(plan.contains("TEMP B-TREE FOR ORDER BY"), plan)
    }

    func test_withTheIndex_aPageWalksItAndSortsNothing() async throws {
        try await store.write { try $0.ensureFoldedOrderIndex("Book", field: "title") }
        for descending in [false, true] {
            let plan = try await plan(query(limit: 3, descending: descending))
            XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
            XCTAssertTrue(plan.contains("Book_title_folded"), plan)
        }
    }

    func test_theIndexChangesNoOrder_afterCreatesUpdatesAndDeletes() async throws {
        let before = try await titlesInOrder(query())
        // "Apple" and "apple" tie, so their objectIds order them.
        XCTAssertEqual(before.prefix(4).map { $0.lowercased() }, ["ångström", "apple", "apple", "banana"])
        try await store.write { try $0.ensureFoldedOrderIndex("Book", field: "title") }
        let indexed = try await titlesInOrder(query())
        XCTAssertEqual(indexed, before)
        try await store.write { writer in
            let first = try writer.reader.first(ParseQuery("Book").where("title", equalTo: .string("Zebra")))
            try writer.update("Book", objectId: try XCTUnwrap(first).objectId, ["title": .string("Aardvark")])
            try writer.create("Book", ["title": .string("Über")])
            try writer.create("Book", [:])
        }
        let changed = try await titlesInOrder(query())
        XCTAssertEqual(changed.filter { !$0.isEmpty }.first, "Aardvark")
        XCTAssertEqual(changed.filter { !$0.isEmpty }.last, "Über")
        let descending = try await titlesInOrder(query(descending: true))
        XCTAssertEqual(descending, changed.reversed())
    }

    private func indexNames() async throws -> [String] {
        try await store.read { reader in
            try String.fetchAll(reader.grdb, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
        }
    }

    func test_aFieldOfAnotherType_getsNoIndex() async throws {
        try await store.write { writer in
            try writer.create("Count", ["title": .number(3)])
            try writer.ensureFoldedOrderIndex("Count", field: "title")
        }
        let names = try await indexNames()
        XCTAssertFalse(names.contains("Count_title_folded"))
    }

    func test_aMissingClassIsNotMade_butGetsItsIndexWithItsFirstObject() async throws {
        try await store.write { try $0.ensureFoldedOrderIndex("Fresh", field: "name") }
        let schema = try await store.read { try $0.schema("Fresh") }
        XCTAssertNil(schema, "a fresh database has no class before its first object")
        let before = try await indexNames()
        XCTAssertFalse(before.contains("Fresh_name_folded"))
        try await store.write { try $0.create("Fresh", ["name": .string("Éa")]) }
        let after = try await indexNames()
        XCTAssertTrue(after.contains("Fresh_name_folded"))
    }

    func test_aBackupWithTheIndex_isReadWithAnUntrustedSchema() async throws {
        try await store.write { try $0.ensureFoldedOrderIndex("Book", field: "title") }
        let firstPage = query(limit: 1)
        let first = try await store.read { reader in
            try reader.grdb.execute(sql: "PRAGMA trusted_schema = OFF")
            defer { try? reader.grdb.execute(sql: "PRAGMA trusted_schema = ON") }
            return try reader.find(firstPage).first?["title"]?.stringValue
        }
        XCTAssertEqual(first, "Ångström")
    }
}
