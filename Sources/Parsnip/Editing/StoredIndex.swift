import ParseStore

/// An index a feature's list needs on its class (and, through it, the fields it names in `_SCHEMA` with their
/// Parse types): made when the write path opens and again after a restore, so a backup from before it still lists
/// fast.
public struct StoredIndex: Sendable {
    /// The class.
    public let className: String
    /// Field names and types, in index order.
    public let fields: [(String, ParseFieldType)]

    public init(_ className: String, _ fields: [(String, ParseFieldType)]) {
        self.className = className
        self.fields = fields
    }
}
