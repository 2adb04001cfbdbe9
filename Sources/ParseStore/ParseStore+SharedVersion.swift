import Foundation

extension ParseStore {
    /// The version of the data that every server sharing this database moves with each write that changed
    /// anything (PostgreSQL: `_ChangeVersion`, one round trip); nil on SQLite, whose file one server serves.
    ///
    /// A server that remembers what it last saw of the data (cached pages, totals, sessions) compares it with this
    /// before it answers: a different number means another server wrote in the meantime.
    public func sharedVersion() async throws -> Int? {
        guard let backend = backend as? PostgresBackend else { return nil }
        return try await mapErrorsAsync { try await backend.sharedVersion() }
    }

    /// True when other servers may write this store's database at the same time (PostgreSQL); false for a SQLite
    /// file, which one server serves.
    public var mayBeShared: Bool { backend is PostgresBackend }

    /// Runs `body` in one write transaction, as `write(commitIf:_:)` does, and answers with its value the shared
    /// version the write moved the data to: nil when it wrote nothing, was not kept, or the store is SQLite.
    ///
    /// The version moves inside the write's own transaction, so it commits with the write or not at all, and
    /// writes (which take one lock) get consecutive numbers in the order they commit.
    public func writeReportingVersion<T: Sendable>(
        commitIf shouldCommit: @escaping @Sendable (T) -> Bool, _ body: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> (value: T, version: Int?) {
        let context = self.context
        let deadline = ContinuousClock.now + busyWait
        let keeps: @Sendable ((value: T, version: Int?)) -> Bool = { shouldCommit($0.value) }
        return try await mapErrorsAsync {
            try await backend.write(deadline: deadline, commitIf: keeps) { db in
                // What this write made of the schema is undone with it: the cache forgets it (now, and again when
                // the transaction it shared ends, see `SchemaCache.forgetUntilTransactionEnds`).
                do {
                    let before = db.totalChanges
                    let value = try body(ParseWriter(db: db, context: context))
                    guard shouldCommit(value) else {
                        context.schemas.forgetUntilTransactionEnds(db)
                        return (value, nil)
                    }
                    let wrote = db.totalChanges != before
                    return (value, wrote ? try SharedVersion.move(db) : nil)
                } catch {
                    context.schemas.forgetUntilTransactionEnds(db)
                    throw error
                }
            }
        }
    }
}

extension ParseReader {
    /// The shared version this read's snapshot sees (see `ParseStore.sharedVersion()`); nil on SQLite.
    public func sharedVersion() throws -> Int? {
        try SharedVersion.read(db)
    }
}

/// The number every write that changed anything moves, for servers sharing one PostgreSQL database to notice each
/// other's writes (SQLite has none: one server serves a file).
enum SharedVersion {
    /// Makes the counter when it is missing.
    static func prepare(_ db: any SQLConnection) throws {
        guard db.dialect == .postgres else { return }
        try db.execute(#"CREATE TABLE IF NOT EXISTS "_ChangeVersion" ("version" bigint NOT NULL)"#)
        try db.execute(
            #"INSERT INTO "_ChangeVersion" ("version") SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM "_ChangeVersion")"#)
    }

    /// Moves the counter inside the write transaction open on `db`, and answers its new value; nil on SQLite.
    static func move(_ db: any SQLConnection) throws -> Int? {
        guard db.dialect == .postgres else { return nil }
        return try db.integer(
            #"UPDATE "_ChangeVersion" SET "version" = "version" + 1 RETURNING "version""#, [], cached: true)
    }

    /// The counter as `db`'s transaction sees it; nil on SQLite.
    static func read(_ db: any SQLConnection) throws -> Int? {
        guard db.dialect == .postgres else { return nil }
        return try db.integer(#"SELECT "version" FROM "_ChangeVersion""#, [], cached: true)
    }
}
