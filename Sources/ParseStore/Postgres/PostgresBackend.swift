import Foundation
import Logging
import PostgresNIO
import Synchronization

/// A store's data in one PostgreSQL database: reads and writes on a pool of connections, each lent to one read
/// snapshot or one write transaction for the whole of its body.
///
/// Threads: the store's bodies are synchronous and wait for each statement, so they run on two `NIOThreadPool`s of
/// the backend's own — `readerCount` threads for reads, `writerCount` for writes — never on the Swift concurrency
/// pool (whose few threads a body waiting 2 s for a lock would starve) nor on an event loop (which would wait for
/// itself). Each thread holds at most one connection, so there are never more than `poolSize` connections (plus one
/// for `notifications(channel:)`), opened on first need, and a read or write waits for a thread, not for a
/// connection. The connections' I/O runs on one event-loop thread of the backend's own, which `close()` stops.
///
/// Writes: every write takes one PostgreSQL advisory lock (`writeLockKey`) inside its transaction, so the writes of
/// every Parsnip process on the database run one at a time, as SQLite's single writer makes them: a rule that
/// checks and then writes stays true. Reads never wait for it.
public final class PostgresBackend: StoreBackend {
    let dialect = SQLDialect.postgres
    /// The database.
    public let address: PostgresAddress
    /// How many reads run at once.
    public let readerCount: Int
    /// How many writes run at once (one holds the write lock, the next waits at it, so the lock passes without a
    /// round trip between them).
    public let writerCount: Int
    /// The advisory lock every write of every process holds ("Parsnip" in ASCII).
    static let writeLockKey: Int64 = 0x5061_7273_6e69_70
    /// How long `prepare` waits for another process's write lock.
    static let prepareLockWait: Duration = .seconds(30)

    private let group: MultiThreadedEventLoopGroup
    let readers: PostgresConnectionPool
    let writers: PostgresConnectionPool
    private let readThreads: NIOThreadPool
    private let writeThreads: NIOThreadPool
    let listener: PostgresListener
    /// The connections holding this process's claims on the database (`claim(exclusively:)`).
    let claims = Mutex<[PostgresSQLConnection]>([])
    /// What reads remember across snapshots, by shared version (`VersionedFacts`), once the store made the version
    /// (`remembersFactsAcrossReads`).
    private let facts = VersionedFacts()
    private let factsKept = Atomic(false)
    private let isClosed = Atomic(false)

    /// Connections at most: two a core, at least 8, since a body mostly waits on the network rather than a core.
    public static var defaultPoolSize: Int { max(4, ProcessInfo.processInfo.activeProcessorCount) * 2 }

    /// A backend on `address`; no connection opens until the first read or write.
    ///
    /// - Parameter poolSize: connections at most (at least 2): 2 of them write (1 when `poolSize` is under 4), the
    ///   rest read.
    /// - Throws: `ParseError` code 1 when the TLS settings cannot be made.
    public init(
        address: PostgresAddress, poolSize: Int = PostgresBackend.defaultPoolSize,
        logger: Logger = Logger(label: "parsnip.postgres")
    ) throws {
        precondition(poolSize >= 2, "A PostgreSQL backend needs at least 2 connections: one to read, one to write.")
        self.address = address
        writerCount = poolSize >= 4 ? 2 : 1
        readerCount = poolSize - writerCount
        let configuration = try address.connectionConfiguration()
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        readers = PostgresConnectionPool(
            capacity: readerCount, preparesQueries: true, configuration: configuration, group: group, logger: logger,
            firstID: 0)
        writers = PostgresConnectionPool(
            capacity: writerCount, preparesQueries: false, configuration: configuration, group: group,
            logger: logger, firstID: 1_000_000)
        listener = PostgresListener(
            configuration: try address.connectionConfiguration(role: "listener"), group: group, logger: logger)
        readThreads = NIOThreadPool(numberOfThreads: readerCount)
        writeThreads = NIOThreadPool(numberOfThreads: writerCount)
        readThreads.start()
        writeThreads.start()
    }

    /// Runs `body` in one read snapshot on a reader thread and connection (see `read(from:within:_:)`).
    func read<T: Sendable>(
        within limit: Duration?, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        let facts = factsKept.load(ordering: .relaxed) ? facts : nil
        return try await run(on: readThreads) { [readers] in
            try Self.read(from: readers, within: limit, facts: facts, body)
        }
    }

    /// Runs `body` in one write transaction holding the store's write lock, on a writer thread and connection (see
    /// `write(from:deadline:commitIf:_:)`).
    func write<T: Sendable>(
        deadline: ContinuousClock.Instant, commitIf shouldCommit: @escaping @Sendable (T) -> Bool,
        _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        // The patience is for the lock, counted once this write reaches a writer thread: the writes queued before
        // it in this process are Parsnip's own, each a few milliseconds, not another program holding the database.
        // Fifty people saving at once queue longer than 2 s on a busy machine, and were told someone else held it.
        let patience = deadline - ContinuousClock.now
        let queued = ContinuousClock.now
        return try await run(on: writeThreads) { [writers] in
            guard ContinuousClock.now - queued < Self.longestQueue else { throw ParseError.databaseBusy }
            return try Self.write(from: writers, deadline: .now + patience, commitIf: shouldCommit, body)
        }
    }

