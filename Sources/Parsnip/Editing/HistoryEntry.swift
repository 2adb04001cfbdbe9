import Foundation
import ParseStore

/// One change in a record's history: what kind, who and when, and the record as it was before and after.
///
/// The snapshots are the feature's own (`HistorySubject.snapshot`): enough to show what each field was and to put
/// a field back. A creation keeps neither (its record is the `before` of the next change), a deletion no `after`.
/// A creation is written only when the record is first changed (`ChangeSession.keepCreation`).
struct HistoryEntry: Sendable, Hashable {
    /// The `_History` objectId: revert forms name the change by it.
    var id: String
    var record: RecordReference
    var kind: ChangeKind
    var at: Date
    /// Who made the change; nil when nobody was signed in.
    var username: String?
    var before: ParseValue?
    var after: ParseValue?
    /// The change this one reverted, when it is a revert.
    var revertOf: String?
}

/// The `_History` class: one object per change, kept where a Parse client reading the record's class never sees it.
enum HistoryLog {
    static let className = "_History"
    static let recordKey = "recordKey"
    static let kind = "kind"
    static let by = "by"
    static let byName = "byName"
    static let before = "before"
    static let after = "after"
    static let revertOf = "revertOf"

    /// Writes one entry; then drops the oldest entries of the record beyond `limit`.
    ///
    /// - Parameter acl: the record's ACL when the change was made (nil: it had none): the entry is for the eyes of
    ///   whoever could read the record, so a private record's History stays private after it is deleted.
    static func write(
        _ kind: ChangeKind, record: RecordReference, before: ParseValue?, after: ParseValue?, revertOf: String?,
        user: SignedInUser?, acl: ParseValue?, limit: Int, writer: ParseWriter
    ) throws {
        var values: [String: ParseValue] = [recordKey: .string(record.key), self.kind: .string(kind.rawValue)]
        if let acl { values["ACL"] = acl }
        if let user {
            values[by] = .pointer(ParsePointer(className: "_User", objectId: user.objectId))
            values[byName] = .string(user.username)
        }
        if let before { values[self.before] = before }
        if let after { values[self.after] = after }
        if let revertOf { values[self.revertOf] = .string(revertOf) }
        try writer.create(className, values)
        // A new record has no older changes to make room among.
        guard kind != .created else { return }
        let older = try writer.reader.find(
            ParseQuery(className).where(recordKey, equalTo: .string(record.key)).order(by: "-createdAt", "-objectId")
                .select(recordKey).skip(limit).limit(-1))
        for entry in older { try writer.delete(className, objectId: entry.objectId) }
    }

    /// True when `record` has at least one change kept.
    static func hasEntries(of record: RecordReference, reader: ParseReader) throws -> Bool {
        guard try reader.schema(className) != nil else { return false }
        return try reader.first(ParseQuery(className).where(recordKey, equalTo: .string(record.key)).select(recordKey))
            != nil
    }

    /// Writes the "Added" entry of a record that had none, dated `at` (the record's createdAt), by `by`, readable as
    /// the record is (`acl`).
    static func writeCreation(
        of record: RecordReference, at date: Date, by: ParsePointer?, byName: String?, acl: ParseValue?,
        writer: ParseWriter
    ) throws {
        var values: [String: ParseValue] = [
            recordKey: .string(record.key), kind: .string(ChangeKind.created.rawValue),
        ]
        if let acl { values["ACL"] = acl }
        if let by { values[self.by] = .pointer(by) }
        if let byName { values[self.byName] = .string(byName) }
        for attempt in 0..<3 {
            do {
                try writer.restore(className, objectId: newObjectId(), createdAt: date, values: values)
                return
            } catch let error as ParseError where error.code == .duplicateValue && attempt < 2 {
                continue
            }
        }
    }

    /// A fresh objectId in Parse's alphabet, for an entry written with its own createdAt.
    private static func newObjectId() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<10).map { _ in alphabet.randomElement()! })
    }

    /// The record's changes, newest first.
    static func entries(of record: RecordReference, reader: ParseReader) throws -> [HistoryEntry] {
        guard try reader.schema(className) != nil else { return [] }
        return try reader.find(
            ParseQuery(className).where(recordKey, equalTo: .string(record.key)).order(by: "-createdAt", "-objectId")
                .limit(-1)
        ).compactMap { entry($0, record: record) }
    }

    /// One entry by its id, when it is about `record`.
    static func entry(id: String, of record: RecordReference, reader: ParseReader) throws -> HistoryEntry? {
        guard try reader.schema(className) != nil,
            let object = try reader.first(ParseQuery(className).where("objectId", equalTo: .string(id)))
        else { return nil }
        return entry(object, record: record)
    }

    /// Drops every change older than `days` days before `now`.
    static func prune(olderThan days: Int, now: Date, writer: ParseWriter) throws {
        guard try writer.reader.schema(className) != nil else { return }
        let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
        let old = try writer.reader.find(
            ParseQuery(className).where("createdAt", "$lt", .date(cutoff)).select(recordKey).limit(-1))
        for entry in old { try writer.delete(className, objectId: entry.objectId) }
    }

    private static func entry(_ object: ParseObject, record: RecordReference) -> HistoryEntry? {
        guard object[recordKey]?.stringValue == record.key,
            let kind = object[kind]?.stringValue.flatMap(ChangeKind.init(rawValue:))
        else { return nil }
        return HistoryEntry(
            id: object.objectId, record: record, kind: kind, at: object.createdAt,
            username: object[byName]?.stringValue, before: object[before], after: object[after],
            revertOf: object[revertOf]?.stringValue)
    }
}
