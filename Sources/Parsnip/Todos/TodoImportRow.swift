import Foundation
import ParseStore

/// One to-do as another app's export describes it (Todoist, Apple Reminders), and how it becomes a `TodoListItem`
/// object for an import.
struct TodoImportRow: Sendable {
    /// The row's number as a spreadsheet shows it (the header is row 1).
    let row: Int
    var title: String
    var description = ""
    var done = false
    var dueDate: CalendarDate?
    var repeatRule: TodoRepeat?
    /// A household member's name, exactly as their account spells it.
    var assignee: String?

    init(row: Int, title: String) {
        self.row = row
        self.title = title
    }

    /// The plan for `rows`: a to-do each, except a row without a title or with one too long (a line each).
    static func plan(_ rows: [TodoImportRow], notes: [ReportText]) -> AppImportPlan {
        var plan = AppImportPlan(notes: notes)
        var objects: [ImportedObject] = []
        for row in rows {
            let title = row.title.trimmingCharacters(in: .whitespacesAndNewlines)
            if title.isEmpty {
                plan.notes.append(AppImportCSV.noTitle(row.row))
                continue
            }
            guard title.count <= TodoDraft.titleLimit else {
                plan.notes.append(AppImportCSV.titleTooLong(row.row))
                continue
            }
            let description = String(
                row.description.trimmingCharacters(in: .whitespacesAndNewlines)
                    .prefix(TodoDraft.descriptionLimit))
            objects.append(
                AppImportCSV.object([
                    "title": .string(title),
                    "description": description.isEmpty ? nil : .string(description),
                    "done": .boolean(row.done),
                    "dueDate": row.dueDate.map { .date($0.date) },
                    "repeat": row.dueDate == nil ? nil : row.repeatRule.map { .string($0.stored) },
                    "assignee": row.assignee.map(ParseValue.string),
                ]))
        }
        plan.classes = [AppImportClass(className: StoreTodoRepository.className, objects: objects)]
        return plan
    }

    /// The member `written` names (ignoring case, and Todoist's " (14781400)" after the name), spelt as their account
    /// is; nil when nobody in `members` has that name.
    static func member(_ written: String, among members: [String]) -> String? {
        var name = written.trimmingCharacters(in: .whitespaces)
        if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            name = name[..<open].trimmingCharacters(in: .whitespaces)
        }
        return members.first { $0.caseInsensitiveCompare(name) == .orderedSame }
    }
}
