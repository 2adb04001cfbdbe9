import Foundation
import GRDB
import Synchronization

/// The SQLite backend: one database file (or a private in-memory database) through GRDB, with one writer whose
/// concurrent writes commit together (`GroupCommit`) and a reader connection a core.
final class SQLiteBackend: StoreBackend {
    let database: any DatabaseWriter
    /// Bounds each write's wait for another program's write lock (the busy handler of the configuration).
    let lockWait: WriteLockWait
    /// Runs the writes, committing those asked for at once together.
    let groupCommit: GroupCommit
    /// Set by the first `close()`: a second one does nothing (checkpointing a closed pool crashed inside SQLite).
    private let isClosed = Mutex(false)

    var dialect: SQLDialect { .sqlite }

    /// The pages each reader connection keeps, in kilobytes.
    static let readerCacheKilobytes = 256

    /// Opens (creating if needed) the database file at `path` in WAL mode.
    ///
    /// - Throws: `ParseError` code 1 when the file cannot be opened or created.
    convenience init(path: String, busyWait: Duration) throws {
        let lockWait = WriteLockWait(limit: busyWait)
        var config = Self.configuration(lockWait: lockWait)
        config.maximumReaderCount = ParseStore.readerCount
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
        } catch {
            throw ParseError(.internalServerError, "The database at \(path) cannot be opened: \(Self.describe(error))")
        }
        self.init(database: pool, lockWait: lockWait)
    }

    /// A private in-memory database.
    static func inMemory() throws -> SQLiteBackend {
        let lockWait = WriteLockWait(limit: ParseStore.defaultBusyWait)
        let queue = try DatabaseQueue(configuration: configuration(lockWait: lockWait))
        return SQLiteBackend(database: queue, lockWait: lockWait)
    }

    /// A backend on `database`; `lockWait` is the busy handler its configuration installed (a database configured
    /// elsewhere keeps its own busy handling, and `lockWait` then only records deadlines).
    init(database: any DatabaseWriter, lockWait: WriteLockWait = WriteLockWait(limit: ParseStore.defaultBusyWait)) {
        self.database = database
        self.lockWait = lockWait
        self.groupCommit = GroupCommit(database: database, lockWait: lockWait)
    }

    func read<T: Sendable>(
        within limit: Duration?, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        guard let limit else { return try await database.read { db in try body(SQLiteConnection(db)) } }
        return try await database.read { db in
            try QueryDeadline(ending: ContinuousClock.now + limit).watching(db) { try body(SQLiteConnection(db)) }
        }
    }

    func write<T: Sendable>(
        deadline: ContinuousClock.Instant, commitIf shouldCommit: @escaping @Sendable (T) -> Bool,
        _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            groupCommit.submit(
                TypedGroupedWrite(deadline: deadline, continuation: continuation, shouldCommit: shouldCommit) {
                    try body(SQLiteConnection($0))
                })
        }
    }

    func prepare(_ body: (any SQLConnection) throws -> Void) throws {
        let deadline = ContinuousClock.now + lockWait.limit
        try database.writeWithoutTransaction { db in
            try Self.transaction(db, waitingUntil: deadline, lockWait) { try body(SQLiteConnection(db)) }
        }
    }

    func readHere<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try database.read { db in try body(SQLiteConnection(db)) }
    }

    func writeHere<T>(deadline: ContinuousClock.Instant, _ body: (any SQLConnection) throws -> T) throws -> T {
        try database.writeWithoutTransaction { db in
            try Self.transaction(db, waitingUntil: deadline, lockWait) { try body(SQLiteConnection(db)) }
        }
    }

    /// GRDB's `write`: `body` in one IMMEDIATE transaction on the writer `db`, committed, or rolled back when it
    /// throws — with `deadline` set before BEGIN meets another program's lock.
    static func transaction<T>(
        _ db: Database, waitingUntil deadline: ContinuousClock.Instant, _ lockWait: WriteLockWait,
        commitIf shouldCommit: (T) -> Bool = { _ in true }, _ body: () throws -> T
    ) throws -> T {
        try lockWait.waiting(until: deadline) {
            var result: T?
            try db.inTransaction {
                let value = try body()
                result = value
                return shouldCommit(value) ? .commit : .rollback
            }
            // inTransaction returns only after running the block and ending the transaction, so result is set.
            return result!
        }
    }

    func close() throws {
        guard
            !isClosed.withLock({ closed in
                defer { closed = true }
                return closed
            })
        else { return }
        if let pool = database as? DatabasePool {
            // Fold the WAL back into the main file first: the pool's read-only connections cannot, so without
            // this the -wal file outlives a clean shutdown.
            _ = try pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            try pool.close()
        } else {
            try (database as? DatabaseQueue)?.close()
        }
    }

    static func configuration(lockWait: WriteLockWait) -> Configuration {
        var config = Configuration()
        // Not SQLite's busy timeout: it restarts for every queued write (see WriteLockWait).
        config.busyMode = .callback { attempt in lockWait.shouldRetry(attempt: attempt) }
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            // A reader keeps 512 KB of pages (SQLite's default is 2 MB a connection, and there is a reader a core):
            // what it misses, the operating system's file cache has.
            if db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -\(readerCacheKilobytes)") }
            try StoreFunctions.register(in: db)
        }
        return config
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode)" }
        return "\(error)"
    }
}

extension ParseStore {
    /// The GRDB database, for tests that inspect the raw storage (`@testable import`); GRDB stays out of the API.
    var databaseWriter: any DatabaseWriter { (backend as! SQLiteBackend).database }

    /// The SQLite backend's writer queue, for tests.
    var groupCommit: GroupCommit { (backend as! SQLiteBackend).groupCommit }

    /// A store on a GRDB database configured elsewhere (tests).
    convenience init(database: any DatabaseWriter, clock: any ParseClock) throws {
        try self.init(backend: SQLiteBackend(database: database), clock: clock)
    }
}

extension SQLiteBackend {
    /// Opens the SQLite file at `path` read-only, its schema untrusted (nothing a crafted file defines may run code),
    /// for reading another file: a backup's, or a copy's source.
    ///
    /// - Throws: `ParseError` 1, "The file is not a database.", when it cannot be opened.
    static func readOnlyFile(at path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA trusted_schema = OFF") }
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw ParseError(.internalServerError, "The file is not a database.")
        }
    }
}
