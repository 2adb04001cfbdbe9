/// Values worked out once a key and kept for every later request, up to `limit` keys: past it the memo starts again
/// (a bound on memory, not a caching policy), for pure functions that pages call with the same few inputs.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let known = LockedValue<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The value kept for `key`, or `workOut(key)`, kept. Worked out outside the lock: two requests may both work
    /// out a new key, and both get the same value.
    func value(_ key: Key, workOut: (Key) -> Value) -> Value {
        if let value = known.withLock({ $0[key] }) { return value }
        let value = workOut(key)
        known.withLock { known in
            if known.count >= limit { known.removeAll(keepingCapacity: true) }
            known[key] = value
        }
        return value
    }
}
