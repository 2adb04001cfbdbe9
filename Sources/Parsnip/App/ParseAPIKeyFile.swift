import Foundation
import ParseStore

/// The Parse API's keys read from a database (a file on this computer or a PostgreSQL address), for
/// `parsnip api-keys`.
public enum ParseAPIKeyFile {
    /// The master key (made now if the database has none yet) and whether apps may sign people up; with `renew`, a
    /// new master key first.
    ///
    /// - Throws: `StartupError` in one sentence: no such file, a running Parsnip holding it while renewing, or a
    ///   database that cannot be read.
    public static func keys(databasePath: String, renew: Bool) async throws -> (masterKey: String, signUpAllowed: Bool)
    {
        guard CommandDatabase.exists(databasePath) else {
            throw StartupError("There is no database at \(databasePath). Give the one Parsnip uses with --database.")
        }
        // A running Parsnip keeps the key it read at start: a new one would not reach it until it restarts.
        if renew, CommandDatabase.isInUse(databasePath) {
            throw StartupError(
                "Parsnip has \(CommandDatabase.shown(databasePath)) open. Renew the key on the Apps page, or stop "
                    + "Parsnip and run this again.")
        }
        do {
            let store = try CommandDatabase.open(databasePath)
            defer { try? store.close() }
            let keys = try await APIKeys(door: StoreDoor(store: store), applicationId: "")
            if renew { try await keys.renewMasterKey() }
            return (keys.masterKey, keys.signUpAllowed)
        } catch let error as ParseError {
            throw StartupError("The database cannot be read: \(error.message)")
        }
    }
}
