import Foundation

/// Slows down, then stops, someone guessing passwords: failed sign-ins are counted per client address and per
/// name over 15 minutes; after the 3rd failure each attempt waits a little longer (half a second more each time, at
/// most 2 seconds), and the 10th failure refuses that address or name for 15 minutes. A success clears the name.
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

    /// What is remembered about one address or name.
    private struct Record {
        /// Failure times in the window, oldest first.
        var failures: [Date] = []
        /// Refused until then, once it reached `maximumFailures`.
        var refusedUntil: Date?

        /// The failures still inside the window at `now`.
        func recent(at now: Date) -> [Date] {
            failures.filter { now.timeIntervalSince($0) < SignInThrottle.window }
        }

        /// True when nothing about it matters any more at `now`.
        func isQuiet(at now: Date) -> Bool {
            recent(at: now).isEmpty && (refusedUntil.map { $0 <= now } ?? true)
        }
    }

    private let now: @Sendable () -> Date
    /// Most addresses and names remembered; past it the quiet ones, then the oldest, are forgotten.
    private let capacity: Int
    /// Per key: "a:<address>" or "u:<lower-cased name>".
    private let records = LockedValue([String: Record]())

    init(capacity: Int = 10_000, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.now = now
    }

    /// Whether an attempt from `address` for `username` may go ahead, and after how long.
    func decision(address: String?, username: String) -> Decision {
        let current = now()
        let keys = Self.keys(address: address, username: username)
        let found = records.withLock { table in keys.compactMap { table[$0] } }
        let refusals = found.compactMap(\.refusedUntil).filter { $0 > current }
        if let until = refusals.max() { return .refused(until: until) }
        let worst = found.map { $0.recent(at: current).count }.max() ?? 0
        guard worst >= Self.freeFailures else { return .allowed(delay: .zero) }
        let delay = Duration.milliseconds(500 * (worst - Self.freeFailures + 1))
        return .allowed(delay: min(delay, Self.maximumDelay))
    }

    /// Counts a failed attempt against the address and the name; the 10th in the window starts a refusal.
    func recordFailure(address: String?, username: String) {
        let current = now()
        let keys = Self.keys(address: address, username: username)
        records.withLock { table in
            if table.count + keys.count > capacity { Self.forgetQuiet(&table, now: current, capacity: capacity) }
            for key in keys {
                var record = table[key, default: Record()]
                record.failures = Array((record.recent(at: current) + [current]).suffix(Self.maximumFailures))
                if record.failures.count >= Self.maximumFailures {
                    record.refusedUntil = current.addingTimeInterval(Self.window)
                    record.failures = []
                }
                table[key] = record
            }
        }
    }

    /// A successful sign-in: the name starts afresh (the address keeps its count, as it may be guessing others).
    func recordSuccess(username: String) {
        _ = records.withLock { $0.removeValue(forKey: Self.usernameKey(username)) }
    }

    /// How many keys are remembered (for tests of the bound).
    var rememberedCount: Int { records.withLock { $0.count } }

    private static func keys(address: String?, username: String) -> [String] {
        ["a:" + (address ?? "unknown"), usernameKey(username)]
    }

    private static func usernameKey(_ username: String) -> String {
        "u:" + AccountRules.cleanUsername(username).lowercased()
    }

    /// Drops quiet keys; if that is not enough, keeps the refused keys and the half with the newest failures.
    private static func forgetQuiet(_ table: inout [String: Record], now: Date, capacity: Int) {
        table = table.filter { !$0.value.isQuiet(at: now) }
        guard table.count >= capacity else { return }
        func lastEvent(_ record: Record) -> Date {
            max(record.failures.last ?? .distantPast, record.refusedUntil ?? .distantPast)
        }
        let newestFirst = table.sorted { lastEvent($0.value) > lastEvent($1.value) }
        table = Dictionary(uniqueKeysWithValues: newestFirst.prefix(capacity / 2).map { ($0.key, $0.value) })
    }
}
