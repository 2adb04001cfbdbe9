import Foundation
import XCTest

@testable import ParseStore

/// `$relativeTime` operands on Date fields, counted from the store's clock.
final class QueryRelativeTimeTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_714_558_830.456)
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore(clock: FixedClock(now))
        try await seed(
            store, "Event",
            [
                ["name": "lastWeek", "at": .date(now.addingTimeInterval(-7 * 86_400))],
                ["name": "yesterday", "at": .date(now.addingTimeInterval(-86_400))],
                ["name": "tomorrow", "at": .date(now.addingTimeInterval(86_400))],
            ])
    }

    private func relative(_ op: String, _ text: String) -> ParseQuery {
        ParseQuery("Event").where("at", op, ["$relativeTime": .string(text)])
    }

    func test_relativeTimeAgo_comparesWithThePast() async throws {
        let found = try await nameSet(store, relative("$gt", "2 days ago"))
        XCTAssertEqual(found, ["yesterday", "tomorrow"])
    }

    func test_relativeTimeIn_comparesWithTheFuture() async throws {
        let found = try await nameSet(store, relative("$lt", "in 1 day 1 hr"))
        XCTAssertEqual(found, ["lastWeek", "yesterday", "tomorrow"])
    }

    func test_relativeTimeNow_isTheStoresClock() async throws {
        let found = try await nameSet(store, relative("$gte", "now"))
        XCTAssertEqual(found, ["tomorrow"])
    }

    func test_relativeTimeWithoutInOrAgo_throws107() async {
        let query = relative("$gt", "2 days")
        let message = "bad $relativeTime (2 days) value. Time should either start with 'in' or end with 'ago'"
        await assertParseError(107, message) {
            try await self.store.read { try $0.find(query) }
        }
    }

    func test_relativeTimeWithUnknownUnit_throws107() async {
        let query = relative("$gt", "3 fortnights ago")
        await assertParseError(107, "bad $relativeTime (3 fortnights ago) value. Invalid interval: 'fortnights'") {
            try await self.store.read { try $0.find(query) }
        }
    }
}
