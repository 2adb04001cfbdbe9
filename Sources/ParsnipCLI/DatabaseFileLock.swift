import Foundation
import Parsnip

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one Parsnip process that may change a database file: a server holds a lock on `<database>.lock` for as long
/// as it runs, and so does an import or a restore from the command line. A server's caches (pages, counts, API
/// answers) know only what its own process wrote, so a second writer would have it serve stale pages: the second
/// is refused instead. The operating system lets go of the lock when the process ends, however it ends.
enum DatabaseFileLock {
    /// Takes the lock of `databasePath` for the rest of this process; false when another process holds it. A
    /// folder that cannot hold the lock file is left to the database's own checks, which say so in their words.
    static func take(_ databasePath: String) -> Bool {
        // A PostgreSQL database has no file: it is claimed as a server claims it, until this process ends.
        if CommandDatabase.isPostgres(databasePath) { return CommandDatabase.claim(databasePath) }
        let file = open(databasePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard file >= 0 else { return true }
        guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
            _ = close(file)
            return false
        }
        // Kept open on purpose: the lock lasts as long as the process.
        return true
    }

    /// The sentence for a second server on one file.
    static func serverRefusal(_ databasePath: String) -> String {
        "Another Parsnip is already running with \(databasePath); two cannot share one database file, so use that "
            + "one or stop it first."
    }
}
