import Foundation
import Logging
import ParseStore

/// Backing up and restoring from the command line (`parsnip backup FILE`, `parsnip restore FILE`): the same backup
/// files as the Backups page, for a database whether Parsnip runs or not (a restore only when it does not).
///
/// `databasePath` is a SQLite file's path or a `postgres://` address (`CommandDatabase`): a PostgreSQL database's
/// backup is the same archive, its safety backups go in `parsnip-backups/` in the working folder, and a restore
/// replaces its classes in one transaction instead of swapping a file.
public enum BackupFiles {
    /// A backup written or about to be restored, as the command prints it.
    public struct Described: Sendable {
        public let file: String
        /// "24 November 2026, 08:30".
        public let when: String
        /// "12 to-dos, 41 recipes, 230 books".
        public let contents: String
        /// "1.2 MB".
        public let size: String
    }

    /// A backup checked whole and unpacked beside the database, ready to take its place.
    public struct Prepared: Sendable {
        public let backup: Described
        let database: URL
    }

    /// Writes a backup of the database at `databasePath` to `path` (a new file, or a folder to name one in).
    ///
    /// - Throws: `BackupProblem` in one sentence; nothing is left behind.
    public static func backUp(
        databasePath: String, to path: String, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) throws(BackupProblem) -> Described {
        let destination = try newFile(path, from: databasePath) { $0.newFile(for: .command, at: Date()) }
        let store = try open(databasePath)
        defer { try? store.close() }
        let manifest = try BackupArchive.make(of: store, to: destination, reason: .command, progress: progress)
        return describe(destination, manifest)
    }

