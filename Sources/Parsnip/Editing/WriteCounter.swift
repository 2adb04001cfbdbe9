/// A repository's object count and data revision, kept in memory between writes.
///
/// The count is read once when the repository opens and then adjusted by its own creates and deletes, so list
/// pages never count every row per request; the revision moves after every write (successful or not, which is
/// only ever too cautious), so pages rendered at one revision can be reused until it moves. Both are exact as
/// long as this process is the only writer of the database, which is how Parsnip runs.
final class WriteCounter: Sendable {
    private struct State {
        var total: Int
        var revision = 0
    }

    private let state: LockedValue<State>

    /// Starts from the count of objects already stored.
    init(total: Int) {
        state = LockedValue(State(total: total))
    }

    /// How many objects there are.
    var total: Int { state.withLock { $0.total } }

    /// Moves after every write.
    var revision: Int { state.withLock { $0.revision } }

    /// Records a finished write that changed the number of objects by `delta`.
    func recordWrite(changingTotalBy delta: Int = 0) {
        state.withLock { state in
            state.total += delta
            state.revision += 1
        }
    }
}
