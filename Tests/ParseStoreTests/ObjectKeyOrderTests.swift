import Foundation
import XCTest

@testable import ParseStore

/// An Object field gives its keys back in the order they were written, on either backend, through every read.
///
/// The keys are chosen so that PostgreSQL's `jsonb` order (shorter keys first) differs from the written one.
final class ObjectKeyOrderTests: XCTestCase {
    private static let info: ParseValue = [
        "Calories": "320 kcal", "Protein": "12 g", "Fat": "9 g", "extra": ["zeta": 1, "b": 2],
    ]
    private let writtenOrder = ["Calories", "Protein", "Fat", "extra"]

    /// The keys of `object`'s `info` field.
    private func keys(_ object: ParseObject?) -> [String]? {
        object?["info"]?.objectValue.map { Array($0.keys) }
    }

    /// The keys of the `extra` member of `object`'s `info` field.
    private func nestedKeys(_ object: ParseObject?) -> [String]? {
        object?["info"]?.objectValue?["extra"]?.objectValue.map { Array($0.keys) }
    }

    func testKeysComeBackAsWrittenThroughFindGetIncludeAndASubKeyQuery() async throws {
        let store = try makeMemoryStore()
        let recipe = try await store.write { try $0.create("Recipe", ["name": "soup", "info": Self.info]) }
        try await seed(store, "Menu", [["name": "monday", "dish": .pointer(recipe.pointer)]])

        let fetched = try await store.read { try $0.fetch("Recipe", objectId: recipe.objectId) }
        XCTAssertEqual(keys(fetched), writtenOrder, "get")
        XCTAssertEqual(nestedKeys(fetched), ["zeta", "b"], "a nested object, by get")
        let found = try await store.read { try $0.find(ParseQuery("Recipe")) }
        XCTAssertEqual(keys(found.first), writtenOrder, "find")
        let bySubKey = try await store.read {
            try $0.find(ParseQuery("Recipe").where("info.Fat", equalTo: "9 g"))
        }
        XCTAssertEqual(bySubKey.map(\.objectId), [recipe.objectId], "a query on a sub-key matches")
        XCTAssertEqual(keys(bySubKey.first), writtenOrder, "find by sub-key")
        let menu = try await store.read { try $0.first(ParseQuery("Menu", include: ["dish"])) }
        guard case .includedObject(let dish)? = menu?["dish"] else { return XCTFail("the dish is not included") }
        XCTAssertEqual(keys(dish), writtenOrder, "include")
        let fetchedMenu = try await store.read { reader in
            try reader.fetch("Menu", objectId: XCTUnwrap(menu?.objectId), include: ["dish"])
        }
        guard case .includedObject(let fetchedDish)? = fetchedMenu["dish"] else { return XCTFail("not included") }
        XCTAssertEqual(keys(fetchedDish), writtenOrder, "get with include")
    }

    func testAnUpdateKeepsTheNewOrderAndSubKeyQueriesFollowIt() async throws {
        let store = try makeMemoryStore()
        let recipe = try await store.write { try $0.create("Recipe", ["name": "soup", "info": Self.info]) }
        let reordered: ParseValue = ["Fibre": "3 g", "Fat": "10 g", "Calories": "300 kcal"]
        _ = try await store.write { try $0.update("Recipe", objectId: recipe.objectId, ["info": reordered]) }

        let fetched = try await store.read { try $0.fetch("Recipe", objectId: recipe.objectId) }
        XCTAssertEqual(keys(fetched), ["Fibre", "Fat", "Calories"])
        let found = try await store.read { try $0.find(ParseQuery("Recipe").where("info.Fat", equalTo: "10 g")) }
        XCTAssertEqual(keys(found.first), ["Fibre", "Fat", "Calories"])
        let stale = try await count(store, ParseQuery("Recipe").where("info.Fat", equalTo: "9 g"))
        XCTAssertEqual(stale, 0, "the old value no longer matches")
    }

    func testQueriesOnAnObjectFieldAndItsSubKeysStillMatch() async throws {
        let store = try makeMemoryStore()
        try await seed(
            store, "Recipe",
            [
                ["name": "soup", "info": Self.info],
                ["name": "cake", "info": ["Calories": "450 kcal", "Sugar": "30 g", "rank": 2]],
                ["name": "water"],
            ])

        let hasFat = try await nameSet(store, ParseQuery("Recipe").where("info.Fat", "$exists", true))
        XCTAssertEqual(hasFat, ["soup"])
        let noFat = try await nameSet(store, ParseQuery("Recipe").where("info.Fat", "$exists", false))
        XCTAssertEqual(noFat, ["cake", "water"])
        let nested = try await nameSet(store, ParseQuery("Recipe").where("info.extra.zeta", equalTo: 1))
        XCTAssertEqual(nested, ["soup"])
        let ranked = try await nameSet(store, ParseQuery("Recipe").where("info.rank", "$gte", 2))
        XCTAssertEqual(ranked, ["cake"])
        let listed = try await nameSet(
            store, ParseQuery("Recipe").where("info.Calories", "$in", ["450 kcal", "320 kcal"]))
        XCTAssertEqual(listed, ["soup", "cake"])
        let whole = try await nameSet(store, ParseQuery("Recipe").where("info", equalTo: Self.info))
        XCTAssertEqual(whole, ["soup"], "equality with the whole object as written")
        let notWhole = try await nameSet(store, ParseQuery("Recipe").where("info", "$ne", Self.info))
        XCTAssertEqual(notWhole, ["cake", "water"])
        let present = try await nameSet(store, ParseQuery("Recipe").where("info", "$exists", true))
        XCTAssertEqual(present, ["soup", "cake"])
        let sorted = try await names(
            store, ParseQuery("Recipe").where("info", "$exists", true).order(by: "info.Calories"))
        XCTAssertEqual(sorted, ["soup", "cake"], "sorted by a sub-key")
    }

    func testAnIndexOnAnObjectFieldIsMadeAndItsQueriesStillMatch() async throws {
        let store = try makeMemoryStore()
        try await seed(store, "Recipe", [["name": "soup", "info": Self.info]])
        try await store.write { try $0.ensureIndex("Recipe", on: [("info", .object)]) }
        let whole = try await nameSet(store, ParseQuery("Recipe").where("info", equalTo: Self.info))
        XCTAssertEqual(whole, ["soup"])
        let found = try await store.read { try $0.find(ParseQuery("Recipe")) }
        XCTAssertEqual(keys(found.first), writtenOrder)
    }
}
