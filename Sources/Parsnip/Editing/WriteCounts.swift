import Synchronization

/// The one page-cache revision and the totals of the counted classes, kept in memory between writes.
///
/// Totals are counted once when Parsnip opens and then adjusted by every change the write path makes, so list
/// pages never count every row per request. The revision moves after every change (successful or not, which is
/// only ever too cautious), so a page rendered at one revision can be reused until it moves.
///
/// On a database other servers write too (PostgreSQL), each write also reports the shared version it moved the data
/// to (`ParseStore.writeReportingVersion`). The totals follow this server's own writes only while their versions
/// follow each other; when another server wrote in between, `OtherServers` sees a version this server does not
/// know, counts again and calls `follow(version:totals:)`.
final class WriteCounts: Sendable {
    private struct State {
        var totals: [String: Int]
        var revision = 0
        /// The shared version the totals are exact at; nil on a database one server serves.
        var knownVersion: Int?
    }

    private let state: LockedValue<State>
    /// The revision, readable without the lock: every request reads it, many cores at once.
    private let currentRevision = Atomic<Int>(0)

    /// Starts from the counts of objects already stored, by class.
    init(totals: [String: Int]) {
        state = LockedValue(State(totals: totals))
    }

    /// How many objects of `className` there are (0 for a class that is not counted).
    func total(of className: String) -> Int { state.withLock { $0.totals[className] ?? 0 } }

    /// Moves after every change.
    var revision: Int { currentRevision.load(ordering: .acquiring) }

    /// The shared version the totals are exact at (nil on a database one server serves, or before it was read).
    var knownVersion: Int? { state.withLock { $0.knownVersion } }

    /// Records a finished change that added (or, negative, removed) objects by class, and moved the shared data to
    /// `version` (nil: SQLite, or nothing was written). A version that does not follow the known one means another
    /// server wrote in between: the totals are left for `follow` to count again.
    func recordChange(totals changes: [String: Int], version: Int? = nil) {
        state.withLock { state in
            if let version, let known = state.knownVersion {
                if version == known + 1 {
                    state.knownVersion = version
                    Self.add(changes, to: &state.totals)
                }
                // Older than known: a count made after this write already holds it. Newer: counted again later.
            } else {
                Self.add(changes, to: &state.totals)
            }
            state.revision += 1
            currentRevision.store(state.revision, ordering: .releasing)
        }
    }

    /// Takes `totals`, counted at the shared `version`, when that is newer than the known one, and moves the
    /// revision; answers whether it did (whether another server's writes were just noticed).
    func follow(version: Int, totals: [String: Int]) -> Bool {
        state.withLock { state in
            guard version > (state.knownVersion ?? Int.min) else { return false }
            state.knownVersion = version
            state.totals = totals
            state.revision += 1
            currentRevision.store(state.revision, ordering: .releasing)
            return true
        }
    }

    /// Starts again from `totals` (the data was replaced as a whole, or opened), counted at the shared `version`
    /// (nil on SQLite), and moves the revision.
    func replaceTotals(_ totals: [String: Int], version: Int? = nil) {
        state.withLock { state in
            state.totals = totals
            state.knownVersion = version
            state.revision += 1
            currentRevision.store(state.revision, ordering: .releasing)
        }
    }

    private static func add(_ changes: [String: Int], to totals: inout [String: Int]) {
        for (className, delta) in changes where totals[className] != nil {
            totals[className, default: 0] += delta
        }
    }
}
