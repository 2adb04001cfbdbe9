import ArgumentParser
import Foundation
import Parsnip

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `parsnip backup FILE`: one file holding everything, made while Parsnip runs or not.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write one backup file holding everything in Parsnip, while it runs or not.",
        discussion: "Restore it with parsnip restore FILE, or from the owner's Backups page."
    )

    @Argument(help: ArgumentHelp("The backup file to write, or a folder to write it in.", valueName: "file"))
    var file: String

    @Option(help: "The database: a file, or a PostgreSQL address (postgres://…).")
    var database = "data/parsnip.sqlite"

    func run() async throws {
        let databasePath = DatabaseLocation.forCommand(database)
        await ProgressLine.reporting("Backing up") { progress throws(BackupProblem) in
            let made = try BackupFiles.backUp(databasePath: databasePath, to: file, progress: progress)
            return "Backed up to \(made.file) (\(made.size)): \(made.contents)."
        }
    }
}

/// `parsnip export FILE`: every class as Parse JSON and CSV, in one zip, to take the data elsewhere.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every list as Parse JSON and CSV into one zip file, while Parsnip runs or not.",
        discussion: "Sessions and password hashes are never exported."
    )

    @Argument(help: ArgumentHelp("The zip file to write, or a folder to write it in.", valueName: "file"))
    var file: String

    @Option(help: "The database: a file, or a PostgreSQL address (postgres://…).")
    var database = "data/parsnip.sqlite"

    func run() async throws {
        let databasePath = DatabaseLocation.forCommand(database)
        await ProgressLine.reporting("Exporting") { progress throws(BackupProblem) in
            let made = try await BackupFiles.export(databasePath: databasePath, to: file, progress: progress)
            return "Exported to \(made.file) (\(made.size)): \(made.contents)."
        }
    }
}

/// `parsnip import FILE`: objects from an export, a Parse Dashboard export or a REST answer, or another app's file
/// (Goodreads, Libib, Paprika, Todoist, Apple Reminders); always a dry run first, then (asked, or with --yes)
/// everything in one transaction after a safety backup.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring in Parse objects (a Parsnip export, a Parse Dashboard export, a REST answer) or another app's file.",
        discussion: """
            A JSON file's class is its name (Book.json), unless --class names it; a zip may hold one JSON file \
            per class. objectId, createdAt and updatedAt are kept. Files from other apps are told apart by \
            what they hold: a Goodreads or Libib library export (CSV) becomes books, a Paprika export \
            (.paprikarecipes) recipes, a Todoist or Apple Reminders CSV to-dos; a row matching a record already \
            here is skipped. A dry run comes first and lists what would be created, updated or skipped, every \
            row left out and every problem; any problem stops the import. Parsnip must be stopped to import (a \
            dry run works while it runs).
            """
    )

    @Argument(help: ArgumentHelp("The file to import (.zip, .json, .csv or .paprikarecipes).", valueName: "file"))
    var file: String

    @Option(help: "The database: a file, or a PostgreSQL address (postgres://…).")
    var database = "data/parsnip.sqlite"

    @Option(name: .customLong("class"), help: "The class of the objects in a single JSON file.")
    var className: String?

    @Flag(help: "Only say what the import would do; change nothing.")
    var dryRun = false

    @Flag(help: "Replace objects whose objectId is already here (the default keeps them and skips the file's).")
    var overwrite = false

    @Flag(help: "Import without asking after the dry run (for scripts).")
    var yes = false

    func run() async throws {
        let databasePath = DatabaseLocation.forCommand(database)
        let existing: ExistingObjects = overwrite ? .overwrite : .skip
        let report: ImportReport
        let checking = ProgressLine("Checking")
        // A database that is not there yet is checked in a throw-away one: a dry run leaves no file behind, and
        // an import the person then declines makes none.
        let missing =
            !CommandDatabase.isPostgres(databasePath) && !FileManager.default.fileExists(atPath: databasePath)
        let scratch =
            missing
            ? FileManager.default.temporaryDirectory.appendingPathComponent(
                "parsnip-import-check-\(UUID().uuidString)") : nil
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        if let scratch { try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) }
        do {
            report = try await BackupFiles.importFile(
                file, into: scratch?.appendingPathComponent("parsnip.sqlite").path ?? databasePath,
                className: className, existing: existing, dryRun: true
            ) { checking.show($0) }.report
            checking.finish()
            if missing { print("There is no database at \(databasePath) yet: the import would make it.") }
        } catch {
            checking.finish()
            ServeCommand.fail(error.message)
        }
        print("Dry run — nothing has been changed:")
        for line in report.lines { print("  \(line)") }
        if !report.problems.isEmpty {
            print("Problems (any problem stops the import):")
            for problem in report.problems { print("  \(problem)") }
            throw ExitCode(1)
        }
        if dryRun { return }
        if BackupFiles.isInUse(databasePath) || !DatabaseFileLock.take(databasePath) {
            ServeCommand.fail("Parsnip is running with \(CommandDatabase.shown(databasePath)). Stop it, then import.")
        }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                ServeCommand.fail("Nothing was imported. Add --yes to import without being asked.")
            }
            guard Confirmation.asked("Import it?") else {
                print("Nothing was imported.")
                return
            }
        }
        let importing = ProgressLine("Importing")
        do {
            let (done, safety) = try await BackupFiles.importFile(
                file, into: databasePath, className: className, existing: existing, dryRun: false
            ) { importing.show($0) }
            importing.finish()
            guard done.problems.isEmpty else {
                for problem in done.problems { print("  \(problem)") }
                ServeCommand.fail("Nothing was imported.")
            }
            if let safety { print("Safety backup of what was there (restore it to undo the import): \(safety)") }
            print("Imported.")
        } catch {
            ServeCommand.fail(error.message)
        }
    }
}

