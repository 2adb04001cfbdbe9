import Foundation
import OrderedCollections
import ParseStore

/// Everything one delete took away, kept so that restoring puts it back exactly: the objects (same objectId,
/// createdAt and every field) and the Relation rows that held them, on either side.
struct TrashBundle: Sendable, Hashable {
    /// One Relation row: `owner`'s Relation field `key` holds `target`.
    struct Link: Sendable, Hashable {
        var owner: RecordReference
        var key: String
        var target: RecordReference

    }

    /// The deleted objects, the main one first.
    var objects: [ParseObject]
    var links: [Link]
    /// What the feature needs to undo the rest of the change, in its own terms (a merge: the books it moved to the
    /// entry it kept); nil for a plain delete. Only the feature's `TrashKind` reads it.
    var extra: ParseValue?

    init(objects: [ParseObject], links: [Link] = [], extra: ParseValue? = nil) {
        self.objects = objects
        self.links = links
        self.extra = extra
    }

    /// The bundle as one stored value.
    var value: ParseValue {
        var members: OrderedDictionary<String, ParseValue> = [
            "objects": .array(
                objects.map { object in
                    .object([
                        "className": .string(object.className), "objectId": .string(object.objectId),
                        "createdAt": .date(object.createdAt), "updatedAt": .date(object.updatedAt),
                        "fields": .object(
                            OrderedDictionary(uniqueKeysWithValues: object.fields.sorted { $0.key < $1.key })),
                    ])
                }),
            "links": .array(
                links.map { link in
                    .object([
                        "owner": .string(link.owner.key), "key": .string(link.key), "target": .string(link.target.key),
                    ])
                }),
        ]
        if let extra { members["extra"] = extra }
        return .object(members)
    }

    /// Reads a stored bundle; nil when it is not one.
    init?(_ value: ParseValue) {
        guard let members = value.objectValue, let objects = members["objects"]?.arrayValue else { return nil }
        var decoded: [ParseObject] = []
        for item in objects {
            guard let object = item.objectValue, let className = object["className"]?.stringValue,
                let objectId = object["objectId"]?.stringValue, let createdAt = object["createdAt"]?.dateValue,
                let updatedAt = object["updatedAt"]?.dateValue, let fields = object["fields"]?.objectValue
            else { return nil }
            decoded.append(
                ParseObject(
                    className: className, objectId: objectId, createdAt: createdAt, updatedAt: updatedAt,
                    fields: Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) })))
        }
        var links: [Link] = []
        for item in members["links"]?.arrayValue ?? [] {
            guard let link = item.objectValue, let owner = link["owner"]?.stringValue.flatMap(Self.reference),
                let key = link["key"]?.stringValue, let target = link["target"]?.stringValue.flatMap(Self.reference)
            else { return nil }
            links.append(Link(owner: owner, key: key, target: target))
        }
        self.init(objects: decoded, links: links, extra: members["extra"])
    }

    /// "Class:id" back into a reference.
    private static func reference(_ key: String) -> RecordReference? {
        guard let colon = key.lastIndex(of: ":") else { return nil }
        return RecordReference(className: String(key[..<colon]), objectId: String(key[key.index(after: colon)...]))
    }
}
