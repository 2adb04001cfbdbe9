import Foundation
import XCTest

@testable import ParseStore

/// Every `SQLValue` goes into a column of its PostgreSQL type and comes back as it went in; other column types come
/// back as the case of their type (or their text form); placeholders next to `?` in literals bind correctly.
final class PostgresValuesTests: PostgresTestCase {
    /// One of every case but `.null`, each for the column of its type.
    static let everyValue: [SQLValue] = [
        .integer(-9_007_199_254_740_993), .real(-0.1), .text("ünïcödé 'quoted' \"too\" ?"),
        .blob(Data([0, 1, 2, 255, 0])), .boolean(true), .date(ParseDateFormat.date(milliseconds: 1_714_558_830_456)),
        .json(#"{"title": "Oat milk", "tags": ["a", "b"], "n": 1.5}"#), .textArray(["*", "role:admin", "", "a,b\"c"]),
    ]

    /// The column types matching `everyValue`.
    static let table = """
        CREATE TABLE "Every" (id int8 PRIMARY KEY, i int8, r float8, t text, b bytea, f bool, d timestamptz,
            j jsonb, a text[])
        """

    func testEverySQLValueAndNullRoundTripsThroughColumnsOfItsType() async throws {
        let backend = try makeBackend()
        try administer(Self.table)
        let values = Self.everyValue
        try await write(backend) { connection in
            let insert = "INSERT INTO \"Every\" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            try connection.execute(insert, [.integer(1)] + values)
            try connection.execute(insert, [.integer(2)] + Array(repeating: .null, count: values.count))
        }
        for cached in [false, true] {
            let select = "SELECT i, r, t, b, f, d, j, a FROM \"Every\" ORDER BY id"
            let rows = try await rows(backend, select, cached: cached)
            XCTAssertEqual(rows.count, 2)
            for (read, written) in zip(rows[0], values) {
                switch (read, written) {
                case (.json(let readText), .json(let writtenText)):
                    // jsonb keeps the document, not its spelling: compare the parsed documents.
                    XCTAssertEqual(try parsed(readText), try parsed(writtenText))
                default: XCTAssertEqual(read, written, "cached: \(cached)")
                }
            }
            XCTAssertEqual(rows[1], Array(repeating: .null, count: values.count))
            let matched = try await self.rows(
                backend,
                "SELECT id FROM \"Every\" WHERE i = ? AND r = ? AND t = ? AND b = ? AND f = ? AND d = ?"
                    + " AND j = CAST(? AS jsonb) AND a = ?", values, cached: cached)
            XCTAssertEqual(matched, [[.integer(1)]], "every value binds as its column's type")
        }
    }

    func testJSONKeepsItsTextInAJSONColumnAndIsTakenByAJSONBOne() async throws {
        let backend = try makeBackend()
        try administer(#"CREATE TABLE "Documents" (id int8 PRIMARY KEY, kept json, reordered jsonb)"#)
        let document = #"{"zeta": 1, "alpha": {"yy": [true], "b": null}, "mid": "é"}"#
        try await write(backend) { connection in
            try connection.execute(
                #"INSERT INTO "Documents" VALUES (1, ?, ?)"#, [.json(document), .json(document)])
        }
        for cached in [false, true] {
            let read = try await rows(backend, #"SELECT kept, reordered FROM "Documents""#, cached: cached)
            XCTAssertEqual(read.first?.first, .json(document), "json keeps the text as written")
            XCTAssertEqual(
                read.first?.last, .json(#"{"mid": "é", "zeta": 1, "alpha": {"b": null, "yy": [true]}}"#),
                "jsonb keeps the document in its own order")
            let matched = try await rows(
                backend,
                #"SELECT id FROM "Documents" WHERE kept::jsonb = CAST(? AS jsonb) AND reordered = CAST(? AS jsonb)"#,
                [.json(#"{"mid": "é", "alpha": {"b": null, "yy": [true]}, "zeta": 1}"#), .json(document)],
                cached: cached)
            XCTAssertEqual(matched, [[.integer(1)]])
        }
    }

    func testDateOfWholeMillisecondsComesBackAsTheSameDate() async throws {
        let backend = try makeBackend()
        // Parse's dates are whole milliseconds, built by `ParseDateFormat`.
        let milliseconds: [Int64] = (0..<50).map { 1_700_000_000_000 + Int64($0) * 86_400_123 + 1 } + [-1, 0, 999]
        let dates = milliseconds.map { ParseDateFormat.date(milliseconds: $0) }
        for date in dates {
            let read = try await rows(backend, "SELECT ?::timestamptz", [.date(date)], cached: true)
            XCTAssertEqual(read, [[.date(date)]])
        }
    }

    func testOtherColumnTypesComeBackAsTheCaseOfTheirTypeOrTheirTextForm() async throws {
        let backend = try makeBackend()
        try administer("CREATE TYPE mood AS ENUM ('sad', 'happy')")
        let query =
            """
            SELECT 7::int2, 8::int4, 1.5::float4, 2.25::numeric, 'v'::varchar, 'c'::char(3), 'n'::name,
                'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid, '2024-05-01'::date,
                '2024-05-01 10:20:30.456'::timestamp, '{"a": 1}'::json, '{x,y}'::varchar[], ARRAY['a', NULL],
                'happy'::mood, 16384::oid, '1 day'::interval, '{}'::text[]
            """
        let unnamed = try await rows(backend, query)
        let prepared = try await rows(backend, query, cached: true)
        XCTAssertEqual(unnamed, prepared)
        XCTAssertEqual(unnamed.count, 1)
        let row = unnamed[0]
        XCTAssertEqual(row[0], .integer(7))
        XCTAssertEqual(row[1], .integer(8))
        XCTAssertEqual(row[2], .real(1.5))
        XCTAssertEqual(row[3], .real(2.25))
        XCTAssertEqual(row[4], .text("v"))
        XCTAssertEqual(row[5], .text("c  "))
        XCTAssertEqual(row[6], .text("n"))
        XCTAssertEqual(row[7], .text("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))
        XCTAssertEqual(row[8], .text("2024-05-01"))
        XCTAssertEqual(row[9], .date(ParseDateFormat.date(milliseconds: 1_714_558_830_456)))
        XCTAssertEqual(row[10], .json(#"{"a": 1}"#))
        XCTAssertEqual(row[11], .textArray(["x", "y"]))
        XCTAssertEqual(row[12], .text("{a,NULL}"))
        XCTAssertEqual(row[13], .text("happy"))
        XCTAssertEqual(row[14], .text("16384"))
        XCTAssertEqual(row[15].data?.count, 16, "an interval's binary form, which is not text")
        XCTAssertEqual(row[16], .textArray([]))
    }

    func testPlaceholdersNextToQuestionMarksInLiteralsAndNamesBindInOrder() async throws {
        let backend = try makeBackend()
        let rows = try await backend.read(within: nil) { connection in
            try connection.rows(
                "SELECT '?' AS \"q?\", ? AS first, 'it''s ?' AS quoted, ? AS second -- trailing ?",
                [.integer(5), .text("six")])
        }
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0]["q?"], .text("?"))
        XCTAssertEqual(rows[0]["first"], .integer(5))
        XCTAssertEqual(rows[0]["quoted"], .text("it's ?"))
        XCTAssertEqual(rows[0]["second"], .text("six"))
    }

    func testRowsOfOneResultShareOneColumnsAndScanningStopsWhenAsked() async throws {
        let backend = try makeBackend()
        let (shared, seen) = try await backend.read(within: nil) { connection in
            let rows = try connection.rows("SELECT n, n * 2 AS twice FROM generate_series(1, 3) AS n")
            var seen: [Int64] = []
            try connection.scanRows("SELECT n FROM generate_series(1, 10) AS n", [], cached: true) { row in
                seen.append(row[0].integer ?? -1)
                return seen.count < 4
            }
            return (
                rows.allSatisfy { $0.columns === rows[0].columns } && rows[0].columns.names == ["n", "twice"], seen
            )
        }
        XCTAssertTrue(shared)
        XCTAssertEqual(seen, [1, 2, 3, 4])
    }

    func testWrongArgumentCountIsRefusedBeforeReachingTheServer() async throws {
        let backend = try makeBackend()
        do {
            _ = try await rows(backend, "SELECT ?, ?", [.integer(1)])
            XCTFail("a statement with too few arguments ran")
        } catch let error as ParseError {
            XCTAssertEqual(error.message, "Internal server error: the statement has 2 placeholders but 1 arguments")
        }
    }

    /// `text` parsed as JSON, for comparing documents.
    private func parsed(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }
}
