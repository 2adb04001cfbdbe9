import Foundation

/// Turns a record's history entries into the History page: each change in words, its fields as lines, and the
/// undo buttons an editor gets while the record exists.
struct HistoryPageBuilder<Subject: HistorySubject>: Sendable {
    let subject: Subject
    let recordId: String
    /// The record as stored now; nil when it is gone.
    let current: Subject.Field.Record?
    /// Newest first.
    let entries: [HistoryEntry]
    /// Who added the record and when, for a record with no entries yet (its creation is written at its first change).
    let added: ChangeStamp?
    let keptDays: Int
    let now: Date

    func page(context: ParsnipRequestContext) -> HistoryPage {
        let name = current.map(subject.name) ?? newestName() ?? "this \(subject.thing)"
        let canRevert = context.canEdit && current != nil
        return HistoryPage(
            page: PageChrome(
                title: "History of “\(name)”", context: context, inTodos: subject.thing == "to-do",
                inRecipes: subject.thing == "recipe", inBooks: subject.inBooks),
            heading: "History of “\(name)”",
            lead: "Every change, newest first, kept for \(keptText). Undoing a change is a new change: nothing here is "
                + "ever rewritten.",
            recordURL: current == nil ? nil : subject.recordURL(id: recordId),
            recordLinkText: "Back to the \(subject.thing)",
            goneNotice: current == nil
                ? "This \(subject.thing) is deleted. Restore it from the Trash to put back any of its changes." : nil,
            entries: entries.map { row($0, canRevert: canRevert) } + (added.map { [addedRow($0)] } ?? []),
            isEmpty: entries.isEmpty && added == nil,
            csrfToken: context.csrfToken)
    }

    private var keptText: String {
        keptDays % 365 == 0 ? (keptDays == 365 ? "a year" : "\(keptDays / 365) years") : "\(keptDays) days"
    }

    private func row(_ entry: HistoryEntry, canRevert: Bool) -> HistoryRow {
        let moment = ChangeStamp.moment(entry.at, now: now, timeZone: .current)
        let when = moment.hasPrefix("at ") ? String(moment.dropFirst(3)) : moment
        let before = entry.before.flatMap { subject.record(from: $0, id: recordId) }
        let after = entry.after.flatMap { subject.record(from: $0, id: recordId) }
        var changes: [FieldChange] = []
        if entry.kind == .edited || entry.kind == .reverted, let before, let after {
            changes = FieldChange.changes(Subject.Field.self, before: before, after: after)
        }
        let action = "\(subject.basePath)/\(recordId)/history/\(entry.id)/revert"
        let undo =
            canRevert && !changes.isEmpty
            ? HistoryUndo(
                action: action, field: "", label: "Undo this change",
                spokenLabel: "Undo the change of \(when)") : nil
        return HistoryRow(
            what: what(entry), who: entry.username, when: when,
            fields: changes.map { change in
                HistoryFieldRow(
                    label: change.label, isList: change.isList, from: change.before.first,
                    to: change.after.first, added: change.added, removed: change.removed,
                    putBack: undo != nil && changes.count > 1
                        ? HistoryUndo(
                            action: action, field: change.key, label: "Put back",
                            spokenLabel: "Put back \(change.label) as it was before \(when)") : nil)
            },
            hasFields: !changes.isEmpty, undo: undo)
    }

    /// "Added · Ana · 14:02" for a record never changed since.
    private func addedRow(_ stamp: ChangeStamp) -> HistoryRow {
        let moment = ChangeStamp.moment(stamp.at, now: now, timeZone: .current)
        return HistoryRow(
            what: "Added", who: stamp.username, when: moment.hasPrefix("at ") ? String(moment.dropFirst(3)) : moment,
            fields: [], hasFields: false, undo: nil)
    }

    /// The change in words.
    private func what(_ entry: HistoryEntry) -> String {
        switch entry.kind {
        case .created: return "Added"
        case .edited: return "Changed"
        case .deleted: return "Deleted (moved to the trash)"
        case .restored: return "Restored from the trash"
        case .reverted:
            guard let undone = entries.first(where: { $0.id == entry.revertOf }) else {
                return "Put back an earlier change"
            }
            let moment = ChangeStamp.moment(undone.at, now: now, timeZone: .current)
            return "Undid the change of \(moment.hasPrefix("at ") ? String(moment.dropFirst(3)) : moment)"
        }
    }

    /// The record's name in its newest snapshot, for the heading of a deleted record's history.
    private func newestName() -> String? {
        for entry in entries {
            for snapshot in [entry.after, entry.before].compactMap({ $0 }) {
                if let record = subject.record(from: snapshot, id: recordId) { return subject.name(of: record) }
            }
        }
        return nil
    }
}
