import Foundation

/// Where backups go, how often they are made and how many are kept.
public struct BackupRules: Sendable, Hashable {
    /// The backups folder; nil: `backups/` beside the database file (and no backups for an in-memory database).
    public var folder: String?
    /// Back up once a day while Parsnip runs, and at start when the newest backup is over a day old.
    public var automatic: Bool
    /// Days whose newest daily backup is kept.
    public var keepDaily: Int
    /// Weeks whose newest daily backup is kept.
    public var keepWeekly: Int
    /// Safety copies (made before a restore or an import) kept.
    public var keepSafetyCopies: Int
    /// When the newest backup is older than this many days, the owner's home page asks for one.
    public var staleAfterDays: Int

    public init(
        folder: String? = nil, automatic: Bool = true, keepDaily: Int = 7, keepWeekly: Int = 4,
        keepSafetyCopies: Int = 5, staleAfterDays: Int = 7
    ) {
        self.folder = folder
        self.automatic = automatic
        self.keepDaily = max(1, keepDaily)
        self.keepWeekly = max(0, keepWeekly)
        self.keepSafetyCopies = max(1, keepSafetyCopies)
        self.staleAfterDays = max(1, staleAfterDays)
    }
}

/// Which backups to remove so that the folder keeps what the rules say.
///
/// Daily backups are thinned like a grandfather-father-son rotation: the newest one of each of the last
/// `keepDaily` days that have one, and the newest one of each of the last `keepWeekly` weeks (ISO weeks, UTC) that
/// have one; a backup either rule keeps stays. Safety copies keep the newest `keepSafetyCopies`. Backups made by
/// hand, with `parsnip backup` or uploaded stay until the owner deletes them.
enum BackupRetention {
    static func toRemove(_ listings: [BackupListing], rules: BackupRules) -> [BackupListing] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let newestFirst = listings.sorted { $0.manifest.createdAt > $1.manifest.createdAt }
        var keep: Set<URL> = []

        let daily = newestFirst.filter { $0.manifest.reason == .daily }
        func keepNewest(per key: (Date) -> DateComponents, count: Int) {
            var seen: [DateComponents] = []
            for listing in daily {
                let period = key(listing.manifest.createdAt)
                guard !seen.contains(period) else { continue }
                guard seen.count < count else { break }
                seen.append(period)
                keep.insert(listing.url)
            }
        }
        keepNewest(per: { calendar.dateComponents([.year, .month, .day], from: $0) }, count: rules.keepDaily)
        keepNewest(
            per: { calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: $0) }, count: rules.keepWeekly)

        let safety = newestFirst.filter { $0.manifest.reason.isSafetyCopy }
        keep.formUnion(safety.prefix(rules.keepSafetyCopies).map(\.url))

        return newestFirst.filter { listing in
            (listing.manifest.reason == .daily || listing.manifest.reason.isSafetyCopy) && !keep.contains(listing.url)
        }
    }
}
