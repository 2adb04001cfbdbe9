import Foundation
import Synchronization
import XCTest

@testable import ParseStore

/// One connection inside a transaction: its change counts, savepoints, callbacks after the transaction, table
/// lookups, and statements kept prepared across a change of their table.
final class PostgresConnectionTests: PostgresTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try administer("DROP TABLE IF EXISTS \"Item\"; CREATE TABLE \"Item\" (id int8 PRIMARY KEY, name text)")
    }

    /// The names in `Item`, in id order.
    private func names(_ backend: PostgresBackend) async throws -> [String] {
        try await rows(backend, "SELECT name FROM \"Item\" ORDER BY id").compactMap { $0[0].text }
    }

    func testChangesCountTheLastInsertUpdateOrDeleteAndTotalChangesAddThemUp() async throws {
        let backend = try makeBackend()
        let counts = try await write(backend) { connection in
            let start = connection.totalChanges
            try connection.execute(
                "INSERT INTO \"Item\" VALUES (?, ?), (?, ?), (?, ?)",
                [.integer(1), .text("a"), .integer(2), .text("b"), .integer(3), .text("c")])
            let inserted = connection.changes
            try connection.execute("UPDATE \"Item\" SET name = name || '!' WHERE id >= ?", [.integer(2)])
            let updated = connection.changes
            _ = try connection.rows("SELECT * FROM \"Item\"")
            let afterSelect = connection.changes
            let returned = try connection.rows("DELETE FROM \"Item\" WHERE id = ? RETURNING id", [.integer(3)])
            let deleted = connection.changes
            try connection.execute("DELETE FROM \"Item\" WHERE id = ?", [.integer(99)])
            return [
                inserted, updated, afterSelect, returned.count, deleted, connection.changes,
                connection.totalChanges - start,
            ]
        }
        XCTAssertEqual(counts, [3, 2, 2, 1, 1, 0, 6])
    }

    func testReleasedSavepointKeepsItsRowsAndRolledBackOneUndoesOnlyItsOwn() async throws {
        let backend = try makeBackend()
        try await write(backend) { connection in
            let insert = "INSERT INTO \"Item\" VALUES (?, ?)"
            try connection.savepoint {
                try connection.execute(insert, [.integer(1), .text("kept")])
                try connection.savepoint {
                    try connection.execute(insert, [.integer(2), .text("inner undone")])
                    return false
                }
                return true
            }
            try connection.savepoint {
                try connection.execute(insert, [.integer(3), .text("undone")])
                return false
            }
            XCTAssertThrowsError(
                try connection.savepoint {
                    try connection.execute(insert, [.integer(4), .text("thrown")])
                    throw PostgresTestAbort()
                })
            // A statement failing inside a savepoint leaves the transaction usable once it is rolled back to.
            XCTAssertThrowsError(
                try connection.savepoint {
                    try connection.execute(insert, [.integer(1), .text("duplicate")])
                    return true
                })
        }
        let kept = try await names(backend)
        XCTAssertEqual(kept, ["kept"])
    }

    func testAfterTransactionRunsOnCommitOrOnRollbackOnce() async throws {
        let backend = try makeBackend()
        let log = Mutex<[String]>([])
        try await write(backend) { connection in
            connection.afterTransaction(
                onCommit: { log.withLock { $0.append("commit 1") } },
                onRollback: { log.withLock { $0.append("rollback 1") } })
        }
        _ = try? await write(backend) { connection in
            connection.afterTransaction(
                onCommit: { log.withLock { $0.append("commit 2") } },
                onRollback: { log.withLock { $0.append("rollback 2") } })
            throw PostgresTestAbort()
        }
        try await write(backend, commit: false) { connection in
            connection.afterTransaction(
                onCommit: { log.withLock { $0.append("commit 3") } },
                onRollback: { log.withLock { $0.append("rollback 3") } })
        }
        try await write(backend) { _ in }
        XCTAssertEqual(log.withLock { $0 }, ["commit 1", "rollback 2", "rollback 3"])
    }

    func testFailedCommitAnswersItsErrorAndRunsOnRollback() async throws {
        let backend = try makeBackend()
        try administer("CREATE TABLE \"Unique\" (x int UNIQUE DEFERRABLE INITIALLY DEFERRED)")
        let log = Mutex<[String]>([])
        do {
            try await write(backend) { connection in
                connection.afterTransaction(
                    onCommit: { log.withLock { $0.append("commit") } },
                    onRollback: { log.withLock { $0.append("rollback") } })
                try connection.execute("INSERT INTO \"Unique\" VALUES (1), (1)")
            }
            XCTFail("a commit that broke a deferred constraint succeeded")
        } catch let error as ParseError {
            XCTAssertEqual(error.code, .internalServerError)
            XCTAssertTrue(error.message.contains("duplicate key"), error.message)
        }
        XCTAssertEqual(log.withLock { $0 }, ["rollback"])
        let stored = try await rows(backend, "SELECT count(*) FROM \"Unique\"")
        XCTAssertEqual(stored, [[.integer(0)]])
    }

    func testBodyThatSwallowsAFailedStatementStillHasItsWriteRolledBack() async throws {
        let backend = try makeBackend()
        do {
            try await write(backend) { connection in
                try connection.execute("INSERT INTO \"Item\" VALUES (1, 'first')")
                _ = try? connection.execute("INSERT INTO \"Item\" VALUES (1, 'again')")
            }
            XCTFail("a write whose statement failed was answered as committed")
        } catch let error as ParseError {
            XCTAssertEqual(error.code, .internalServerError)
        }
        let stored = try await names(backend)
        XCTAssertEqual(stored, [])
    }

    func testTableExistsFindsTablesAndPartitionedTablesByExactNameInTheCurrentSchema() async throws {
        let backend = try makeBackend()
        try administer(
            """
            CREATE TABLE "Book" (id int); CREATE TABLE parts (id int) PARTITION BY RANGE (id);
            CREATE VIEW "Shelf" AS SELECT 1; CREATE SCHEMA other; CREATE TABLE other."Hidden" (id int)
            """)
        let found = try await backend.read(within: nil) { connection in
            try ["Book", "book", "parts", "Shelf", "Hidden", "Missing"].map { try connection.tableExists($0) }
        }
        XCTAssertEqual(found, [true, false, true, false, false, false])
    }

    func testCachedQueryStillWorksAfterItsTableGainsAColumnTheReadRunningAgainOnce() async throws {
        let backend = try makeBackend(poolSize: 2)
        try await write(backend) { try $0.execute("INSERT INTO \"Item\" VALUES (1, 'a')") }
        let select = "SELECT * FROM \"Item\" WHERE id = ?"
        for _ in 0..<3 {
            let before = try await backend.read(within: nil) { try $0.rows(select, [.integer(1)]).map(\.values) }
            XCTAssertEqual(before, [[.integer(1), .text("a")]])
        }
        try administer("ALTER TABLE \"Item\" ADD COLUMN shelf text DEFAULT 'top'")
        let runs = Mutex(0)
        let after = try await backend.read(within: nil) { connection in
            runs.withLock { $0 += 1 }
            let count = try connection.value("SELECT count(*) FROM \"Item\"")
            return try [[count]] + connection.rows(select, [.integer(1)]).map(\.values)
        }
        XCTAssertEqual(after, [[.integer(1)], [.integer(1), .text("a"), .text("top")]])
        XCTAssertEqual(runs.withLock { $0 }, 2, "the read ran again once its prepared query failed")
        let written = try await write(backend) { connection in
            try connection.rows("UPDATE \"Item\" SET name = 'b' WHERE id = ? RETURNING *", [.integer(1)]).map(\.values)
        }
        XCTAssertEqual(written, [[.integer(1), .text("b"), .text("top")]])
    }

    func testReadsPrepareTheirCachedQueriesAndWritesDoNot() async throws {
        let backend = try makeBackend(poolSize: 2)
        let prepared = "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%\"Item\"%'"
        let read = try await backend.read(within: nil) { connection in
            _ = try connection.rows("SELECT name FROM \"Item\" WHERE id = ?", [.integer(1)])
            _ = try connection.rows("SELECT name FROM \"Item\" WHERE id = ?", [.integer(2)])
            _ = try connection.rows("SELECT name FROM \"Item\" WHERE id = ? OR 1 = 1", [.integer(2)], cached: false)
            return try connection.value(prepared, cached: false)
        }
        XCTAssertEqual(read, .integer(1))
        let written = try await write(backend) { connection in
            _ = try connection.rows("SELECT name FROM \"Item\" WHERE id = ?", [.integer(1)])
            return try connection.value(prepared, cached: false)
        }
        XCTAssertEqual(written, .integer(0))
    }

    func testPreparedQueryBoundWithOtherTypesIsPreparedForEach() async throws {
        let backend = try makeBackend(poolSize: 2)
        let arguments: [SQLValue] = [
            .integer(2), .real(2.5), .text("2"), .blob(Data([2])), .boolean(true), .date(Date()), .json("2"),
            .textArray(["2"]), .integer(3),
        ]
        let (types, texts) = try await backend.read(within: nil) { connection in
            let types = try arguments.map { try connection.value("SELECT pg_typeof(?)::text", [$0]) }
            let texts = try [SQLValue.text("x"), .null, .text("y")].map {
                try connection.value("SELECT coalesce(?, 'none')", [$0])
            }
            return (types, texts)
        }
        let expected = [
            "bigint", "double precision", "text", "bytea", "boolean", "timestamp with time zone", "json", "text[]",
            "bigint",
        ]
        XCTAssertEqual(types, expected.map { .text($0) })
        XCTAssertEqual(texts, [.text("x"), .text("none"), .text("y")])
    }

    func testReaderThatPreparedItsLimitOfStatementsIsReplacedByAFreshConnection() async throws {
        let backend = try makeBackend(poolSize: 2)
        let pid = "SELECT pg_backend_pid()"
        let first = try await rows(backend, pid)
        let limit = PostgresSQLConnection.preparedStatementLimit
        try await backend.read(within: nil) { connection in
            for number in 0..<(limit - 1) { _ = try connection.value("SELECT ? + \(number)", [.integer(1)]) }
        }
        let sameConnection = try await rows(backend, pid)
        XCTAssertEqual(sameConnection, first)
        try await backend.read(within: nil) { connection in
            _ = try connection.value("SELECT ? + \(limit)", [.integer(1)])
        }
        let replaced = try await rows(backend, pid)
        XCTAssertNotEqual(replaced, first, "the worn-out reader was closed and a new one opened")
    }

    func testStatementErrorIsReportedWithTheServerMessageAndTheConnectionServesOn() async throws {
        let backend = try makeBackend(poolSize: 2)
        do {
            _ = try await rows(backend, "SELECT * FROM \"Nowhere\"")
            XCTFail("a query of a missing table succeeded")
        } catch let error as ParseError {
            XCTAssertEqual(error.message, "Internal server error: relation \"Nowhere\" does not exist")
        }
        let next = try await rows(backend, "SELECT 1")
        XCTAssertEqual(next, [[.integer(1)]])
    }
}
