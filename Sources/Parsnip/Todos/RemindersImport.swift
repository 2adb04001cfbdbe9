import Foundation

/// Apple Reminders saved as CSV. Reminders has no CSV export of its own: this is the shape the common export
/// shortcuts and apps write — a header with `Title`, `Notes`, `Due Date`, `Completed`, `Priority` and `List` (only
/// Title, Due Date and List are needed to recognise it; column order does not matter).
///
/// Title is the to-do, Notes its description, Due Date its day ("2024-03-15", "2024-03-15 09:00", "Mar 15, 2024 at
/// 9:00 AM"; the time is not kept), Completed (Yes/No, true/false, 1/0) whether it is done. The lists' names are not
/// kept (Parsnip has one list of to-dos): the preview names them. Priority is left out.
enum RemindersImport {
    static let app = "Apple Reminders"
    /// The columns that tell a Reminders CSV from any other.
    static let signature = ["title", "due date", "list"]

    static let format = AppImportFormat { url, head throws(AppImportProblem) in
        let header = AppImportCSV.header(of: head).map { $0.lowercased() }
        guard signature.allSatisfy({ header.contains($0) }) else { return nil }
        let table = try AppImportCSV.table(url, app: app)
        return AppImportFile(app: app, rows: table.rows.count) { _, _ in
            let (todos, notes, lists) = Self.rows(table)
            var plan = TodoImportRow.plan(todos, notes: notes)
            if !lists.isEmpty {
                plan.notes.append(ReportText(Words("backups.app.line.lists", ["lists": lists.joined(separator: ", ")])))
            }
            return plan
        }
    }

    /// The to-dos the table holds, a line for each due date that cannot be read, and the lists' names.
    static func rows(_ table: CSVTable) -> ([TodoImportRow], [ReportText], [String]) {
        let column = { (name: String) in table.column(name) }
        let (title, notesColumn, due, completed, list) = (
            column("Title"), column("Notes"), column("Due Date"), column("Completed"), column("List")
        )
        var rows: [TodoImportRow] = []
        var notes: [ReportText] = []
        var lists: [String] = []
        for cells in table.rows {
            var row = TodoImportRow(row: cells.number, title: cells[title])
            row.description = cells[notesColumn]
            row.done = ["yes", "true", "1", "completed", "done"].contains(cells[completed].lowercased())
            let when = cells[due]
            if !when.isEmpty {
                row.dueDate = AppImportCSV.day(when)
                if row.dueDate == nil { notes.append(AppImportCSV.badDate(cells.number, when)) }
            }
            if !cells[list].isEmpty, !lists.contains(cells[list]) { lists.append(cells[list]) }
            rows.append(row)
        }
        return (rows, notes, lists)
    }
}