    /// Writes an export (every class as Parse JSON and CSV, one zip) of the database at `databasePath` to `path` (a
    /// new file, or a folder to name one in).
    ///
    /// - Throws: `BackupProblem` in one sentence; nothing is left behind.
    public static func export(
        databasePath: String, to path: String, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(BackupProblem) -> Described {
        let destination = try newFile(path, from: databasePath) { $0.newExportFile(at: Date()) }
        let store = try open(databasePath)
        defer { try? store.close() }
        let manifest = try await ExportArchive.make(of: store, to: destination, progress: progress)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0
        let counts = Dictionary(manifest.classes.map { ($0.className, $0.objects) }, uniquingKeysWith: +)
        return Described(
            file: destination.path, when: BackupFormatting.when(manifest.createdAt),
            contents: BackupContents(objectCounts: counts, words: classWords).summary,
            size: BackupFormatting.size(bytes))
    }

    /// Imports the file at `path` into the database at `databasePath`: a dry run writes nothing; an import makes a
    /// safety backup into `backups/` beside the database first, then writes everything in one transaction, or
    /// nothing when there is any problem. Returns the report and, after an import, the safety backup's path.
    public static func importFile(
        _ path: String, into databasePath: String, className: String?, existing: ExistingObjects, dryRun: Bool,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(BackupProblem) -> (report: ImportReport, safetyBackup: String?) {
        // The record rules' messages come from the catalogues: the command line says them in English.
        CommandLineWords.load()
        let store = try open(databasePath)
        defer { try? store.close() }
        let writePath: WritePath
        do {
            writePath = try await .forApps(store: store)
        } catch {
            throw BackupProblem.writing(error, what: "Opening the database")
        }
        var logger = Logger(label: "Parsnip")
        logger.logLevel = .critical
        let backups = BackupService(
            store: store, writePath: writePath,
            folder: BackupFolder(url: CommandDatabase.backupsFolder(databasePath)),
            rules: BackupRules(automatic: false), keptClasses: StoreAccountRepository.accountClasses,
            words: classWords, importRules: ImportRules(known: knownClasses, apps: appImportFormats), logger: logger)
        let (report, undo) = try await backups.importFile(
            URL(fileURLWithPath: path), className: className, existing: existing, dryRun: dryRun, progress: progress)
        return (report, undo?.url.path)
    }

    /// Checks the backup at `path` whole and unpacks it beside the database at `databasePath`.
    ///
    /// - Throws: `BackupProblem`: not a backup, damaged, newer, or no room to unpack it.
    public static func prepareRestore(
        of path: String, over databasePath: String, progress: @escaping (Double) -> Void = { _ in }
    ) throws(BackupProblem) -> Prepared {
        let file = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { throw BackupProblem("There is no file \(path).") }
        let folder =
            CommandDatabase.isPostgres(databasePath)
            ? CommandDatabase.backupsFolder(databasePath)
            : URL(fileURLWithPath: databasePath).deletingLastPathComponent()
        let (manifest, database) = try BackupArchive.unpack(file, into: folder, progress: progress)
        return Prepared(backup: describe(file, manifest), database: database)
    }

    /// What the database at `databasePath` holds now, in words; nil when there is none.
    public static func currentContents(of databasePath: String) async -> String? {
        if CommandDatabase.isPostgres(databasePath) {
            guard let store = try? open(databasePath) else { return nil }
            defer { try? store.close() }
            guard let counts = try? await store.objectCounts() else { return nil }
            return BackupContents(objectCounts: counts, words: classWords).summary
        }
        guard FileManager.default.fileExists(atPath: databasePath),
            let summary = try? ParseStore.summarize(fileAt: databasePath)
        else { return nil }
        return BackupContents(objectCounts: summary.objectCounts, words: classWords).summary
    }

    /// True while a running Parsnip (or another program) has the database open.
    public static func isInUse(_ databasePath: String) -> Bool {
        CommandDatabase.isInUse(databasePath)
    }

    /// Puts the prepared backup in the database's place — everything, people included — after a safety backup of
    /// the database there now (into `backups/` beside it); returns the safety backup's path, nil when there was no
    /// database.
    ///
    /// The backup's file is never used as it is: its classes are copied into a database made anew, as the Backups
    /// page restores (only table and index definitions Parsnip makes are read from it; a trigger, view or virtual
    /// table in a crafted file never reaches the database), keeping the server settings (the apps' master key) of
    /// the database there now. The swap is one rename: the old file or the new, never half of either.
    public static func restore(
        _ prepared: Prepared, over databasePath: String, progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(BackupProblem) -> String? {
        if CommandDatabase.isPostgres(databasePath) {
            return try await restoreInPlace(prepared, over: databasePath, progress: progress)
        }
        var safety: String?
        let target = URL(fileURLWithPath: databasePath)
        let fresh = databasePath + CrashLeftovers.restoringSuffix
        defer {
            try? FileManager.default.removeItem(at: prepared.database)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fresh + suffix) }
        }
        do {
            var settings: [String: String] = [:]
            if FileManager.default.fileExists(atPath: databasePath) {
                let folder = BackupFolder(url: target.deletingLastPathComponent().appendingPathComponent("backups"))
                try folder.create()
                let url = folder.newFile(for: .beforeRestore, at: Date())
                let store = try open(databasePath)
                do {
                    _ = try BackupArchive.make(of: store, to: url, reason: .beforeRestore) { progress(0.5 * $0) }
                    settings = try await store.read { try $0.serverSettings() }
                    try store.close()
                } catch {
                    try? store.close()
                    throw error
                }
                safety = url.path
            }
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fresh + suffix) }
            let store = try ParseStore(path: fresh)
            do {
                let door = StoreDoor(store: store)
                let kept = settings
                let copied: @Sendable (Int, Int) -> Void = { done, all in
                    progress(0.5 + 0.5 * Double(done) / Double(max(all, 1)))
                }
                try await door.restore(withThoseInFileAt: prepared.database.path, keeping: [], progress: copied) {
                    writer in
                    for (name, value) in kept { try writer.setServerSetting(name, to: value) }
                }
                try store.close()
            } catch {
                try? store.close()
                throw error
            }
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
            guard rename(fresh, databasePath) == 0 else {
                throw BackupProblem(
                    "The restore could not put the backup in place: \(String(cString: strerror(errno))).")
            }
            return safety
        } catch let problem as BackupProblem {
            throw problem
        } catch {
            throw BackupProblem.writing(error, what: "The restore")
        }
    }

    /// `restore` for a PostgreSQL database: a safety backup into its backups folder, then every class, people
    /// included, replaced by the backup's in one transaction (checked part by part before it commits), keeping
    /// the database's server settings. The search index is built at the next start.
    private static func restoreInPlace(
        _ prepared: Prepared, over database: String, progress: @escaping @Sendable (Double) -> Void
    ) async throws(BackupProblem) -> String? {
        defer { try? FileManager.default.removeItem(at: prepared.database) }
        let store = try open(database)
        defer { try? store.close() }
        let folder = BackupFolder(url: CommandDatabase.backupsFolder(database))
        try folder.create()
        let safety = folder.newFile(for: .beforeRestore, at: Date())
        _ = try BackupArchive.make(of: store, to: safety, reason: .beforeRestore) { progress(0.5 * $0) }
        do {
            let copied: @Sendable (Int, Int) -> Void = { done, all in
                progress(0.5 + 0.5 * Double(done) / Double(max(all, 1)))
            }
            try await StoreDoor(store: store).restore(
                withThoseInFileAt: prepared.database.path, keeping: [], progress: copied
            ) { _ in }
        } catch {
            throw BackupProblem.writing(error, what: "The restore")
        }
        return safety.path
    }

    /// Removes what `prepareRestore` unpacked, when the person chose not to restore.
    public static func discard(_ prepared: Prepared) {
        try? FileManager.default.removeItem(at: prepared.database)
    }

    /// Where a command writes: `path` itself when nothing is there, a new file `naming` picks inside the folder
    /// `path`; refused when `path` is a file already or there is no database to read.
    private static func newFile(_ path: String, from databasePath: String, naming: (BackupFolder) -> URL)
        throws(BackupProblem) -> URL
    {
        guard CommandDatabase.exists(databasePath) else {
            throw BackupProblem("There is no database at \(databasePath).")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return URL(fileURLWithPath: path)
        }
        guard isFolder.boolValue else {
            throw BackupProblem("\(path) already exists; choose another name, or a folder to write it in.")
        }
        return naming(BackupFolder(url: URL(fileURLWithPath: path)))
    }

    /// Opens (creating when needed, with its folder) the database at `databasePath`, a file or a PostgreSQL address.
    static func open(_ databasePath: String) throws(BackupProblem) -> ParseStore {
        do {
            return try CommandDatabase.open(databasePath)
        } catch let error as ParseError {
            throw BackupProblem(error.message)
        } catch {
            throw BackupProblem(
                "The database \(CommandDatabase.shown(databasePath)) cannot be opened: \(error.localizedDescription)")
        }
    }

    private static func describe(_ file: URL, _ manifest: BackupManifest) -> Described {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        return Described(
            file: file.path, when: BackupFormatting.when(manifest.createdAt),
            contents: BackupContents(objectCounts: manifest.objectCounts, words: classWords).summary,
            size: BackupFormatting.size(bytes))
    }
}
