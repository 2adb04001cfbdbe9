import Foundation

/// A Parse object store on one SQLite file or one PostgreSQL database: Parse's objects, schema, queries and
/// relations.
///
/// Every read runs in one snapshot and every write in one transaction:
/// ```swift
/// let store = try ParseStore(path: "data/parsnip.sqlite")
/// let item = try await store.write { try $0.create("TodoListItem", ["title": "Buy oat milk"]) }
/// let all = try await store.read { try $0.find(ParseQuery("TodoListItem").order(by: "-createdAt")) }
/// ```
public final class ParseStore: Sendable {
    /// Where the data lives: SQLite (a file, or memory) or PostgreSQL.
    let backend: any StoreBackend
    let context: StoreContext
    /// How long a write waits for a lock held elsewhere (see `defaultBusyWait`).
    let busyWait: Duration

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

    /// How many connections read at once: one a core (at least 4), so reads never queue while cores are idle.
    public static var readerCount: Int { max(4, ProcessInfo.processInfo.activeProcessorCount) }

    /// Opens (creating if needed) the SQLite database file at `path` in WAL mode.
    ///
    /// - Parameters:
    ///   - busyWait: how long writes wait for a write lock held by another program (see `defaultBusyWait`).
    /// - Throws: `ParseError` code 1 when the file cannot be opened or created.
    public convenience init(
        path: String, clock: any ParseClock = SystemParseClock(), busyWait: Duration = ParseStore.defaultBusyWait
    ) throws {
        try self.init(backend: SQLiteBackend(path: path, busyWait: busyWait), clock: clock, busyWait: busyWait)
    }

    /// Opens a private in-memory database (for tests).
    public static func inMemory(clock: any ParseClock = SystemParseClock()) throws -> ParseStore {
        try ParseStore(backend: SQLiteBackend.inMemory(), clock: clock)
    }

    /// A store on `backend`, whose tables are made when the database is new.
    init(backend: any StoreBackend, clock: any ParseClock, busyWait: Duration = ParseStore.defaultBusyWait) throws {
        self.backend = backend
        self.context = StoreContext(clock: clock)
        self.busyWait = busyWait
        try mapErrors {
            try backend.prepare { db in try self.context.prepare(db) }
        }
        (backend as? PostgresBackend)?.remembersFactsAcrossReads()
    }

    /// Runs `body` in one read snapshot.
    public func read<T: Sendable>(_ body: @escaping @Sendable (ParseReader) throws -> T) async throws -> T {
        let context = self.context
        return try await mapErrorsAsync {
            try await backend.read(within: nil) { db in try body(ParseReader(db: db, context: context)) }
        }
    }

    /// Runs `body` in one write transaction: if it throws, nothing it wrote is kept.
    ///
    /// Writes asked for at once may share their transaction's commit (SQLite's `GroupCommit`), each in its own
    /// savepoint: one that throws undoes only itself, and none is answered before the commit.
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
        // A rolled-back write's schema changes never reach the cache: SchemaCache publishes them on commit, and
        // forgets them when a savepoint is rolled back (see `writeReportingVersion`).
        try await writeReportingVersion(commitIf: shouldCommit, body).value
    }

    /// A PostgreSQL store nobody closed gives its connections and threads back when it goes (a SQLite one closes
    /// its file by itself).
    deinit {
        if backend is PostgresBackend { try? backend.close() }
    }

    /// Closes the database; later reads and writes fail, a later `close()` does nothing.
    public func close() throws {
        try mapErrors { try backend.close() }
    }

    /// The SQLite backend, for what only a SQLite file can do (copy it, replace classes from another file).
    ///
    /// - Throws: `ParseError` 1 on another backend.
    func sqliteBackend() throws -> SQLiteBackend {
        guard let backend = backend as? SQLiteBackend else {
            throw ParseError(.internalServerError, "Only a SQLite database file can do this.")
        }
        return backend
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
