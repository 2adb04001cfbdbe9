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
    /// True for an index made only once its fields exist (`ParseWriter.ensureIndexWhenFieldsExist`): the class is not
    /// made before its first object.
    var waitsForFields = false

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

    /// The index a record rule's lookup needs (a book by its genre or ISBN), once the class has those fields.
    static func whenFieldsExist(_ className: String, _ fields: [String]) -> StoredIndex {
        var index = StoredIndex(className, fields.map { ($0, .string) })
        index.waitsForFields = true
        return index
    }

    /// Makes the index (and its class and fields when missing, unless it waits for them).
    func ensure(writer: ParseWriter) throws {
        if foldsText, let field = fields.first {
            try writer.ensureFoldedOrderIndex(className, field: field.0)
        } else if waitsForFields {
            try writer.ensureIndexWhenFieldsExist(className, on: fields.map(\.0))
        } else {
            try writer.ensureIndex(className, on: fields)
        }
    }
}
