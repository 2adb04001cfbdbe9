import ParseStore

/// An index a feature's list needs on its class (and, through it, the fields it names in `_SCHEMA` with their
/// Parse types): made when the write path opens and again after a restore, so a backup from before it still lists
/// fast.
struct StoredIndex: Sendable {
    /// The class.
    let className: String
    /// Field names and types, in index order.
    let fields: [(String, ParseFieldType)]

    init(_ className: String, _ fields: [(String, ParseFieldType)]) {
        self.className = className
        self.fields = fields
    }
}
