import Foundation
import Hummingbird
import ParseStore

/// A record's History page (`<base>/:id/history`) and the revert of a change or of one of its fields — one
/// controller for every app, told about the records by a `HistorySubject`.
///
/// A revert is a new change, never a rewrite: the fields go back to their values before the change, saved as an
/// edit loaded from the values after it, so a field changed again since meets the ordinary merge and its conflict
/// page.
struct HistoryController<Subject: HistorySubject>: Sendable {
    typealias Field = Subject.Field

    let subject: Subject
    let writePath: WritePath
    let pages: Pages

    func addRoutes(to routes: AccessRoutes) {
        routes.get(RouterPath("\(subject.basePath)/:id/history"), .signedIn, use: index)
        routes.post(RouterPath("\(subject.basePath)/:id/history/:change/revert"), .editor, use: revert)
    }

    /// GET <base>/:id/history — every change kept, newest first.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await renderHistory(id: context.routeObjectId(), context: context)
    }

    /// POST <base>/:id/history/:change/revert — puts back the fields the change changed (or only `field`), then
    /// shows the history again; 409 with the conflict page when one was changed again since.
    @Sendable func revert(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let language = context.language
        let historyURL = "\(subject.basePath)/\(id)/history"
        let (entry, before, after) = try await change(context: context, recordId: id)
        let fields = try fieldsToPutBack(context.form, before: before, after: after)
        guard let current = try await subject.current(id: id) else {
            let kind = ReadOnlyRecord.kind(of: subject.thing)
            return Flash.refusal(
                to: historyURL,
                message: language.text("editing.revert.recordDeleted", ["kind": kind]))
        }
        let name = subject.name(of: current.record)
        guard fields.contains(where: { $0.token(of: current.record) != $0.token(of: before) }) else {
            return Flash.redirect(
                to: historyURL,
                message: language.text("editing.revert.alreadyThere", ["name": name]))
        }
        let version = context.form[EditBase.versionFieldName].flatMap { Int64($0) } ?? current.version
        let choices = EditBase.choices(in: context.form)
        // On the conflict page the person may keep every later value: then there is nothing left to write.
        let kept = version == current.version ? fields.filter { choices[$0.key] == .theirs } : []
        guard kept.count < fields.count else {
            return Flash.redirect(
                to: historyURL, message: language.text("editing.revert.keptLater", ["name": name]))
        }
        var typed = current.record
        var baseFields = Field.tokens(of: current.record)
        for field in fields {
            field.copy(from: before, into: &typed)
            baseFields[field.key] = field.token(of: after)
        }
        let base = EditBase(version: version, fields: baseFields)
        return try await context.saving {
            let report: ConflictReport?
            do {
                report = try await ChangeReason.$revertOf.withValue(entry.id) {
                    try await subject.save(id: id, typed: typed, base: base, choices: choices, by: context.user)
                }
            } catch let refusal as RevertRefusal {
                return Flash.refusal(
                    to: historyURL,
                    message: language.text("errors.revertRefused", ["reason": refusal.message]))
            } catch let ruleBreak as RuleBreak {
                // The old values break a rule their record's class holds now (another record took the name).
                return Flash.refusal(
                    to: historyURL,
                    message: language.text("errors.ruleBreak.revert", ["reason": ruleBreak.message.text(in: language)]))
            }
            guard let report else {
                let labels = language.list(
                    fields.filter { field in !kept.contains { $0.key == field.key } }.map { $0.label(in: language) })
                return Flash.redirect(
                    to: historyURL,
                    message: language.text("editing.revert.done", ["fields": labels, "name": subject.name(of: typed)]))
            }
            let page = ConflictPage(
                report: report, thing: subject.thing, form: context.form, base: base,
                action: "\(historyURL)/\(entry.id)/revert", cancelURL: historyURL, context: context,
                now: writePath.door.now(), wording: .reverting)
            return pages.render(page, template: "conflict", status: .conflict)
        } orShowingAgain: { context in
            try await renderHistory(id: id, context: context)
        }
    }

    // MARK: Reading

    /// The change `:change` of the record `recordId`, with its record before and after; 404 when there is no such
    /// change of this record, 400 when it is not an edit (a creation is undone by deleting, a deletion by the Trash).
    private func change(context: ParsnipRequestContext, recordId: String) async throws -> (
        HistoryEntry, Field.Record, Field.Record
    ) {
        guard let changeId = context.parameters.get("change"), ObjectIdentifierText.isValid(changeId) else {
            throw PageError.notFound
        }
        let record = RecordReference(className: subject.className, objectId: recordId)
        guard let entry = try await writePath.read({ try HistoryLog.entry(id: changeId, of: record, reader: $0) })
        else { throw PageError.notFound }
        guard entry.kind == .edited || entry.kind == .reverted,
            let before = entry.before.flatMap({ subject.record(from: $0, id: recordId) }),
            let after = entry.after.flatMap({ subject.record(from: $0, id: recordId) })
        else { throw PageError.badRequest("a revert of a change that is not an edit") }
        return (entry, before, after)
    }

    /// The fields to put back: the one the form names, or every field the change changed.
    private func fieldsToPutBack(_ form: FormFields, before: Field.Record, after: Field.Record) throws(PageError)
        -> [Field]
    {
        guard let key = form["field"], !key.isEmpty else {
            return Field.allCases.filter { $0.token(of: before) != $0.token(of: after) }
        }
        guard let field = Field.allCases.first(where: { $0.key == key }) else {
            throw .badRequest("a revert of a field the record does not have")
        }
        return [field]
    }

    private func renderHistory(id: String, context: ParsnipRequestContext) async throws -> Response {
        let record = RecordReference(className: subject.className, objectId: id)
        let current = try await subject.current(id: id)
        let exists = current != nil
        let (entries, added) = try await writePath.read { reader -> ([HistoryEntry], ChangeStamp?) in
            // A record that is there but hidden from this person by its ACL has no history for them either.
            if !exists,
                try reader.acting(as: .master).first(
                    ParseQuery(record.className).where("objectId", equalTo: .string(id))) != nil
            {
                return ([], nil)
            }
            let entries = try HistoryLog.entries(of: record, reader: reader)
            // A record nobody changed since it was added has no entries yet: its "Added" line comes from itself.
            guard entries.isEmpty, exists,
                let object = try reader.first(
                    ParseQuery(record.className).where("objectId", equalTo: .string(id)).include(ChangeAuthorship.field)
                )
            else { return (entries, nil) }
            return (entries, ChangeStamp(username: ChangeAuthorship.stamp(of: object).username, at: object.createdAt))
        }
        guard exists || !entries.isEmpty else { throw PageError.notFound }
        let page = HistoryPageBuilder(
            subject: subject, recordId: id, current: current?.record, entries: entries, added: added,
            keptDays: writePath.rules.historyDays, now: writePath.door.now()
        ).page(context: context)
        return pages.render(page, template: "history/index")
    }
}
