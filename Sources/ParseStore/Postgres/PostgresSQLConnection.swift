import Foundation
import Logging
import PostgresNIO

/// One PostgreSQL connection as the store's `SQLConnection`: synchronous statements with `?` placeholders, each
/// one round trip, waited for on the calling thread (never an event loop).
///
/// A statement runs unnamed (parsed and planned by the server each time), except a cached single query on a
/// connection that `preparesQueries` (the backend's readers), which runs as a named prepared statement: see
/// `PostgresSQLConnection+Prepared.swift`.
///
/// One thread at a time uses a connection (the backend lends it for one read or write), so it keeps its state
/// without locks. Statements fail with `PostgresFailure`; one that loses the connection marks it `isLost`, and the
/// backend then discards it.
final class PostgresSQLConnection: SQLConnection, @unchecked Sendable {
    // @unchecked: one thread uses it at a time; the pool hands it from one to the next under its lock.
    let dialect = SQLDialect.postgres
    /// The postgres-nio connection.
    let connection: PostgresConnection
    private let logger: Logger
    /// The statements run so far, as PostgreSQL takes them, by the store's text (`cached: true` statements only).
    private var texts: [String: PostgresStatementText] = [:]
    /// Whether cached single queries run as named prepared statements.
    let preparesQueries: Bool
    /// The queries prepared on this connection, by text and argument types.
    var preparedQueries: [PreparedQueryKey: PreparedQuery] = [:]
    /// How many statements this connection has prepared since it opened (all still on the server).
    var statementsPrepared = 0
    /// True inside a transaction begun with `begin`.
    var inTransaction = false
    /// Set when a prepared query's table changed shape inside the transaction, which PostgreSQL then ended: the
    /// backend runs the read again.
    var planChanged = false
    /// The answers of the read snapshot under way (set by `PostgresBackend.read` after BEGIN; none in a write).
    var snapshotMemo: SnapshotMemo?
    /// Set once a statement found the connection gone.
    private(set) var isLost = false
    /// When the read under way must end: a statement that would start later fails with 57014 at once.
    var readDeadline: ContinuousClock.Instant?
    /// The session's `statement_timeout` as last set here, in milliseconds (0: none; -1: not set yet, so the first
    /// read sets it, whatever default the server gives).
    var statementTimeout = -1
    /// The savepoints open inside the current transaction.
    var savepointDepth = 0
    /// What to run once the current transaction ends (`afterTransaction`).
    var transactionCallbacks: [(onCommit: @Sendable () -> Void, onRollback: @Sendable () -> Void)] = []

    private(set) var changes = 0
    private(set) var totalChanges = 0

    /// How many statement texts the connection keeps rewritten: past it, the cache starts again (the store's fixed
    /// statements number a few hundred).
    static let textCacheLimit = 2_000

    init(connection: PostgresConnection, logger: Logger, preparesQueries: Bool) {
        self.connection = connection
        self.logger = logger
        self.preparesQueries = preparesQueries
    }

    /// True while the connection can take statements.
    var isUsable: Bool { !isLost && !connection.isClosed }

    /// True once the connection has prepared so many statements that it should be closed rather than lent again.
    var isWornOut: Bool { statementsPrepared >= Self.preparedStatementLimit }

