import Foundation
import ParseStore

/// Limits password guessing: at most 10 password checks per client address and per name in any 15 minutes.
///
/// An attempt is counted when it starts, before its password is checked, in one step under a lock: 200 guesses
/// sent at once count as 200, and only the first 10 are checked. From the 4th attempt in the window each waits a
/// little first (half a second more each time, at most 2 seconds). A successful sign-in takes its own attempt
/// back and clears the name, so a person who signs in often is never slowed down.
///
/// Names are counted apart for this computer and for the network: a stranger guessing the owner's name over the
/// Wi-Fi can refuse it to the network, never to someone sitting at the computer Parsnip runs on. This computer's
/// own address is not limited as an address (only its names are): whoever runs programs here already holds the
/// database file, and many people signing in at once from it (the load test) must not queue behind each other.
final class SignInThrottle: Sendable {
    /// What to do with an attempt that is about to start.
    enum Decision: Sendable, Equatable {
        /// Go ahead after waiting `delay` (zero for the first few attempts); `attempt` is already counted.
        case allowed(delay: Duration, attempt: Attempt)
        /// Refuse: the window is full until `until`.
        case refused(until: Date)
    }

    /// One counted attempt, handed back to `succeeded(_:)` when its password was right.
    struct Attempt: Sendable, Equatable {
        /// Nil for an attempt from this computer, whose address is not limited.
        fileprivate let addressKey: String?
        fileprivate let nameKey: String
        fileprivate let at: Date
    }

    /// The window attempts are counted in.
    static let window: TimeInterval = 15 * 60
    /// Attempts before attempts start to wait.
    static let freeAttempts = 3
    /// Attempts allowed in any window.
    static let maximumAttempts = 10
    /// The longest wait before an attempt.
    static let maximumDelay: Duration = .seconds(2)

    private let now: @Sendable () -> Date
    /// Most addresses and names remembered; past it the quiet ones, then the oldest, are forgotten.
    private let capacity: Int
    /// Per key ("a:<address>", "u:local:<name>", "u:net:<name>"): the attempt times in the window, oldest first.
    private let records = LockedValue([String: [Date]]())
    /// The database the attempts are counted in instead, when several servers share it (PostgreSQL): a guesser
    /// spreading attempts over the servers is counted once.
    private let shared: ParseStore?

    init(capacity: Int = 10_000, sharedIn shared: ParseStore? = nil, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.shared = shared
        self.now = now
    }

    /// Counts an attempt from `address` for `username`, or refuses it when the address or the name has had its
    /// 10 attempts in the last 15 minutes. Check and count are one step, so parallel attempts cannot slip through.
    ///
    /// - Throws: `ParseError` when the attempts are counted in a database that cannot be reached.
    func begin(address: String?, username: String) async throws -> Decision {
        let current = now()
        let fromThisComputer = ThisComputer.isAddress(address)
        let addressKey = fromThisComputer ? nil : "a:" + (address ?? "unknown")
        let nameKey = Self.nameKey(username, fromThisComputer: fromThisComputer)
        let keys = [addressKey, nameKey].compactMap { $0 }
        let attempt = Attempt(addressKey: addressKey, nameKey: nameKey, at: current)
        if let shared {
            return try await shared.withMarks(keys, since: current.addingTimeInterval(-Self.window), at: current) {
                let decision = Self.decide(attempt, recent: $0.map { Self.recent($0, at: current) })
                if case .allowed = decision { return (decision, true) }
                return (decision, false)
            }
        }
        return records.withLock { table in
            if table.count + 2 > capacity { Self.forgetQuiet(&table, now: current, capacity: capacity) }
            let recent = keys.map { Self.recent(table[$0] ?? [], at: current) }
            let decision = Self.decide(attempt, recent: recent)
            if case .allowed = decision {
                for (key, times) in zip(keys, recent) { table[key] = times + [current] }
            }
            return decision
        }
    }

    /// What to do with `attempt`, given the attempts already counted in the window under each of its keys.
    private static func decide(_ attempt: Attempt, recent: [[Date]]) -> Decision {
        let refusals = recent.filter { $0.count >= maximumAttempts }
            .map { $0[$0.count - maximumAttempts].addingTimeInterval(window) }
        if let until = refusals.max() { return .refused(until: until) }
        let earlier = recent.map(\.count).max() ?? 0
        guard earlier >= freeAttempts else { return .allowed(delay: .zero, attempt: attempt) }
        let delay = Duration.milliseconds(500 * (earlier - freeAttempts + 1))
        return .allowed(delay: min(delay, maximumDelay), attempt: attempt)
    }

    /// The password of `attempt` was right: it no longer counts against the address, and the name starts afresh.
    func succeeded(_ attempt: Attempt) async {
        await withdraw(attempt)
        if let shared {
            // Not forgetting a success only ever counts too much.
            try? await shared.removeMarks([attempt.nameKey], at: nil)
            return
        }
        _ = records.withLock { $0.removeValue(forKey: attempt.nameKey) }
    }

    /// `attempt` never reached a password check that failed (the database could not be read or written): it no
    /// longer counts against the address or the name.
    func withdraw(_ attempt: Attempt) async {
        let keys = [attempt.addressKey, attempt.nameKey].compactMap { $0 }
        if let shared {
            try? await shared.removeMarks(keys, at: attempt.at)
            return
        }
        records.withLock { table in
            for key in keys {
                guard var times = table[key], let index = times.lastIndex(of: attempt.at) else { continue }
                times.remove(at: index)
                table[key] = times.isEmpty ? nil : times
            }
        }
    }

    /// How many keys are remembered (for tests of the bound).
    var rememberedCount: Int { records.withLock { $0.count } }

    private static func nameKey(_ username: String, fromThisComputer: Bool) -> String {
        (fromThisComputer ? "u:local:" : "u:net:") + AccountRules.cleanUsername(username).lowercased()
    }

    /// The times of `times` still inside the window at `now`.
    private static func recent(_ times: [Date], at now: Date) -> [Date] {
        times.filter { now.timeIntervalSince($0) < window }.suffix(maximumAttempts)
    }

    /// Drops keys with nothing in the window; if that is not enough, keeps the half with the newest attempts.
    private static func forgetQuiet(_ table: inout [String: [Date]], now: Date, capacity: Int) {
        table = table.filter { !recent($0.value, at: now).isEmpty }
        guard table.count + 2 > capacity else { return }
        let newestFirst = table.sorted { ($0.value.last ?? .distantPast) > ($1.value.last ?? .distantPast) }
        table = Dictionary(uniqueKeysWithValues: newestFirst.prefix(capacity / 2).map { ($0.key, $0.value) })
    }
}
