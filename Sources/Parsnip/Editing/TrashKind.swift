import ParseStore

/// What a feature tells the trash about one kind of thing it deletes: its name and how to put it back.
protocol TrashKind: Sendable {
    /// The kind as `_Trash` stores it: "todo", "recipe", "book", "genre", "author", "publisher".
    var kind: String { get }
    /// The kind in English: "To-do", "Recipe". (The trash page names it in the page's language from `kind`, through
    /// the `editing.trash.kind` message.)
    var label: String { get }
    /// Where a restored record is shown.
    func url(of record: RecordReference) -> String
    /// Puts `item` back in the change `session`, or says in plain words why it cannot and how to go on.
    func restore(_ item: TrashItem, session: ChangeSession) throws -> RestoreOutcome
}

/// How a restore came out.
enum RestoreOutcome: Sendable {
    case restored
    case refused(RestoreRefusal)
}

/// Why something cannot come back from the trash yet, and a way on.
struct RestoreRefusal: Sendable, Hashable {
    let message: String
    let linkText: String
    let linkURL: String
}

/// The trash kind of a record restored as it was, with nothing to check first (a to-do, a recipe, a genre…).
struct PlainTrashKind: TrashKind {
    let kind: String
    let label: String
    /// The record's page, from its objectId.
    let page: @Sendable (String) -> String

    func url(of record: RecordReference) -> String { page(record.objectId) }

    func restore(_ item: TrashItem, session: ChangeSession) throws -> RestoreOutcome {
        let restored = try item.bundle.putBack(session: session)
        try session.record(.restored, item.record, before: nil, after: restored.first.map { RecordSnapshot.of($0) })
        return .restored
    }
}

extension TrashBundle {
    /// Puts the objects back (same objectId and createdAt, stamped by the session's person) and every Relation
    /// row whose two ends both exist now; returns the restored objects.
    ///
    /// - Throws: `ParseError` 137 when another object took one of the objectIds meanwhile.
    func putBack(session: ChangeSession) throws -> [ParseObject] {
        var restored: [ParseObject] = []
        for (index, object) in objects.enumerated() {
            // Only the main object counts as a record and carries the stamp; companions (an ISBN) come back as they were.
            if index == 0 {
                restored.append(try session.restore(object))
            } else {
                restored.append(
                    try session.writer.restore(
                        object.className, objectId: object.objectId, createdAt: object.createdAt, values: object.fields)
                )
            }
        }
        let reader = session.reader
        func exists(_ record: RecordReference) throws -> Bool {
            guard try reader.schema(record.className) != nil else { return false }
            return try reader.first(ParseQuery(record.className).where("objectId", equalTo: .string(record.objectId)))
                != nil
        }
        for link in links where try exists(link.owner) && exists(link.target) {
            try session.writer.update(
                link.owner.className, objectId: link.owner.objectId,
                operations: [link.key: .addRelation([link.target.pointer])])
        }
        return restored
    }
}
