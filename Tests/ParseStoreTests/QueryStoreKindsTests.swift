import Foundation
import XCTest

@testable import ParseStore

/// The same queries give the same answers on the in-memory store and the WAL file store.
final class QueryStoreKindsTests: XCTestCase {
    private static let rows: [[String: ParseValue]] = [
        ["name": "a", "title": "Buy oat milk", "qty": 1, "tags": ["x"]],
        ["name": "b", "title": "École", "qty": 2, "tags": ["x", "y"]],
        ["name": "c", "qty": 3],
    ]

    private static let queries: [ParseQuery] = [
        ParseQuery("Item").where("tags", equalTo: "x"),
        ParseQuery("Item").where("title", "$ne", "École"),
        ParseQuery("Item").matches("title", containing: "éCOLE", caseInsensitive: true),
        ParseQuery("Item").where("title", "$regex", "^B.y"),
        ParseQuery("Item", constraints: ["$or": [["qty": ["$gte": 3]], ["tags": ["$all": ["x", "y"]]]]]),
        ParseQuery("Item").order(by: "-qty").limit(2).skip(1),
    ]

    private func answers(_ store: ParseStore) async throws -> [[String]] {
        try await seed(store, "Item", Self.rows)
        var results: [[String]] = []
        for query in Self.queries {
            let ordered = query.order.isEmpty ? query.order(by: "name") : query
            results.append(try await names(store, ordered))
        }
        return results
    }

    func test_fileStore_answersLikeTheMemoryStore() async throws {
        let fileStore = try makeFileStore()
        defer { fileStore.cleanUp() }
        let memory = try await answers(try makeMemoryStore())
        let file = try await answers(fileStore.store)
        XCTAssertEqual(file, memory)
        XCTAssertEqual(memory, [["a", "b"], ["a", "c"], ["b"], ["a"], ["b", "c"], ["b", "a"]])
    }
}
