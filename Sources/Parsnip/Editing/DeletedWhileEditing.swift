import Foundation
import ParseStore

/// What an edit form is told when its record was deleted while it was open: who deleted it and when, and the trash
/// item that can bring it back with the typed changes (nil when it has left the trash).
struct DeletedWhileEditing: Sendable, Hashable {
    var trashId: String?
    var username: String?
    var at: Date?
    /// When it was looked up, by the store's clock: "at 14:02" is said relative to it.
    var now: Date

    /// "Ana deleted this to-do at 14:02 while you were editing." — or, when the trash no longer has it, "This
    /// to-do was deleted while you were editing." — in `language`.
    ///
    /// - Parameter thing: what the record is called: "to-do", "recipe", "book".
    func sentence(thing: String, timeZone: TimeZone = .current, language: Language = PageLanguage.current) -> String {
        let kind = ReadOnlyRecord.kind(of: thing)
        guard let at else { return language.text("editing.deletedWhileEditing.unknown", ["kind": kind]) }
        let when = ChangeMoment(at, now: now, timeZone: timeZone, language: language)
        guard let username else {
            return when.isToday
                ? language.text("editing.deletedWhileEditing.someoneToday", ["kind": kind, "when": when.text])
                : language.text("editing.deletedWhileEditing.someoneEarlier", ["kind": kind, "when": when.text])
        }
        let arguments = ["name": username, "kind": kind, "when": when.text]
        return when.isToday
            ? language.text("editing.deletedWhileEditing.byToday", arguments)
            : language.text("editing.deletedWhileEditing.byEarlier", arguments)
    }

    /// The newest deletion of `record` still in the trash, or a notice without one.
    static func lookUp(_ record: RecordReference, writePath: WritePath) async throws -> DeletedWhileEditing {
        let now = writePath.door.now()
        let cutoff = now.addingTimeInterval(-Double(writePath.rules.trashDays) * 86_400)
        let item = try await writePath.read { try TrashBin.newest(of: record, since: cutoff, reader: $0) }
        return DeletedWhileEditing(trashId: item?.id, username: item?.deletedBy, at: item?.deletedAt, now: now)
    }
}

/// How "Restore it with my changes" came out.
enum RestoreWithChanges<Item: Sendable>: Sendable {
    /// Back, with the typed values saved over it.
    case restored(Item)
    /// It cannot come back as it was: the reason in plain words.
    case refused(String)
    /// It is no longer in the trash (restored by someone else, deleted forever, or too old).
    case notInTrash
}

extension ChangeSession {
    /// Puts the newest trash item of `record` back through its kind, in this change; nil when it is not in the trash.
    func restoreFromTrash(_ record: RecordReference, kind: any TrashKind) throws -> RestoreOutcome? {
        guard let item = try TrashBin.newest(of: record, since: trashCutoff, reader: accessReader) else { return nil }
        let outcome = try kind.restore(item, session: self)
        if case .restored = outcome { try TrashBin.remove(id: item.id, writer: writer) }
        return outcome
    }
}
