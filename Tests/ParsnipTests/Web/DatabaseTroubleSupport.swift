import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import ParseStore
@testable import Parsnip

/// A database file in a new temporary directory, deleted by `remove()`.
struct TemporaryDatabase {
    let directory: URL
    var path: String { directory.appendingPathComponent("parsnip.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("parsnip-trouble-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Everything the database holds, table by table and row by row, read through a connection of its own: equal
    /// digests mean nothing was written in between.
    func digest() throws -> String {
        try skipUnlessSQLite("a SQLite file read through a connection of its own")
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            return try tables.map { table in
                let rows = try Row.allRows(of: table, in: db)
                return "\(table): \(rows.map(\.description).joined(separator: "; "))"
            }.joined(separator: "\n")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Another program's connection to a database file, holding SQLite's write lock (as `sqlite3` does after
/// `BEGIN IMMEDIATE`) until `release()`.
final class WriteLockHolder: Sendable {
    private let queue: DatabaseQueue

    /// Opens `path` and takes the write lock.
    init(path: String) async throws {
        try skipUnlessSQLite("SQLite's file lock")
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

/// Settings for a test app on the database file `path` (on PostgreSQL a schema named after it: `testDatabase(at:)`),
/// everyone signing in, hashing at the lowest cost. Its backups go in `backups/` beside `path` on both: a file's
/// own place, named with `--backups` for PostgreSQL (whose own place, the working folder, every test would share).
func fileSettings(_ path: String, requireSignIn: Bool = true) -> ParsnipSettings {
    var settings = signInSettings(requireSignIn: requireSignIn)
    settings.database = testDatabase(at: path)
    if TestBackend.isPostgres {
        settings.backups.folder =
            URL(fileURLWithPath: path).deletingLastPathComponent()
            .appendingPathComponent("backups").path
    }
    return settings
}

/// Runs `test` against the app `settings` describe, built by `buildRouterAndStore` as `buildApplication` builds it,
/// handing it the store the app writes through too (to cap its size on the store's own connection).
func withAppAndStore(
    settings: ParsnipSettings, _ test: @escaping @Sendable (Browser, ParseStore) async throws -> Void
) async throws {
    let built = try await buildRouterAndStore(settings)
    defer { try? built.store.close() }
    let store = built.store
    try await Application(router: built.router, logger: built.logger).test(.router) { client in
        try await test(Browser(client: client), store)
    }
}

/// Caps the database at the pages it has now, on the store's own writer connection (`max_page_count` belongs to a
/// connection): from then on any write that needs a new page fails with SQLITE_FULL, as on a full disk.
func limitToCurrentSize(_ store: ParseStore) throws {
    try store.sqliteDatabase("SQLite's page limit (a full disk)").writeWithoutTransaction { db in
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        // Free pages would take a write before the limit does; a database nobody deleted from has none.
        XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA freelist_count"), 0, "the database has free pages")
        _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages)")
    }
}

/// The plain-words notice a form shown again because the database was busy starts with.
let busyHeading = "Parsnip could not save just now"
/// The notice of a form shown again because the disk was full.
let fullHeading = "Parsnip could not save: the disk is full"

extension Browser {
    /// A browser of its own on the same app carrying this one's cookies (its session and CSRF token), for requests
    /// sent at the same time as others.
    func copy() -> Browser {
        let copy = Browser(client: client)
        copy.cookies = cookies
        return copy
    }
}
