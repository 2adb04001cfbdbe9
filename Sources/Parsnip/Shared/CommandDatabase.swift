import Foundation
import ParseStore
import Synchronization

/// The database a command-line command names with `--database`: a SQLite file's path or a `postgres://` address.
///
/// Every command works through the store, so either serves; only finding the database, guarding it from a running
/// server and the folder of its safety backups differ.
public enum CommandDatabase {
    /// The folder a PostgreSQL database's backups go in when `--backups` names none: `parsnip-backups` in the
    /// folder Parsnip is started from (a PostgreSQL database has no file to keep them beside).
    static let postgresBackupsFolder = "parsnip-backups"

    /// The stores holding this process's claims on PostgreSQL databases (`claim`), kept until the process ends.
    private static let claims = Mutex<[String: ParseStore]>([:])

    /// True for a `postgres://` or `postgresql://` address.
    public static func isPostgres(_ database: String) -> Bool {
        let lower = database.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// The database in sentences: its path, or its address without the password.
    public static func shown(_ database: String) -> String {
        guard isPostgres(database) else { return database }
        return (try? PostgresAddress(url: database).description) ?? "a PostgreSQL database"
    }

    /// True when there is a database to read: a file that exists; a PostgreSQL address always (it is asked when
    /// opened).
    static func exists(_ database: String) -> Bool {
        isPostgres(database) || FileManager.default.fileExists(atPath: database)
    }

    /// The backups folder the server uses for `database` when `--backups` names none: `backups/` beside a file,
    /// `parsnip-backups/` in the working folder for PostgreSQL.
    public static func backupsFolder(_ database: String) -> URL {
        if isPostgres(database) {
            return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                .appendingPathComponent(postgresBackupsFolder)
        }
        return URL(fileURLWithPath: database).deletingLastPathComponent().appendingPathComponent("backups")
    }

    /// Opens the store (a file is made, with its folder, when missing; a PostgreSQL database gets its tables).
    ///
    /// - Throws: `ParseError` in one sentence, e.g. a PostgreSQL server that cannot be reached.
    static func open(_ database: String) throws -> ParseStore {
        guard isPostgres(database) else {
            try? FileManager.default.createDirectory(
                at: URL(fileURLWithPath: database).deletingLastPathComponent(), withIntermediateDirectories: true)
            return try ParseStore(path: database)
        }
        do {
            return try ParseStore(postgresURL: database)
        } catch let error as ParseError where error.storageFailure == .unreachable {
            throw ParseError(.internalServerError, unreachable(database))
        }
    }

    /// The sentence for a PostgreSQL server that does not answer, as the server says it at start.
    static func unreachable(_ database: String) -> String {
        "The PostgreSQL server at \(shown(database)) cannot be reached: check that it is running and that the "
            + "address is right."
    }

    /// Claims a PostgreSQL database for this process alone until it ends (`ParseStore.claim(exclusively:)`): false
    /// while any server serves it. No server starts on it meanwhile. A server that cannot be reached is left to the
    /// command's own opening, which says so.
    public static func claim(_ database: String) -> Bool {
        if claims.withLock({ $0[database] != nil }) { return true }
        guard let store = try? ParseStore(postgresURL: database) else { return true }
        guard (try? store.claim(exclusively: true)) == true else {
            try? store.close()
            return false
        }
        claims.withLock { $0[database] = store }
        return true
    }

    /// True while a Parsnip has the database: another process has the file open, or a server holds the
    /// PostgreSQL database (which this process then claims for itself, see `claim`).
    public static func isInUse(_ database: String) -> Bool {
        isPostgres(database) ? !claim(database) : ParseStore.isOpenInAnotherProcess(path: database)
    }
}
