import Foundation
import ParseStore
import ZIPFoundation

/// The objects of one class in an import file.
struct ImportedClass: Sendable {
    let className: String
    let objects: [ImportedObject]
}

/// Everything an import file holds: the objects of each class and, from one of our exports, the files they name.
struct ImportContents: Sendable {
    var classes: [ImportedClass]
    var files: [StoredFile] = []
    /// Another app's export (Goodreads, Paprika, Todoist…), whose objects are made in the import's transaction.
    var app: AppImportFile?
}

/// Reads what an import file holds: our export (a zip with a manifest), a Parse Dashboard export (a JSON array of
/// objects per class, or a zip of such files) or a REST answer (`{"results":[…]}`). A JSON file's class is its
/// name ("Book.json"), unless `className` names it.
enum ImportSource {
    /// The largest JSON file (or zip entry) read at once: an import holds it in memory while it checks it, so a
    /// file of several gigabytes must not be able to exhaust the computer's memory.
    static let largestFile = 256_000_000

    static func read(_ url: URL, className: String? = nil, apps: [AppImportFormat] = []) throws(BackupProblem)
        -> ImportContents
    {
        let handle = try? FileHandle(forReadingFrom: url)
        let head = (try? handle?.read(upToCount: AppImportFormat.headBytes)) ?? nil
        try? handle?.close()
        guard let head else {
            throw BackupProblem(
                Words("backups.problem.noFile", ["path": url.path]),
                english: "There is no file \(url.path), or it cannot be read.")
        }
        do throws(AppImportProblem) {
            for format in apps {
                if let file = try format.read(url, head) { return ImportContents(classes: [], app: file) }
            }
        } catch {
            throw BackupProblem(error.text.words, english: error.text.english)
        }
        if url.pathExtension.lowercased() == "csv" {
            let text = ReportText(Words("backups.app.problem.unknownCSV", ["file": url.lastPathComponent]))
            throw BackupProblem(text.words, english: text.english)
        }
        if head.starts(with: [0x50, 0x4B]) { return try readZip(url) }
        let name = className ?? url.deletingPathExtension().lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= largestFile else { throw tooBig(url.lastPathComponent) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let (file, reason) = (url.lastPathComponent, error.localizedDescription)
            throw BackupProblem(
                Words("backups.problem.unreadable", ["file": file, "reason": reason]),
                english: "The file \(file) cannot be read: \(reason)")
        }
        return ImportContents(classes: [try parse(data, className: name, file: url.lastPathComponent)])
    }

    private static func readZip(_ url: URL) throws(BackupProblem) -> ImportContents {
        guard let archive = try? Archive(url: url, accessMode: .read) else { throw .notABackup }
        if archive["manifest.json"] != nil, BackupArchive.isBackup(archive) {
            throw BackupProblem(
                Words("backups.problem.backupNotExport"),
                english: "This is a Parsnip backup, not an export: restore it on the Backups page instead.")
        }
        var classes: [ImportedClass] = []
        let entries = archive.filter { entry in
            entry.type == .file && entry.path.hasSuffix(".json") && !entry.path.hasPrefix("__MACOSX")
                && (entry.path as NSString).lastPathComponent != "manifest.json"
        }
        guard !entries.isEmpty else {
            throw BackupProblem(
                Words("backups.problem.noJSON"), english: "The zip file holds no .json files of Parse objects.")
        }
        guard entries.reduce(0, { $0 + Int($1.uncompressedSize) }) <= largestFile else {
            throw tooBig(url.lastPathComponent)
        }
        var unpacked = 0
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let data = try extract(entry, of: archive, unpacked: &unpacked, zip: url)
            let file = (entry.path as NSString).lastPathComponent
            classes.append(try parse(data, className: (file as NSString).deletingPathExtension, file: entry.path))
        }
        return ImportContents(classes: classes, files: try files(in: archive, unpacked: &unpacked, zip: url))
    }

    /// The files our export carries (`files` in its manifest), their real unpacked bytes counted with the JSON's
    /// against the same limit; none for a zip that is not our export.
    private static func files(in archive: Archive, unpacked: inout Int, zip url: URL) throws(BackupProblem)
        -> [StoredFile]
    {
        guard let manifest = ExportArchive.manifest(of: url) else { return [] }
        var files: [StoredFile] = []
        for listed in manifest.files ?? [] {
            guard let entry = archive[listed.path], entry.type == .file, !listed.name.isEmpty,
                !listed.name.contains("/")
            else {
                throw BackupProblem(
                    Words("backups.problem.photoMissing", ["file": listed.name]),
                    english: "The photo \(listed.name) named in the export is missing from it.")
            }
            let bytes = try extract(entry, of: archive, unpacked: &unpacked, zip: url)
            files.append(StoredFile(name: listed.name, contentType: listed.contentType, bytes: bytes))
        }
        return files
    }

    /// The bytes of `entry`, counted as they are really unpacked into `unpacked` (the sizes an entry declares may
    /// lie: a zip bomb); the import stops as soon as the count passes `largestFile`.
    private static func extract(_ entry: Entry, of archive: Archive, unpacked: inout Int, zip url: URL)
        throws(BackupProblem) -> Data
    {
        var data = Data()
        var total = unpacked
        do {
            _ = try archive.extract(entry) { chunk in
                total += chunk.count
                guard total <= largestFile else { throw TooBig() }
                data.append(chunk)
            }
        } catch is TooBig {
            throw tooBig(url.lastPathComponent)
        } catch {
            throw BackupProblem(
                Words("backups.problem.entryDamaged", ["file": entry.path]),
                english: "\(entry.path) in the zip file is damaged.")
        }
        unpacked = total
        return data
    }

    /// Thrown inside an extraction that passed the limit, to stop it.
    private struct TooBig: Error {}

    private static func tooBig(_ file: String) -> BackupProblem {
        BackupProblem(
            Words("backups.problem.tooBig", ["file": file]),
            english:
                "\(file) is too big to import at once (over 256 MB of data and photos). Export fewer classes at a "
                + "time and import each file.")
    }

    private static func parse(_ data: Data, className: String, file: String) throws(BackupProblem) -> ImportedClass {
        guard let text = String(data: data, encoding: .utf8) else {
            throw BackupProblem(
                Words("backups.problem.notUTF8", ["file": file]), english: "\(file) is not text in UTF-8.")
        }
        do {
            return ImportedClass(className: className, objects: try ParseImportFile.objects(fromJSON: text))
        } catch let error as ParseError {
            throw BackupProblem(
                Words("backups.problem.notParseBecause", ["file": file, "reason": error.message]),
                english: "\(file) cannot be read as Parse objects: \(error.message)")
        } catch {
            throw BackupProblem(
                Words("backups.problem.notParse", ["file": file]), english: "\(file) cannot be read as Parse objects.")
        }
    }
}
