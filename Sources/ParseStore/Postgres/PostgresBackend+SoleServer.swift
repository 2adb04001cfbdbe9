extension PostgresBackend {
    /// Takes the lock that says a Parsnip server serves this database (its schema), on a connection of its own that
    /// holds it until `close()`; false when another server holds it.
    ///
    /// Every cache of a server trusts that only its own process writes, until the caches follow other processes'
    /// writes; until then a second server on the same database is refused, as a second one on a SQLite file is. A
    /// session-level advisory lock goes with its connection, so a server that stops or dies frees it at once.
    func claimSoleServer() throws -> Bool {
        try Self.reportingErrors {
            let connection = try writers.open()
            let taken =
                try connection.value(
                    "SELECT pg_try_advisory_lock(hashtext('parsnip server ' || current_schema()))", cached: false
                ).boolean ?? false
            guard taken else {
                connection.close()
                return false
            }
            serverLock.withLock { $0 = connection }
            return true
        }
    }
}

extension ParseStore {
    /// Claims this database for the one server that serves it (PostgreSQL: see `PostgresBackend.claimSoleServer`);
    /// false when another server holds it. A SQLite file is claimed by the command line's file lock instead, so
    /// this answers true for it.
    ///
    /// - Throws: `ParseError` when the server cannot be reached.
    public func claimSoleServer() throws -> Bool {
        guard let backend = backend as? PostgresBackend else { return true }
        return try mapErrors { try backend.claimSoleServer() }
    }
}
