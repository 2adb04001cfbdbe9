extension ParseStore {
    /// Opens the store in the PostgreSQL database at `url` (`postgres://user:password@host:port/database`, see
    /// `PostgresAddress`), making its tables on first use; with `?schema=name`, in that schema, made if missing.
    ///
    /// - Throws: `ParseError` code 1 with one plain sentence when the URL is wrong or the server cannot be reached.
    public convenience init(
        postgresURL url: String, clock: any ParseClock = SystemParseClock(),
        busyWait: Duration = ParseStore.defaultBusyWait
    ) throws {
        let address = try PostgresAddress(url: url)
        let backend = try PostgresBackend(address: address)
        if let schema = address.schema {
            try mapErrors {
                try backend.prepare { db in try db.execute("CREATE SCHEMA IF NOT EXISTS \(quoteIdentifier(schema))") }
            }
        }
        try self.init(backend: backend, clock: clock, busyWait: busyWait)
    }
}
