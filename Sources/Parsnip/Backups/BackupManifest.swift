import Foundation

/// Why a backup was made; it decides how long the backup is kept.
enum BackupReason: String, Codable, Sendable, Hashable {
    /// The automatic daily backup: the last 7 days and 4 weeks are kept.
    case daily
    /// "Back up now" on the Backups page: kept until the owner deletes it.
    case manual
    /// `parsnip backup FILE`: wherever the person put it.
    case command
    /// Made just before a restore replaced the data: the last few are kept.
    case beforeRestore
    /// Made just before an import changed the data: the last few are kept.
    case beforeImport
    /// A backup someone uploaded to the Backups page to restore it.
    case uploaded

    /// How the Backups page names it, in `language`.
    func label(in language: Language) -> String {
        switch self {
        case .daily: language.text("backups.kind.daily")
        case .manual: language.text("backups.kind.manual")
        case .command: language.text("backups.kind.command")
        case .beforeRestore: language.text("backups.kind.beforeRestore")
        case .beforeImport: language.text("backups.kind.beforeImport")
        case .uploaded: language.text("backups.kind.uploaded")
        }
    }

    /// Safety copies are few and kept only a while; they are thinned separately from the daily backups.
    var isSafetyCopy: Bool { self == .beforeRestore || self == .beforeImport }
}

/// What a backup file says about itself, as `manifest.json` beside the database copy.
struct BackupManifest: Codable, Sendable, Hashable {
    static let formatName = "parsnip-backup"
    static let currentFormatVersion = 1

    /// Always "parsnip-backup": a zip without it is not one of ours.
    var format: String
    /// Raised when the layout of the file changes; a Parsnip refuses a newer format it cannot read.
    var formatVersion: Int
    /// The Parsnip that made it.
    var parsnipVersion: String
    var createdAt: Date
    var reason: BackupReason
    /// The zip entry holding the SQLite database.
    var database: String
    /// SHA-256 of the database entry's bytes, in lower-case hex.
    var sha256: String
    /// The database entry's size in bytes.
    var databaseBytes: Int
    /// Objects per class (every class, Parsnip's own included).
    var objectCounts: [String: Int]
    /// Stored files kept beside the database, as zip entry names (none yet: recipe photos live in the database).
    var files: [String]

    init(createdAt: Date, reason: BackupReason, sha256: String, databaseBytes: Int, objectCounts: [String: Int]) {
        format = Self.formatName
        formatVersion = Self.currentFormatVersion
        parsnipVersion = ParsnipVersion.current
        self.createdAt = createdAt
        self.reason = reason
        database = BackupArchive.databaseEntry
        self.sha256 = sha256
        self.databaseBytes = databaseBytes
        self.objectCounts = objectCounts
        files = []
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
