import PostgresNIO

/// A failed PostgreSQL statement or connection, as the store sees it: the server's SQLSTATE and message, and whether
/// the connection is gone. `PostgresSQLConnection` throws these instead of postgres-nio's errors.
///
/// The message never holds the statement's arguments or the connection's password: postgres-nio's own description
/// hides everything, its debug description shows the bound values, so neither is used.
struct PostgresFailure: Error, Sendable, CustomStringConvertible {
    /// The server's SQLSTATE (`23505` for a unique violation), or nil when the failure was not the server's answer.
    let sqlState: String?
    /// What went wrong, in the server's words (or the client's, for a lost connection).
    let message: String
    /// The constraint an integrity violation (SQLSTATE class 23) broke.
    let constraint: String?
    /// True when the connection cannot be used again (closed, reset, terminated by the server): it is discarded.
    let connectionLost: Bool
    /// True when the server could not be reached at all or went away (refused, timed out, shut down).
    let isUnreachable: Bool

    init(
        sqlState: String? = nil, message: String, constraint: String? = nil, connectionLost: Bool = false,
        isUnreachable: Bool = false
    ) {
        self.sqlState = sqlState
        self.message = message
        self.constraint = constraint
        self.connectionLost = connectionLost
        self.isUnreachable = isUnreachable
    }

    /// `error` (from postgres-nio, its older `PostgresError`, or SwiftNIO) as a failure; a `PostgresFailure` as it
    /// is.
    init(_ error: any Error) {
        switch error {
        case let failure as PostgresFailure:
            self = failure
        case let error as PSQLError:
            self.init(psql: error)
        case PostgresError.server(let response):
            self.init(
                server: response.fields[.sqlState] ?? "", message: response.fields[.message],
                constraint: response.fields[.constraintName], severity: response.fields[.severity])
        case PostgresError.connectionClosed:
            self.init(message: "the connection was closed", connectionLost: true, isUnreachable: true)
        case PostgresError.protocol(let message):
            self.init(message: "the PostgreSQL client failed (\(message))", connectionLost: true)
        case is ChannelError, is IOError, is NIOConnectionError:
            self.init(message: "the connection failed (\(error))", connectionLost: true, isUnreachable: true)
        default:
            self.init(message: "\(error)")
        }
    }

    /// The server's error `state`. Class 08 is a connection exception; 57P01–57P03 a server shutting down or
    /// starting; 53300 a server at its connection limit. A FATAL (or PANIC) error always ends the session.
    private init(server state: String, message: String?, constraint: String?, severity: String?) {
        let gone = state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
        self.init(
            sqlState: state, message: message ?? "SQLSTATE \(state)", constraint: constraint,
            connectionLost: gone || severity == "FATAL" || severity == "PANIC", isUnreachable: gone)
    }

    /// An error of postgres-nio's own: the server's answer, or the client's failure.
    private init(psql error: PSQLError) {
        if let info = error.serverInfo {
            self.init(
                server: info[.sqlState] ?? "", message: info[.message], constraint: info[.constraintName],
                severity: info[.severity])
            return
        }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            self.init(
                message: "the connection failed (\(error.code)\(cause))", connectionLost: true, isUnreachable: true)
        case .sslUnsupported:
            self.init(message: "the server does not offer TLS, which sslmode requires", connectionLost: true)
        case .authMechanismRequiresPassword:
            self.init(message: "the server asks for a password and the URL gives none", connectionLost: true)
        case .tooManyParameters, .queryCancelled, .invalidCommandTag:
            self.init(message: "the PostgreSQL client refused the statement (\(error.code))")
        default:
            self.init(message: "the PostgreSQL client failed (\(error.code))", connectionLost: true)
        }
    }

    /// True when a prepared statement's table changed shape since it was prepared, so its result would differ
    /// (0A000 "cached plan must not change result type").
    var isChangedPlan: Bool {
        sqlState == "0A000" && message.contains("cached plan must not change result type")
    }

    var description: String {
        sqlState.map { "PostgreSQL error \($0): \(message)" } ?? "PostgreSQL connection error: \(message)"
    }
}
