import Foundation
import ParseStore

/// What a restore would take away: the to-dos, recipes, books and catalogue entries here now that the backup does
/// not have (added since it was made), and those both have that were changed since (they go back to how they were)
/// — named, the first `shown` of each, with how many in all.
struct RestoreDifferences: Sendable, Hashable {
    /// One record, by its kind and name.
    struct Named: Sendable, Hashable {
        let kind: ClassKind
        let name: String
    }

    var lost: [Named] = []
    var lostCount = 0
    var changed: [Named] = []
    var changedCount = 0

    /// How many of each list the restore page names.
    static let shown = 20
    /// Backups larger than this are not opened for the preview (it would keep the page waiting); their counts say it.
    static let largestBackupBytes = 64 << 20
    /// The most records of one class compared.
    static let recordsCompared = 50_000

    /// The classes compared, with the field that names their records.
    static let namedClasses: [(kind: ClassKind, nameField: String)] = [
        (.todo, "title"), (.recipe, "name"), (.book, "title"), (.genre, "name"), (.author, "name"),
        (.publisher, "name"),
    ]

    /// Each named class's records as `reader` reads them: objectId → (updatedAt, name).
    static func records(_ reader: ParseReader, classes: [(className: String, kind: ClassKind, nameField: String)])
        throws -> [String: [String: (Date, String)]]
    {
        var records: [String: [String: (Date, String)]] = [:]
        for named in classes {
            let found = try reader.find(ParseQuery(named.className).limit(recordsCompared))
            records[named.className] = Dictionary(
                found.map { ($0.objectId, ($0.updatedAt, $0[named.nameField]?.stringValue ?? "")) },
                uniquingKeysWith: { first, _ in first })
        }
        return records
    }

    /// The differences between the records `now` and the backup's records `then`, in class order, newest first.
    init(
        now: [String: [String: (Date, String)]], then: [String: [String: (Date, String)]],
        classes: [(className: String, kind: ClassKind, nameField: String)]
    ) {
        for named in classes {
            let current = now[named.className] ?? [:]
            let old = then[named.className] ?? [:]
            let added = current.filter { old[$0.key] == nil }.sorted { $0.value.0 > $1.value.0 }
            let edited = current.filter { id, record in old[id].map { $0.0 != record.0 } ?? false }
                .sorted { $0.value.0 > $1.value.0 }
            lostCount += added.count
            changedCount += edited.count
            lost += added.prefix(max(0, Self.shown - lost.count)).map { Named(kind: named.kind, name: $0.value.1) }
            changed += edited.prefix(max(0, Self.shown - changed.count)).map {
                Named(kind: named.kind, name: $0.value.1)
            }
        }
    }
}

extension BackupService {
    /// The differences restoring `listing` would make, or nil when the backup is too large to open for a preview
    /// or cannot be read (the restore itself checks it and says why).
    func differences(_ listing: BackupListing) async -> RestoreDifferences? {
        guard let folder, listing.manifest.databaseBytes <= RestoreDifferences.largestBackupBytes else { return nil }
        let classes = RestoreDifferences.namedClasses.compactMap { named in
            words.first { $0.kind == named.kind }.map { ($0.className, named.kind, named.nameField) }
        }
        // Inside the restore's work folder, which a start after a power cut empties.
        let work = folder.url.appendingPathComponent(".restoring").appendingPathComponent(
            "preview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard
            let unpacked = try? await onQueue({ () throws(BackupProblem) in
                try BackupArchive.unpack(listing.url, into: work).database
            }),
            let backup = try? ParseStore(path: unpacked.path)
        else { return nil }
        defer { try? backup.close() }
        guard let then = try? await backup.read({ try RestoreDifferences.records($0, classes: classes) }),
            let now = try? await writePath.read({ try RestoreDifferences.records($0, classes: classes) })
        else { return nil }
        return RestoreDifferences(now: now, then: then, classes: classes)
    }
}
