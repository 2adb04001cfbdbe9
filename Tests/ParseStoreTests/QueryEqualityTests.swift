import Foundation
import XCTest

@testable import ParseStore

/// Equality, `$eq`, `$ne` and null/missing semantics of the `where` compiler.
final class QueryEqualityTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore()
        try await seed(
            store, "Item",
            [
                ["name": "a", "title": "Milk", "qty": 1, "done": false, "tags": ["x", "y"], "scores": [1, 2]],
                ["name": "b", "title": "Bread", "qty": 2, "done": true, "tags": ["y"], "scores": [3]],
                ["name": "c", "title": "Milk", "qty": 3, "done": true],
                ["name": "d", "qty": 2.5],
            ])
    }

    func test_equality_onStringField_matchesOnlyEqualStrings() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", equalTo: "Milk"))
        XCTAssertEqual(found, ["a", "c"])
    }

    func test_equality_onNumberField_matchesIntegralAndFractionalNumbers() async throws {
        let two = try await nameSet(store, ParseQuery("Item").where("qty", equalTo: 2))
        let twoAndAHalf = try await nameSet(store, ParseQuery("Item").where("qty", equalTo: 2.5))
        XCTAssertEqual(two, ["b"])
        XCTAssertEqual(twoAndAHalf, ["d"])
    }

    func test_equality_onBooleanField_matchesTrueOrFalse() async throws {
        let done = try await nameSet(store, ParseQuery("Item").where("done", equalTo: true))
        let open = try await nameSet(store, ParseQuery("Item").where("done", equalTo: false))
        XCTAssertEqual(done, ["b", "c"])
        XCTAssertEqual(open, ["a"])
    }

    func test_equalityToNull_matchesNullAndMissingFields() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", equalTo: nil))
        XCTAssertEqual(found, ["d"])
    }

    func test_eqOperator_matchesLikeLiteralEquality() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", "$eq", "Bread"))
        let null = try await nameSet(store, ParseQuery("Item").where("done", "$eq", nil))
        XCTAssertEqual(found, ["b"])
        XCTAssertEqual(null, ["d"])
    }

    func test_equality_onArrayField_matchesArraysContainingTheString() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", equalTo: "y"))
        XCTAssertEqual(found, ["a", "b"])
    }

    func test_equality_onArrayField_matchesArraysContainingTheNumber() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("scores", equalTo: 3))
        XCTAssertEqual(found, ["b"])
    }

    func test_equality_onArrayField_withWholeArray_matchesThatExactArray() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", equalTo: ["x", "y"]))
        XCTAssertEqual(found, ["a"])
    }

    func test_equality_onArrayField_doesNotMatchAStringThatLooksLikeANumber() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("scores", equalTo: "3"))
        XCTAssertEqual(found, [])
    }

    func test_ne_matchesDifferentValuesAndMissingFields() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", "$ne", "Milk"))
        XCTAssertEqual(found, ["b", "d"])
    }

    func test_neNull_matchesObjectsThatHaveAValue() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", "$ne", nil))
        XCTAssertEqual(found, ["a", "b", "c"])
    }

    func test_ne_onArrayField_matchesArraysNotContainingTheValueAndMissingArrays() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("tags", "$ne", "x"))
        XCTAssertEqual(found, ["b", "c", "d"])
    }

    func test_stringOperand_onNumberField_matchesNothingWithoutError() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", equalTo: "2"))
        XCTAssertEqual(found, [])
    }

    func test_numberOperand_onStringField_matchesNothingWithoutError() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", equalTo: 1))
        let ordered = try await nameSet(store, ParseQuery("Item").where("title", "$gt", 0))
        XCTAssertEqual(found, [])
        XCTAssertEqual(ordered, [])
    }

    func test_ne_withWrongTypedOperand_matchesEveryObject() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$ne", "2"))
        XCTAssertEqual(found, ["a", "b", "c", "d"])
    }

    func test_equality_onUnknownField_matchesNothing() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", equalTo: "red"))
        XCTAssertEqual(found, [])
    }

    func test_negativeConstraints_onUnknownField_matchEveryObject() async throws {
        let ne = try await nameSet(store, ParseQuery("Item").where("color", "$ne", "red"))
        let nin = try await nameSet(store, ParseQuery("Item").where("color", "$nin", ["red"]))
        let absent = try await nameSet(store, ParseQuery("Item").where("color", "$exists", false))
        let null = try await nameSet(store, ParseQuery("Item").where("color", equalTo: nil))
        XCTAssertEqual(ne, ["a", "b", "c", "d"])
        XCTAssertEqual(nin, ["a", "b", "c", "d"])
        XCTAssertEqual(absent, ["a", "b", "c", "d"])
        XCTAssertEqual(null, ["a", "b", "c", "d"])
    }

    func test_existsTrue_onUnknownField_matchesNothing() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("color", "$exists", true))
        XCTAssertEqual(found, [])
    }

    func test_unknownClass_findsNothingAndCountsZero() async throws {
        let query = ParseQuery("NeverWritten").where("title", equalTo: "Milk")
        let found = try await store.read { try $0.find(query) }
        let counted = try await count(store, query)
        XCTAssertEqual(found, [])
        XCTAssertEqual(counted, 0)
    }

    func test_equality_onObjectIdField_findsThatObject() async throws {
        let all = try await store.read { try $0.find(ParseQuery("Item")) }
        let target = try XCTUnwrap(all.first { $0["name"] == "c" })
        let found = try await nameSet(store, ParseQuery("Item").where("objectId", equalTo: .string(target.objectId)))
        XCTAssertEqual(found, ["c"])
    }

    func test_multipleKeys_areCombinedWithAnd() async throws {
        let found = try await nameSet(
            store, ParseQuery("Item").where("title", equalTo: "Milk").where("done", equalTo: true))
        XCTAssertEqual(found, ["c"])
    }
}
