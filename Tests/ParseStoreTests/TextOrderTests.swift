import Foundation
import XCTest

@testable import ParseStore

/// `ignoringCaseAndAccentsInTextOrder()`: names sort as a person reads them; Parse's binary order stays the default.
final class TextOrderTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore(clock: SteppingClock(step: 1))
        try await seed(
            store, "Dish",
            [
                ["name": "zest", "rank": 1],
                ["name": "Éclair", "rank": 2],
                ["name": "apple", "rank": 3],
                ["name": "Banana", "rank": 4],
                ["name": "éclair", "rank": 5],
            ])
    }

    func test_binaryOrder_isTheDefault_andPutsCapitalsAndAccentsApart() async throws {
        let found = try await names(store, ParseQuery("Dish").order(by: "name"))
        XCTAssertEqual(found, ["Banana", "apple", "zest", "Éclair", "éclair"])
    }

    func test_ignoringCaseAndAccents_sortsAsAPersonReads() async throws {
        let found = try await names(store, ParseQuery("Dish").order(by: "name").ignoringCaseAndAccentsInTextOrder())
        XCTAssertEqual(Array(found.prefix(2)), ["apple", "Banana"])
        XCTAssertEqual(Set(found[2...3]), ["Éclair", "éclair"])
        XCTAssertEqual(found.last, "zest")
    }

    func test_ignoringCaseAndAccents_descending_reversesTheOrder() async throws {
        let found = try await names(store, ParseQuery("Dish").order(by: "-name").ignoringCaseAndAccentsInTextOrder())
        XCTAssertEqual(found.first, "zest")
        XCTAssertEqual(Array(found.suffix(2)), ["Banana", "apple"])
    }

    func test_ignoringCaseAndAccents_breaksTiesByObjectId_soPagesNeverOverlap() async throws {
        let query = ParseQuery("Dish").order(by: "name").ignoringCaseAndAccentsInTextOrder()
        let all = try await store.read { try $0.find(query) }
        let tied = all.filter { $0["name"]?.stringValue?.lowercased() == "éclair" }.map(\.objectId)
        XCTAssertEqual(tied, tied.sorted())
        var paged: [String] = []
        for skip in 0..<5 {
            paged += try await store.read { try $0.find(query.skip(skip).limit(1)) }.map(\.objectId)
        }
        XCTAssertEqual(paged, all.map(\.objectId))
    }

    func test_ignoringCaseAndAccents_leavesNumberKeysAlone() async throws {
        let found = try await names(store, ParseQuery("Dish").order(by: "-rank").ignoringCaseAndAccentsInTextOrder())
        XCTAssertEqual(found, ["éclair", "Banana", "apple", "Éclair", "zest"])
    }

    func test_foldedForSorting_foldsCaseAndAccents_andKeepsOtherScripts() {
        XCTAssertEqual(StoreFunctions.foldedForSorting("Crème Brûlée"), "creme brulee")
        XCTAssertEqual(StoreFunctions.foldedForSorting("ABC xyz 123"), "abc xyz 123")
        XCTAssertEqual(StoreFunctions.foldedForSorting("日本の料理 🍜"), "日本の料理 🍜")
    }
}