/// `parsnip restore FILE`: checks a backup, asks, keeps a safety backup, then puts it in the database's place.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace everything in Parsnip with a backup (Parsnip must be stopped).",
        discussion: """
            The backup is checked first; a damaged file changes nothing. A safety backup of the database as it is \
            is made first, into backups/ beside it (for PostgreSQL, parsnip-backups/ in this folder). Everything \
            is replaced, people and passwords included. While \
            Parsnip runs, restore from the owner's Backups page instead.
            """
    )

    @Argument(help: ArgumentHelp("The backup file to restore.", valueName: "file"))
    var file: String

    @Option(help: "The database to replace: a file, or a PostgreSQL address (postgres://…).")
    var database = "data/parsnip.sqlite"

    @Flag(help: "Restore without asking first (for scripts).")
    var yes = false

    func run() async throws {
        let databasePath = DatabaseLocation.forCommand(database)
        if BackupFiles.isInUse(databasePath) || !DatabaseFileLock.take(databasePath) {
            ServeCommand.fail(
                "Parsnip is running with \(CommandDatabase.shown(databasePath)). Restore from the Backups page "
                    + "(owner's menu), where Parsnip swaps the data safely, or stop Parsnip and run this again.")
        }
        let prepared: BackupFiles.Prepared
        let checking = ProgressLine("Checking the backup")
        do {
            prepared = try BackupFiles.prepareRestore(of: file, over: databasePath) { checking.show($0) }
            checking.finish()
        } catch {
            checking.finish()
            ServeCommand.fail(error.message)
        }
        let backup = prepared.backup
        print("The backup from \(backup.when) holds \(backup.contents).")
        if let current = await BackupFiles.currentContents(of: databasePath) {
            print(
                "It replaces everything in \(CommandDatabase.shown(databasePath)), which holds \(current), people "
                    + "and passwords included.")
            print("A safety backup of it is made first.")
        }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                BackupFiles.discard(prepared)
                ServeCommand.fail("Nothing was changed. Add --yes to restore without being asked.")
            }
            guard Confirmation.asked("Restore it?") else {
                BackupFiles.discard(prepared)
                print("Nothing was changed.")
                return
            }
        }
        let saving = ProgressLine("Making a safety backup")
        let safety: String?
        do {
            safety = try await BackupFiles.restore(prepared, over: databasePath) { saving.show($0) }
            saving.finish()
        } catch {
            saving.finish()
            ServeCommand.fail(error.message)
        }
        if let safety { print("Safety backup of what was there: \(safety)") }
        print("Restored the backup from \(backup.when). Start Parsnip as usual.")
    }
}

/// "Backing up… 45%" on one terminal line, shown only on a terminal and only once the work takes over a second.
final class ProgressLine: @unchecked Sendable {
    // Only the backup's one worker thread calls `show`; `finish` runs after it returned. No two calls overlap.
    private let label: String
    private let started = Date()
    private var shown = -1

    init(_ label: String) { self.label = label }

    func show(_ fraction: Double) {
        guard isatty(STDERR_FILENO) == 1, Date().timeIntervalSince(started) > 1 else { return }
        let percent = Int(fraction * 100)
        guard percent != shown else { return }
        shown = percent
        FileHandle.standardError.write(Data("\r\(label)… \(percent)%".utf8))
    }

    func finish() {
        if shown >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// Runs `work` with a progress line labelled `label`, then prints the sentence it returns; its problem ends
    /// the command with that sentence and status 1.
    static func reporting(
        _ label: String,
        _ work: (_ progress: @escaping @Sendable (Double) -> Void) async throws(BackupProblem) -> String
    ) async {
        let line = ProgressLine(label)
        do throws(BackupProblem) {
            let sentence = try await work { line.show($0) }
            line.finish()
            print(sentence)
        } catch {
            line.finish()
            ServeCommand.fail(error.message)
        }
    }
}

/// A question on the terminal that goes on only when the person answers yes.
enum Confirmation {
    /// Asks `question` and reads the answer: "yes" or "y", in any case, goes on; anything else (or nothing) does not.
    static func asked(_ question: String) -> Bool {
        print("\(question) Type yes (or y) to go on: ", terminator: "")
        fflush(nil)
        return isYes(readLine())
    }

    /// True for "yes", "y", "Yes", " YES " — the answers that go on.
    static func isYes(_ answer: String?) -> Bool {
        guard let answer else { return false }
        return ["yes", "y"].contains(answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }
}
