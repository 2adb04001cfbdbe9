import Foundation
import GRDB

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

    /// Opens (creating if needed) the database file at `path` in WAL mode.
    ///
    /// - Throws: `ParseError` code 1 when the file cannot be opened or created.
    public convenience init(path: String, clock: any ParseClock = SystemParseClock()) throws {
        var config = Self.configuration()
        config.maximumReaderCount = 4
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: config)
        } catch {
            throw ParseError(.internalServerError, "The database at \(path) cannot be opened: \(Self.describe(error))")
        }
        try self.init(database: pool, clock: clock)
    }

    /// Opens a private in-memory database (for tests).
    public static func inMemory(clock: any ParseClock = SystemParseClock()) throws -> ParseStore {
        let queue = try DatabaseQueue(configuration: configuration())
        return try ParseStore(database: queue, clock: clock)
    }

    init(database: any DatabaseWriter, clock: any ParseClock) throws {
        self.database = database
        self.context = StoreContext(clock: clock)
        try mapErrors { try database.write { db in try self.context.prepare(db) } }
    }

    /// Runs `body` in one read snapshot.
    public func read<T: Sendable>(_ body: @escaping @Sendable (ParseReader) throws -> T) async throws -> T {
        let context = self.context
        return try await mapErrorsAsync {
            try await database.read { db in try body(ParseReader(db: db, context: context)) }
        }
    }

    /// Runs `body` in one write transaction: if it throws, nothing it wrote is kept.
    public func write<T: Sendable>(_ body: @escaping @Sendable (ParseWriter) throws -> T) async throws -> T {
        // A rolled-back transaction's schema changes never reach the cache: SchemaCache publishes them on commit.
        let context = self.context
        return try await mapErrorsAsync {
            try await database.write { db in try body(ParseWriter(db: db, context: context)) }
        }
    }

    /// Closes the database; later calls fail.
    public func close() throws {
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

    /// The GRDB database, for tests and tools that inspect the raw storage.
    public var databaseWriter: any DatabaseWriter { database }

    static func configuration() -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try StoreFunctions.register(in: db)
        }
        return config
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode)" }
        return "\(error)"
    }
}

/// Turns any non-Parse error into a ParseError with code 1, so SQLite errors never escape.
func mapErrors<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ParseError { throw error } catch {
        throw ParseError(.internalServerError, "Internal server error: \(ParseStore.describe(error))")
    }
}

/// The async twin of `mapErrors(_:)`.
func mapErrorsAsync<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch let error as ParseError { throw error } catch {
        throw ParseError(.internalServerError, "Internal server error: \(ParseStore.describe(error))")
    }
}
