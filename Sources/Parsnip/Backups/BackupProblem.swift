import Foundation
import ParseStore

/// Why a backup could not be made, checked or restored, in one plain sentence (and nothing was changed).
///
/// Each problem is kept twice: in English for the command line and the log, which read no catalogue, and as `Words`
/// a page says in its own language.
public struct BackupProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence in English, for the command line and the log.
    public let message: String
    /// The same sentence for the pages; nil for a problem only the command line meets.
    let words: Words?
    /// The store's error when the database refused the change (busy, full): the page can offer to try again.
    var storeError: ParseError?

    /// A problem only the command line meets, in English.
    init(_ message: String) {
        self.message = message
        words = nil
    }

    /// A problem a page can show: `words` in its language, `english` (the same sentence) on the command line.
    init(_ words: Words, english: String) {
        self.message = english
        self.words = words
    }

    public var description: String { message }

    /// The sentence in `language`.
    func text(in language: Language) -> String { words?.text(in: language) ?? message }

    static let notABackup = BackupProblem(
        Words("backups.problem.notABackup"), english: "This file is not a Parsnip backup.")
    static let damaged = BackupProblem(
        Words("backups.problem.damaged"),
        english:
            "This backup is damaged: what it holds does not match the checksum it was made with. Nothing was changed; "
            + "try another backup.")
    static let noFolder = BackupProblem(
        Words("backups.problem.noFolder"), english: "This Parsnip has no backups folder.")

    static func newer(_ manifest: BackupManifest) -> BackupProblem {
        BackupProblem(
            Words("backups.problem.newer", ["version": manifest.parsnipVersion]),
            english:
                "This backup was made by a newer Parsnip (\(manifest.parsnipVersion)). Update Parsnip, then restore it."
        )
    }

    /// "… already exists; nothing was written over it."
    static func exists(_ path: String) -> BackupProblem {
        BackupProblem(
            Words("backups.problem.exists", ["path": path]),
            english: "\(path) already exists; nothing was written over it.")
    }

    /// A file-system or store error as one sentence: a full disk says what to do.
    static func writing(_ error: any Error, what: BackupStep) -> BackupProblem {
        if let problem = error as? BackupProblem { return problem }
        if isDiskFull(error) { return diskFull(what: what) }
        let reason: String
        if let parseError = error as? ParseError {
            reason = parseError.message
        } else {
            reason = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
        }
        return BackupProblem(
            Words("backups.problem.failed", ["reason": reason], nested: ["what": what.words]),
            english: "\(what.english) failed: \(reason)")
    }

    /// The same for a step only the command line takes ("Opening the database"), in English.
    static func writing(_ error: any Error, what: String) -> BackupProblem {
        if let problem = error as? BackupProblem { return problem }
        if isDiskFull(error) {
            return BackupProblem(
                "\(what) failed: the disk is full. Free some space on this computer (or delete old backups), then "
                    + "try again.")
        }
        let reason =
            (error as? ParseError)?.message
            ?? "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
        return BackupProblem("\(what) failed: \(reason)")
    }

    static func diskFull(what: BackupStep) -> BackupProblem {
        BackupProblem(
            Words("backups.problem.diskFull", nested: ["what": what.words]),
            english:
                "\(what.english) failed: the disk is full. Free some space on this computer (or delete old backups), "
                + "then try again.")
    }

    /// True when `error` says the disk is full.
    private static func isDiskFull(_ error: any Error) -> Bool {
        if let parseError = error as? ParseError { return parseError.storageFailure == .full }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, nsError.code == Int(ENOSPC) { return true }
        return nsError.domain == NSCocoaErrorDomain && nsError.code == CocoaError.fileWriteOutOfSpace.rawValue
    }
}

/// The work a problem names: "The backup failed: …", "Unpacking the backup failed: …".
enum BackupStep: Sendable, Hashable {
    case backup
    case export
    case importing
    case restore
    case unpacking
    /// Making the backups folder at this path.
    case makingFolder(String)

    /// The step for a page.
    var words: Words {
        switch self {
        case .backup: Words("backups.step.backup")
        case .export: Words("backups.step.export")
        case .importing: Words("backups.step.import")
        case .restore: Words("backups.step.restore")
        case .unpacking: Words("backups.step.unpacking")
        case .makingFolder(let path): Words("backups.step.makingFolder", ["path": path])
        }
    }

    /// The step in English, for the command line.
    var english: String {
        switch self {
        case .backup: "The backup"
        case .export: "The export"
        case .importing: "The import"
        case .restore: "The restore"
        case .unpacking: "Unpacking the backup"
        case .makingFolder(let path): "Making the backups folder \(path)"
        }
    }
}
