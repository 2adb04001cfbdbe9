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

    /// `error` (from postgres-nio or SwiftNIO) as a failure; a `PostgresFailure` as it is.
    init(_ error: any Error) {
        if let failure = error as? PostgresFailure {
            self = failure
        } else if let error = error as? PSQLError {
            self.init(psql: error)
        } else if error is ChannelError || error is IOError || error is NIOConnectionError {
            self.init(message: "the connection failed (\(error))", connectionLost: true, isUnreachable: true)
        } else {
            self.init(message: "\(error)")
        }
    }

    private init(psql error: PSQLError) {
        if let info = error.serverInfo {
            let state = info[.sqlState] ?? ""
            // Class 08 is a connection exception; 57P01–57P03 a server shutting down or starting; 53300 a server
            // at its connection limit. A FATAL error always ends the session.
            let gone = state.hasPrefix("08") || ["57P01", "57P02", "57P03", "53300"].contains(state)
            self.init(
                sqlState: state, message: info[.message] ?? "SQLSTATE \(state)", constraint: info[.constraintName],
                connectionLost: gone || info[.severity] == "FATAL" || info[.severity] == "PANIC", isUnreachable: gone)
            return
        }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            self.init(
                message: "the connection failed (\(error.code)\(cause))", connectionLost: true, isUnreachable: true)
        case .sslUnsupported:
            self.init(message: "the server does not offer TLS, which sslmode requires", connectionLost: true)
        default:
            self.init(message: "the PostgreSQL client failed (\(error.code))", connectionLost: true)
        }
    }

    var description: String {
        sqlState.map { "PostgreSQL error \($0): \(message)" } ?? "PostgreSQL connection error: \(message)"
    }
}
