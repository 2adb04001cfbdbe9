import Foundation

/// Where a store's data lives: it runs read snapshots and write transactions on its own connections.
///
/// SQLite (`SQLiteBackend`, one file, one writer whose concurrent writes commit together) and PostgreSQL
/// (`PostgresBackend`, a pool of connections each with its own transactions) are the two.
protocol StoreBackend: Sendable {
    /// Which SQL the backend's connections speak.
    var dialect: SQLDialect { get }

    /// Runs `body` in one read snapshot; when `limit` is set, a statement still running after it is stopped with
    /// `ParseError` 124.
    func read<T: Sendable>(
        within limit: Duration?, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T

    /// Runs `body` in one write transaction and commits what it wrote unless it throws or `shouldCommit` says no.
    ///
    /// - Parameter deadline: until when the write waits for a lock another program or process holds, before it
    ///   is answered `ParseError.databaseBusy`.
    func write<T: Sendable>(
        deadline: ContinuousClock.Instant, commitIf shouldCommit: @escaping @Sendable (T) -> Bool,
        _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T

    /// Runs `body` once in a write transaction of its own, before the store serves anything (creating the store's
    /// tables); synchronous, since a store is opened before anything else runs.
    func prepare(_ body: (any SQLConnection) throws -> Void) throws

    /// Runs `body` in one read snapshot on the calling thread (which must not be an event loop): for a copy that
    /// holds one store's snapshot open while it writes another store.
    func readHere<T>(_ body: (any SQLConnection) throws -> T) throws -> T

    /// Runs `body` in one write transaction on the calling thread (which must not be an event loop), waiting until
    /// `deadline` for a lock held elsewhere; commits unless `body` throws.
    func writeHere<T>(deadline: ContinuousClock.Instant, _ body: (any SQLConnection) throws -> T) throws -> T

    /// Closes every connection; later reads and writes fail.
    func close() throws
}
