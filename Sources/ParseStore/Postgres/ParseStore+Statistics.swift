extension ParseStore {
    /// Tells PostgreSQL's planner what the store's tables hold now (`ANALYZE` of every table in its schema), after a
    /// bulk write: a copy, a restore, an import, a seeded benchmark. Until autovacuum gets round to it (a minute or
    /// more later), the planner guesses from empty tables, and a count the indexes answer in microseconds reads the
    /// whole table instead. Reads and writes go on meanwhile. Nothing on SQLite, whose planner needs no statistics
    /// for the store's queries.
    ///
    /// - Throws: `ParseError` when PostgreSQL cannot be reached.
    public func refreshStatistics() async throws {
        guard let postgres = backend as? PostgresBackend else { return }
        try await Self.offTheTaskPool { try mapErrors { try postgres.analyzeTables() } }
    }
}

extension PostgresBackend {
    /// `ANALYZE` of every table in the current schema, on a writer connection outside any transaction, on the calling
    /// thread (never an event loop). It holds no write lock: ANALYZE blocks neither reads nor writes.
    func analyzeTables() throws {
        try outsideTransaction { connection in
            var tables: [String] = []
            try connection.forEachRow(
                "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
                    + " WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname",
                cached: false
            ) { row in
                if let name = row["relname"].text { tables.append(name) }
            }
            guard !tables.isEmpty else { return }
            try connection.execute("ANALYZE " + tables.map(quoteIdentifier).joined(separator: ", "))
        }
    }
}
