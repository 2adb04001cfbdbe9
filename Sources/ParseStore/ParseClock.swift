import Foundation

/// The source of createdAt/updatedAt: read once per object write, injectable so tests are deterministic.
public protocol ParseClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The wall clock.
public struct SystemParseClock: ParseClock {
    public init() {}
    public func now() -> Date { Date() }
}
