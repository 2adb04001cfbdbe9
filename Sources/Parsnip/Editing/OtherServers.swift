import Foundation
import ParseStore
import Synchronization

/// Follows the writes of the other Parsnip servers that share this server's PostgreSQL database, so nothing this
/// server remembers (cached pages and API answers, totals, sessions, settings) is shown after another changed it.
///
/// Before a request is answered, `catchUp()` compares the database's shared version with the one this server knows
/// (one round trip). Requests arriving while a comparison is under way wait for the next one, which starts after
/// they arrived, and share it: however many requests come at once, at most one comparison runs. When another server
/// wrote, the totals are counted again and the followers (`follow`) read what they keep, in one snapshot; then the
/// revision moves, and every cache keyed by it starts afresh. A comparison that fails (the database cannot be
/// reached) moves the revision and empties the followers too, so the request reads the database, and fails there
/// with the page that says so, rather than answering from memory.
final class OtherServers: Sendable {
    /// Who is waiting for a comparison, and whether one is under way.
    private struct State {
        var comparing = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var followers: [@Sendable (ParseReader?) throws -> Void] = []
    }

    private let door: StoreDoor
    /// The shared database (where, for one, sign-in attempts are counted).
    var store: ParseStore { door.store }
    private let counting: @Sendable (ParseReader) throws -> [String: Int]
    private let state = Mutex(State())

    /// Follows the writes others make to `door`'s database; `counting` counts the counted classes again.
    init(door: StoreDoor, counting: @escaping @Sendable (ParseReader) throws -> [String: Int]) {
        self.door = door
        self.counting = counting
    }

    /// Adds `follower`, run when another server's writes are noticed: with a reader on the snapshot the totals were
    /// counted in (read what it keeps from there), or nil when the database could not be reached (forget it).
    func follow(_ follower: @escaping @Sendable (ParseReader?) throws -> Void) {
        state.withLock { $0.followers.append(follower) }
    }

    /// Returns once every write committed before this call, by any server, is followed here.
    func catchUp() async {
        await withCheckedContinuation { continuation in
            let starts = state.withLock { state in
                state.waiting.append(continuation)
                defer { state.comparing = true }
                return !state.comparing
            }
            if starts { Task { await self.compareWhileAsked() } }
        }
    }

    /// Compares for everyone waiting, again and again while more arrive.
    private func compareWhileAsked() async {
        while true {
            let batch = state.withLock { state in
                let batch = state.waiting
                state.waiting = []
                if batch.isEmpty { state.comparing = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            await compare()
            for continuation in batch { continuation.resume() }
        }
    }

    /// One comparison, and whatever following it needs.
    private func compare() async {
        let counts = door.counts
        let followers = state.withLock { $0.followers }
        do {
            guard let version = try await door.sharedVersion(), version != counts.knownVersion else { return }
            let counting = self.counting
            let (seen, totals) = try await door.read { reader in
                (try reader.sharedVersion() ?? version, try counting(reader))
            }
            guard counts.follow(version: seen, totals: totals) else { return }
            // A snapshot as new as the count's, or newer: what the followers read is never older than the news.
            try await door.read { reader in for follower in followers { try follower(reader) } }
        } catch {
            counts.recordChange(totals: [:])
            for follower in followers { try? follower(nil) }
        }
    }
}
