import GRDB
import XCTest

@testable import ParseStore

/// Every query has a bounded cost: a read made for a request stops at its time limit with 124, a where document's
/// size and nesting are capped with 102 in a sentence (never SQLite's own error), and a class holds a bounded number
/// of fields.
final class QueryCostLimitTests: XCTestCase {
    func testAReadPastItsTimeLimitStopsWith124AndTheConnectionServesTheNextRead() async throws {
        let store = try makeMemoryStore()
        _ = try await seed(store, "Note", [["name": "kept"]])
        await assertParseError(124) {
            try await store.read(within: .milliseconds(30)) { reader in
                // About a hundred million steps: seconds of work, stopped after 30 ms.
                try reader.db.integer(
                    """
                    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000)
                    SELECT count(*) FROM c
                    """)
            }
        }
        let names = try await store.read(within: .seconds(5)) { try $0.find(ParseQuery("Note")).count }
        XCTAssertEqual(names, 1, "the limit ended with its read")
        let plain = try await store.read {
            try $0.db.integer(
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT count(*) FROM c"
            )
        }
        XCTAssertEqual(plain, 100_000, "reads without a limit are not watched")
    }

    func testACatastrophicRegexOverThousandsOfLongValuesAnswersWithoutBacktracking() async throws {
        let store = try makeMemoryStore()
        let text = String(repeating: "word another ", count: 40)
        _ = try await seed(store, "Note", (0..<3_000).map { ["name": .string(text + "\($0)")] })
        let query = ParseQuery("Note").where("name", "$regex", #"(\w+\s?)*$X"#).limit(10)
        // One value costs steps in proportion to its length (a backtracking engine would try every split of its
        // 80 words: 2^80 ways) …
        let expression = try BoundedRegex(pattern: #"(\w+\s?)*$X"#, options: "")
        XCTAssertEqual(expression.matches(text, stepLimit: 20_000), .noMatch)
        // … so the query answers (or, on a slow debug build, stops at its time limit) instead of running for minutes.
        do {
            let found = try await store.read(within: ParseStore.queryTimeLimit) {
                try $0.acting(as: .anonymous).find(query)
            }
            XCTAssertEqual(found, [], "nothing ends in X")
        } catch let error as ParseError {
            XCTAssertEqual(error, .queryTooCostly)
        }
        let next = try await store.read { try $0.count(ParseQuery("Note")) }
        XCTAssertEqual(next, 3_000, "the store serves the next read")
    }

    func testAnOrOfAThousandConditionsAndDeepSubQueriesAreRefusedInWords() async throws {
        let store = try makeMemoryStore()
        _ = try await seed(store, "Note", [["name": "a"]])
        let thousand = ParseValue.array((0..<1_000).map { ["name": .string("n\($0)")] })
        await assertParseError(102) {
            try await store.read { try $0.find(ParseQuery("Note", constraints: ["$or": thousand])) }
        }
        // The most a where may hold still runs: no SQLite error at the limit.
        let allowed = ParseValue.array((0..<WhereClauseLimits.maximumBranches).map { ["name": .string("n\($0)")] })
        let none = try await store.read { try $0.find(ParseQuery("Note", constraints: ["$or": allowed])) }
        XCTAssertEqual(none, [])
        var nested: ParseValue = ["className": "Note", "where": [:]]
        for _ in 0..<WhereClauseLimits.maximumSubQueryDepth {
            nested = ["className": "Note", "where": ["objectId": ["$inQuery": nested]]]
        }
        let tooDeep = nested
        await assertParseError(
            102,
            "This query nests too many sub-queries: at most \(WhereClauseLimits.maximumSubQueryDepth) inside one another."
        ) {
            try await store.read { try $0.find(ParseQuery("Note", constraints: ["objectId": ["$inQuery": tooDeep]])) }
        }
        var deep: ParseValue = ["name": "a"]
        for _ in 0..<60 { deep = ["$and": [deep]] }
        let deepest = deep.objectValue ?? [:]
        await assertParseError(102, "This query is nested too deeply.") {
            try await store.read { try $0.find(ParseQuery("Note", constraints: deepest)) }
        }
    }

    func testAClassTakesAtMostItsFieldLimitAndSaysSo() async throws {
        let store = try makeMemoryStore()
        var fields: [String: ParseValue] = [:]
        for index in 0..<SchemaCache.maximumFields { fields["f\(index)"] = .number(1) }
        let wide = fields
        _ = try await store.write { try $0.create("Wide", wide) }
        await assertParseError(142, "Wide cannot take more fields: a class holds at most 500 fields.") {
            try await store.write { try $0.create("Wide", ["one_more": 1]) }
        }
        let schema = try await store.read { try $0.schema("Wide") }
        XCTAssertNil(schema?.fields["one_more"], "nothing was added")
    }
}
