import Foundation
import XCTest

@testable import ParseStore

/// `order`: several keys, descending, built-in fields, unknown and invalid keys, deterministic ties.
final class OrderTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore(clock: SteppingClock(step: 1))
        try await seed(
            store, "Item",
            [
                ["name": "a", "group": 2, "title": "pear", "meta": ["rank": 3]],
                ["name": "b", "group": 1, "title": "apple", "meta": ["rank": 1]],
                ["name": "c", "group": 2, "title": "fig", "meta": ["rank": 2]],
                ["name": "d", "group": 1, "title": "kiwi"],
            ])
    }

    func test_order_byOneKey_ascending() async throws {
        let found = try await names(store, ParseQuery("Item").order(by: "title"))
        XCTAssertEqual(found, ["b", "c", "d", "a"])
    }

    func test_order_withMinus_descending() async throws {
        let found = try await names(store, ParseQuery("Item").order(by: "-title"))
        XCTAssertEqual(found, ["a", "d", "c", "b"])
    }

    func test_order_bySeveralKeys_appliesThemInTurn() async throws {
        let found = try await names(store, ParseQuery("Item").order(by: "group", "-title"))
        XCTAssertEqual(found, ["d", "b", "a", "c"])
    }

    func test_order_acceptsACommaList() async throws {
        let found = try await names(store, ParseQuery("Item", order: ["group,-title"]))
        XCTAssertEqual(found, ["d", "b", "a", "c"])
    }

    func test_order_byCreatedAt_followsCreationTime() async throws {
        let ascending = try await names(store, ParseQuery("Item").order(by: "createdAt"))
        let descending = try await names(store, ParseQuery("Item").order(by: "-createdAt"))
        XCTAssertEqual(ascending, ["a", "b", "c", "d"])
        XCTAssertEqual(descending, ["d", "c", "b", "a"])
    }

    func test_order_byUpdatedAtAlias_followsUpdateTime() async throws {
        let all = try await store.read { try $0.find(ParseQuery("Item").order(by: "createdAt")) }
        let first = all[0].objectId
        _ = try await store.write { try $0.update("Item", objectId: first, ["title": "plum"]) }
        let found = try await names(store, ParseQuery("Item").order(by: "-_updated_at"))
        XCTAssertEqual(found.first, "a")
    }

    func test_order_byObjectId_sortsByTheIds() async throws {
        let all = try await store.read { try $0.find(ParseQuery("Item").order(by: "objectId")) }
        XCTAssertEqual(all.map(\.objectId), all.map(\.objectId).sorted())
    }

    func test_order_byUnknownField_isIgnored() async throws {
        let plain = try await names(store, ParseQuery("Item").order(by: "title"))
        let withUnknown = try await names(store, ParseQuery("Item").order(by: "nothing", "title"))
        XCTAssertEqual(withUnknown, plain)
    }

    func test_order_byInvalidFieldName_throws105() async {
        let query = ParseQuery("Item").order(by: "-bad-name")
        await assertParseError(105, "Invalid field name: bad-name.") {
            try await self.store.read { try $0.find(query) }
        }
    }

    func test_order_byDottedObjectMember_sortsByTheMember() async throws {
        let found = try await names(store, ParseQuery("Item").order(by: "-meta.rank"))
        XCTAssertEqual(found, ["a", "c", "b", "d"])
    }

    func test_ties_areBrokenByObjectIdInTheLastKeysDirection() async throws {
        let ascending = try await store.read { try $0.find(ParseQuery("Item").order(by: "group")) }
        let descending = try await store.read { try $0.find(ParseQuery("Item").order(by: "-group")) }
        let groupOne = ascending.filter { $0["group"] == 1 }.map(\.objectId)
        XCTAssertEqual(groupOne, groupOne.sorted())
        let groupTwoDescending = descending.filter { $0["group"] == 2 }.map(\.objectId)
        XCTAssertEqual(groupTwoDescending, groupTwoDescending.sorted(by: >))
    }

    func test_noOrder_isStillDeterministic_byObjectId() async throws {
        let all = try await store.read { try $0.find(ParseQuery("Item")) }
        XCTAssertEqual(all.map(\.objectId), all.map(\.objectId).sorted())
    }
}
