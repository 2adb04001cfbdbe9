import Foundation

extension ParseStore {
    /// Runs `decide` on the times marked under each of `keys` since `since` (oldest first, one list a key) and, when
    /// it says so, marks `at` under every key, in one write transaction: servers sharing a PostgreSQL database
    /// count sign-in attempts together this way, and parallel attempts cannot slip between the count and the mark.
    /// Marks older than `since` are dropped on the way. The shared version does not move: marks are not data any
    /// page shows.
    ///
    /// - Throws: `ParseError` 1 on SQLite, where one server keeps its counts in memory.
    public func withMarks<T: Sendable>(
        _ keys: [String], since: Date, at: Date,
        _ decide: @escaping @Sendable ([[Date]]) -> (value: T, mark: Bool)
    ) async throws -> T {
        let backend = try sharedBackend()
        let deadline = ContinuousClock.now + busyWait
        return try await mapErrorsAsync {
            try await backend.write(deadline: deadline, commitIf: { _ in true }) { db in
                try db.execute(#"DELETE FROM "_Marks" WHERE "at" < ?"#, [.real(since.timeIntervalSince1970)])
                var recent: [[Date]] = []
                for key in keys {
                    var times: [Date] = []
                    try db.forEachRow(
                        #"SELECT "at" FROM "_Marks" WHERE "key" = ? ORDER BY "at""#, [.text(key)]
                    ) { row in
                        if let seconds = row[0].number { times.append(Date(timeIntervalSince1970: seconds)) }
                    }
                    recent.append(times)
                }
                let (value, mark) = decide(recent)
                if mark {
                    for key in keys {
                        try db.execute(
                            #"INSERT INTO "_Marks" ("key", "at") VALUES (?, ?)"#,
                            [.text(key), .real(at.timeIntervalSince1970)])
                    }
                }
                return value
            }
        }
    }

    /// Removes the marks at `at` under `keys` (every mark of those keys when `at` is nil).
    ///
    /// - Throws: `ParseError` 1 on SQLite (see `withMarks`).
    public func removeMarks(_ keys: [String], at: Date?) async throws {
        let backend = try sharedBackend()
        let deadline = ContinuousClock.now + busyWait
        try await mapErrorsAsync {
            try await backend.write(deadline: deadline, commitIf: { _ in true }) { db in
                for key in keys {
                    if let at {
                        try db.execute(
                            #"DELETE FROM "_Marks" WHERE "key" = ? AND "at" = ?"#,
                            [.text(key), .real(at.timeIntervalSince1970)])
                    } else {
                        try db.execute(#"DELETE FROM "_Marks" WHERE "key" = ?"#, [.text(key)])
                    }
                }
            }
        }
    }

    private func sharedBackend() throws -> PostgresBackend {
        guard let backend = backend as? PostgresBackend else {
            throw ParseError(.internalServerError, "Only a database several servers share keeps marks.")
        }
        return backend
    }
}

/// The table of `ParseStore.withMarks`: a key and a time (seconds since 1970), on PostgreSQL only.
enum Marks {
    /// Makes the table when it is missing.
    static func prepare(_ db: any SQLConnection) throws {
        guard db.dialect == .postgres else { return }
        try db.execute(#"CREATE TABLE IF NOT EXISTS "_Marks" ("key" text NOT NULL, "at" double precision NOT NULL)"#)
        try db.execute(#"CREATE INDEX IF NOT EXISTS "_Marks_key" ON "_Marks" ("key", "at")"#)
    }
}
