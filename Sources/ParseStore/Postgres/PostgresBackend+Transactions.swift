extension PostgresBackend {
    /// Runs `body` in one `REPEATABLE READ READ ONLY` transaction (one snapshot for all its statements) on a reader
    /// connection, then commits.
    ///
    /// With a `limit`, each statement is cancelled by the server once it has run that long (`statement_timeout`,
    /// SQLSTATE 57014, reported as 124), and none starts after the read has run that long in all, so a read of
    /// many statements is bounded too. The timeout is the session's, set only when it differs from the
    /// connection's last one (the store's limit is one constant): a `SET LOCAL` would cost a round trip per read.
    ///
    /// When a prepared query failed because its table changed shape (another process altered it), PostgreSQL ended
    /// the transaction; the read is run once more, from the start, with the statement prepared afresh.
    static func read<T>(
        from pool: PostgresConnectionPool, within limit: Duration?, facts: VersionedFacts? = nil,
        _ body: (any SQLConnection) throws -> T
    ) throws -> T {
        let timeout = limit.map { max(1, milliseconds($0)) } ?? 0
        let deadline = limit.map { ContinuousClock.now + $0 }
        var attempts = 0
        while true {
            attempts += 1
            let connection = try startTransaction(from: pool) { connection in
                if connection.statementTimeout != timeout {
                    try connection.execute(
                        "SELECT set_config('statement_timeout', ?, false)", [.text(String(timeout))])
                    connection.statementTimeout = timeout
                }
                try connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            }
            defer { pool.giveBack(connection) }
            connection.readDeadline = deadline
            // One snapshot: what it answers once (the schema's version, whether a class hides rows) stays true, and
            // stays true for every snapshot at the same shared version (`facts`).
            connection.snapshotMemo = SnapshotMemo(facts: facts)
            do {
                return try finish(connection, commitIf: { _ in true }, body)
            } catch {
                guard connection.planChanged, attempts == 1 else { throw error }
            }
        }
    }

    /// Runs `body` in one `READ COMMITTED` transaction on a writer connection holding the store's write lock, then
    /// commits it when `shouldCommit` says so of the result, or rolls it back.
    ///
    /// The lock is waited for until `deadline` (`lock_timeout`, at least 1 ms so a free lock is still taken); past it
    /// the write fails with 55P03, reported as `ParseError.databaseBusy`.
    static func write<T>(
        from pool: PostgresConnectionPool, deadline: ContinuousClock.Instant, commitIf shouldCommit: (T) -> Bool,
        _ body: (any SQLConnection) throws -> T
    ) throws -> T {
        let connection = try startTransaction(from: pool) { try $0.begin("BEGIN ISOLATION LEVEL READ COMMITTED") }
        defer { pool.giveBack(connection) }
        do {
            let wait = max(1, milliseconds(deadline - .now))
            // One round trip: PostgreSQL evaluates a select list in order, so the timeout is set before the lock waits.
            try connection.execute(
                "SELECT set_config('lock_timeout', ?, true), pg_advisory_xact_lock(?)",
                [.text(String(wait)), .integer(writeLockKey)])
        } catch {
            rollBack(connection)
            throw error
        }
        // The lock is held: only this transaction may move the schema's version (and forgets it when it does).
        connection.snapshotMemo = SnapshotMemo(only: [PostgresFunctions.schemaVersionKey])
        return try finish(connection, commitIf: shouldCommit, body)
    }

    /// A connection from `pool` on which `start` (its first statements: BEGIN…) succeeded.
    ///
    /// A connection found lost at its first statement (the server restarted, or ended it) has run nothing of the
    /// body, so the pool's idle connections are thrown away and `start` is tried once more on a new one.
    static func startTransaction(
        from pool: PostgresConnectionPool, _ start: (PostgresSQLConnection) throws -> Void
    ) throws -> PostgresSQLConnection {
        let connection = try pool.borrow()
        do {
            try start(connection)
            return connection
        } catch let failure as PostgresFailure where failure.connectionLost {
            pool.giveBack(connection)
            pool.discardIdle()
            let fresh = try pool.open()
            do {
                try start(fresh)
                return fresh
            } catch {
                pool.giveBack(fresh)
                throw error
            }
        } catch {
            pool.giveBack(connection)
            throw error
        }
    }

    /// Runs `body` in the transaction open on `connection`, ends it, and runs its `afterTransaction` callbacks.
    ///
    /// When `body` throws, or `shouldCommit` says no, or COMMIT fails, the transaction is rolled back and the
    /// `onRollback` callbacks run; the error (the body's, or COMMIT's) is passed on.
    private static func finish<T>(
        _ connection: PostgresSQLConnection, commitIf shouldCommit: (T) -> Bool, _ body: (any SQLConnection) throws -> T
    ) throws -> T {
        let value: T
        do {
            value = try body(connection)
        } catch {
            rollBack(connection)
            throw error
        }
        connection.readDeadline = nil
        guard shouldCommit(value) else {
            rollBack(connection)
            return value
        }
        do {
            try connection.commit()
        } catch {
            rollBack(connection)
            throw error
        }
        connection.endTransaction(committed: true)
        return value
    }

    /// Rolls back the transaction on `connection` (a lost connection's is already gone) and runs the `onRollback`
    /// callbacks. A failed ROLLBACK leaves nothing committed either, so it is not reported, but the connection is
    /// closed: it may still be inside the transaction.
    private static func rollBack(_ connection: PostgresSQLConnection) {
        connection.readDeadline = nil
        if connection.isUsable {
            do { try connection.rollback() } catch { connection.close() }
        }
        connection.endTransaction(committed: false)
    }

    /// `duration` in whole milliseconds, rounded up.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < 2_000_000 else { return Int(Int32.max) }
        return Int(seconds) * 1_000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
