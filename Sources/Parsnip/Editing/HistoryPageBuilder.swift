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
        let language = context.language
        let kind = ReadOnlyRecord.kind(of: subject.thing)
        let title =
            (current.map(subject.name) ?? newestName()).map { language.text("editing.history.title", ["name": $0]) }
            ?? language.text("editing.history.titleUnnamed", ["kind": kind])
        let canRevert = context.canEdit && current != nil
        return HistoryPage(
            page: PageChrome(
                title: title, context: context, inTodos: subject.thing == "to-do",
                inRecipes: subject.thing == "recipe", inBooks: subject.inBooks),
            heading: title,
            lead: keptDays % 365 == 0
                ? language.text("editing.history.leadYears", counts: ["years": keptDays / 365])
                : language.text("editing.history.leadDays", counts: ["days": keptDays]),
            recordURL: current == nil ? nil : subject.recordURL(id: recordId),
            recordLinkText: language.text("errors.readOnly.back", ["kind": kind]),
            goneNotice: current == nil ? language.text("editing.history.gone", ["kind": kind]) : nil,
            entries: entries.map { row($0, canRevert: canRevert, canUndo: context.canEdit, language: language) }
                + (added.map { [addedRow($0, language: language)] } ?? []),
            isEmpty: entries.isEmpty && added == nil,
            csrfToken: context.csrfToken)
    }

    /// `canRevert`: the record is here and the person may edit; `canUndo`: the person may edit (a feature's own
    /// undo, such as restoring a merged entry, works whether the record is here or not).
    private func row(_ entry: HistoryEntry, canRevert: Bool, canUndo: Bool, language: Language) -> HistoryRow {
        let when = ChangeMoment(entry.at, now: now, language: language).text
        if let note = subject.note(on: entry, among: entries, in: language) {
            // Its undo is the feature's (a trash restore), offered to an editor whether the record is here or not.
            let undo = note.undoAction.flatMap { action in
                canUndo
                    ? HistoryUndo(
                        action: action, field: "", label: language.text("editing.history.undo"),
                        spokenLabel: language.text("editing.history.undoSpoken", ["when": when])) : nil
            }
            return HistoryRow(
                what: note.what, who: entry.username, when: when, fields: [], hasFields: false, undo: undo)
        }
        let before = entry.before.flatMap { subject.record(from: $0, id: recordId) }
        let after = entry.after.flatMap { subject.record(from: $0, id: recordId) }
        var changes: [FieldChange] = []
        if entry.kind == .edited || entry.kind == .reverted, let before, let after {
            changes = FieldChange.changes(Subject.Field.self, before: before, after: after, in: language)
        }
        let action = "\(subject.basePath)/\(recordId)/history/\(entry.id)/revert"
        let undo =
            canRevert && !changes.isEmpty
            ? HistoryUndo(
                action: action, field: "", label: language.text("editing.history.undo"),
                spokenLabel: language.text("editing.history.undoSpoken", ["when": when])) : nil
        return HistoryRow(
            what: what(entry, before: before, after: after, language: language), who: entry.username, when: when,
            fields: changes.map { change in
                let spoken = ["field": change.label, "when": when]
                return HistoryFieldRow(
                    label: change.label, isList: change.isList, from: change.before.first,
                    to: change.after.first, added: change.added, removed: change.removed,
                    putBack: undo != nil && changes.count > 1
                        ? HistoryUndo(
                            action: action, field: change.key, label: language.text("editing.history.putBack"),
                            spokenLabel: language.text("editing.history.putBackSpoken", spoken)) : nil)
            },
            hasFields: !changes.isEmpty, undo: undo)
    }

    /// "Added · Ana · 14:02" for a record never changed since.
    private func addedRow(_ stamp: ChangeStamp, language: Language) -> HistoryRow {
        HistoryRow(
            what: language.text("editing.history.added"), who: stamp.username,
            when: ChangeMoment(stamp.at, now: now, language: language).text, fields: [], hasFields: false, undo: nil)
    }

    /// The change in words.
    private func what(
        _ entry: HistoryEntry, before: Subject.Field.Record?, after: Subject.Field.Record?, language: Language
    ) -> String {
        switch entry.kind {
        case .created: return language.text("editing.history.added")
        case .edited:
            if let before, let after, let words = subject.changeWords(before: before, after: after, in: language) {
                return words
            }
            return language.text("editing.history.changed")
        case .deleted: return language.text("editing.history.deleted")
        case .restored: return language.text("editing.history.restored")
        case .reverted:
            guard let undone = entries.first(where: { $0.id == entry.revertOf }) else {
                return language.text("editing.history.reverted")
            }
            let when = ChangeMoment(undone.at, now: now, language: language).text
            return language.text("editing.history.undid", ["when": when])
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
