import Foundation
import XCTest

@testable import ParseStore

/// `$regex` and `$options`: literal patterns as string comparisons, other patterns through `parse_regexp`.
final class RegexTests: XCTestCase {
    private var store: ParseStore!

    override func setUp() async throws {
        store = try makeMemoryStore()
        try await seed(
            store, "Item",
            [
                ["name": "a", "title": "Buy oat milk"],
                ["name": "b", "title": "Big bread"],
                ["name": "c", "title": "école du soir"],
                ["name": "d", "title": "100% sure_thing"],
                ["name": "e", "title": "line one\nsecond line"],
                ["name": "f", "qty": 3, "words": ["alpha", "Beta"]],
            ])
    }

    private func regex(_ pattern: String, _ options: String? = nil, key: String = "title") -> ParseQuery {
        var query = ParseQuery("Item").where(key, "$regex", .string(pattern))
        if let options { query = query.where(key, "$options", .string(options)) }
        return query
    }

    /// The SQL statements `query`'s find runs.
    private func statements(_ query: ParseQuery) async throws -> [String] {
        try await store.read { reader in
            var sql: [String] = []
            let traced = try reader.grdb
            traced.trace { sql.append($0.expandedDescription) }
            _ = try reader.find(query)
            traced.trace(options: [])
            return sql
        }
    }

    func test_quotedLiteral_matchesTheTextAnywhere() async throws {
        let found = try await nameSet(store, ParseQuery("Item").matches("title", containing: "milk"))
        XCTAssertEqual(found, ["a"])
    }

    func test_quotedLiteral_isCaseSensitiveWithoutOptions() async throws {
        let found = try await nameSet(store, ParseQuery("Item").matches("title", containing: "MILK"))
        XCTAssertEqual(found, [])
    }

    func test_quotedLiteral_withI_ignoresASCIICase() async throws {
        let found = try await nameSet(
            store, ParseQuery("Item").matches("title", containing: "MILK", caseInsensitive: true))
        XCTAssertEqual(found, ["a"])
    }

    func test_quotedLiteral_withI_foldsNonASCIICase() async throws {
        let found = try await nameSet(store, regex("^\\QÉCOLE\\E", "i"))
        XCTAssertEqual(found, ["c"])
    }

    func test_anchoredPrefix_matchesOnlyAtTheStart() async throws {
        let found = try await nameSet(store, regex("^\\QB\\E"))
        XCTAssertEqual(found, ["a", "b"])
    }

    func test_anchoredSuffix_matchesOnlyAtTheEnd() async throws {
        let found = try await nameSet(store, regex("\\Qbread\\E$"))
        XCTAssertEqual(found, ["b"])
    }

    func test_bothAnchors_matchTheWholeValue() async throws {
        let whole = try await nameSet(store, regex("^\\QBig bread\\E$"))
        let part = try await nameSet(store, regex("^\\QBig\\E$"))
        XCTAssertEqual(whole, ["b"])
        XCTAssertEqual(part, [])
    }

    func test_literalPercentAndUnderscore_areNotWildcards() async throws {
        let percent = try await nameSet(
            store, ParseQuery("Item").matches("title", containing: "0% s", caseInsensitive: true))
        let underscore = try await nameSet(
            store, ParseQuery("Item").matches("title", containing: "e_t", caseInsensitive: true))
        let wildcard = try await nameSet(
            store, ParseQuery("Item").matches("title", containing: "B_g", caseInsensitive: true))
        XCTAssertEqual(percent, ["d"])
        XCTAssertEqual(underscore, ["d"])
        XCTAssertEqual(wildcard, [])
    }

    func test_quotedTextContainingBackslashE_roundTripsThroughParseSwiftQuoting() async throws {
        try await seed(store, "Item", [["name": "g", "title": "path C:\\Easy"]])
        let found = try await nameSet(store, ParseQuery("Item").matches("title", containing: "C:\\Easy"))
        XCTAssertEqual(found, ["g"])
    }

    func test_literalPatterns_compileToStringComparisons_notTheRegexFunction() async throws {
        let contains = try await statements(ParseQuery("Item").matches("title", containing: "milk"))
        let folded = try await statements(regex("^\\QÉCOLE\\E", "i"))
        XCTAssertFalse(contains.joined().contains(StoreFunctions.regexpName), "\(contains)")
        XCTAssertTrue(contains.joined().contains("instr("), "\(contains)")
        XCTAssertTrue(folded.joined().contains(StoreFunctions.lowerName), "\(folded)")
    }

