import Foundation
import XCTest

@testable import ParseStore

/// `$lt`, `$lte`, `$gt`, `$gte` on numbers, strings and dates.
final class QueryComparisonTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_714_558_830.456)
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore(clock: SteppingClock(start: start, step: 60))
        try await seed(
            store, "Item",
            [
                ["name": "a", "qty": 1, "title": "apple", "due": .date(start)],
                ["name": "b", "qty": 2, "title": "banana", "due": .date(start.addingTimeInterval(86_400))],
                ["name": "c", "qty": 3, "title": "cherry", "due": .date(start.addingTimeInterval(2 * 86_400))],
                ["name": "d"],
            ])
    }

    func test_lt_onNumbers_matchesSmallerValuesOnly() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$lt", 2))
        XCTAssertEqual(found, ["a"])
    }

    func test_lte_onNumbers_includesTheBound() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$lte", 2))
        XCTAssertEqual(found, ["a", "b"])
    }

    func test_gt_and_lt_together_selectARange() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$gt", 1).where("qty", "$lt", 3))
        XCTAssertEqual(found, ["b"])
    }

    func test_gte_onNumbers_neverMatchesMissingFields() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$gte", 0))
        XCTAssertEqual(found, ["a", "b", "c"])
    }

    func test_comparisons_onStrings_useStringOrder() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", "$gte", "b"))
        XCTAssertEqual(found, ["b", "c"])
    }

    func test_comparisons_onDateFields_compareInstants() async throws {
        let bound = ParseValue.date(start.addingTimeInterval(86_400))
        let before = try await nameSet(store, ParseQuery("Item").where("due", "$lt", bound))
        let from = try await nameSet(store, ParseQuery("Item").where("due", "$gte", bound))
        XCTAssertEqual(before, ["a"])
        XCTAssertEqual(from, ["b", "c"])
    }

    func test_comparisons_onCreatedAt_compareInstantsToTheMillisecond() async throws {
        let second = ParseValue.date(start.addingTimeInterval(60))
        let found = try await nameSet(store, ParseQuery("Item").where("createdAt", "$lte", second))
        let after = try await nameSet(store, ParseQuery("Item").where("createdAt", "$gt", second))
        XCTAssertEqual(found, ["a", "b"])
        XCTAssertEqual(after, ["c", "d"])
    }

    func test_stringOperand_onDateField_matchesNothing() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("due", "$gt", "2000-01-01T00:00:00.000Z"))
        XCTAssertEqual(found, [])
    }

    func test_numberOperand_onStringField_matchesNothing() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("title", "$lt", 100))
        XCTAssertEqual(found, [])
    }

    func test_lteNull_matchesMissingFields() async throws {
        let found = try await nameSet(store, ParseQuery("Item").where("qty", "$lte", nil))
        XCTAssertEqual(found, ["d"])
    }

    func test_comparisons_onArrayField_matchWhenSomeElementQualifies() async throws {
        try await seed(store, "Scores", [["name": "low", "values": [1, 2]], ["name": "high", "values": [1, 9]]])
        let found = try await nameSet(store, ParseQuery("Scores").where("values", "$gt", 5))
        XCTAssertEqual(found, ["high"])
    }
}
