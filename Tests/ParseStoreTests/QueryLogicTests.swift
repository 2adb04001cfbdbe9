import Foundation
import XCTest

@testable import ParseStore

/// `$or`, `$and`, `$nor` and their nesting.
final class QueryLogicTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore()
        try await seed(
            store, "Item",
            [
                ["name": "a", "color": "red", "qty": 1],
                ["name": "b", "color": "green", "qty": 2],
                ["name": "c", "color": "blue", "qty": 3],
                ["name": "d", "qty": 4],
            ])
    }

    private func query(_ constraints: WhereDocument) -> ParseQuery {
        ParseQuery("Item", constraints: constraints)
    }

    func test_or_matchesObjectsMatchingAnyBranch() async throws {
        let found = try await nameSet(store, query(["$or": [["color": "red"], ["qty": ["$gte": 3]]]]))
        XCTAssertEqual(found, ["a", "c", "d"])
    }

    func test_and_matchesObjectsMatchingEveryBranch() async throws {
        let found = try await nameSet(store, query(["$and": [["qty": ["$gt": 1]], ["qty": ["$lt": 4]]]]))
        XCTAssertEqual(found, ["b", "c"])
    }

    func test_nor_matchesObjectsMatchingNoBranch() async throws {
        let found = try await nameSet(store, query(["$nor": [["color": "red"], ["qty": 3]]]))
        XCTAssertEqual(found, ["b", "d"])
    }

    func test_nor_matchesObjectsWhoseFieldIsMissing() async throws {
        let found = try await nameSet(store, query(["$nor": [["color": ["$in": ["red", "green", "blue"]]]]]))
        XCTAssertEqual(found, ["d"])
    }

    func test_nor_calledTwice_keepsBothBranches() async throws {
        let query = ParseQuery("Item").nor([ParseQuery("Item").where("color", equalTo: "red")])
            .nor([ParseQuery("Item").where("qty", "$gte", 4)])
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, ["b", "c"], "neither red nor 4 or more: missing colors count as not red")
    }

    func test_or_insideAnd_insideNor_nestArbitrarily() async throws {
        let document: WhereDocument = [
            "$nor": [["$and": [["qty": ["$gte": 2]], ["$or": [["color": "green"], ["color": ["$exists": false]]]]]]]
        ]
        let found = try await nameSet(store, query(document))
        XCTAssertEqual(found, ["a", "c"])
    }

    func test_or_combinesWithSiblingConstraintsByAnd() async throws {
        let found = try await nameSet(store, query(["qty": ["$lt": 3], "$or": [["color": "red"], ["color": "blue"]]]))
        XCTAssertEqual(found, ["a"])
    }

    func test_emptyOr_matchesNothing_and_emptyAnd_matchesEverything() async throws {
        let none = try await nameSet(store, query(["$or": []]))
        let all = try await nameSet(store, query(["$and": []]))
        XCTAssertEqual(none, [])
        XCTAssertEqual(all, ["a", "b", "c", "d"])
    }

    func test_constraintObjectMixingOperatorsAndPlainKeys_regroupsPlainKeysAsEq() async throws {
        try await seed(store, "Box", [["name": "x", "size": ["w": 1]], ["name": "y", "size": ["w": 2]]])
        let found = try await nameSet(
            store, ParseQuery("Box", constraints: ["size": ["w": 1, "$exists": true]]))
        XCTAssertEqual(found, ["x"])
    }
}
