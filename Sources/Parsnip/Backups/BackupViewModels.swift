import Foundation

/// The Backups page: how backups are kept, the newest one, and every backup with Download and Restore.
struct BackupsPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    /// The folder the backups are in, for someone copying them to another disk.
    let folder: String
    let automatic: Bool
    let keepDaily: Int
    let keepWeekly: Int
    let notice: HomeNotice?
    let rows: [BackupRow]
    let isEmpty: Bool
    /// The exports kept for download, newest first.
    let exports: [ExportRow]
    let hasExports: Bool
    /// "Back up now" waits while another backup or restore runs.
    let running: Bool
}

/// One backup on the Backups page.
struct BackupRow: Sendable {
    let name: String
    /// "Tuesday 24 November 2026, 08:30".
    let when: String
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
    let size: String
    let contents: String
    let downloadURL: String
}

/// The dry run of an import: what it would do, every problem, and (without problems) the button that imports.
struct ImportPreviewPage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let file: String
    let lines: [String]
    let problems: [String]
    let hasProblems: Bool
    let action: String
    let existing: String
    let overwriting: Bool
}

/// A name an uploaded import file may keep: its class comes from it ("Book.json"); anything else becomes
/// "import.json".
enum ImportFileName {
    static func safe(_ name: String) -> String {
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard allowed, !name.hasPrefix("."), name.count <= 120, name.hasSuffix(".json") || name.hasSuffix(".zip")
        else { return name.hasSuffix(".zip") ? "import.zip" : "import.json" }
        return name
    }
}

/// "Restore this backup?": what it holds against what there is now, and what stays.
struct BackupRestorePage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let action: String
    let when: String
    let contents: String
    let current: String
}

/// "Delete this backup?".
struct BackupDeletePage: Sendable {
    let page: PageChrome
    let csrfToken: String
    let action: String
    let when: String
    let contents: String
}

/// A backup or restore under way: a page that refreshes itself every second until it is done.
struct BackupProgressPage: Sendable {
    let page: PageChrome
    let title: String
    /// 0 to 100.
    let percent: Int
}

/// Dates and sizes as the Backups page writes them.
enum BackupFormatting {
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// "24 November 2026, 08:30", in the computer's time zone.
    static func when(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 0), \(time)"
    }

    /// "840 KB", "1.2 MB", "3.4 GB".
    static func size(_ bytes: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        return (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + units[unit]
    }
}
