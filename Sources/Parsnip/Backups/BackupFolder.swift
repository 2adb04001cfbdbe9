import Foundation

/// One backup file in the backups folder, with what its manifest says.
struct BackupListing: Sendable, Hashable {
    let url: URL
    let bytes: Int
    let manifest: BackupManifest

    var name: String { url.lastPathComponent }
}

/// One export file in the backups folder.
struct ExportListing: Sendable, Hashable {
    let url: URL
    let bytes: Int
    let manifest: ExportManifest

    var name: String { url.lastPathComponent }
}

/// The folder of backups beside the database (`backups/`): names new backup files, lists the backups in it and
/// finds one by its name as a page sent it.
struct BackupFolder: Sendable {
    let url: URL

    /// A new file's name: "parsnip-backup-2026-11-24-0830-daily.zip", with "-2", "-3"… when that one exists.
    func newFile(for reason: BackupReason, at date: Date) -> URL {
        let stamp = Self.stamp(date)
        let kind =
            switch reason {
            case .daily: "daily"
            case .manual: "manual"
            case .command: "command"
            case .beforeRestore: "before-restore"
            case .beforeImport: "before-import"
            case .uploaded: "uploaded"
            }
        return unused("parsnip-backup-\(stamp)-\(kind)")
    }

    /// `<base>.zip` in this folder, or `<base>-2.zip`, `<base>-3.zip`… when it exists.
    private func unused(_ base: String) -> URL {
        var candidate = url.appendingPathComponent("\(base).zip")
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = url.appendingPathComponent("\(base)-\(number).zip")
            number += 1
        }
        return candidate
    }

    /// A new export's name: "parsnip-export-2026-11-24-083000.zip", with "-2"… when that one exists.
    func newExportFile(at date: Date) -> URL {
        unused("parsnip-export-\(Self.stamp(date))")
    }

    /// Every export in the folder, newest first.
    func exportListings() -> [ExportListing] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var listings: [ExportListing] = []
        for name in names where name.hasPrefix("parsnip-export-") && Self.isBackupName(name) {
            let file = url.appendingPathComponent(name)
            guard let manifest = ExportArchive.manifest(of: file) else { continue }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            listings.append(ExportListing(url: file, bytes: bytes, manifest: manifest))
        }
        return listings.sorted { ($0.manifest.createdAt, $0.name) > ($1.manifest.createdAt, $1.name) }
    }

    /// "2026-11-24-083000", in UTC.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d-%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
    }

    /// Makes the folder when it does not exist yet.
    func create() throws(BackupProblem) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw BackupProblem.writing(error, what: .makingFolder(url.path))
        }
    }

    /// Every backup in the folder, newest first; files that are not readable backups are left out.
    func listings() -> [BackupListing] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var listings: [BackupListing] = []
        for name in names where Self.isBackupName(name) {
            let file = url.appendingPathComponent(name)
            guard let manifest = try? BackupArchive.manifest(of: file) else { continue }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            listings.append(BackupListing(url: file, bytes: bytes, manifest: manifest))
        }
        return listings.sorted { ($0.manifest.createdAt, $0.name) > ($1.manifest.createdAt, $1.name) }
    }

    /// The backup named `name` in this folder, or nil when the name is not one of its backup files (a name with a
    /// path in it, a hidden or partial file, something else).
    func listing(named name: String) -> BackupListing? {
        guard Self.isBackupName(name) else { return nil }
        return listings().first { $0.name == name }
    }

    /// Names this folder's backups may have: letters, digits, "-" and "_", ending in ".zip"; never a path.
    static func isBackupName(_ name: String) -> Bool {
        guard name.hasSuffix(".zip"), name.count <= 200, let first = name.first, first != "." else { return false }
        return name.dropLast(4).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
