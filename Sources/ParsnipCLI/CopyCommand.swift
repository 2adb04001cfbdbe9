import ArgumentParser
import Foundation
import Parsnip

/// `parsnip copy --from FILE --to postgres://…` (or back): moves a household from one database to another in one
/// command, checked by counts and checksums.
struct CopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy everything from one database into another: a file into PostgreSQL, or PostgreSQL into a file.",
        discussion: """
            Everything is copied: the lists, people with their passwords, roles, sessions, photos, history, trash, \
            the apps' keys and permissions, with their objectIds and dates. The copy is one transaction: each \
            class is counted and checksummed (SHA-256) in both databases before it is kept, and any difference \
            keeps nothing. A destination that already holds data is refused unless --replace is given; then a \
            safety backup of it is made first. Parsnip must not be running on the destination; the source may be \
            in use. The search index is built when Parsnip first starts on the destination.
            """
    )

    @Option(help: ArgumentHelp("The database to copy: a file, or a PostgreSQL address.", valueName: "database"))
    var from: String

    @Option(
        help: ArgumentHelp(
            "The database to copy into: a new file, or a PostgreSQL address (postgres://…).", valueName: "database"))
    var to: String

    @Flag(help: "Replace what the destination holds (a safety backup of it is made first).")
    var replace = false

    func run() async throws {
        let source = DatabaseLocation.forCommand(from)
        let destination = DatabaseLocation.forCommand(to)
        if source != destination, BackupFiles.isInUse(destination) || !DatabaseFileLock.take(destination) {
            ServeCommand.fail("Parsnip is running with \(CommandDatabase.shown(destination)). Stop it, then copy.")
        }
        await ProgressLine.reporting("Copying") { progress throws(BackupProblem) in
            let done = try await DatabaseCopy.copy(
                from: source, to: destination, replacing: replace, progress: progress)
            var lines = ["Copied \(CommandDatabase.shown(source)) to \(CommandDatabase.shown(destination)):"]
            for line in done.lines {
                let name = line.name.padding(toLength: max(24, line.name.count), withPad: " ", startingAt: 0)
                let rows = String(line.rows).leftPadded(to: 8)
                lines.append("  \(name)\(rows)  sha256 \(line.checksum.prefix(16))")
            }
            if let safety = done.safetyBackup { lines.append("Safety backup of what was there: \(safety)") }
            lines.append("Checked: \(done.contents); every class has the same count and SHA-256 in both databases.")
            return lines.joined(separator: "\n")
        }
    }
}

extension String {
    /// The text right-aligned in `width` columns.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
