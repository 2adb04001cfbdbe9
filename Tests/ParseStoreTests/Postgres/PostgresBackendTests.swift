import Foundation
import Synchronization
import XCTest

@testable import ParseStore

/// Reads see one snapshot; writes of two backends on one database (two processes) take turns and see each other's
/// commits; time limits, lost connections, an absent server and a closed backend answer the store's errors.
final class PostgresBackendTests: PostgresTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try administer("DROP TABLE IF EXISTS \"Item\"; CREATE TABLE \"Item\" (id int8 PRIMARY KEY, name text)")
    }

    /// A refusal of the caller's own, which must pass through unchanged.
    struct Refusal: StoreBodyRefusal, Equatable {}

    /// Inserts one item in one committed write.
    private func insert(_ backend: PostgresBackend, _ id: Int64, wait: Duration = .seconds(5)) async throws {
        try await write(backend, wait: wait) { connection in
            try connection.execute("INSERT INTO \"Item\" VALUES (?, ?)", [.integer(id), .text("item \(id)")])
        }
    }

    /// How many items `backend` reads.
    private func count(_ backend: PostgresBackend) async throws -> Int64? {
        try await rows(backend, "SELECT count(*) FROM \"Item\"").first?.first?.integer
    }

    func testReadSnapshotDoesNotSeeAWriteCommittedDuringIt() async throws {
        let reader = try makeBackend()
        let writer = try makeBackend()
        let firstLook = PostgresTestSignal()
        let written = PostgresTestSignal()
        async let counts = reader.read(within: nil) { connection in
            let before = try connection.value("SELECT count(*) FROM \"Item\"").integer
            firstLook.signal()
            written.wait()
            let after = try connection.value("SELECT count(*) FROM \"Item\"").integer
            return [before, after]
        }
        firstLook.wait()
        try await insert(writer, 1)
        written.signal()
        let snapshotCounts = try await counts
        XCTAssertEqual(snapshotCounts, [0, 0])
        let nextCount = try await count(reader)
        XCTAssertEqual(nextCount, 1, "the next read sees the commit")
    }

    func testCommittedWriteOfOneBackendIsSeenByTheOthersNextRead() async throws {
        let one = try makeBackend()
        let other = try makeBackend()
        let before = try await count(other)
        XCTAssertEqual(before, 0)
        try await insert(one, 1)
        let after = try await count(other)
        XCTAssertEqual(after, 1)
    }

    func testWriteWaitsWhileAnotherBackendHoldsTheWriteLockAndIsBusyPastItsDeadline() async throws {
        let holder = try makeBackend()
        let waiter = try makeBackend()
        let holding = PostgresTestSignal()
        let release = PostgresTestSignal()
        let holderEnded = Mutex<ContinuousClock.Instant?>(nil)
        async let held: Void = holder.write(
            deadline: .now + .seconds(5), commitIf: { _ in true },
            { connection in
                try connection.execute("INSERT INTO \"Item\" VALUES (1, 'held')")
                holding.signal()
                release.wait()
                holderEnded.withLock { $0 = .now }
            })
        holding.wait()

        let started = ContinuousClock.now
        await assertThrows(.databaseBusy) { try await self.insert(waiter, 2, wait: .milliseconds(300)) }
        let waited = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(300), "gave up before its deadline")
        XCTAssertLessThan(waited, .seconds(2), "waited far past its deadline")

        let waiterStarted = Mutex<ContinuousClock.Instant?>(nil)
        async let waitedForLock: Void = waiter.write(
            deadline: .now + .seconds(10), commitIf: { _ in true },
            { connection in
                waiterStarted.withLock { $0 = .now }
                try connection.execute("INSERT INTO \"Item\" VALUES (3, 'after')")
            })
        try await Task.sleep(for: .milliseconds(300))
        XCTAssertNil(waiterStarted.withLock { $0 }, "the second write ran while the first held the lock")
        release.signal()
        try await held
        try await waitedForLock
        let ended = try XCTUnwrap(holderEnded.withLock { $0 })
        let began = try XCTUnwrap(waiterStarted.withLock { $0 })
        XCTAssertGreaterThan(began, ended)
        let ids = try await rows(holder, "SELECT id FROM \"Item\" ORDER BY id")
        XCTAssertEqual(ids, [[.integer(1)], [.integer(3)]])
    }

    func testReadPastItsTimeLimitIsStoppedWith124Quickly() async throws {
        let backend = try makeBackend(poolSize: 2)
        let started = ContinuousClock.now
        await assertThrows(.queryTooCostly) {
            try await backend.read(within: .milliseconds(200)) { try $0.execute("SELECT pg_sleep(5)") }
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
        let next = try await rows(backend, "SELECT 1")
        XCTAssertEqual(next, [[.integer(1)]], "the connection serves the next read")
    }

    func testReadOfManyStatementsStopsOnceTheirTimeAddsUpToTheLimit() async throws {
        let backend = try makeBackend(poolSize: 2)
        let ran = Mutex(0)
        await assertThrows(.queryTooCostly) {
            try await backend.read(within: .milliseconds(300)) { connection in
                for _ in 0..<10 {
                    try connection.execute("SELECT pg_sleep(0.15)")
                    ran.withLock { $0 += 1 }
                }
            }
        }
        // 0.15 s each within 0.3 s in all: the third cannot start, however slow the machine makes the first two.
        XCTAssertTrue((1...2).contains(ran.withLock { $0 }), "\(ran.withLock { $0 }) statements ran")
    }

    func testWriteInAReadIsRefusedAsReadOnly() async throws {
        let backend = try makeBackend()
        await assertThrows(.databaseReadOnly) {
            try await backend.read(within: nil) { try $0.execute("INSERT INTO \"Item\" VALUES (1, 'x')") }
        }
    }

    func testBodyRefusalAndParseErrorPassThroughUnchanged() async throws {
        let backend = try makeBackend()
        do {
            try await write(backend) { _ in throw Refusal() }
            XCTFail("the refusal was not thrown")
        } catch let refusal as Refusal {
            XCTAssertEqual(refusal, Refusal())
        }
        await assertThrows(.objectNotFound) {
            try await backend.read(within: nil) { _ in throw ParseError.objectNotFound }
        }
    }

    func testNextReadAndWriteSucceedAfterEveryConnectionWasTerminated() async throws {
        let backend = try makeBackend()
        try await insert(backend, 1)
        let before = try await count(backend)
        XCTAssertEqual(before, 1)
        let admin = try PostgresBackend(address: address, poolSize: 2)
        defer { try? admin.close() }
        try admin.outsideTransaction { connection in
            try connection.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE datname = current_database() AND pid <> pg_backend_pid()")
        }
        let afterRead = try await count(backend)
        XCTAssertEqual(afterRead, 1)
        try await insert(backend, 2)
        let afterWrite = try await count(backend)
        XCTAssertEqual(afterWrite, 2)
    }

    func testServerNotListeningIsUnreachableWithinSeconds() async throws {
        var nowhere = address
        nowhere.port = 1
        let backend = try PostgresBackend(address: nowhere, poolSize: 2)
        defer { try? backend.close() }
        let started = ContinuousClock.now
        await assertThrows(.databaseUnreachable) { try await backend.read(within: nil) { _ in 1 } }
        await assertThrows(.databaseUnreachable) { try await self.insert(backend, 1) }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(3))
    }

    func testPrepareRunsItsBodyInOneCommittedWrite() async throws {
        let backend = try makeBackend()
        try backend.prepare { connection in
            try connection.execute("CREATE TABLE \"Prepared\" (id int)")
            try connection.execute("INSERT INTO \"Prepared\" VALUES (1)")
        }
        let prepared = try await rows(backend, "SELECT id FROM \"Prepared\"")
        XCTAssertEqual(prepared, [[.integer(1)]])
    }

    func testClosedBackendRefusesReadsAndWritesAndClosesAgainQuietly() async throws {
        let backend = try PostgresBackend(address: address, poolSize: 2)
        let before = try await count(backend)
        XCTAssertEqual(before, 0)
        try backend.close()
        try backend.close()
        await assertThrows(.databaseClosed) { try await self.count(backend) }
        await assertThrows(.databaseClosed) { try await self.insert(backend, 1) }
        XCTAssertThrowsError(try backend.prepare { _ in }) { XCTAssertEqual($0 as? ParseError, .databaseClosed) }
    }
}
