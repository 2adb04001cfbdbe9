import Foundation
import XCTest

@testable import ParseStore

/// Dotted where keys into Object fields (`"stats.wins": 3`).
final class QueryDottedKeyTests: XCTestCase {
    private var store: ParseStore!
    private let day = Date(timeIntervalSince1970: 1_714_521_600)

    override func setUp() async throws {
        store = try makeMemoryStore()
        try await seed(
            store, "Player",
            [
                ["name": "a", "stats": ["wins": 3, "team": "red", "best": ["score": 10], "since": .date(day)]],
                ["name": "b", "stats": ["wins": 7, "team": "blue", "best": ["score": 4]]],
                ["name": "c", "stats": ["wins": "3"]],
                ["name": "d", "tags": ["first", "second"]],
            ])
    }

    func test_dottedEquality_onNumberMember_matchesOnlyNumbers() async throws {
        let found = try await nameSet(store, ParseQuery("Player").where("stats.wins", equalTo: 3))
        XCTAssertEqual(found, ["a"])
    }

    func test_dottedEquality_onStringMember() async throws {
        let found = try await nameSet(store, ParseQuery("Player").where("stats.team", equalTo: "blue"))
        XCTAssertEqual(found, ["b"])
    }

    func test_dottedComparison_onNumberMember() async throws {
        let found = try await nameSet(store, ParseQuery("Player").where("stats.wins", "$gt", 4))
        XCTAssertEqual(found, ["b"])
    }

    func test_dottedKey_reachesNestedMembers() async throws {
        let found = try await nameSet(store, ParseQuery("Player").where("stats.best.score", "$gte", 5))
        XCTAssertEqual(found, ["a"])
    }

    func test_dottedExists_matchesObjectsHavingTheMember() async throws {
        let present = try await nameSet(store, ParseQuery("Player").where("stats.team", "$exists", true))
        let absent = try await nameSet(store, ParseQuery("Player").where("stats.team", "$exists", false))
        XCTAssertEqual(present, ["a", "b"])
        XCTAssertEqual(absent, ["c", "d"])
    }

    func test_dottedDateMember_comparesInstants() async throws {
        let found = try await nameSet(store, ParseQuery("Player").where("stats.since", "$lte", .date(day)))
        XCTAssertEqual(found, ["a"])
    }

    func test_dottedRegex_onStringMember() async throws {
        let found = try await nameSet(
            store, ParseQuery("Player").matches("stats.team", containing: "RE", caseInsensitive: true))
        XCTAssertEqual(found, ["a"])
    }

    func test_dottedNumericIndex_intoArrayField() async throws {
        let found = try await nameSet(store, ParseQuery("Player").where("tags.1", equalTo: "second"))
        XCTAssertEqual(found, ["d"])
    }

    func test_dottedKey_underAnUnknownField_behavesAsMissing() async throws {
        let equal = try await nameSet(store, ParseQuery("Player").where("other.x", equalTo: 1))
        let notEqual = try await nameSet(store, ParseQuery("Player").where("other.x", "$ne", 1))
        XCTAssertEqual(equal, [])
        XCTAssertEqual(notEqual, ["a", "b", "c", "d"])
    }
}
