import Foundation
import GRDB
import ParseStore
import Synchronization
import XCTest

@testable import ParseStore
@testable import Parsnip

/// Which database the page and API tests run on: SQLite in memory, or — with `PARSNIP_TEST_BACKEND=postgres` —
/// PostgreSQL at `PARSNIP_TEST_POSTGRES_URL`, each app or store in a schema of its own. `scripts/test` runs them both
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

    /// `url` naming a schema no other test uses.
    static func freshSchema(in url: String) -> String {
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// The PostgreSQL stores the running test opened by itself: closed when it finishes, since a test case (and a
    /// store it keeps in a property) lives until the whole run ends, and each store holds connections.
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
        // @unchecked Sendable: no state of its own; the stores it closes sit behind TestBackend's lock.
        func testCaseDidFinish(_ testCase: XCTestCase) {
            for store in TestBackend.openStores.withLock({ stores in
                defer { stores.removeAll() }
                return stores
            }) {
                try? store.close()
            }
        }
    }
}

/// A store of its own for a test that works on the store directly: in memory, or on PostgreSQL (a fresh schema,
/// closed when the test ends) when the tests run there.
func testStore(clock: any ParseClock = SteppingClock()) throws -> ParseStore {
    guard let url = TestBackend.postgresURL else { return try ParseStore.inMemory(clock: clock) }
    let store = try ParseStore(postgresURL: TestBackend.freshSchema(in: url), clock: clock)
    TestBackend.closeAfterThisTest(store)
    return store
}

/// Skips a test about SQLite's own storage (its file, its locks, GRDB) when the tests run on PostgreSQL.
func skipUnlessSQLite(_ what: String) throws {
    if TestBackend.isPostgres { throw XCTSkip("This test is about \(what), so it runs on SQLite only.") }
}

/// A test skipped from inside a store's read or write stays a skip.
extension XCTSkip: StoreBodyRefusal {}

extension ParseStore {
    /// The GRDB database of a SQLite store, for a test about SQLite's own storage; skips the test on PostgreSQL.
    func sqliteDatabase(_ what: String) throws -> any DatabaseWriter {
        try skipUnlessSQLite(what)
        return databaseWriter
    }
}

/// Every table's name and every row of the store, as sorted text: equal answers mean nothing was written between
/// them. On SQLite also every table's and index's definition (`sqlite_master`); on PostgreSQL the tables of the
/// store's schema.
func storedContent(_ store: ParseStore) async throws -> [String] {
    try await store.read { reader in
        let db = reader.db
        var lines: [String] = []
        var tables: [String] = []
        switch db.dialect {
        case .sqlite:
            try db.forEachRow(
                "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
            ) { row in
                lines.append("\(row[0]) \(row[1]): \(row[2])")
                if row[0] == .text("table"), case .text(let name) = row[1] { tables.append(name) }
            }
        case .postgres:
            try db.forEachRow(
                """
                SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
                AND table_type = 'BASE TABLE' ORDER BY table_name
                """
            ) { row in
                if case .text(let name) = row[0] { tables.append(name) }
            }
        }
        for table in tables {
            var rows: [String] = []
            try db.forEachRow("SELECT * FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"", cached: false)
            { row in
                rows.append(zip(row.columns.names, row.values).map { "\($0)=\($1)" }.joined(separator: " "))
            }
            lines.append("\(table): " + rows.sorted().joined(separator: "\n"))
        }
        return lines
    }
}

/// The database of a test app that names a database file at `path` (to open it again after a restart, or to look
/// at it): that file on SQLite; on PostgreSQL a schema named after the path, so the same path opens the same data
/// again.
func testDatabase(at path: String) -> ParsnipSettings.Database {
    guard let url = TestBackend.postgresURL else { return .file(path) }
    // FNV-1a: the same name for the same path in every run (Swift's own hashes change between runs).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return .postgres(url + (url.contains("?") ? "&" : "?") + "schema=f_" + String(hash, radix: 16))
}

/// A store on the database a test app at `path` uses (`testDatabase(at:)`): the file, or its PostgreSQL schema.
func testStore(at path: String, clock: any ParseClock = SystemParseClock()) throws -> ParseStore {
    switch testDatabase(at: path) {
    case .postgres(let url): return try ParseStore(postgresURL: url, clock: clock)
    default: return try ParseStore(path: path, clock: clock)
    }
}

/// What a command (`parsnip backup`, `restore`, `export`, `import`) is given as `--database` for the test database
/// at `path` (`testDatabase(at:)`): the file's path, or the PostgreSQL address of its schema.
func commandDatabase(at path: String) -> String {
    switch testDatabase(at: path) {
    case .postgres(let url): return url
    default: return path
    }
}

/// Every class's object count in the test database at `path` (`testDatabase(at:)`), read through a store of its own.
func objectCounts(at path: String) async throws -> [String: Int] {
    let store = try testStore(at: path)
    defer { try? store.close() }
    return try await store.objectCounts()
}

/// On PostgreSQL a command's safety backups (`parsnip import`, `restore`) go in `parsnip-backups/` of the working
/// folder, which a command cannot be told otherwise: a test class of such commands removes the ones its test made.
final class CommandSafetyBackups: Sendable {
    private let folder = CommandDatabase.backupsFolder("postgres://")
    private let before: Set<String>

    /// Notes what the folder holds before the test.
    init() {
        before = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// Removes what the test added to the folder.
    func removeNew() {
        guard TestBackend.isPostgres else { return }
        let now = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in now where !before.contains(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
