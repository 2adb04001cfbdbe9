import Synchronization

/// One object a write transaction created, changed or deleted.
public struct ObjectChange: Sendable, Hashable {
    public let className: String
    public let objectId: String
    /// True when the object is gone.
    public let deleted: Bool
}

/// The objects one write transaction created, changed or deleted, in order: for work that must follow every write
/// in the same transaction, whoever made it (the search index).
public final class WriteLog: Sendable {
    private let changes = Mutex<[ObjectChange]>([])

    public init() {}

    func record(_ className: String, _ objectId: String, deleted: Bool = false) {
        changes.withLock { $0.append(ObjectChange(className: className, objectId: objectId, deleted: deleted)) }
    }

    /// The changes recorded since the last call, oldest first; the log is empty afterwards.
    public func drain() -> [ObjectChange] {
        changes.withLock { changes in
            defer { changes = [] }
            return changes
        }
    }
}
