import Foundation

/// `X-Parse-Request-Id`: ParseSwift sends a new id with every POST and PUT and the same id again when it retries
/// after losing the answer, so a retried create must not create twice. A repeated id (from the same caller, for the
/// same method and path) gets the first request's answer, also while the first is still running; answers are kept
/// for 10 minutes, and a 5xx answer (a busy database) is not kept, so the retry really runs again.
actor APIRequestIds {
    /// How long an answer is kept for a retry.
    static let keptFor: Duration = .seconds(600)
    /// The most answers kept; past it the oldest are dropped.
    static let capacity = 10_000

    private var done: [String: (answer: APIAnswer, at: ContinuousClock.Instant)] = [:]
    private var running: [String: Task<APIAnswer, Never>] = [:]
    private let clock = ContinuousClock()

    /// The answer of the request `key` (its id, caller, method and path): the kept one, the one in progress, or
    /// `run`'s.
    func answer(for key: String, run: @escaping @Sendable () async -> APIAnswer) async -> APIAnswer {
        let now = clock.now
        if let kept = done[key], now - kept.at < Self.keptFor { return kept.answer }
        if let task = running[key] { return await task.value }
        let task = Task { await run() }
        running[key] = task
        let answer = await task.value
        running[key] = nil
        if answer.status.code < 500 { keep(answer, for: key, at: clock.now) }
        return answer
    }

    private func keep(_ answer: APIAnswer, for key: String, at now: ContinuousClock.Instant) {
        if done.count >= Self.capacity {
            done = done.filter { now - $0.value.at < Self.keptFor }
            if done.count >= Self.capacity {
                let oldest = done.sorted { $0.value.at < $1.value.at }.prefix(Self.capacity / 2).map(\.key)
                for key in oldest { done[key] = nil }
            }
        }
        done[key] = (answer, now)
    }
}
