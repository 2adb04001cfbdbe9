import Foundation
import ParseStore
import ZIPFoundation

/// What an export says about itself, as `manifest.json` beside the class files.
struct ExportManifest: Codable, Sendable, Hashable {
    static let formatName = "parsnip-export"

    /// One class in the export and where its files are.
    struct ExportedClass: Codable, Sendable, Hashable {
        var className: String
        var objects: Int
        /// The JSON array of the class's objects, as Parse's REST API answers them.
        var json: String
        /// The same objects as CSV, for spreadsheets.
        var csv: String
    }

    /// One kept file (a recipe's photo) in the export: its name as objects' File values give it, its type, and the
    /// zip entry that holds its bytes.
    struct ExportedFile: Codable, Sendable, Hashable {
        var name: String
        var contentType: String
        var path: String
    }

    var format = Self.formatName
    var formatVersion = 1
    var parsnipVersion = ParsnipVersion.current
    var createdAt: Date
    var classes: [ExportedClass]
    /// The files objects name (photos), so an import shows them again; nil in exports from before files were carried.
    var files: [ExportedFile]? = []
    /// How Relation members are written, for whoever reads the files without Parsnip.
    var relations =
        "A Relation field is written as Parse Dashboard writes it, {\"__type\":\"Relation\",\"className\":…}, with "
        + "one more member, \"objects\": the Pointers it holds. In CSV it is a JSON array of their objectIds."
}

/// An export: every class the household has as Parse JSON (`json/<Class>.json`, the shape Parse Server's REST API
/// answers and Parse Dashboard exports) and as CSV (`csv/<Class>.csv`), with a manifest, in one zip.
///
/// Sessions are never exported (their tokens sign people in), nor password hashes (the store never reads them out).
enum ExportArchive {
    static let neverExported: Set<String> = ["_Session"]

    /// Writes the export of `store` to `destination`, a file that does not exist yet.
    ///
    /// - Parameter progress: the share done, from 0 to 1, by objects written.
    /// - Throws: `BackupProblem` in one sentence; nothing is left behind.
    static func make(of store: ParseStore, to destination: URL, progress: @escaping @Sendable (Double) -> Void)
        async throws(BackupProblem) -> ExportManifest
    {
        let work = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        defer { try? FileManager.default.removeItem(at: work) }
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let createdAt = store.now()
            let counts = try await store.objectCounts()
            let classNames = try await store.classNames().filter { !neverExported.contains($0) }
            let total = max(1, classNames.reduce(0) { $0 + (counts[$1] ?? 0) })
            var done = 0
            var exported: [ExportManifest.ExportedClass] = []
            for className in classNames {
                let json = work.appendingPathComponent("\(className).json")
                let csv = work.appendingPathComponent("\(className).csv")
                let before = done
                let objects = try await store.exportClass(className, json: json, csv: csv) { written in
                    progress(0.8 * Double(before + written) / Double(total))
                }
                done += objects
                exported.append(
                    ExportManifest.ExportedClass(
                        className: className, objects: objects, json: "json/\(className).json",
                        csv: "csv/\(className).csv"))
            }
            let zip = work.appendingPathComponent("export.zip")
            let archive = try Archive(url: zip, accessMode: .create)
            // Each file's bytes under a numbered entry (a name an app gave is never a path in the zip).
            var files: [ExportManifest.ExportedFile] = []
            for (index, name) in try await store.read({ try $0.fileNames() }).enumerated() {
                guard let file = try await store.read({ try $0.file(named: name) }) else { continue }
                let path = "files/\(index + 1)"
                let bytes = file.bytes
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .none
                ) { position, size in bytes.subdata(in: Int(position)..<Int(position) + size) }
                files.append(.init(name: file.name, contentType: file.contentType, path: path))
            }
            let manifest = ExportManifest(createdAt: createdAt, classes: exported, files: files)
            let data = try BackupManifest.encoder.encode(manifest)
            try archive.addEntry(
                with: "manifest.json", type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
            for (index, item) in exported.enumerated() {
                try archive.addEntry(
                    with: item.json, fileURL: work.appendingPathComponent("\(item.className).json"),
                    compressionMethod: .deflate)
                try archive.addEntry(
                    with: item.csv, fileURL: work.appendingPathComponent("\(item.className).csv"),
                    compressionMethod: .deflate)
                progress(0.8 + 0.2 * Double(index + 1) / Double(max(exported.count, 1)))
            }
            guard !FileManager.default.fileExists(atPath: destination.path) else {
                throw BackupProblem.exists(destination.path)
            }
            try FileManager.default.moveItem(at: zip, to: destination)
            return manifest
        } catch {
            throw BackupProblem.writing(error, what: .export)
        }
    }

    /// The manifest of the export at `url`; nil when it is not one.
    static func manifest(of url: URL) -> ExportManifest? {
        guard let archive = try? Archive(url: url, accessMode: .read), let entry = archive["manifest.json"],
            entry.uncompressedSize < 1 << 22
        else { return nil }
        var data = Data()
        guard (try? archive.extract(entry, consumer: { data.append($0) })) != nil,
            let manifest = try? BackupManifest.decoder.decode(ExportManifest.self, from: data),
            manifest.format == ExportManifest.formatName
        else { return nil }
        return manifest
    }
}
