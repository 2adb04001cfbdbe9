import Foundation
import OrderedCollections
import ParseStore

/// A record's stored fields as one value, for its history: what it was before and after a change.
///
/// The `updatedBy` stamp is left out (the history entry says who), and included objects become Pointers, so a
/// snapshot holds only what the record itself stores.
enum RecordSnapshot {
    /// The snapshot of `object`, plus `extra` members a feature keeps beside the fields (a book's author names).
    static func of(_ object: ParseObject, extra: [String: ParseValue] = [:]) -> ParseValue {
        var fields = object.fields
        fields[ChangeAuthorship.field] = nil
        for (key, value) in fields {
            if case .includedObject(let included) = value { fields[key] = .pointer(included.pointer) }
        }
        fields.merge(extra) { _, added in added }
        return .object(OrderedDictionary(uniqueKeysWithValues: fields.sorted { $0.key < $1.key }))
    }

    /// A snapshot read back as an object of `record`, so a feature's own decoding turns it into its domain value.
    static func object(_ snapshot: ParseValue, of record: RecordReference, at date: Date) -> ParseObject? {
        guard let members = snapshot.objectValue else { return nil }
        return ParseObject(
            className: record.className, objectId: record.objectId, createdAt: date, updatedAt: date,
            fields: Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }))
    }
}

/// What a delete hands back: the deleted record as it was, and the trash item that can bring it back (for Undo).
struct Deletion<Item: Sendable>: Sendable {
    var item: Item
    var trashId: String
}
