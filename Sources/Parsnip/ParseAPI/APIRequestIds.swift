import Foundation

/// `X-Parse-Request-Id` as Parse Server's idempotency: a POST or PUT whose id the same caller already sent within
/// five minutes is not run again but answered with error 159 "Duplicate request" — so a retried create never
/// creates twice, and no answer is ever kept or replayed (a log-in's session could otherwise reach whoever repeats
/// its id). Only the ids are kept, each at most `maximumIdLength` characters, at most `capacity` of them: a few
/// megabytes at most, whatever is sent.
actor APIRequestIds {
    /// How long an id is remembered (Parse Server's default `ttl`).
    static let keptFor: Duration = .seconds(300)
    /// The most ids remembered; past it the expired, then the oldest, are forgotten.
    static let capacity = 20_000
    /// The longest id taken into account; a longer header is cut to this length.
    static let maximumIdLength = 128

    private var seen: [String: ContinuousClock.Instant] = [:]
    private let clock = ContinuousClock()

    /// The key of a request: its id (cut to `maximumIdLength`) and who sent it, so nobody's ids affect another's.
    static func key(requestId: String, caller: String) -> String {
        String(requestId.prefix(maximumIdLength)) + "\u{1F}" + String(caller.prefix(maximumIdLength))
    }

    /// True when `key` was not sent within `keptFor` (it is remembered from now); false for a duplicate.
    func claim(_ key: String) -> Bool {
        let now = clock.now
        if let at = seen[key], now - at < Self.keptFor { return false }
        if seen.count >= Self.capacity { forgetOld(now: now) }
        seen[key] = now
        return true
    }

    /// Forgets `key`, so its retry runs: for a request that failed in a way worth retrying (a busy database).
    func release(_ key: String) {
        seen[key] = nil
    }

    /// How many ids are remembered now.
    var count: Int { seen.count }

    private func forgetOld(now: ContinuousClock.Instant) {
        seen = seen.filter { now - $0.value < Self.keptFor }
        if seen.count >= Self.capacity {
            for key in seen.sorted(by: { $0.value < $1.value }).prefix(Self.capacity / 2).map(\.key) {
                seen[key] = nil
            }
        }
    }
}
