import Foundation

/// Recently checked sessions, so a page view does not cost a session, user and role query each time.
///
/// Emptied by every change to an account, a role or a session; a lookup that started before such a change never
/// stores its (possibly stale) answer, thanks to the generation count.
final class SessionCache: Sendable {
    /// One remembered session.
    struct Entry: Sendable {
        let user: SignedInUser
        let expiresAt: Date
    }

    /// The cache's contents and how many times it was emptied.
    private struct State {
        var entries: [String: Entry] = [:]
        var generation = 0
    }

    /// At most this many sessions are remembered; past it the cache starts over.
    static let capacity = 1_000
    private let state = LockedValue(State())

    /// The remembered session of `token`, or nil.
    func entry(for token: String) -> Entry? {
        state.withLock { $0.entries[token] }
    }

    /// A number that changes whenever the cache is emptied; read it before a lookup, pass it to `store`.
    var generation: Int {
        state.withLock { $0.generation }
    }

    /// Remembers `entry`, unless the cache was emptied since `generation` was read.
    func store(_ entry: Entry, for token: String, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= Self.capacity { state.entries = [:] }
            state.entries[token] = entry
        }
    }

    /// Forgets everything: an account, role or session changed.
    func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.generation += 1
        }
    }
}
