import Foundation
import XCTest

@testable import ParseStore

/// `$in`, `$nin`, `$all`, `$exists` and `$containedBy`.
final class QueryListOperatorTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore()
        try await seed(
            store, "Item",
            [
                ["name": "a", "color": "red", "qty": 1, "tags": ["x", "y"]],
                ["name": "b", "color": "green", "qty": 2, "tags": ["y", "z"]],
                ["name": "c", "color": "blue", "qty": 3, "tags": ["z"]],
                ["name": "d"],
            ])
    }

    func test_in_matchesAnyListedValue() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$in", ["red", "blue", "pink"]))
        XCTAssertEqual(found, ["a", "c"])
    }

    func test_in_flattensOneLevelOfNestedArrays() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$in", [["red", "green"]]))
        XCTAssertEqual(found, ["a", "b"])
    }

    func test_in_withEmptyList_matchesNothing() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$in", []))
        XCTAssertEqual(found, [])
    }

    func test_in_onNumbers_ignoresWrongTypedItems() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$in", [1, "2", 3]))
        XCTAssertEqual(found, ["a", "c"])
    }

    func test_in_withNullItem_alsoMatchesMissingFields() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$in", ["red", nil]))
        XCTAssertEqual(found, ["a", "d"])
    }

    func test_in_onArrayField_matchesArraysSharingAnElement() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$in", ["x", "q"]))
        XCTAssertEqual(found, ["a"])
    }

    func test_nin_excludesListedValuesAndMatchesMissingFields() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$nin", ["red", "green"]))
        XCTAssertEqual(found, ["c", "d"])
    }

    func test_nin_onArrayField_matchesArraysSharingNoElement() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$nin", ["x", "z"]))
        XCTAssertEqual(found, ["d"])
    }

    func test_nin_withEmptyList_matchesEverything() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$nin", []))
        XCTAssertEqual(found, ["a", "b", "c", "d"])
    }

    func test_existsTrue_matchesObjectsWithTheField() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$exists", true))
        XCTAssertEqual(found, ["a", "b", "c"])
    }

    func test_existsFalse_matchesObjectsWithoutTheField() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$exists", false))
        XCTAssertEqual(found, ["d"])
    }

    func test_all_matchesArraysContainingEveryValue() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$all", ["y", "z"]))
        XCTAssertEqual(found, ["b"])
    }

    func test_all_withEmptyList_matchesNothing() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$all", []))
        XCTAssertEqual(found, [])
    }

    func test_all_withRegexItems_requiresEveryPrefixToMatchSomeElement() async throws {
        try await seed(
            store, "Word", [["name": "w1", "words": ["alpha", "beta"]], ["name": "w2", "words": ["alpha"]]])
        let query = ParseQuery("Word").where("words", "$all", [["$regex": "^\\Qal\\E"], ["$regex": "^\\Qbe\\E"]])
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, ["w1"])
    }

    func test_all_mixingRegexAndPlainItems_isRejectedWith107() async throws {
        let query = ParseQuery("Item").where("tags", "$all", [["$regex": "^x"], "y"])
        await assertParseError(107) { try await self.store.read { try $0.find(query) } }
    }

    func test_containedBy_matchesArraysWhoseElementsAreAllListed() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$containedBy", ["y", "z"]))
        XCTAssertEqual(found, ["b", "c"])
    }
}

/// `$in` lists longer than SQLite's parameter limit.
final class QueryLongListTests: XCTestCase {
    func test_in_withFortyThousandIds_findsTheListedObjects() async throws {
        let store = try makeMemoryStore()
        let rows: [[String: ParseValue]] = (0..<5).map { ["name": .string("n\($0)"), "rank": .number(Double($0))] }
        let created = try await seed(store, "Item", rows)
        var ids: [ParseValue] = (0..<40_000).map { .string("missing\($0)") }
        ids += [.string(created[1].objectId), .string(created[3].objectId)]
        let found = try await nameSet(store, ParseQuery("Item").where("objectId", "$in", .array([.array(ids)])))
        XCTAssertEqual(found, ["n1", "n3"])
    }

    func test_in_withALongListOfNumbers_comparesNumerically() async throws {
        let store = try makeMemoryStore()
        try await seed(store, "Item", (0..<5).map { ["name": .string("n\($0)"), "rank": .number(Double($0))] })
        let list = ParseValue.array((100..<200).map { .number(Double($0)) } + [2, 4.0])
        let found = try await nameSet(store, ParseQuery("Item").where("rank", "$in", list))
        XCTAssertEqual(found, ["n2", "n4"])
    }
}
