import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// A busy, full or read-only database surfaces as its own `ParseError` (code 1 with a `storageFailure`), within the
/// store's busy wait, with nothing written and no SQLite text in the message.
final class StorageFailureTests: XCTestCase {
    func testWriteWhileAnotherProgramHoldsTheWriteLockFailsAsBusyAfterTheBusyWait() async throws {
        let file = try makeFileStore(busyWait: .milliseconds(400))
        defer { file.cleanUp() }
        let holder = try await WriteLockHolder(path: file.path)
        let started = ContinuousClock.now
        await assertStorageFailure(.busy) { try await file.store.write { try $0.create("Book", ["title": "x"]) } }
        let waited = ContinuousClock.now - started
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(400), "gave up before the busy wait")
        XCTAssertLessThan(waited, .seconds(3), "waited far longer than the busy wait")
        try await holder.release()
        let books = try await count(file.store, ParseQuery("Book"))
        XCTAssertEqual(books, 0)
    }

    func testWritesQueuedBehindAHeldLockEachAnswerWithinTheBusyWaitNotOneAfterAnother() async throws {
        let file = try makeFileStore(busyWait: .milliseconds(500))
        defer { file.cleanUp() }
        let holder = try await WriteLockHolder(path: file.path)
        let store = file.store
        let started = ContinuousClock.now
        let answers = try await withThrowingTaskGroup(of: Duration.self) { group in
            for index in 0..<5 {
                group.addTask {
                    do {
                        _ = try await store.write { try $0.create("Book", ["title": .string("\(index)")]) }
                        XCTFail("a write succeeded while the lock was held")
                    } catch let error as ParseError {
                        XCTAssertEqual(error.storageFailure, .busy)
                    }
                    return ContinuousClock.now - started
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await holder.release()
        // One after another, the fifth would answer after 2.5 s.
        XCTAssertEqual(answers.count, 5)
        XCTAssertLessThan(answers.max() ?? .zero, .milliseconds(1_500), "answers: \(answers)")
    }

    func testWriteWaitsForALockReleasedWithinTheBusyWaitAndSucceeds() async throws {
        let file = try makeFileStore(busyWait: .seconds(5))
        defer { file.cleanUp() }
        let holder = try await WriteLockHolder(path: file.path)
        let release = Task {
            try await Task.sleep(for: .milliseconds(300))
            try await holder.release()
        }
        let book = try await file.store.write { try $0.create("Book", ["title": "Dune"]) }
        try await release.value
        let stored = try await file.store.read { try $0.fetch("Book", objectId: book.objectId) }
        XCTAssertEqual(stored["title"], "Dune")
    }

    func testReadsCarryOnWhileAnotherProgramHoldsTheWriteLock() async throws {
        let file = try makeFileStore(busyWait: .milliseconds(200))
        defer { file.cleanUp() }
        try await seed(file.store, "Book", [["name": "Dune"]])
        let holder = try await WriteLockHolder(path: file.path)
        let started = ContinuousClock.now
        let found = try await names(file.store, ParseQuery("Book"))
        XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(150), "a read waited for the write lock")
        try await holder.release()
        XCTAssertEqual(found, ["Dune"])
    }

    func testFullDatabaseFailsAsFullAndKeepsNothingOfTheTransaction() async throws {
        let file = try makeFileStore()
        defer { file.cleanUp() }
        try await seed(file.store, "Book", [["title": "Before"]])
        try limitToCurrentSize(file.store)
        let long = String(repeating: "x", count: 10_000)
        await assertStorageFailure(.full) {
            try await file.store.write { writer in
                // The first object fits in the free room of an existing page; the long one needs new pages.
                _ = try writer.create("Book", ["title": "Fits"])
                XCTAssertEqual(try writer.reader.count(ParseQuery("Book")), 2, "the first write of the two failed")
                _ = try writer.create("Book", ["title": .string(long)])
            }
        }
        let titles = try await file.store.read { try $0.find(ParseQuery("Book")) }.compactMap {
            $0["title"]?.stringValue
        }
        XCTAssertEqual(titles, ["Before"])
    }

    func testReadOnlyDatabaseFailsAsReadOnly() async throws {
        let file = try makeFileStore()
        defer { file.cleanUp() }
        try await file.store.sqliteDatabase.writeWithoutTransaction { try $0.execute(sql: "PRAGMA query_only = ON") }
        await assertStorageFailure(.readOnly) { try await file.store.write { try $0.create("Book", ["title": "x"]) } }
    }

    func testStorageFailuresKeepParseCode1AndNoSQLiteText() {
        for error in [ParseError.databaseBusy, .databaseFull, .databaseReadOnly] {
            XCTAssertEqual(error.code, .internalServerError)
            XCTAssertNotNil(error.storageFailure)
            XCTAssertFalse(error.message.lowercased().contains("sqlite"), error.message)
        }
        XCTAssertEqual(
            Set([ParseError.databaseBusy, .databaseFull, .databaseReadOnly].compactMap(\.storageFailure)),
            [.busy, .full, .readOnly])
    }

}

/// Another program's connection to a database file, holding SQLite's write lock (as `sqlite3` does after
/// `BEGIN IMMEDIATE`) until `release()`.
final class WriteLockHolder: Sendable {
    private let queue: DatabaseQueue

    /// Opens `path` and takes the write lock.
    init(path: String) async throws {
        var configuration = Configuration()
        // The transaction stays open between accesses on purpose: that is the other program holding the lock.
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try await queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    }

    /// Ends the transaction (writing nothing) and closes the connection.
    func release() async throws {
        try await queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        try queue.close()
    }
}

/// Caps the database at the pages it has now, on the store's own writer connection (`max_page_count` belongs to a
/// connection): from then on, any write that needs a new page fails with SQLITE_FULL, as on a full disk.
func limitToCurrentSize(_ store: ParseStore) throws {
    try store.sqliteDatabase.writeWithoutTransaction { db in
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        // Free pages would take a write before the limit does; a store that never deleted anything has none.
        XCTAssertEqual(free, 0, "the database has free pages")
        _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages)")
    }
}

/// Asserts that `body` throws the ParseError of `failure`.
func assertStorageFailure<T>(
    _ failure: ParseError.StorageFailure, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        XCTFail("expected the \(failure) failure, got success", file: file, line: line)
    } catch let error as ParseError {
        XCTAssertEqual(error.storageFailure, failure, "\(error)", file: file, line: line)
        XCTAssertEqual(error.code, .internalServerError, file: file, line: line)
    } catch {
        XCTFail("expected the \(failure) failure, got \(error)", file: file, line: line)
    }
}
