extension ParseError {
    /// 1, unreachable: the PostgreSQL server cannot be reached (refused, timed out, shut down, connection lost).
    public static let databaseUnreachable = ParseError(
        .internalServerError, "The database server cannot be reached; nothing was changed.",
        storageFailure: .unreachable)

    /// 1: a PostgreSQL backend used after `close()`.
    public static let databaseClosed = ParseError(
        .internalServerError, "The database connections are closed; nothing was changed.")

    /// `error` as the store reports it, for the PostgreSQL backend: a ParseError as it is; a lock or deadlock
    /// timeout, a serialization failure (55P03, 40P01, 40001) as busy; a full disk (53100) as full; a write in a
    /// read-only transaction or server (25006) as read-only; a cancelled statement (57014, the read's time limit) as
    /// 124; a lost or refused connection as `databaseUnreachable`; anything else as code 1 with the server's message
    /// (never the statement's arguments or the password).
    static func reportingPostgres(_ error: any Error) -> ParseError {
        if let error = error as? ParseError { return error }
        let failure = PostgresFailure(error)
        if failure.isUnreachable { return .databaseUnreachable }
        switch failure.sqlState {
        case "55P03", "40P01", "40001": return .databaseBusy
        case "53100": return .databaseFull
        case "25006": return .databaseReadOnly
        case "57014": return .queryTooCostly
        default: return ParseError(.internalServerError, "Internal server error: \(failure.message)")
        }
    }
}
