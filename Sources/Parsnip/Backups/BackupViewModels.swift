import Foundation

/// The Backups page: how backups are kept, the newest one, and every backup with Download and Restore.
struct BackupsPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// The folder the backups are in, for someone copying them to another disk.
    let folder: String
    /// How backups are kept, up to the folder: "Parsnip backs up once a day … 4 weeks. Backups made by hand stay
    /// until you delete them. They are kept in".
    let rules: String
    let notice: HomeNotice?
    let rows: [BackupRow]
    let isEmpty: Bool
    /// The exports kept for download, newest first.
    let exports: [ExportRow]
    let hasExports: Bool
    /// "Back up now" waits while another backup or restore runs.
    let running: Bool
    /// The progress page of the backup or restore that runs now.
    let progressURL: String?
}

/// One backup on the Backups page.
struct BackupRow: Sendable {
    let name: String
    /// "24 November 2026 at 08:30".
    let when: String
    /// "the backup from 24 November 2026 at 08:30": what a button's hidden words name.
    let about: String
    let kind: String
    /// "1.2 MB".
    let size: String
    /// "41 recipes, 230 books, 12 to-dos".
    let contents: String
    let downloadURL: String
    let restoreURL: String
    /// "Undo this import" for a safety copy made before an import, else "Restore…".
    let restoreLabel: String
    /// Backups the rules do not thin out (made by hand, uploaded) can be deleted by the owner.
    let deleteURL: String?
}

/// One export on the Backups page.
struct ExportRow: Sendable {
    let when: String
    /// "the export from 24 November 2026 at 08:30".
    let about: String
    let size: String
    let contents: String
    let downloadURL: String
}

/// The dry run of an import: what it would do, every problem, and (without problems) the button that imports.
struct ImportPreviewPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// "Import “Book.json”?".
    let heading: String
    let lines: [String]
    let problems: [String]
    let hasProblems: Bool
    let action: String
    let existing: String
    let overwriting: Bool
    /// Another app's export: rows matching a record here are skipped, whatever `existing` says.
    var fromApp = false
}

/// A name an uploaded import file may keep: its class comes from it ("Book.json"); any other name becomes "import"
/// with its extension when it is one an import reads (.zip, .csv, .paprikarecipes), else "import.json".
enum ImportFileName {
    static let extensions = [".json", ".zip", ".csv", ".paprikarecipes"]

    static func safe(_ name: String) -> String {
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        let known = extensions.first { name.lowercased().hasSuffix($0) }
        guard allowed, !name.hasPrefix("."), name.count <= 120, known != nil else {
            return "import" + (known ?? ".json")
        }
        return name
    }
}

/// "Restore this backup?": what it holds against what there is now, and what stays.
struct BackupRestorePage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let action: String
    /// "Restore the backup from 24 November 2026 at 08:30?".
    let heading: String
    let contents: String
    let current: String
    /// "Every to-do, recipe, book … goes back to how it was on 24 November 2026 at 08:30 …".
    let whatGoesBack: String
    /// The records the restore would take away, named: those added since and those changed since.
    var lost: RestoreLossList? = nil
    var changed: RestoreLossList? = nil
}

/// "These 3 were added since and would be lost:", the first records by name, and "and 12 more".
struct RestoreLossList: Sendable {
    let heading: String
    let items: [String]
    let more: String?

    /// The list of `named` (of `count` in all) under `heading`, in `language`; nil when there are none.
    init?(_ named: [RestoreDifferences.Named], count: Int, heading: String, in language: Language) {
        guard count > 0 else { return nil }
        self.heading = heading
        items = named.map { language.text("backups.restore.item", ["kind": $0.kind.rawValue, "name": $0.name]) }
        more =
            count > named.count
            ? language.text("backups.restore.more", counts: ["count": count - named.count]) : nil
    }
}

/// "Delete this backup?".
struct BackupDeletePage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let action: String
    /// "Delete the backup from 24 November 2026 at 08:30?".
    let heading: String
    /// "It holds 1 to-do, 1 person. Once deleted, it cannot be restored.".
    let holds: String
}

/// A backup or restore under way: a page that refreshes itself every second until it is done.
struct BackupProgressPage: Sendable {
    let page: PageChrome
    let title: String
    /// 0 to 100.
    let percent: Int
    /// "42%", "42 %".
    let percentText: String
    /// "42% done".
    let percentDone: String

    init(page: PageChrome, title: String, percent: Int, in language: Language) {
        self.page = page
        self.title = title
        self.percent = percent
        percentText = language.text("backups.progress.percent", ["percent": String(percent)])
        percentDone = language.text("backups.progress.done", ["percent": String(percent)])
    }
}

/// Dates and sizes as the Backups page writes them, and in English as the command line does.
enum BackupFormatting {
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// "24 November 2026, 08:30", in the computer's time zone: the command line's English.
    static func when(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 0), \(time)"
    }

    /// The moment in `language`, in the computer's time zone: "24 November 2026 at 08:30", "24 novembre 2026 à
    /// 08:30", "2026年11月24日 8:30".
    static func when(_ date: Date, in language: Language, timeZone: TimeZone = .current) -> String {
        date.formatted(
            Date.FormatStyle(date: .long, time: .shortened, locale: LocalFormats.locale(language), timeZone: timeZone))
    }

    /// Sentences one after another as `language` writes them: a space between them, none in Japanese.
    static func sentences(_ sentences: [String?], in language: Language) -> String {
        sentences.compactMap { $0 }.joined(separator: language == .ja ? "" : " ")
    }

    /// "840 KB", "1.2 MB", "3.4 GB": the command line's English.
    static func size(_ bytes: Int) -> String {
        let (value, unit) = scaled(bytes)
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        if unit == 0 { return "\(bytes) bytes" }
        return (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + units[unit]
    }

    /// The size in `language`, with its decimal mark and units: "1.5 MB", "1,5 MB", "1,5 Mo".
    static func size(_ bytes: Int, in language: Language) -> String {
        let (value, unit) = scaled(bytes)
        if unit == 0 { return language.text("backups.size.bytes", counts: ["count": bytes]) }
        let number = value.formatted(
            .number.precision(.fractionLength(value < 10 ? 1 : 0)).grouping(.never)
                .locale(LocalFormats.locale(language)))
        let size = ["size": number]
        return switch unit {
        case 1: language.text("backups.size.kilobytes", size)
        case 2: language.text("backups.size.megabytes", size)
        case 3: language.text("backups.size.gigabytes", size)
        default: language.text("backups.size.terabytes", size)
        }
    }

    /// `bytes` in thousands until under 1000, and how many times (0 bytes, 1 KB, 2 MB, 3 GB, 4 TB).
    private static func scaled(_ bytes: Int) -> (value: Double, unit: Int) {
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < 4 {
            value /= 1000
            unit += 1
        }
        return (value, unit)
    }
}
