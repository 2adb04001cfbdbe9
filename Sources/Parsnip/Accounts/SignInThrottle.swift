import Foundation

/// Slows down, then stops, someone guessing passwords: failed sign-ins are counted per client address and per
/// name over 15 minutes; from the 4th failure each attempt waits a little longer, and after 10 the address or name
/// is refused until 15 minutes after the 10th failure. A success clears the name's count.
final class SignInThrottle: Sendable {
    /// What to do with the next attempt.
    enum Decision: Sendable, Equatable {
        /// Go ahead after waiting `delay` (zero for the first few attempts).
        case allowed(delay: Duration)
        /// Refuse until `until`.
        case refused(until: Date)
    }

    /// How long failures are remembered, and how long a refusal lasts.
    static let window: TimeInterval = 15 * 60
    /// Failures before attempts start to wait.
    static let freeFailures = 3
    /// Failures after which attempts are refused.
    static let maximumFailures = 10
    /// The longest wait before an attempt.
    static let maximumDelay: Duration = .seconds(2)

    private let now: @Sendable () -> Date
    /// Most addresses and names remembered; past it the oldest quiet ones are forgotten.
    private let capacity: Int
    /// Failure times per key ("a:<address>" or "u:<lower-cased name>"), oldest first.
    private let failures = LockedValue([String: [Date]]())

    init(capacity: Int = 10_000, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.now = now
    }

    /// Whether an attempt from `address` for `username` may go ahead, and after how long.
    func decision(address: String?, username: String) -> Decision {
        let current = now()
        let keys = Self.keys(address: address, username: username)
        let counts = failures.withLock { table in
            keys.map { key in table[key, default: []].filter { current.timeIntervalSince($0) < Self.window } }
        }
        var refusedUntil: Date?
        var worst = 0
        for times in counts {
            worst = max(worst, times.count)
            if times.count >= Self.maximumFailures {
                let until = times[times.count - Self.maximumFailures].addingTimeInterval(Self.window)
                refusedUntil = max(refusedUntil ?? until, until)
            }
        }
        if let refusedUntil { return .refused(until: refusedUntil) }
        guard worst >= Self.freeFailures else { return .allowed(delay: .zero) }
        let delay = Duration.milliseconds(500 * (worst - Self.freeFailures + 1))
        return .allowed(delay: min(delay, Self.maximumDelay))
    }

    /// Counts a failed attempt against the address and the name.
    func recordFailure(address: String?, username: String) {
        let current = now()
        let keys = Self.keys(address: address, username: username)
        failures.withLock { table in
            if table.count + keys.count > capacity { Self.forgetQuiet(&table, now: current, capacity: capacity) }
            for key in keys {
                var times = table[key, default: []].filter { current.timeIntervalSince($0) < Self.window }
                times.append(current)
                table[key] = Array(times.suffix(Self.maximumFailures))
            }
        }
    }

    /// A successful sign-in: the name starts afresh (the address keeps its count, as it may be guessing others).
    func recordSuccess(username: String) {
        _ = failures.withLock { $0.removeValue(forKey: Self.usernameKey(username)) }
    }

    /// How many keys are remembered (for tests of the bound).
    var rememberedCount: Int { failures.withLock { $0.count } }

    private static func keys(address: String?, username: String) -> [String] {
        ["a:" + (address ?? "unknown"), usernameKey(username)]
    }

    private static func usernameKey(_ username: String) -> String {
        "u:" + AccountRules.cleanUsername(username).lowercased()
    }

    /// Drops keys with no failure in the window; if that is not enough, drops the keys whose last failure is oldest.
    private static func forgetQuiet(_ table: inout [String: [Date]], now: Date, capacity: Int) {
        table = table.filter { _, times in times.last.map { now.timeIntervalSince($0) < window } ?? false }
        guard table.count >= capacity else { return }
        let newestFirst = table.sorted { ($0.value.last ?? .distantPast) > ($1.value.last ?? .distantPast) }
        table = Dictionary(uniqueKeysWithValues: newestFirst.prefix(capacity / 2).map { ($0.key, $0.value) })
    }
}
