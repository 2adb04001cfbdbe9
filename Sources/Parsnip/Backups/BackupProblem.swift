import Foundation
import ParseStore

/// Why a backup could not be made, checked or restored, in one plain sentence (and nothing was changed).
public struct BackupProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    /// The store's error when the database refused the change (busy, full): the page can offer to try again.
    var storeError: ParseError?

    init(_ message: String) { self.message = message }

    public var description: String { message }

    static let notABackup = BackupProblem("This file is not a Parsnip backup.")
    static let damaged = BackupProblem(
        "This backup is damaged: what it holds does not match the checksum it was made with. Nothing was changed; "
            + "try another backup.")

    static func newer(_ manifest: BackupManifest) -> BackupProblem {
        BackupProblem(
            "This backup was made by a newer Parsnip (\(manifest.parsnipVersion)). Update Parsnip, then restore it.")
    }

    /// A file-system or store error as one sentence: a full disk says what to do.
    static func writing(_ error: any Error, what: String) -> BackupProblem {
        if let problem = error as? BackupProblem { return problem }
        if let parseError = error as? ParseError {
            if parseError.storageFailure == .full { return diskFull(what: what) }
            return BackupProblem("\(what) failed: \(parseError.message)")
        }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, nsError.code == Int(ENOSPC) { return diskFull(what: what) }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == CocoaError.fileWriteOutOfSpace.rawValue {
            return diskFull(what: what)
        }
        let text = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
        return BackupProblem("\(what) failed: \(text)")
    }

    static func diskFull(what: String) -> BackupProblem {
        BackupProblem(
            "\(what) failed: the disk is full. Free some space on this computer (or delete old backups), then try "
                + "again.")
    }
}
