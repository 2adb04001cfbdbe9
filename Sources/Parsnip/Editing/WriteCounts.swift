import Synchronization

/// The one page-cache revision and the totals of the counted classes, kept in memory between writes.
///
/// Totals are counted once when Parsnip opens and then adjusted by every change the write path makes, so list
/// pages never count every row per request. The revision moves after every change (successful or not, which is
/// only ever too cautious), so a page rendered at one revision can be reused until it moves. Both are exact as long
/// as this process is the only writer of the database, which is how Parsnip runs.
final class WriteCounts: Sendable {
    private struct State {
        var totals: [String: Int]
        var revision = 0
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

    /// Records a finished change that added (or, negative, removed) objects by class.
    func recordChange(totals changes: [String: Int]) {
        state.withLock { state in
            for (className, delta) in changes where state.totals[className] != nil {
                state.totals[className, default: 0] += delta
            }
            state.revision += 1
            currentRevision.store(state.revision, ordering: .releasing)
        }
    }

    /// Starts again from `totals` (the data was replaced as a whole) and moves the revision.
    func replaceTotals(_ totals: [String: Int]) {
        state.withLock { state in
            state.totals = totals
            state.revision += 1
            currentRevision.store(state.revision, ordering: .releasing)
        }
    }
}
