extension PostgresBackend {
    /// Takes the lock that says who works on this database (its schema), on a connection of its own held until
    /// `close()`: shared by every server (several may serve one database), or exclusive for a command that must
    /// have it alone (a restore, an import). False when it cannot be had now: a command holds it, or, for an
    /// exclusive claim, any server or command. A session-level advisory lock goes with its connection, so a process
    /// that stops or dies frees it at once.
    func claim(exclusively: Bool) throws -> Bool {
        try Self.reportingErrors {
            let connection = try writers.open()
            let function = exclusively ? "pg_try_advisory_lock" : "pg_try_advisory_lock_shared"
            let taken =
                try connection.value(
                    "SELECT \(function)(hashtext('parsnip server ' || current_schema()))", cached: false
                ).boolean ?? false
            guard taken else {
                connection.close()
                return false
            }
            claims.withLock { $0.append(connection) }
            return true
        }
    }
}

extension ParseStore {
    /// Claims this PostgreSQL database for a server (`exclusively` false: servers share it) or for a command that
    /// must work on it alone (see `PostgresBackend.claim`); false when it cannot be had now. A SQLite file is
    /// claimed by the command line's file lock instead, so this answers true for it.
    ///
    /// - Throws: `ParseError` when the server cannot be reached.
    public func claim(exclusively: Bool) throws -> Bool {
        guard let backend = backend as? PostgresBackend else { return true }
        return try mapErrors { try backend.claim(exclusively: exclusively) }
    }
}
