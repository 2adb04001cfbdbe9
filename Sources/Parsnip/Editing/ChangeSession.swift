import Foundation
import ParseStore

/// One change in progress, inside its store transaction: the writes a repository describes, stamped with who made
/// them, with the history entry and trash item that go with them.
///
/// Only `WritePath.change` makes one, and it lives only as long as that transaction: everything written through it
/// commits together or not at all.
final class ChangeSession {
    /// The transaction. Writes that need no stamp (an ISBN object, a Relation row on another record) use it directly.
    let writer: ParseWriter
    /// Who is making the change; nil when nobody is signed in.
    let user: SignedInUser?
    let rules: KeepingRules
    /// The change this one undoes (`ChangeReason.revertOf`): its edits are recorded as `.reverted`.
    let revertOf: String?
    /// What the change may read and write: the signed-in person's for the pages (`PageAccess`: ACLs, while their
    /// routes check roles), a request's for the Parse API (ACLs and class-level permissions). History and trash are
    /// Parsnip's own bookkeeping and are written with `writer` whoever asks; which items a person may act on is read
    /// with `accessReader`.
    let access: ParseAccess
    /// Where each app's records live on the pages, by class, for a refusal that names them (`ReadOnlyRecord`).
    let places: [String: RecordPlace]
    /// How the counted classes' totals change when this commits.
    private(set) var totalChanges: [String: Int] = [:]
    /// The ACLs of the records this change deleted, as they were (`.null`: none): their "Deleted" entries carry them.
    private var deletedACLs: [RecordReference: ParseValue] = [:]

    init(
        writer: ParseWriter, user: SignedInUser?, rules: KeepingRules, revertOf: String? = nil,
        access: ParseAccess = .master, places: [String: RecordPlace] = [:]
    ) {
        self.writer = writer
        self.places = places
        self.access = access
        self.user = user
        self.rules = rules
        self.revertOf = revertOf
    }

    var reader: ParseReader { writer.reader }

    /// The transaction as the change's access reads it: for the pages, only what the person's ACLs let them see
    /// (a trash item or record kept private to someone else is not there for them).
    var accessReader: ParseReader { writer.reader.acting(as: access) }

    /// The transaction as the change's access writes records.
    var recordWriter: ParseWriter { access == .master ? writer : writer.acting(as: access) }

    /// `operations` with the `updatedBy` stamp of this change's person.
    func stamped(_ operations: [String: ParseUpdate]) -> [String: ParseUpdate] {
        var stamped = operations
        stamped[ChangeAuthorship.field] = ChangeAuthorship.update(by: user)
        return stamped
    }

    /// Creates a record, stamped.
    @discardableResult
    func create(_ className: String, _ operations: [String: ParseUpdate]) throws -> ParseObject {
        let object = try recordWriter.create(className, operations: stamped(operations))
        totalChanges[className, default: 0] += 1
        return object
    }

    /// Changes a record, stamped.
    @discardableResult
    func update(_ className: String, objectId: String, _ operations: [String: ParseUpdate]) throws -> ParseObject {
        try keepCreation(of: RecordReference(className: className, objectId: objectId))
        return try refusingReadOnly(className, objectId: objectId) {
            try recordWriter.update(className, objectId: objectId, operations: stamped(operations))
        }
    }

    /// Deletes a record (its trash item and history entry are the caller's: `putInTrash`, `record`).
    func delete(_ className: String, objectId: String) throws {
        let reference = RecordReference(className: className, objectId: objectId)
        try keepCreation(of: reference)
        let acl = try currentACL(of: reference)
        try refusingReadOnly(className, objectId: objectId) {
            try recordWriter.delete(className, objectId: objectId)
        }
        deletedACLs[reference] = acl ?? .null
        totalChanges[className, default: 0] -= 1
    }

