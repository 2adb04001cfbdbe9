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
                    // Moved first, with the schema's version in the same round trip; taken back below if the write
                    // changed nothing. Not kept, the transaction takes it back by itself.
                    let version = try SharedVersion.moveFirst(db)
                    let before = db.totalChanges
                    let value = try body(ParseWriter(db: db, context: context))
                    guard shouldCommit(value) else {
                        context.schemas.forgetUntilTransactionEnds(db)
                        return (value, nil)
                    }
                    guard db.totalChanges != before else {
                        if version != nil { try SharedVersion.moveBack(db) }
                        return (value, nil)
                    }
                    return (value, version)
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

    /// Moves the counter at the start of the write transaction open on `db` and answers its new value, reading in
    /// the same round trip the schema's version for the write to remember (`SchemaCache.schemaVersion`); nil on
    /// SQLite. The write holds the store's lock, so its statement sees every write before it, and no other moves
    /// the counter until it ends.
    static func moveFirst(_ db: any SQLConnection) throws -> Int? {
        guard db.dialect == .postgres,
            let row = try db.row(
                #"UPDATE "_ChangeVersion" SET "version" = "version" + 1"#
                    + #" RETURNING "version", (SELECT "version" FROM "_SchemaVersion") AS "schemaVersion""#,
                [], cached: true)
        else { return nil }
        db.snapshotMemo?.values[PostgresFunctions.schemaVersionKey] = row["schemaVersion"]
        return row["version"].integer.map(Int.init)
    }

    /// Takes back `moveFirst`'s step, for a write that changed nothing after all (its other statements made no
    /// difference, as a class's index made, or nothing at all).
    static func moveBack(_ db: any SQLConnection) throws {
        try db.execute(#"UPDATE "_ChangeVersion" SET "version" = "version" - 1"#, [], cached: true)
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
