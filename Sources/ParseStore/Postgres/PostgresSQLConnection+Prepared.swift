import PostgresNIO

/// A prepared query's key: its text and the types of its arguments (a placeholder's type is fixed when the
/// statement is prepared, so the same text bound with other types is another statement).
struct PreparedQueryKey: Hashable {
    /// The store's text, with `?` placeholders.
    let sql: String
    /// Each argument's type (0 for NULL, whose type the server infers).
    let types: [UInt32]
}

/// Named prepared statements for the readers' cached queries.
///
/// Measured here, a prepared point query answers in about 75% of the time of the same query sent unnamed: the
/// server skips parsing and planning, which cost it about 50 µs. Only queries (`SELECT`, `VALUES`, `TABLE`) of
/// reader connections are prepared: postgres-nio's `PreparedQuery` gives a statement's rows but not its command tag,
/// which INSERT, UPDATE and DELETE need for `changes`; and a prepared statement can fail once its table changes
/// shape, which a read can simply run again but a write could not.
///
/// The first run of a query prepares it (one more round trip, then one a run). `PreparedQuery` prepares without
/// parameter types, so each placeholder is cast to its argument's type (`$1::int8`), as an unnamed statement
/// states them.
extension PostgresSQLConnection {
    /// After preparing this many statements a connection is closed rather than lent again (a new one takes its
    /// place), so the server never keeps more plans than that for one connection, forgotten ones included. The
    /// store's fixed queries number well under it.
    static let preparedStatementLimit = 500

    /// The rows of `text` (the store's `sql`), run as a named prepared statement.
    ///
    /// When the statement's table changed shape since it was prepared, PostgreSQL fails it and ends the
    /// transaction it was in: every prepared query is forgotten and `planChanged` set, for the backend to run the
    /// whole read again (preparing them afresh), and the failure is thrown.
    func runPrepared(_ sql: String, _ text: PostgresStatementText, _ arguments: [SQLValue]) throws -> [PostgresRow] {
        try checkArguments(text, arguments)
        let key = PreparedQueryKey(sql: sql, types: arguments.map { PostgresArgument(value: $0).psqlType.rawValue })
        do {
            return try runPrepared(key, arguments)
        } catch let failure as PostgresFailure where failure.isChangedPlan {
            forgetPreparedQueries()
            planChanged = true
            throw failure
        }
    }

    /// Runs the statement of `key`, preparing it first if this connection has not yet.
    private func runPrepared(_ key: PreparedQueryKey, _ arguments: [SQLValue]) throws -> [PostgresRow] {
        let statement = try preparedQueries[key] ?? prepare(key, arguments)
        let data = arguments.map(PostgresArgument.data)
        return try waitingForServer { try PostgresWait.wait(statement.execute(data)) }
    }

    /// Prepares the statement of `key` and keeps it.
    private func prepare(_ key: PreparedQueryKey, _ arguments: [SQLValue]) throws -> PreparedQuery {
        let sql = PostgresStatementText(key.sql, casts: arguments.map(PostgresArgument.cast)).sql
        let statement = try waitingForServer { try PostgresWait.wait(connection.prepare(query: sql)) }
        preparedQueries[key] = statement
        statementsPrepared += 1
        return statement
    }

    /// Forgets every prepared query. They stay on the server (a DEALLOCATE would cost a round trip each) until the
    /// connection closes, at the latest once it has prepared `preparedStatementLimit` statements.
    func forgetPreparedQueries() {
        preparedQueries.removeAll()
    }
}
