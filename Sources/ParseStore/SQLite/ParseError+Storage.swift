import GRDB

extension ParseError {
    /// `error` as the store reports it: a ParseError as it is; SQLite's busy, full and read-only failures as the
    /// matching `StorageFailure`; anything else as code 1 with the SQLite detail in the message, for the log.
    ///
    /// Only the primary result code decides: SQLite's extended codes (`SQLITE_BUSY_SNAPSHOT`,
    /// `SQLITE_READONLY_DBMOVED`, …) refine the same three situations, and a person can do the same about each.
    static func reporting(_ error: any Error) -> ParseError {
        if let error = error as? ParseError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            // SQLITE_LOCKED is a conflict inside this process (shared cache, a table in use); like BUSY it passes.
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .databaseBusy
            // SQLite turns ENOSPC into SQLITE_FULL, as it does a database at its `max_page_count`.
            case .SQLITE_FULL: return .databaseFull
            case .SQLITE_READONLY: return .databaseReadOnly
            case .SQLITE_IOERR: return .databaseDiskError
            // A query stopped by its time limit (QueryDeadline) or a `$regex` past its work limit.
            case .SQLITE_INTERRUPT: return .queryTooCostly
            default: break
            }
        }
        return ParseError(.internalServerError, "Internal server error: \(SQLiteBackend.describe(error))")
    }

    /// 124: a query stopped because it needed more time or work than one request may take.
    public static let queryTooCostly = ParseError(
        .timeout,
        "The query took too long and was stopped. Ask for less at once: fewer or simpler conditions, "
            + "a $regex that starts with fixed text (^…), or a smaller limit.")
}
