import Foundation
import GRDB
import Synchronization
import XCTest

@testable import ParseStore

/// A clock that always answers the same instant.
struct FixedClock: ParseClock {
    /// The instant every reading returns.
    let instant: Date

    init(_ instant: Date = Date(timeIntervalSince1970: 1_714_558_830.456)) {
        self.instant = instant
    }

    func now() -> Date { instant }
}

/// A clock that starts at `start` and moves forward by `step` seconds after every reading.
final class SteppingClock: ParseClock {
    private let state: Mutex<Date>
    /// Seconds added after each reading.
    let step: TimeInterval

    init(start: Date = Date(timeIntervalSince1970: 1_714_558_830.456), step: TimeInterval = 1) {
        self.state = Mutex(start)
        self.step = step
    }

    /// Returns the current instant, then moves the clock forward by `step`.
    func now() -> Date {
        state.withLock { current in
            let reading = current
            current = current.addingTimeInterval(step)
            return reading
        }
    }
}

/// An error a test throws to make a write block fail and roll back.
struct TestAbort: Error {}

/// A file-backed store in a fresh temporary directory, removed by `cleanUp()`.
struct TemporaryFileStore {
    /// The store, opened in WAL mode on `path`.
    let store: ParseStore
    /// The directory that holds the database file.
    let directory: URL
    /// The database file.
    var path: String { directory.appendingPathComponent("store.sqlite").path }

