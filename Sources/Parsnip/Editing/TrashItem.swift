import Foundation
import ParseStore

/// One deleted thing waiting in the trash: what it was, its name, who deleted it and when, and what restoring
/// puts back.
struct TrashItem: Sendable, Hashable {
    /// The `_Trash` objectId: Undo and Restore name the item by it.
    var id: String
    /// Which feature restores it: "todo", "recipe", "book", "genre", "author", "publisher".
    var kind: String
    /// The deleted record.
    var record: RecordReference
    /// Its name as its list showed it.
    var name: String
    var deletedAt: Date
    /// Who deleted it; nil when nobody was signed in.
    var deletedBy: String?
    var bundle: TrashBundle
}

/// The `_Trash` class: one object per delete, kept where a Parse client reading the record's class never sees it,
/// until it is restored, deleted forever or older than the keeping rules allow.
enum TrashBin {
    static let className = "_Trash"
    static let kind = "kind"
    static let recordKey = "recordKey"
    static let name = "name"
    static let by = "by"
    static let byName = "byName"
    static let bundle = "bundle"

    /// Keeps `bundle` as a deleted `kind` named `name`; returns the item's id.
    static func put(
        kind: String, record: RecordReference, name: String, bundle: TrashBundle, user: SignedInUser?,
        writer: ParseWriter
    ) throws -> String {
        var values: [String: ParseValue] = [
            self.kind: .string(kind), recordKey: .string(record.key), self.name: .string(name),
            self.bundle: bundle.value,
        ]
        if let user {
            values[by] = .pointer(ParsePointer(className: "_User", objectId: user.objectId))
            values[byName] = .string(user.username)
        }
        // The item is for the eyes of whoever could read the record: its ACL goes with it, so the Trash page lists a
        // record an app kept private only to the people its ACL names.
        if let acl = bundle.objects.first?.fields["ACL"] { values["ACL"] = acl }
        return try writer.create(className, values).objectId
    }

    /// Every item deleted since `since`, newest first.
    static func items(since: Date, reader: ParseReader) throws -> [TrashItem] {
        guard try reader.schema(className) != nil else { return [] }
        return try reader.find(
            ParseQuery(className).where("createdAt", "$gte", .date(since)).order(by: "-createdAt", "-objectId")
                .limit(-1)
        ).compactMap(item)
    }

    /// The item with this id, when it is still kept (deleted since `since`).
    static func item(id: String, since: Date, reader: ParseReader) throws -> TrashItem? {
        guard try reader.schema(className) != nil,
            let object = try reader.first(
                ParseQuery(className).where("objectId", equalTo: .string(id)).where("createdAt", "$gte", .date(since)))
        else { return nil }
        return item(object)
    }

    /// The newest item that deleted `record`, when one is still kept (deleted since `since`).
    static func newest(of record: RecordReference, since: Date, reader: ParseReader) throws -> TrashItem? {
        guard try reader.schema(className) != nil,
            let object = try reader.first(
                ParseQuery(className).where(recordKey, equalTo: .string(record.key))
                    .where("createdAt", "$gte", .date(since)).order(by: "-createdAt", "-objectId"))
        else { return nil }
        return item(object)
    }

    /// Removes one item for good.
    static func remove(id: String, writer: ParseWriter) throws {
        try writer.delete(className, objectId: id)
    }

    /// Removes every item deleted before `cutoff`; returns how many.
    @discardableResult
    static func removeAll(before cutoff: Date, writer: ParseWriter) throws -> Int {
        guard try writer.reader.schema(className) != nil else { return 0 }
        let old = try writer.reader.find(
            ParseQuery(className).where("createdAt", "$lt", .date(cutoff)).select(name).limit(-1))
        for item in old { try writer.delete(className, objectId: item.objectId) }
        return old.count
    }

    private static func item(_ object: ParseObject) -> TrashItem? {
        guard let kind = object[kind]?.stringValue, let key = object[recordKey]?.stringValue,
            let colon = key.lastIndex(of: ":"), let bundleValue = object[bundle], let bundle = TrashBundle(bundleValue)
        else { return nil }
        return TrashItem(
            id: object.objectId, kind: kind,
            record: RecordReference(
                className: String(key[..<colon]), objectId: String(key[key.index(after: colon)...])),
            name: object[name]?.stringValue ?? "", deletedAt: object.createdAt, deletedBy: object[byName]?.stringValue,
            bundle: bundle)
    }
}
