import Foundation
import Synchronization

/// How long a write waits for a write lock another program holds: until `limit` after the write was asked for,
/// however long it queued first behind other writes.
///
/// SQLite's own busy timeout starts afresh when a write reaches the connection. The store's writes take turns on its
/// one writer connection, so with the lock held elsewhere each queued write waited a whole timeout after the one
/// before it gave up: at the old 5-second timeout, the fifth of five saves sent together answered after 25 s.
/// Counting from when each write was asked for bounds every answer by `limit`, however many are queued.
final class WriteLockWait: Sendable {
    /// How long after it was asked for a write stops waiting for the lock.
    let limit: Duration
    /// Pauses between looks at the lock, in milliseconds: SQLite's own schedule, capped at 50 ms so a released lock
    /// is noticed quickly.
    static let pauses: [Int] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50]

    /// The deadline of the writer access under way (set by `waiting(until:_:)`), and when the statement now
    /// waiting first found the lock taken.
    private struct State {
        var deadline: ContinuousClock.Instant?
        var firstLook = ContinuousClock.now
    }

    private let state = Mutex(State())

    init(limit: Duration) {
        self.limit = limit
    }

    /// Runs `body`, one access to the writer connection, letting its statements wait for the lock until `deadline`.
    ///
    /// Accesses to one connection never overlap (GRDB runs them one at a time), so one deadline at a time is enough.
    func waiting<T>(until deadline: ContinuousClock.Instant, _ body: () throws -> T) rethrows -> T {
        state.withLock { $0.deadline = deadline }
        defer { state.withLock { $0.deadline = nil } }
        return try body()
    }

    /// SQLite's busy handler: called each time the lock is found taken (`attempt` counts from 0 per statement);
    /// pauses and answers true to look again, or false to give up with SQLITE_BUSY. Outside `waiting(until:_:)`
    /// (closing, GRDB's own set-up) a statement waits `limit` from its first look, as SQLite's timeout would.
    func shouldRetry(attempt: Int) -> Bool {
        let now = ContinuousClock.now
        let deadline = state.withLock { state in
            if attempt == 0 { state.firstLook = now }
            return state.deadline ?? state.firstLook + limit
        }
        guard now < deadline else { return false }
        let pause = min(Duration.milliseconds(Self.pauses[min(attempt, Self.pauses.count - 1)]), deadline - now)
        Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
        return true
    }
}
