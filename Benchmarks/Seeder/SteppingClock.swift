import Foundation
import ParseStore

/// A clock that starts at a fixed instant and moves forward exactly one millisecond each time it is read.
///
/// Seeding a million rows in a few seconds with the wall clock would give thousands of rows the same
/// createdAt; stepping makes every createdAt distinct and spreads them like a long-lived list.
final class SteppingClock: ParseClock, @unchecked Sendable {
    // @unchecked Sendable is safe: the only mutable state, `next`, is read and written under `lock`.
    private let lock = NSLock()
    private var next: Date
    private let step: TimeInterval

    /// A clock whose first reading is `start`, each later reading `step` seconds after the previous one.
    init(start: Date, step: TimeInterval = 0.001) {
        self.next = start
        self.step = step
    }

    /// The current reading; the following reading will be one step later.
    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        let reading = next
        next = next.addingTimeInterval(step)
        return reading
    }
}
