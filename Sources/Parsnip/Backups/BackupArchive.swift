import Crypto
import Foundation
import ParseStore
import ZIPFoundation

/// A backup file: one zip holding a consistent copy of the database (`parsnip.sqlite`) and `manifest.json`, which
/// names the Parsnip that made it, when and why, the objects per class and the copy's SHA-256.
enum BackupArchive {
    static let manifestEntry = "manifest.json"
    static let databaseEntry = "parsnip.sqlite"
    /// Bytes read and hashed at a time.
    static let chunkSize = 1 << 20

    /// Writes a backup of `store` to `destination`, a file that does not exist yet, and returns its manifest.
    ///
    /// The copy comes from one read snapshot while writers go on; it is hashed and zipped under a temporary name
    /// beside `destination` and renamed at the end, so a backup file is always whole or absent.
    ///
    /// - Parameter progress: the share done, from 0 to 1 (the copy is the first half, the zip the second).
    /// - Throws: `BackupProblem` in one sentence (a full disk says so); nothing is left behind.
    static func make(
        of store: ParseStore, to destination: URL, reason: BackupReason, progress: @escaping (Double) -> Void = { _ in }
    ) throws(BackupProblem) -> BackupManifest {
        let work = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let copy = work.appendingPathComponent(databaseEntry)
            let createdAt = store.now()
            try store.copy(toFile: copy.path) { done, total in
                progress(total == 0 ? 0.5 : 0.5 * Double(done) / Double(total))
            }
            let summary = try ParseStore.summarize(fileAt: copy.path)
            let zip = work.appendingPathComponent("backup.zip")
            let archive = try Archive(url: zip, accessMode: .create)
            let (sha256, bytes) = try addDatabase(copy, to: archive) { progress(0.5 + 0.5 * $0) }
            let manifest = BackupManifest(
                createdAt: createdAt, reason: reason, sha256: sha256, databaseBytes: bytes,
                objectCounts: summary.objectCounts)
            let manifestData = try BackupManifest.encoder.encode(manifest)
            try archive.addEntry(
                with: manifestEntry, type: .file, uncompressedSize: Int64(manifestData.count),
                compressionMethod: .deflate
            ) { position, size in
                manifestData.subdata(in: Int(position)..<Int(position) + size)
            }
            guard !FileManager.default.fileExists(atPath: destination.path) else {
                throw BackupProblem.exists(destination.path)
            }
            try FileManager.default.moveItem(at: zip, to: destination)
            progress(1)
            return manifest
        } catch {
            throw BackupProblem.writing(error, what: .backup)
        }
    }

    /// Adds the database copy as a deflated entry, hashing it as it is read; returns its SHA-256 and size.
    private static func addDatabase(_ file: URL, to archive: Archive, progress: @escaping (Double) -> Void) throws
        -> (String, Int)
    {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        var hasher = SHA256()
        var hashed = 0
        try archive.addEntry(
            with: databaseEntry, type: .file, uncompressedSize: Int64(size), compressionMethod: .deflate,
            bufferSize: chunkSize
        ) { position, length in
            try handle.seek(toOffset: UInt64(position))
            let data = try handle.read(upToCount: length) ?? Data()
            // The provider is asked for the file in order; hash each byte once, whatever it asks again.
            if Int(position) == hashed {
                hasher.update(data: data)
                hashed += data.count
            }
            if size > 0 { progress(Double(Int(position) + data.count) / Double(size)) }
            return data
        }
        guard hashed == size else {
            throw BackupProblem(
                Words("backups.problem.copyNotWhole"), english: "The backup could not read the database copy whole.")
        }
        return (hex(hasher.finalize()), size)
    }

    /// The manifest of the backup at `url`, read without unpacking the database (for lists and previews).
    ///
    /// - Throws: `BackupProblem.notABackup` when it is not a zip with our manifest, `.newer` for a later format.
    static func manifest(of url: URL) throws(BackupProblem) -> BackupManifest {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .notABackup
        }
        return try manifest(in: archive)
    }

    /// True when `archive` carries a backup's manifest.
    static func isBackup(_ archive: Archive) -> Bool { (try? manifest(in: archive)) != nil }

    private static func manifest(in archive: Archive) throws(BackupProblem) -> BackupManifest {
        guard let entry = archive[manifestEntry], entry.uncompressedSize < 1 << 20 else { throw .notABackup }
        var data = Data()
        do {
            _ = try archive.extract(entry) { data.append($0) }
        } catch {
            throw .damaged
        }
        guard let manifest = try? BackupManifest.decoder.decode(BackupManifest.self, from: data),
            manifest.format == BackupManifest.formatName
        else { throw .notABackup }
        guard manifest.formatVersion <= BackupManifest.currentFormatVersion else { throw .newer(manifest) }
        return manifest
    }

    /// Unpacks the database of the backup at `url` into `folder` and checks it whole: the zip's CRC, the manifest's
    /// SHA-256 and size, SQLite's own check, and the objects per class. Returns the manifest and the database file.
    ///
    /// - Throws: `BackupProblem` (not a backup, damaged, newer); the unpacked file is removed then.
    static func unpack(_ url: URL, into folder: URL, progress: @escaping (Double) -> Void = { _ in })
        throws(BackupProblem)
        -> (manifest: BackupManifest, database: URL)
    {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw .notABackup
        }
        let manifest = try manifest(in: archive)
        guard let entry = archive[manifest.database], entry.type == .file else { throw .damaged }
        // A backup's sizes are only its own word: the manifest's size must match the zip entry's, and no more than
        // that many bytes — nor more than the disk can spare — are ever written (a crafted file can unpack to
        // thousands of times its size).
        guard manifest.databaseBytes >= 0, entry.uncompressedSize == UInt64(manifest.databaseBytes),
            manifest.databaseBytes <= maximumUnpackedBytes(compressed: Int(entry.compressedSize))
        else { throw .damaged }
        if let free = freeBytes(in: folder), manifest.databaseBytes > free - 64 * 1024 * 1024 {
            let megabytes = manifest.databaseBytes / 1_048_576 + 1
            throw BackupProblem(
                Words("backups.problem.noRoom", counts: ["megabytes": megabytes]),
                english:
                    "There is not enough room on the disk to unpack this backup: it needs \(megabytes) MB. Free some "
                    + "space, then try again.")
        }
        let database = folder.appendingPathComponent("restoring-\(UUID().uuidString).sqlite")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: database.path, contents: nil)
            let handle = try FileHandle(forWritingTo: database)
            var hasher = SHA256()
            var written = 0
            var writeError: (any Error)?
            do {
                defer { try? handle.close() }
                do {
                    _ = try archive.extract(entry, bufferSize: chunkSize) { data in
                        guard written + data.count <= manifest.databaseBytes else { throw BackupProblem.damaged }
                        hasher.update(data: data)
                        do {
                            try handle.write(contentsOf: data)
                        } catch {
                            writeError = error
                            throw error
                        }
                        written += data.count
                        if manifest.databaseBytes > 0 { progress(Double(written) / Double(manifest.databaseBytes)) }
                    }
                } catch {
                    // Only a failed write is this computer's trouble; anything else the zip reports is damage.
                    throw writeError ?? BackupProblem.damaged
                }
                try handle.synchronize()
            }
            guard written == manifest.databaseBytes, hex(hasher.finalize()) == manifest.sha256,
                let summary = try? ParseStore.summarize(fileAt: database.path),
                summary.objectCounts == manifest.objectCounts
            else { throw BackupProblem.damaged }
            return (manifest, database)
        } catch {
            try? FileManager.default.removeItem(at: database)
            if let problem = error as? BackupProblem { throw problem }
            throw BackupProblem.writing(error, what: .unpacking)
        }
    }

    /// The most a database entry of `compressed` bytes may unpack to: SQLite files deflate well, but not a
    /// thousandfold (a database of a million to-dos deflates about fourfold, an emptied one about fiftyfold).
    static func maximumUnpackedBytes(compressed: Int) -> Int {
        compressed * 200 + 1_048_576
    }

    /// The bytes free on the disk holding `folder` (its nearest existing parent); nil when unknown.
    private static func freeBytes(in folder: URL) -> Int? {
        var url = folder
        while !FileManager.default.fileExists(atPath: url.path), url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
        }
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: url.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.intValue
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
