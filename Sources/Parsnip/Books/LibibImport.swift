import Foundation

/// A Libib library export (Settings → Export library): a CSV with the header `item_type, title, creators,
/// first_name, last_name, ean_isbn13, upc_isbn10, description, publisher, publish_date, group, tags, notes, …,
/// rating, review, review_date, status, began, completed, added, copies`, one item a row.
///
/// Only rows whose item_type is a book (or empty) are books; music, films and games are left out with a line each.
/// `creators` lists the authors separated by commas; status Completed / In progress / Not begun becomes read /
/// reading / unread; `completed` is the day it was finished; `rating` 0 is no rating.
enum LibibImport {
    static let app = "Libib"
    /// The columns that tell a Libib export from any other CSV.
    static let signature = ["item_type", "title", "creators", "ean_isbn13", "upc_isbn10"]

    static let format = AppImportFormat { url, head throws(AppImportProblem) in
        let header = AppImportCSV.header(of: head).map { $0.lowercased() }
        guard signature.allSatisfy({ header.contains($0) }) else { return nil }
        let table = try AppImportCSV.table(url, app: app)
        return AppImportFile(app: app, rows: table.rows.count) { reader, now in
            var notes: [ReportText] = []
            var plan = try BookImportPlanner.plan(rows(table, now: now, notes: &notes), reader: reader)
            plan.notes = notes + plan.notes
            return plan
        }
    }

    /// Each book row as a book; a line in `notes` for each row that is not a book.
    static func rows(_ table: CSVTable, now: Date, notes: inout [ReportText]) -> [BookImportRow] {
        let thisYear = CalendarDate(utcDayOf: now).year
        let column = { (name: String) in table.column(name) }
        let (type, title, creators, first, last) = (
            column("item_type"), column("title"), column("creators"), column("first_name"), column("last_name")
        )
        let (isbn13, isbn10, publisher, published) = (
            column("ean_isbn13"), column("upc_isbn10"), column("publisher"), column("publish_date")
        )
        let (rating, status, completed) = (column("rating"), column("status"), column("completed"))
        var rows: [BookImportRow] = []
        for cells in table.rows {
            let kind = cells[type].lowercased()
            guard kind.isEmpty || kind == "book" || kind == "books" else {
                notes.append(
                    ReportText(
                        Words("backups.app.row.notABook", ["row": String(cells.number), "type": cells[type]])))
                continue
            }
            var row = BookImportRow(row: cells.number, title: cells[title])
            var names = cells[creators].split(separator: ",").map { [String($0)] }
            let firstAuthor = [cells[first], cells[last]].filter { !$0.isEmpty }
            if !firstAuthor.isEmpty {
                let full = firstAuthor.joined(separator: " ")
                let reversed = cells[last] + ", " + cells[first]
                if let match = names.firstIndex(where: { BookImportRow.tidy($0[0]).lowercased() == full.lowercased() })
                {
                    names[match] += [reversed]
                } else if names.isEmpty {
                    names = [[full, reversed]]
                }
            }
            row.authors = names
            if !cells[publisher].isEmpty { row.publishers = [cells[publisher]] }
            row.isbns = [cells[isbn13], cells[isbn10]]
            row.publishingYear = BookImportRow.year(cells[published], now: thisYear)
            row.rating = BookImportRow.rating(cells[rating])
            row.readingStatus = Self.status(cells[status])
            let done = cells[completed]
            if !done.isEmpty {
                row.finishedOn = AppImportCSV.day(done)
                if row.finishedOn == nil { row.notes.append(AppImportCSV.badDate(cells.number, done)) }
            }
            rows.append(row)
        }
        return rows
    }

    /// The reading status of Libib's status; nil for none or one it does not map (Abandoned).
    static func status(_ text: String) -> ReadingStatus? {
        switch text.lowercased().replacingOccurrences(of: "_", with: " ") {
        case "completed": .read
        case "in progress": .reading
        case "not begun", "not started": .unread
        default: nil
        }
    }
}
