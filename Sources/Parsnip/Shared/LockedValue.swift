import Foundation

/// A value guarded by a lock, for small shared counters that must not cost an actor hop per request.
// @unchecked Sendable is safe: `value` is private and only touched inside `lock.withLock`, and Value is Sendable.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
