import Foundation
import XCTest

@testable import ParseStore

/// Parse's error codes and messages for malformed queries.
final class QueryErrorTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore()
        try await seed(store, "Item", [["name": "a", "title": "Milk"]])
    }

    private func find(_ constraints: WhereDocument, className: String = "Item") async throws -> [ParseObject] {
        let query = ParseQuery(className, constraints: constraints)
        return try await store.read { try $0.find(query) }
    }

    func test_invalidWhereKey_throws105WithTheKey() async {
        await assertParseError(105, "Invalid key name: 1abc") { try await self.find(["1abc": "x"]) }
        await assertParseError(105, "Invalid key name: a-b") { try await self.find(["a-b": "x"]) }
        await assertParseError(105, "Invalid key name: $foo") { try await self.find(["$foo": "x"]) }
    }

    func test_whereKeyWithEmptyDottedMember_throws105() async {
        await assertParseError(105, "Invalid key name: stats..wins") { try await self.find(["stats..wins": 1]) }
    }

    func test_queryOnACL_throws102() async {
        await assertParseError(102, "Cannot query on ACL.") { try await self.find(["ACL": ["*": ["read": true]]]) }
    }

    func test_queryOnACL_insideOr_throws102() async {
        await assertParseError(102, "Cannot query on ACL.") { try await self.find(["$or": [["ACL": "x"]]]) }
    }

    func test_nonArrayOr_throws102() async {
        await assertParseError(102, "Bad $or format - use an array value.") { try await self.find(["$or": ["a": 1]]) }
    }

    func test_nonArrayAnd_throws102() async {
        await assertParseError(102, "Bad $and format - use an array value.") { try await self.find(["$and": "x"]) }
    }

    func test_emptyNor_throws102() async {
        await assertParseError(102, "Bad $nor format - use an array of at least 1 value.") {
            try await self.find(["$nor": []])
        }
    }

    func test_unknownOperator_throws102() async {
        await assertParseError(102, "Unsupported query operator: $near") {
            try await self.find(["title": ["$near": 1]])
        }
    }

    func test_badRegexOptions_throws102WithTheOptions() async {
        await assertParseError(102, "Bad $options value for query: iq") {
            try await self.find(["title": ["$regex": "M", "$options": "iq"]])
        }
    }

    func test_invalidRegexPattern_throws102() async {
        await assertParseError(102) { try await self.find(["title": ["$regex": "(unclosed"]]) }
    }

    func test_nonArrayIn_throws107() async {
        await assertParseError(107, "bad $in value") { try await self.find(["title": ["$in": "Milk"]]) }
    }

    func test_malformedInQuery_throws102() async {
        await assertParseError(102, "improper usage of $inQuery") { try await self.find(["title": ["$inQuery": 1]]) }
    }

    func test_errors_areReportedEvenForAClassNeverWritten() async {
        await assertParseError(102, "Cannot query on ACL.") { try await self.find(["ACL": 1], className: "Ghost") }
    }

    func test_invalidClassName_throws103() async {
        await assertParseError(103) { try await self.find([:], className: "1bad") }
    }

    func test_countReportsTheSameErrorsAsFind() async {
        let query = ParseQuery("Item", constraints: ["bad-key": 1])
        await assertParseError(105) { try await self.store.read { try $0.count(query) } }
    }
}
