import Foundation
import ParseStore

/// A repeating to-do's rule, kept by the write path for every writer — the tick on the pages, the edit form, a
/// Parse client setting `done`, Undo on the History page: a repeating to-do with a due day that is done has made
/// its next (`repeatNext`), and one opened again has sent that next one to the trash while nobody has changed it.
///
/// `repeatNext` is written as bookkeeping (with the master key, no stamp, no history entry of its own), so the
/// tick's history entry holds `done` alone and its Undo opens the to-do again — which takes the next one back.
enum TodoRepeatKeeping {
    /// What `changes` (to-dos a change wrote) set off, on the household's day in `timeZone`.
    static func follow(_ changes: [ObjectChange], session: ChangeSession, timeZone: TimeZone) throws {
        let className = StoreTodoRepository.className
        let today = CalendarDate(dayOf: session.writer.now(), in: timeZone)
        for change in changes where !change.deleted && change.mayHaveChanged(["done", "repeat", "dueDate"]) {
            guard let object = try RuleCheck.fetch(className, change.objectId, reader: session.reader) else { continue }
            let item = StoreTodoRepository.item(object)
            if item.done, item.repeatNext == nil, let rule = item.repeatRule, let due = item.dueDate {
                var next = item.draft
                next.done = false
                next.dueDate = rule.next(after: due, today: today).iso
                let made = try session.create(
                    className, StoreTodoRepository.operations(for: next, was: nil, now: session.writer.now()))
                try session.record(
                    .created, StoreTodoRepository.reference(made.objectId), before: nil,
                    after: RecordSnapshot.of(made))
                try keep(next: .string(made.objectId), of: change.objectId, session: session)
            } else if !item.done, let nextId = item.repeatNext {
                try StoreTodoRepository.takeBack(nextId, session: session)
                try keep(next: .null, of: change.objectId, session: session)
            }
        }
    }

    /// Writes `repeatNext` without a stamp: bookkeeping that goes with the change, not an edit of its own.
    private static func keep(next: ParseValue, of objectId: String, session: ChangeSession) throws {
        _ = try session.writer.update(
            StoreTodoRepository.className, objectId: objectId, operations: ["repeatNext": .set(next)])
    }

    /// A `repeat` no rule reads ("every tuesday", 3): refused for every writer, as the form's choices cannot say it.
    static func breaks(_ check: RuleCheck) throws -> [RuleBreak] {
        let className = StoreTodoRepository.className
        var found: [RuleBreak] = []
        for id in check.changed(className) {
            guard let object = try check.object(className, id), let value = object["repeat"] else { continue }
            if case .null = value { continue }
            if value.stringValue.flatMap(TodoRepeat.init(stored:)) == nil {
                found.append(
                    RuleBreak(
                        kind: .invalid, record: StoreTodoRepository.reference(id), field: "repeat",
                        message: Words("rules.todo.repeatUnknown")))
            }
        }
        return found
    }
}
