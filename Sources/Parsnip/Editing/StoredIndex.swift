import ParseStore

/// An index a feature's list needs on its class (and, through it, the fields it names in `_SCHEMA` with their
/// Parse types): made when the write path opens and again after a restore, so a backup from before it still lists
/// fast.
struct StoredIndex: Sendable {
    /// The class.
    let className: String
    /// Field names and types, in index order.
    let fields: [(String, ParseFieldType)]
    /// True for an index on one String field's text with case and accents folded away: the order of a list sorted
    /// by name or title (`ParseWriter.ensureFoldedOrderIndex`).
    var foldsText = false

    init(_ className: String, _ fields: [(String, ParseFieldType)]) {
        self.className = className
        self.fields = fields
    }

    /// The index a list sorted by `field`'s text, ignoring case and accents, walks.
    static func foldedOrder(_ className: String, _ field: String) -> StoredIndex {
        var index = StoredIndex(className, [(field, .string)])
        index.foldsText = true
        return index
    }

    /// Makes the index (and its class and fields when missing).
    func ensure(writer: ParseWriter) throws {
        if foldsText, let field = fields.first {
            try writer.ensureFoldedOrderIndex(className, field: field.0)
        } else {
            try writer.ensureIndex(className, on: fields)
        }
    }
}
