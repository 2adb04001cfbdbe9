import Foundation
import ParseStore

/// A Todoist project exported as CSV ("Export as a template"): the header `TYPE, CONTENT, DESCRIPTION, PRIORITY,
/// INDENT, AUTHOR, RESPONSIBLE, DATE, DATE_LANG, TIMEZONE`; a row of TYPE `task` is a to-do, `section` a heading and
/// `note` a comment on the task above it.
///
/// A task's DATE is a day ("2024-03-15", "15 Mar 2024", "today", "tomorrow") or a repeat ("every day", "every week",
/// "every monday", "every month", "every year"), which Parsnip counts from the next such day; other words are kept
/// in the to-do's description. RESPONSIBLE ("Evan (14781400)") is the to-do's Who when a household member has that
/// name. Comments are added to the task's description; sections and subtasks' indents are not kept; PRIORITY is
/// left out (Parsnip's to-dos have none).
enum TodoistImport {
    static let app = "Todoist"
    /// The columns that tell a Todoist CSV from any other.
    static let signature = ["TYPE", "CONTENT", "PRIORITY", "INDENT"]

    /// The format, with the household's members' names read in the import's transaction.
    static func format(members: @escaping @Sendable (ParseReader) throws -> [String]) -> AppImportFormat {
        AppImportFormat { url, head throws(AppImportProblem) in
            let header = AppImportCSV.header(of: head)
            guard signature.allSatisfy({ header.contains($0) }) else { return nil }
            let table = try AppImportCSV.table(url, app: app)
            return AppImportFile(app: app, rows: table.rows.count) { reader, now in
                let (todos, notes) = Self.rows(
                    table, members: try members(reader), today: CalendarDate(utcDayOf: now))
                return TodoImportRow.plan(todos, notes: notes)
            }
        }
    }

    /// The to-dos the table holds, and a line for each row not imported as it was.
    static func rows(_ table: CSVTable, members: [String], today: CalendarDate) -> ([TodoImportRow], [ReportText]) {
        let column = { (name: String) in table.column(name) }
        let (type, content, description, responsible, date) = (
            column("TYPE"), column("CONTENT"), column("DESCRIPTION"), column("RESPONSIBLE"), column("DATE")
        )
        var rows: [TodoImportRow] = []
        var notes: [ReportText] = []
        for cells in table.rows {
            let number = String(cells.number)
            switch cells[type].lowercased() {
            case "task":
                var row = TodoImportRow(row: cells.number, title: cells[content])
                row.description = cells[description]
                let who = cells[responsible]
                if !who.isEmpty {
                    row.assignee = TodoImportRow.member(who, among: members)
                    if row.assignee == nil {
                        notes.append(ReportText(Words("backups.app.row.notMember", ["row": number, "name": who])))
                    }
                }
                let when = cells[date]
                if !when.isEmpty {
                    if let due = dueDay(when, today: today) {
                        (row.dueDate, row.repeatRule) = due
                    } else {
                        row.description += (row.description.isEmpty ? "" : "\n\n") + "\(app): \(when)"
                        notes.append(ReportText(Words("backups.app.row.dateKept", ["row": number, "date": when])))
                    }
                }
                rows.append(row)
            case "note":
                guard !rows.isEmpty else {
                    notes.append(ReportText(Words("backups.app.row.orphanComment", ["row": number])))
                    continue
                }
                let comment = cells[content]
                rows[rows.count - 1].description += (rows[rows.count - 1].description.isEmpty ? "" : "\n\n") + comment
            case "section":
                notes.append(ReportText(Words("backups.app.row.section", ["row": number, "name": cells[content]])))
            case "meta", "":
                continue
            default:
                notes.append(ReportText(Words("backups.app.row.unknownType", ["row": number, "type": cells[type]])))
            }
        }
        return (rows, notes)
    }

    /// The due day (and repeat) Todoist's DATE words mean, seen from `today`; nil for words Parsnip cannot follow.
    static func dueDay(_ text: String, today: CalendarDate) -> (CalendarDate, TodoRepeat?)? {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        switch words {
        case ["today"]: return (today, nil)
        case ["tomorrow"]: return (today.adding(days: 1), nil)
        case ["every", "day"], ["daily"], ["every", "1", "day"]: return (today, TodoRepeat(.daily, from: today))
        case ["every", "week"], ["weekly"]: return (today, TodoRepeat(.weekly, from: today))
        case ["every", "month"], ["monthly"]: return (today, TodoRepeat(.monthly, from: today))
        case ["every", "year"], ["yearly"]: return (today, TodoRepeat(.yearly, from: today))
        case let words where words.count == 2 && words[0] == "every":
            guard let weekday = weekday(words[1]) else { return nil }
            // 1970-01-01 was a Thursday: Monday is 0.
            let todayIndex = (today.daysSinceEpoch + 3) % 7
            let due = today.adding(days: (weekday - todayIndex + 7) % 7)
            return (due, TodoRepeat(.weekly, from: due))
        default:
            return AppImportCSV.day(text).map { ($0, nil) }
        }
    }

    /// Monday 0 … Sunday 6 for a weekday's English name or its first three letters.
    static func weekday(_ word: String) -> Int? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        return names.firstIndex { word.count >= 3 && $0.hasPrefix(word) }
    }
}