    /// Puts a deleted object back, same objectId and createdAt, stamped as restored by this change's person.
    @discardableResult
    func restore(_ object: ParseObject) throws -> ParseObject {
        var values = object.fields
        values[ChangeAuthorship.field] = nil
        if let user {
            values[ChangeAuthorship.field] = .pointer(ParsePointer(className: "_User", objectId: user.objectId))
        }
        let restored = try writer.restore(
            object.className, objectId: object.objectId, createdAt: object.createdAt, values: values)
        totalChanges[object.className, default: 0] += 1
        return restored
    }

    /// Adds an entry to `record`'s history: what happened, and the record's snapshots before and after. An edit
    /// made while undoing another change is recorded as `.reverted`, naming that change; an edit that changed nothing
    /// the snapshots hold is not recorded.
    ///
    /// A creation writes nothing here, so adding a record costs one row, not two: its "Added" entry is written by
    /// the record's first update or delete (`keepCreation`), dated with its createdAt and naming who added it, and
    /// the History page of a record never changed shows "Added" from the record itself.
    func record(_ kind: ChangeKind, _ record: RecordReference, before: ParseValue?, after: ParseValue?) throws {
        if kind == .created { return }
        if kind == .edited, before == after { return }
        let reverting = kind == .edited ? revertOf : nil
        let acl = try deletedACLs[record].map { $0 == .null ? nil : $0 } ?? currentACL(of: record)
        try HistoryLog.write(
            reverting == nil ? kind : .reverted, record: record, before: before, after: after, revertOf: reverting,
            user: user, acl: acl, limit: rules.changesPerRecord, writer: writer)
    }

    /// The ACL `record` has in this transaction; nil when it has none or is not there.
    private func currentACL(of record: RecordReference) throws -> ParseValue? {
        try reader.first(
            ParseQuery(record.className).where("objectId", equalTo: .string(record.objectId)).select("objectId")
        )?.fields["ACL"]
    }

    /// Before the first update or delete of a record with no history yet: writes its "Added" entry, dated with its
    /// createdAt, naming the person its `updatedBy` still names (nobody has changed it since it was added).
    func keepCreation(of record: RecordReference) throws {
        guard try !HistoryLog.hasEntries(of: record, reader: reader),
            let object = try reader.first(
                ParseQuery(record.className).where("objectId", equalTo: .string(record.objectId))
                    .include(ChangeAuthorship.field))
        else { return }
        let stamp = ChangeAuthorship.stamp(of: object)
        try HistoryLog.writeCreation(
            of: record, at: object.createdAt,
            by: object[ChangeAuthorship.field]?.includedObjectValue?.pointer
                ?? object[ChangeAuthorship.field]?.pointerValue,
            byName: stamp.username, acl: object.fields["ACL"], writer: writer)
    }

    /// Keeps what a delete took away; returns the trash item's id, for Undo. Items older than the rules allow
    /// leave the trash now.
    func putInTrash(kind: String, record: RecordReference, name: String, bundle: TrashBundle) throws -> String {
        try TrashBin.removeAll(before: trashCutoff, writer: writer)
        return try TrashBin.put(kind: kind, record: record, name: name, bundle: bundle, user: user, writer: writer)
    }

    /// Deletes a record that stands alone (no companions, no Relation rows): into the trash, with its history
    /// entry; returns what it was and the trash item's id.
    ///
    /// - Throws: `ParseError` 101 when there is no such record.
    func deleteToTrash(_ record: RecordReference, kind: String, name: (ParseObject) -> String) throws -> (
        object: ParseObject, trashId: String
    ) {
        let object = try reader.fetch(record.className, objectId: record.objectId)
        try delete(record.className, objectId: record.objectId)
        let trashId = try putInTrash(
            kind: kind, record: record, name: name(object), bundle: TrashBundle(objects: [object]))
        try self.record(.deleted, record, before: RecordSnapshot.of(object), after: nil)
        return (object, trashId)
    }

    /// The oldest deletion still kept in the trash.
    var trashCutoff: Date { writer.now().addingTimeInterval(-Double(rules.trashDays) * 86_400) }
}
