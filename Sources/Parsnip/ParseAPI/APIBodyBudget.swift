import Synchronization

/// The bytes the Parse API may hold in request bodies at once, summed over every request: each request reserves its
/// body's size (its `Content-Length`, or its limit when it sends none) before reading and gives it back when
/// answered; a request that would pass the budget is answered 503 at once, unread. Without it, many slow uploads
/// at their per-request limit would add up to gigabytes.
final class APIBodyBudget: Sendable {
    /// The most bytes held at once: five uploads at the 20 MB limit, or thirty-two 4 MB JSON bodies.
    static let totalBytes = 128 * 1024 * 1024

    private let held = Mutex(0)

    /// Reserves `bytes`; false (nothing reserved) when the budget has no room for them.
    func reserve(_ bytes: Int) -> Bool {
        held.withLock { held in
            guard held + bytes <= Self.totalBytes else { return false }
            held += bytes
            return true
        }
    }

    /// Gives back what `reserve` took.
    func release(_ bytes: Int) {
        held.withLock { $0 -= bytes }
    }

    /// The bytes reserved now.
    var reservedBytes: Int { held.withLock { $0 } }
}