    /// Closes the store and deletes its directory.
    func cleanUp() {
        try? store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// An in-memory store with a deterministic clock.
func makeMemoryStore(clock: any ParseClock = FixedClock()) throws -> ParseStore {
    if let url = TestBackend.postgresURL {
        let store = try ParseStore(postgresURL: TestBackend.freshSchema(in: url), clock: clock)
        TestBackend.closeAfterThisTest(store)
        return store
    }
    return try ParseStore.inMemory(clock: clock)
}

/// A file-backed store (WAL `DatabasePool`) in a new temporary directory; call `cleanUp()` when done.
func makeFileStore(
    clock: any ParseClock = FixedClock(), busyWait: Duration = ParseStore.defaultBusyWait
) throws -> TemporaryFileStore {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("parsestore-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("store.sqlite").path
    let store = try ParseStore(path: path, clock: clock, busyWait: busyWait)
    return TemporaryFileStore(store: store, directory: directory)
}

/// Asserts that `body` throws a `ParseError` with the given code (and message, when given).
func assertParseError<T>(
    _ code: Int, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        XCTFail("expected ParseError \(code), got success", file: file, line: line)
    } catch let error as ParseError {
        XCTAssertEqual(error.code.rawValue, code, "\(error)", file: file, line: line)
        if let message { XCTAssertEqual(error.message, message, file: file, line: line) }
    } catch {
        XCTFail("expected ParseError \(code), got \(error)", file: file, line: line)
    }
}

/// Asserts that the synchronous `body` throws a `ParseError` with the given code (and message, when given).
func assertParseErrorSync<T>(
    _ code: Int, _ message: String? = nil, file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
) {
    do {
        _ = try body()
        XCTFail("expected ParseError \(code), got success", file: file, line: line)
    } catch let error as ParseError {
        XCTAssertEqual(error.code.rawValue, code, "\(error)", file: file, line: line)
        if let message { XCTAssertEqual(error.message, message, file: file, line: line) }
    } catch {
        XCTFail("expected ParseError \(code), got \(error)", file: file, line: line)
    }
}

// MARK: - Query test helpers (added by store-query)

/// Creates one object per entry of `rows` in `className`, in order, in one transaction.
@discardableResult
func seed(_ store: ParseStore, _ className: String, _ rows: [[String: ParseValue]]) async throws -> [ParseObject] {
    try await store.write { writer in try rows.map { try writer.create(className, $0) } }
}

/// The `name` field of each object `query` finds, in result order.
func names(_ store: ParseStore, _ query: ParseQuery) async throws -> [String] {
    try await store.read { try $0.find(query) }.compactMap { $0["name"]?.stringValue }
}

/// The `name` fields `query` finds, as a set (for queries without an order).
func nameSet(_ store: ParseStore, _ query: ParseQuery) async throws -> Set<String> {
    Set(try await names(store, query))
}

/// How many objects `query` counts.
func count(_ store: ParseStore, _ query: ParseQuery) async throws -> Int {
    try await store.read { try $0.count(query) }
}

/// Reads the raw SQLite storage behind `store` (for layout and encoding checks).
func rawRead<T>(_ store: ParseStore, _ body: (Database) throws -> T) throws -> T {
    try store.sqliteDatabase.read(body)
}

/// Changes the raw SQLite storage behind `store`, bypassing the store (to simulate damage or other writers).
func rawWrite<T>(_ store: ParseStore, _ body: (Database) throws -> T) throws -> T {
    try store.sqliteDatabase.write(body)
}

/// A store with class `Note` and its search index, holding `texts` (one note each, created a second apart), each
/// document tagged with `tags(index, text)`; answers the notes' objectIds in order.
func makeNoteSearchStore(
    _ texts: [String], tags: @escaping @Sendable (Int, String) -> [String] = { _, _ in [] }
) async throws -> (ParseStore, [String]) {
    let store = try ParseStore.inMemory(clock: SteppingClock())
    let ids = try await store.write { writer in
        try writer.ensureSearchIndex(for: "Note")
        return try texts.enumerated().map { index, text in
            let note = try writer.create("Note", ["text": .string(text)])
            try writer.setSearchDocument(
                SearchDocument(text: text, tags: tags(index, text)), className: "Note", objectId: note.objectId,
                createdAt: note.createdAt, updatedAt: note.updatedAt)
            return note.objectId
        }
    }
    return (store, ids)
}

extension ParseReader {
    /// The GRDB connection under a SQLite store's reader, for tests that look at the raw storage.
    var grdb: Database {
        get throws {
            try skipUnlessSQLite()
            return db.sqlite!
        }
    }
}

extension ParseWriter {
    /// The GRDB connection under a SQLite store's writer, for tests that look at the raw storage.
    var grdb: Database {
        get throws {
            try skipUnlessSQLite()
            return db.sqlite!
        }
    }
}

extension ParseStore {
    /// The GRDB database of a SQLite store; skips the test on PostgreSQL.
    var sqliteDatabase: any DatabaseWriter {
        get throws {
            try skipUnlessSQLite()
            return databaseWriter
        }
    }
}

/// Which backend the store's contract tests run on: SQLite in memory, or — with `PARSNIP_TEST_BACKEND=postgres` —
/// PostgreSQL at `PARSNIP_TEST_POSTGRES_URL`, each store in a schema of its own. `scripts/test` runs the suite both
/// ways.
enum TestBackend {
    /// The server's URL when the tests run on PostgreSQL.
    static let postgresURL: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["PARSNIP_TEST_BACKEND"] == "postgres" else { return nil }
        guard let url = environment["PARSNIP_TEST_POSTGRES_URL"], !url.isEmpty else {
            fatalError("PARSNIP_TEST_BACKEND=postgres needs PARSNIP_TEST_POSTGRES_URL (scripts/test sets both).")
        }
        return url
    }()

    /// True when the tests run on PostgreSQL.
    static var isPostgres: Bool { postgresURL != nil }

    /// The PostgreSQL stores the running test opened: closed when it finishes, since a test case (and a store it
    /// keeps in a property) lives until the whole run ends, and each store holds connections.
    private static let openStores = Mutex<[ParseStore]>([])

    /// Closes `store` once the running test finishes.
    static func closeAfterThisTest(_ store: ParseStore) {
        _ = observer
        openStores.withLock { $0.append(store) }
    }

    /// Registered with XCTest the first time a store is opened.
    private static let observer: StoreCloser = {
        let closer = StoreCloser()
        XCTestObservationCenter.shared.addTestObserver(closer)
        return closer
    }()

    /// Closes the stores a test opened when it finishes.
    private final class StoreCloser: NSObject, XCTestObservation, @unchecked Sendable {
        func testCaseDidFinish(_ testCase: XCTestCase) {
            for store in TestBackend.openStores.withLock({ stores in
                defer { stores.removeAll() }
                return stores
            }) {
                try? store.close()
            }
        }
    }

    /// `url` naming a schema no other store uses.
    static func freshSchema(in url: String) -> String {
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }
}

/// Skips a test about SQLite's own storage (its files, its query plans, GRDB) when the suite runs on PostgreSQL.
func skipUnlessSQLite(_ what: String = "SQLite's own storage") throws {
    if TestBackend.isPostgres { throw XCTSkip("This test is about \(what).") }
}

/// A test skipped from inside a store's read or write (reaching for SQLite's storage on PostgreSQL) stays a skip.
extension XCTSkip: StoreBodyRefusal {}
