import Foundation

/// Removes what a backup, restore or export stopped half-way (a power cut, `kill -9`) left behind — each as large as
/// the database — when Parsnip starts: nothing else could be using them then, since the database is not open yet.
///
/// The names are only ever made by that work: `restoring-<uuid>.sqlite` (a backup being unpacked, beside the
/// database or in the backups folder's `.restoring`), `<database>.restoring` (a database being rebuilt from a
/// backup) and `.<file>.<uuid>.partial` folders (a backup or export being written).
enum CrashLeftovers {
    /// The suffix of the database a command's restore builds beside the real one before swapping it in.
    static let restoringSuffix = ".restoring"

    /// Removes the leftovers beside the database at `databasePath` and in `backupsFolder`; returns what it removed.
    @discardableResult
    static func remove(databasePath: String?, backupsFolder: URL?) -> [String] {
        let files = FileManager.default
        var removed: [String] = []
        func remove(_ url: URL) {
            if (try? files.removeItem(at: url)) != nil { removed.append(url.path) }
        }
        var folders: [URL] = []
        if let databasePath {
            let database = URL(fileURLWithPath: databasePath)
            folders.append(database.deletingLastPathComponent())
            for suffix in ["", "-wal", "-shm"] {
                let leftover = databasePath + restoringSuffix + suffix
                if files.fileExists(atPath: leftover) { remove(URL(fileURLWithPath: leftover)) }
            }
        }
        if let backupsFolder {
            folders.append(backupsFolder)
            let work = backupsFolder.appendingPathComponent(".restoring")
            if files.fileExists(atPath: work.path) { remove(work) }
        }
        for folder in folders {
            for name in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] where isLeftover(name) {
                remove(folder.appendingPathComponent(name))
            }
        }
        return removed
    }

    /// True for the names only unfinished work makes.
    static func isLeftover(_ name: String) -> Bool {
        if name.hasPrefix("restoring-"), name.hasSuffix(".sqlite") || name.hasSuffix(".sqlite-journal") {
            return UUID(uuidString: String(name.dropFirst("restoring-".count).prefix(36))) != nil
        }
        if name.hasPrefix("."), name.hasSuffix(".partial") {
            let parts = name.dropLast(".partial".count).split(separator: ".")
            return parts.last.map { UUID(uuidString: String($0)) != nil } ?? false
        }
        return false
    }
}
