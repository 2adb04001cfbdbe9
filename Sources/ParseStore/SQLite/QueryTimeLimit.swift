import Foundation
import GRDB
import GRDBSQLite

extension ParseStore {
    /// How long one read made for a request may run before it is stopped with 124: a second.
    ///
    /// A request's `where` is written by whoever sends it, so its cost must be bounded whatever it says: the regex
    /// engine is linear in the text (`BoundedRegex`), the where document's size and nesting are capped
    /// (`WhereClauseLimits`), and this limit stops anything else — a scan of a large class with a costly
    /// condition — so no request holds one of the four reader connections, or the server's shutdown, for longer.
    public static let queryTimeLimit: Duration = .seconds(1)

    /// Runs `body` in one read snapshot, stopped with `ParseError` 124 once it has run `limit`.
    ///
    /// - Throws: `ParseError` 124 "The query took too long…" past the limit, and whatever `body` throws.
    public func read<T: Sendable>(
        within limit: Duration, _ body: @escaping @Sendable (ParseReader) throws -> T
    ) async throws -> T {
        let context = self.context
        return try await mapErrorsAsync {
            try await backend.read(within: limit) { db in try body(ParseReader(db: db, context: context)) }
        }
    }
}

/// When one read must stop: SQLite's progress handler asks it every few thousand virtual-machine steps and
/// interrupts the statement (`SQLITE_INTERRUPT`, reported as 124) once the deadline has passed.
final class QueryDeadline: Sendable {
    /// The moment the read stops.
    let end: ContinuousClock.Instant

    init(ending end: ContinuousClock.Instant) {
        self.end = end
    }

    /// How many SQLite steps pass between two looks at the clock (a look costs about 30 ns; a step a few).
    static let stepsBetweenLooks: Int32 = 2_000

    /// Runs `body` on `db` with this deadline watching every statement it runs; the handler is removed after.
    func watching<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard let connection = db.sqliteConnection else { return try body() }
        let unmanaged = Unmanaged.passRetained(self)
        defer {
            sqlite3_progress_handler(connection, 0, nil, nil)
            unmanaged.release()
        }
        sqlite3_progress_handler(
            connection, Self.stepsBetweenLooks,
            { pointer in
                guard let pointer else { return 0 }
                let deadline = Unmanaged<QueryDeadline>.fromOpaque(pointer).takeUnretainedValue()
                return ContinuousClock.now >= deadline.end ? 1 : 0
            }, unmanaged.toOpaque())
        return try body()
    }
}