    /// Opens a connection to `configuration` on `eventLoop`, waiting for it on this thread.
    static func open(
        _ configuration: PostgresConnection.Configuration, on eventLoop: any EventLoop, id: Int, logger: Logger,
        preparesQueries: Bool
    ) throws -> PostgresSQLConnection {
        do {
            let connection = try PostgresWait.wait(
                PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: logger))
            return PostgresSQLConnection(connection: connection, logger: logger, preparesQueries: preparesQueries)
        } catch {
            let failure = PostgresFailure(error)
            throw PostgresFailure(
                sqlState: failure.sqlState, message: failure.message, constraint: nil, connectionLost: true,
                isUnreachable: failure.isUnreachable || failure.sqlState == nil)
        }
    }

    /// Closes the connection, waiting until it is closed (postgres-nio requires a connection closed before it is
    /// released).
    func close() {
        isLost = true
        _ = try? PostgresWait.wait(connection.close())
    }

    /// Runs one statement, or each of several (without arguments) in turn, unnamed.
    func execute(_ sql: String, _ arguments: [SQLValue], cached: Bool) throws {
        let text = statementText(sql, cached: cached)
        if arguments.isEmpty && text.statements.count > 1 {
            for statement in text.statements { _ = try run(statement, []) }
        } else {
            _ = try run(text, arguments)
        }
    }

    /// Runs one query, prepared when it may be, and hands `body` its rows (all received before the first is handed).
    func scanRows(_ sql: String, _ arguments: [SQLValue], cached: Bool, _ body: (SQLRow) throws -> Bool) throws {
        let text = statementText(sql, cached: cached)
        let rows =
            cached && preparesQueries && text.isQuery
            ? try runPrepared(sql, text, arguments) : try run(text, arguments).rows
        guard let first = rows.first else { return }
        let columns = SQLColumns(first.map(\.columnName))
        for row in rows {
            let values = row.map(PostgresCellValue.of)
            guard try body(SQLRow(columns: columns, values: values)) else { return }
        }
    }

    /// True for a table or partitioned table named exactly `name` in the current schema.
    func tableExists(_ name: String) throws -> Bool {
        let found = try memoized("table " + name) {
            try value(
                "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
                    + " ON n.oid = c.relnamespace"
                    + " WHERE c.relname = ? AND n.nspname = current_schema() AND c.relkind IN ('r', 'p'))",
                [.text(name)])
        }
        return found.boolean ?? false
    }

    /// Forgets the rewritten texts and the prepared queries (see `forgetPreparedQueries`).
    func forgetTableShapes() {
        texts.removeAll()
        forgetPreparedQueries()
    }

    /// Runs one statement without arguments and answers its command tag (`COMMIT`, or `ROLLBACK` when a COMMIT
    /// found the transaction failed).
    func command(_ sql: String) throws -> String {
        try run(statementText(sql, cached: true), []).metadata.command
    }

    /// `sql` as PostgreSQL takes it: rewritten once and kept when `cached`, rewritten afresh otherwise.
    private func statementText(_ sql: String, cached: Bool) -> PostgresStatementText {
        guard cached else { return PostgresStatementText(sql) }
        if let text = texts[sql] { return text }
        if texts.count >= Self.textCacheLimit { texts.removeAll(keepingCapacity: true) }
        let text = PostgresStatementText(sql)
        texts[sql] = text
        return text
    }

    /// Runs one rewritten statement with its arguments.
    private func run(_ text: PostgresStatementText, _ arguments: [SQLValue]) throws -> PostgresQueryResult {
        try checkArguments(text, arguments)
        return try run(text.sql, arguments)
    }

    /// Fails unless `arguments` has one value for each placeholder of `text`.
    func checkArguments(_ text: PostgresStatementText, _ arguments: [SQLValue]) throws {
        guard arguments.count == text.placeholderCount else {
            throw PostgresFailure(
                message: "the statement has \(text.placeholderCount) placeholders but \(arguments.count) arguments")
        }
    }

    /// Sends one statement (already numbered `$1…$n`) unnamed and waits for all its rows.
    private func run(_ sql: String, _ arguments: [SQLValue]) throws -> PostgresQueryResult {
        try waitingForServer {
            let query = PostgresQuery(unsafeSQL: sql, binds: PostgresArgument.bindings(arguments))
            let result = try PostgresWait.wait(connection.query(query, logger: logger))
            count(result.metadata)
            // A row kept as just written may have changed (or the transaction moved to a savepoint before it).
            if result.metadata.command != "SELECT" { snapshotMemo?.writtenRow = nil }
            return result
        }
    }

    /// Runs `send` (one round trip) unless the read's time is up, turning its errors into `PostgresFailure`s and
    /// noting a lost connection.
    func waitingForServer<T>(_ send: () throws -> T) throws -> T {
        if let readDeadline, ContinuousClock.now >= readDeadline {
            throw PostgresFailure(sqlState: "57014", message: "the read ran past its time limit")
        }
        do {
            return try send()
        } catch {
            let failure = PostgresFailure(error)
            if failure.connectionLost {
                isLost = true
                inTransaction = false
            }
            throw failure
        }
    }

    /// Counts the rows an INSERT, UPDATE, DELETE or MERGE changed (other statements leave `changes` as it was).
    private func count(_ metadata: PostgresQueryMetadata) {
        let changed: Int?
        switch metadata.command {
        case "INSERT", "UPDATE", "DELETE": changed = metadata.rows
        case let tag where tag.hasPrefix("MERGE "): changed = Int(tag.dropFirst(6))
        default: changed = nil
        }
        guard let changed else { return }
        changes = changed
        totalChanges += changed
    }
}