    /// How long a write may wait for a writer thread of this process before it is answered busy: queued writes
    /// take milliseconds each, so this many seconds mean the database has stopped answering.
    static let longestQueue: Duration = .seconds(30)

    /// From now on, reads remember what they ask of the database's state across snapshots at one shared version
    /// (the store has made the version's table, and moves it with every write).
    func remembersFactsAcrossReads() {
        factsKept.store(true, ordering: .relaxed)
    }

    /// The shared version (`SharedVersion`), in one statement on a reader connection outside any transaction: one
    /// round trip.
    func sharedVersion() async throws -> Int? {
        try await run(on: readThreads) { [readers] in
            var version: Int?
            let connection = try Self.startTransaction(from: readers) { version = try SharedVersion.read($0) }
            readers.giveBack(connection)
            return version
        }
    }

    /// Runs `body` in one write transaction on the calling thread (which must not be an event loop), waiting up to
    /// `prepareLockWait` for another process's write.
    func prepare(_ body: (any SQLConnection) throws -> Void) throws {
        guard !isClosed.load(ordering: .relaxed) else { throw ParseError.databaseClosed }
        try Self.reportingErrors {
            try Self.write(
                from: writers, deadline: .now + Self.prepareLockWait, commitIf: { _ in true }, body)
        }
    }

    /// Runs `body` in one read snapshot on the calling thread and a reader connection.
    func readHere<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        guard !isClosed.load(ordering: .relaxed) else { throw ParseError.databaseClosed }
        return try Self.reportingErrors { try Self.read(from: readers, within: nil, body) }
    }

    /// Runs `body` in one write transaction holding the store's write lock, on the calling thread.
    func writeHere<T>(deadline: ContinuousClock.Instant, _ body: (any SQLConnection) throws -> T) throws -> T {
        guard !isClosed.load(ordering: .relaxed) else { throw ParseError.databaseClosed }
        return try Self.reportingErrors {
            try Self.write(from: writers, deadline: deadline, commitIf: { _ in true }, body)
        }
    }

    /// Runs `body` synchronously on a writer connection outside any transaction (each statement commits by itself):
    /// for what PostgreSQL refuses inside one (`CREATE DATABASE`, `CREATE INDEX CONCURRENTLY`, `VACUUM`). A
    /// ROLLBACK after `body` (even one that threw) ends any transaction it left open (PostgreSQL only warns when
    /// there is none).
    func outsideTransaction<T>(_ body: (PostgresSQLConnection) throws -> T) throws -> T {
        guard !isClosed.load(ordering: .relaxed) else { throw ParseError.databaseClosed }
        return try Self.reportingErrors {
            let connection = try writers.borrow()
            defer {
                if connection.isUsable {
                    do { try connection.rollback() } catch { connection.close() }
                }
                writers.giveBack(connection)
            }
            return try body(connection)
        }
    }

    /// The payloads sent on `channel` by any process (`notify`), from now on: `""` first, once listening, and again
    /// after the listening connection was lost and made anew (notifications meanwhile are lost). See
    /// `PostgresListener`.
    public func notifications(channel: String) -> AsyncStream<String> {
        listener.notifications(channel: channel)
    }

    /// Sends `payload` on `channel` from inside a write: `connection` is the write's, so the notification leaves
    /// only if the write commits (PostgreSQL holds it until COMMIT and drops it on ROLLBACK).
    ///
    /// - Throws: `ParseError` code 1 when `connection` is not a PostgreSQL one.
    func notify(channel: String, payload: String, in connection: any SQLConnection) throws {
        guard let connection = connection as? PostgresSQLConnection else {
            throw ParseError(.internalServerError, "Internal server error: notify needs a PostgreSQL connection.")
        }
        try connection.execute("SELECT pg_notify(?, ?)", [.text(channel), .text(payload)])
    }

    /// Closes every connection and stops the backend's threads (waiting for the reads and writes under way); later
    /// reads and writes fail with `ParseError.databaseClosed`, a later `close()` does nothing.
    public func close() throws {
        guard !isClosed.exchange(true, ordering: .relaxed) else { return }
        try? readThreads.syncShutdownGracefully()
        try? writeThreads.syncShutdownGracefully()
        readers.close()
        writers.close()
        listener.close()
        for connection in claims.withLock({ $0 }) { connection.close() }
        try group.syncShutdownGracefully()
    }

    /// Runs `work` on one of `threads`, reporting its errors as `ParseError`s.
    private func run<T: Sendable>(
        on threads: NIOThreadPool, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        guard !isClosed.load(ordering: .relaxed) else { throw ParseError.databaseClosed }
        do {
            return try await Self.reportingErrorsAsync { try await threads.runIfActive(work) }
        } catch is CancellationError where isClosed.load(ordering: .relaxed) {
            throw ParseError.databaseClosed
        }
    }

    /// `body`'s result; its errors as `ParseError.reportingPostgres` reports them, except a `StoreBodyRefusal` and
    /// a `CancellationError`, which pass unchanged.
    static func reportingErrorsAsync<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let refusal as any StoreBodyRefusal {
            throw refusal
        } catch let cancellation as CancellationError {
            throw cancellation
        } catch {
            throw ParseError.reportingPostgres(error)
        }
    }

    /// The synchronous twin of `reportingErrorsAsync(_:)`.
    static func reportingErrors<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let refusal as any StoreBodyRefusal { throw refusal } catch {
            throw ParseError.reportingPostgres(error)
        }
    }
}
