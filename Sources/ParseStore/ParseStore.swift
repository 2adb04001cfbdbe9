import Foundation
import GRDB
import Synchronization

/// A Parse object store on one SQLite database: Parse's objects, schema, queries and relations.
///
/// Every read runs in one snapshot and every write in one transaction:
/// ```swift
/// let store = try ParseStore(path: "data/parsnip.sqlite")
/// let item = try await store.write { try $0.create("TodoListItem", ["title": "Buy oat milk"]) }
/// let all = try await store.read { try $0.find(ParseQuery("TodoListItem").order(by: "-createdAt")) }
/// ```
public final class ParseStore: Sendable {
    let database: any DatabaseWriter
    let context: StoreContext
    /// Bounds each write's wait for another program's write lock (the busy handler of the store's configuration).
    let lockWait: WriteLockWait
    /// Runs the writes, committing those asked for at once together.
    let groupCommit: GroupCommit
    /// Set by the first `close()`: a second one does nothing (checkpointing a closed pool crashed inside SQLite).
    private let isClosed = Mutex(false)

    /// How long a write waits for a write lock another program holds before giving up with
    /// `ParseError.databaseBusy`: 2 seconds.
    ///
    /// The store's own write transactions last milliseconds, and so do other programs' short writes (a `sqlite3`
    /// update, a backup step), so 2 s rides over every momentary clash with room to spare. A lock held longer means
    /// someone keeps a transaction open (an interactive `sqlite3` session, a long import): waiting on would only keep
    /// the person at a stalled page, and keep the writes queued behind theirs waiting too. A page answered within a
    /// few seconds can say so and keep the form.
    public static let defaultBusyWait: Duration = .seconds(2)

    /// The store clock's time now, to the millisecond: the time its next write would stamp.
    public func now() -> Date { context.timestamp() }

    /// The pages each reader connection keeps, in kilobytes.
    static let readerCacheKilobytes = 256

    /// How many connections read at once: one a core (at least 4), so reads never queue while cores are idle.
    public static var readerCount: Int { max(4, ProcessInfo.processInfo.activeProcessorCount) }

    /// Opens (creating if needed) the database file at `path` in WAL mode.
    ///
    /// - Parameters:
    ///   - busyWait: how long writes wait for a write lock held by another program (see `defaultBusyWait`).
    /// - Throws: `ParseError` code 1 when the file cannot be opened or created.
    public convenience init(
        path: String, clock: any ParseClock = SystemParseClock(), busyWait: Duration = ParseStore.defaultBusyWait
    ) throws {
        let lockWait = WriteLockWait(limit: busyWait)
        var config = Self.configuration(lockWait: lockWait)
        config.maximumReaderCount = Self.readerCount
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
        } catch {
            throw ParseError(.internalServerError, "The database at \(path) cannot be opened: \(Self.describe(error))")
        }
        try self.init(database: pool, clock: clock, lockWait: lockWait)
    }

    /// Opens a private in-memory database (for tests).
    public static func inMemory(clock: any ParseClock = SystemParseClock()) throws -> ParseStore {
        let lockWait = WriteLockWait(limit: defaultBusyWait)
        let queue = try DatabaseQueue(configuration: configuration(lockWait: lockWait))
        return try ParseStore(database: queue, clock: clock, lockWait: lockWait)
    }

    /// A store on `database`; `lockWait` is the busy handler its configuration installed (a database configured
    /// elsewhere keeps its own busy handling, and `lockWait` then only records deadlines).
    init(
        database: any DatabaseWriter, clock: any ParseClock,
        lockWait: WriteLockWait = WriteLockWait(limit: ParseStore.defaultBusyWait)
    ) throws {
        self.database = database
        self.context = StoreContext(clock: clock)
        self.lockWait = lockWait
        self.groupCommit = GroupCommit(database: database, lockWait: lockWait, schemas: context.schemas)
        let deadline = ContinuousClock.now + lockWait.limit
        try mapErrors {
            try database.writeWithoutTransaction { db in
                try Self.transaction(db, waitingUntil: deadline, lockWait) { try self.context.prepare(db) }
            }
        }
    }

    /// Runs `body` in one read snapshot.
    public func read<T: Sendable>(_ body: @escaping @Sendable (ParseReader) throws -> T) async throws -> T {
        let context = self.context
        return try await mapErrorsAsync {
            try await database.read { db in try body(ParseReader(db: db, context: context)) }
        }
    }

    /// Runs `body` in one write transaction: if it throws, nothing it wrote is kept.
    ///
    /// Writes asked for at once share their transaction's commit (`GroupCommit`), each in its own savepoint: one
    /// that throws undoes only itself, and none is answered before the commit.
    ///
    /// - Throws: `ParseError.databaseBusy` when another program holds the write lock until `busyWait` after this
    ///   call (however long the write queued behind others first), `.databaseFull` or `.databaseReadOnly` when the
    ///   database cannot take the write; in each case nothing was written.
    public func write<T: Sendable>(_ body: @escaping @Sendable (ParseWriter) throws -> T) async throws -> T {
        try await write(commitIf: { _ in true }, body)
    }

    /// Runs `body` in one write transaction and keeps what it wrote only when `commitIf` says so of its result
    /// (a dry run answers its result and rolls everything back); if it throws, nothing it wrote is kept.
    public func write<T: Sendable>(
        commitIf shouldCommit: @escaping @Sendable (T) -> Bool, _ body: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> T {
        // A rolled-back write's schema changes never reach the cache: SchemaCache publishes them on commit, and the
        // group forgets them when a savepoint is rolled back.
        let context = self.context
        // Counted from now, not from when the write reaches the connection: see WriteLockWait.
        let deadline = ContinuousClock.now + lockWait.limit
        return try await mapErrorsAsync {
            try await withCheckedThrowingContinuation { continuation in
                groupCommit.submit(
                    TypedGroupedWrite(deadline: deadline, continuation: continuation, shouldCommit: shouldCommit) {
                        try body(ParseWriter(db: $0, context: context))
                    })
            }
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

    /// Closes the database; later reads and writes fail, a later `close()` does nothing.
    public func close() throws {
        guard
            !isClosed.withLock({ closed in
                defer { closed = true }
                return closed
            })
        else { return }
        try mapErrors {
            if let pool = database as? DatabasePool {
                // Fold the WAL back into the main file first: the pool's read-only connections cannot, so without
                // this the -wal file outlives a clean shutdown.
                _ = try pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
                try pool.close()
            } else {
                try (database as? DatabaseQueue)?.close()
            }
        }
    }

    /// The GRDB database, for tests that inspect the raw storage (`@testable import`); GRDB stays out of the API.
    var databaseWriter: any DatabaseWriter { database }

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

/// An error a caller's own read or write body throws to end it (rolling back what it wrote) with an answer of its
/// own: the store passes it out unchanged instead of reporting it as an internal error.
public protocol StoreBodyRefusal: Error {}

/// Turns any non-Parse error into a ParseError (see `ParseError.reporting(_:)`), so SQLite errors never escape; a
/// caller's `StoreBodyRefusal` passes unchanged.
func mapErrors<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let refusal as any StoreBodyRefusal { throw refusal } catch {
        throw ParseError.reporting(error)
    }
}

/// The async twin of `mapErrors(_:)`.
func mapErrorsAsync<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch let refusal as any StoreBodyRefusal { throw refusal } catch {
        throw ParseError.reporting(error)
    }
}
