import ParseStore

/// Which record a change, a history entry or a trash item is about: its Parse class and objectId.
struct RecordReference: Sendable, Hashable {
    var className: String
    var objectId: String

    init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }

    /// "Recipe:AbC123": how history entries name their record, in one indexed field.
    var key: String { "\(className):\(objectId)" }

    /// A Pointer to the record.
    var pointer: ParsePointer { ParsePointer(className: className, objectId: objectId) }
}

/// What happened to a record in one change, as its history lists it.
enum ChangeKind: String, Sendable, Hashable {
    case created, edited, deleted, restored, reverted
}
