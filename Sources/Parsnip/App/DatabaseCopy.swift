import Foundation
import ParseStore

/// `parsnip copy --from A --to B`: everything one database holds copied into another — a SQLite file into
/// PostgreSQL, PostgreSQL into a file, or file to file — checked class by class (`ParseStore.copyEverything`).
public enum DatabaseCopy {
    /// One part of the copy as the command prints it: a class, the files or the settings.
    public struct Line: Sendable, Hashable {
        /// The class's name; `_Files` for the files, `_ServerSettings` for the settings.
        public let name: String
        /// Objects (files, settings) in it, the same on both sides.
        public let rows: Int
        /// Its SHA-256, the same on both sides.
        public let checksum: String
    }

    /// What a copy did.
    public struct Done: Sendable {
        /// Every part, checked.
        public let lines: [Line]
        /// "12 to-dos, 41 recipes, 230 books".
        public let contents: String
        /// The safety backup of what the destination held before `--replace` replaced it; nil when it held nothing.
        public let safetyBackup: String?
    }

    /// Copies everything in `source` into `destination` (each a file's path or a `postgres://` address): refused
    /// when the destination holds objects unless `replacing`, and then after a safety backup of it (into its
    /// backups folder). The copy is one transaction of the destination, checked before it commits, and the
    /// destination is then exactly what was checked: its search index and the apps' own indexes are built when
    /// Parsnip next starts on it (as after `parsnip restore`), which says how far it is for a large one.
    ///
    /// - Throws: `BackupProblem` in one sentence; the destination is then as it was (a file the copy made is
    ///   removed).
    public static func copy(
        from source: String, to destination: String, replacing: Bool,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(BackupProblem) -> Done {
        guard source != destination else {
            throw BackupProblem("--from and --to name the same database; nothing was copied.")
        }
        guard CommandDatabase.exists(source) else { throw BackupProblem("There is no database at \(source).") }
        let madeFile = !CommandDatabase.isPostgres(destination) && !FileManager.default.fileExists(atPath: destination)
        var finished = false
        defer {
            if madeFile && !finished {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: destination + suffix) }
            }
        }
        let from = try BackupFiles.open(source)
        defer { try? from.close() }
        let to = try BackupFiles.open(destination)
        defer { try? to.close() }
        let held: [String: Int]
        do {
            held = try await to.objectsHeld()
        } catch {
            throw BackupProblem.writing(error, what: "Reading the destination")
        }
        var safety: String?
        if !held.isEmpty {
            guard replacing else {
                throw BackupProblem(
                    "\(CommandDatabase.shown(destination)) already holds \(describe(held)); nothing was copied. Add "
                        + "--replace to replace everything in it (a safety backup of it is made first).")
            }
            let folder = BackupFolder(url: CommandDatabase.backupsFolder(destination))
            try folder.create()
            let url = folder.newFile(for: .beforeRestore, at: Date())
            _ = try BackupArchive.make(of: to, to: url, reason: .beforeRestore) { progress(0.2 * $0) }
            safety = url.path
        }
        let report: StoreCopyReport
        do {
            report = try await from.copyEverything(to: to, replacing: replacing) { done, all in
                progress(0.2 + 0.8 * Double(done) / Double(max(all, 1)))
            }
        } catch let refusal as StoreCopyRefusal {
            throw BackupProblem(refusal.message)
        } catch {
            throw BackupProblem.writing(error, what: "The copy")
        }
        progress(1)
        finished = true
        return Done(
            lines: report.parts.map { Line(name: $0.name, rows: $0.rows, checksum: $0.checksum) },
            contents: describe(report.objectCounts), safetyBackup: safety)
    }

    /// Objects by class in the household's words ("12 to-dos, 3 books"), or "no to-dos, recipes or books".
    private static func describe(_ counts: [String: Int]) -> String {
        BackupContents(objectCounts: counts, words: classWords).summary
    }
}
