import ParseStore

/// A household class the pages show, as the API's writes treat it: changes are stamped with who made them and kept
/// in the record's history, a delete goes to the trash under the pages' kind, so Undo and History work for changes
/// made from an app as for changes made on a page.
struct APIRecordKind: Sendable {
    let className: String
    /// The trash's kind of the record ("todo", "recipe", "book", "genre"…).
    let trashKind: String
    /// The name the trash shows for a deleted record.
    let name: @Sendable (ParseObject) -> String

    /// A record named by one of its String fields (`title`, `name`).
    init(className: String, trashKind: String, nameField: String) {
        self.className = className
        self.trashKind = trashKind
        self.name = { $0[nameField]?.stringValue ?? "" }
    }
}