    func test_realRegex_goesThroughTheRegexFunction() async throws {
        let found = try await nameSet(store, regex("^B.g\\s"))
        let sql = try await statements(regex("^B.g\\s"))
        XCTAssertEqual(found, ["b"])
        XCTAssertTrue(sql.joined().contains(StoreFunctions.regexpName), "\(sql)")
    }

    func test_optionI_makesARealRegexCaseInsensitive() async throws {
        let found = try await nameSet(store, regex("^b[a-z]+ BREAD", "i"))
        XCTAssertEqual(found, ["b"])
    }

    func test_optionM_letsAnchorsMatchAtLineBreaks() async throws {
        let without = try await nameSet(store, regex("^second"))
        let with = try await nameSet(store, regex("^second", "m"))
        XCTAssertEqual(without, [])
        XCTAssertEqual(with, ["e"])
    }

    func test_optionS_letsDotMatchLineBreaks() async throws {
        let without = try await nameSet(store, regex("one.second"))
        let with = try await nameSet(store, regex("one.second", "s"))
        XCTAssertEqual(without, [])
        XCTAssertEqual(with, ["e"])
    }

    func test_optionX_ignoresWhitespaceInThePattern() async throws {
        let found = try await nameSet(store, regex("B ig \\s bread", "x"))
        XCTAssertEqual(found, ["b"])
    }

    func test_unknownOptionLetter_throws102() async {
        let query = regex("milk", "g")
        await assertParseError(102, "Bad $options value for query: g") {
            try await self.store.read { try $0.find(query) }
        }
    }

    func test_regex_onArrayField_matchesArraysWithAMatchingString() async throws {
        let found = try await nameSet(store, regex("^\\Qbe\\E", "i", key: "words"))
        XCTAssertEqual(found, ["f"])
    }

    func test_regex_onNumberField_matchesNothing() async throws {
        let found = try await nameSet(store, regex("3", key: "qty"))
        XCTAssertEqual(found, [])
    }

    func test_regex_onMissingField_matchesNothing() async throws {
        let found = try await nameSet(store, regex(".*", key: "nothing"))
        XCTAssertEqual(found, [])
    }

    func test_regexFunction_isSafeUnderConcurrentReaders() async throws {
        let fileStore = try makeFileStore()
        defer { fileStore.cleanUp() }
        try await seed(
            fileStore.store, "Item", (0..<200).map { ["name": .string("n\($0)"), "title": .string("row \($0)")] })
        let store = fileStore.store
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                let query = ParseQuery("Item").where("title", "$regex", .string("^row \\d*\(index % 4)$")).limit(-1)
                group.addTask { try await store.read { try $0.count(query) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(counts, Array(repeating: 20, count: 16), "each pattern matches the 20 rows ending in its digit")
    }
}

/// Which `$regex` patterns read as fixed text.
final class RegexLiteralTests: XCTestCase {
    private func literal(_ pattern: String, _ options: String = "") -> WhereClause.LiteralPattern? {
        WhereClause.LiteralPattern(WhereClause.Pattern(pattern: pattern, options: options))
    }

    func test_quotedText_isLiteral() {
        XCTAssertEqual(literal("\\Qa.b*\\E"), .init(text: "a.b*", anchoredAtStart: false, anchoredAtEnd: false))
    }

    func test_anchors_areRecorded() {
        XCTAssertEqual(literal("^\\Qab\\E$"), .init(text: "ab", anchoredAtStart: true, anchoredAtEnd: true))
    }

    func test_plainWordsAndEscapedPunctuation_areLiteral() {
        XCTAssertEqual(literal("^Big\\.Deal"), .init(text: "Big.Deal", anchoredAtStart: true, anchoredAtEnd: false))
    }

    func test_metacharacters_needTheEngine() {
        XCTAssertNil(literal("a.b"))
        XCTAssertNil(literal("a\\d"))
        XCTAssertNil(literal("(a|b)"))
    }

    func test_anchorsUnderM_needTheEngine() {
        XCTAssertNil(literal("^abc", "m"))
        XCTAssertNotNil(literal("abc", "m"))
    }

    func test_whitespaceUnderX_needsTheEngine() {
        XCTAssertNil(literal("a b", "x"))
        XCTAssertNotNil(literal("\\Qa b\\E", "x"))
    }
}
