import Foundation
import XCTest

@testable import ParseStore

/// `refreshStatistics()`: after a bulk write, PostgreSQL's planner learns what the tables hold at once, rather than
/// when autovacuum next looks (a minute or more), so a count the indexes answer is not read from the whole table.
final class PlannerStatisticsTests: XCTestCase {
    /// What the planner believes the class's table holds (`pg_class.reltuples`: -1 before any ANALYZE).
    private func plannedRows(_ store: ParseStore, _ className: String) async throws -> Int64? {
        try await store.read { reader in
            try reader.db.value(
                "SELECT c.reltuples::int8 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
                    + " ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relname = ?",
                [.text(className)], cached: false
            ).integer
        }
    }

    func testAfterABulkWriteThePlannerKnowsHowManyRowsEachTableHolds() async throws {
        guard TestBackend.isPostgres else {
            throw XCTSkip("SQLite's planner needs no statistics for the store's queries: nothing to refresh")
        }
        let store = try makeMemoryStore()
        try await store.write { writer in
            for number in 0..<300 {
                try writer.create("Chore", ["title": .string("Chore \(number)"), "done": .boolean(number < 3)])
            }
            for number in 0..<40 { try writer.create("Room", ["name": .string("Room \(number)")]) }
        }
        let before = try await plannedRows(store, "Chore")
        XCTAssertNotEqual(before, 300, "a table just filled has not been analysed yet")
        try await store.refreshStatistics()
        let chores = try await plannedRows(store, "Chore")
        let rooms = try await plannedRows(store, "Room")
        XCTAssertEqual(chores, 300)
        XCTAssertEqual(rooms, 40, "every table of the store's schema is analysed")
    }
}
