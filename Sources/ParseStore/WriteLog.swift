import Synchronization

/// One object a write transaction created, changed or deleted.
public struct ObjectChange: Sendable, Hashable {
    public let className: String
    public let objectId: String
    /// True when the object is gone.
    public let deleted: Bool
    /// The fields an update set or edited (`ACL` included); nil when the object was created or deleted.
    public var fields: Set<String>? = nil

    /// True when the change may have altered one of `names`: a creation, a deletion, or an update of one of them.
    public func mayHaveChanged(_ names: Set<String>) -> Bool {
        guard let fields else { return true }
        return !fields.isDisjoint(with: names)
    }
}

/// The objects one write transaction created, changed or deleted, in order: for work that must follow every write
/// in the same transaction, whoever made it (the search index).
public final class WriteLog: Sendable {
    private let changes = Mutex<[ObjectChange]>([])

    public init() {}

    func record(_ className: String, _ objectId: String, deleted: Bool = false, fields: Set<String>? = nil) {
        let change = ObjectChange(className: className, objectId: objectId, deleted: deleted, fields: fields)
        changes.withLock { $0.append(change) }
    }

    /// The changes recorded since the last `drain()`, oldest first, left in the log.
    public func recorded() -> [ObjectChange] {
        changes.withLock { $0 }
    }

    /// The changes recorded since the last call, oldest first; the log is empty afterwards.
    public func drain() -> [ObjectChange] {
        changes.withLock { changes in
            defer { changes = [] }
            return changes
        }
    }
}
