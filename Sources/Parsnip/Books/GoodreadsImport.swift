import Foundation

/// A Goodreads library export ("Import and export" → "Export Library"): a CSV with the header `Book Id, Title,
/// Author, Author l-f, Additional Authors, ISBN, ISBN13, My Rating, …, Publisher, …, Year Published, Original
/// Publication Year, Date Read, Date Added, Bookshelves, …, Exclusive Shelf, …`, one book a row.
///
/// The shelf read / currently-reading / to-read becomes the reading status read / reading / unread; My Rating 0 is
/// no rating; Date Read (`2023/05/14`) is the day it was finished; ISBN cells written `="0552134465"` are cleaned.
enum GoodreadsImport {
    static let app = "Goodreads"
    /// The columns that tell a Goodreads export from any other CSV.
    static let signature = ["Book Id", "Title", "Author l-f", "Exclusive Shelf"]

    static let format = AppImportFormat { url, head throws(AppImportProblem) in
        let header = AppImportCSV.header(of: head)
        guard signature.allSatisfy({ header.contains($0) }) else { return nil }
        let table = try AppImportCSV.table(url, app: app)
        return AppImportFile(app: app, rows: table.rows.count) { reader, now in
            try BookImportPlanner.plan(rows(table, now: now), reader: reader)
        }
    }

    /// Each row as a book.
    static func rows(_ table: CSVTable, now: Date) -> [BookImportRow] {
        let thisYear = CalendarDate(utcDayOf: now).year
        let column = { (name: String) in table.column(name) }
        let (title, author, authorLF, additional) = (
            column("Title"), column("Author"), column("Author l-f"), column("Additional Authors")
        )
        let (isbn10, isbn13, rating, publisher) = (
            column("ISBN"), column("ISBN13"), column("My Rating"), column("Publisher")
        )
        let (year, originalYear, dateRead, shelf) = (
            column("Year Published"), column("Original Publication Year"), column("Date Read"),
            column("Exclusive Shelf")
        )
        return table.rows.map { cells in
            var row = BookImportRow(row: cells.number, title: cells[title])
            let main = [cells[author], cells[authorLF]].filter { !$0.isEmpty }
            if !main.isEmpty { row.authors.append(main) }
            for name in cells[additional].split(separator: ",") {
                row.authors.append([String(name)])
            }
            if !cells[publisher].isEmpty { row.publishers = [cells[publisher]] }
            row.isbns = [cleanISBN(cells[isbn13]), cleanISBN(cells[isbn10])]
            row.rating = BookImportRow.rating(cells[rating])
            row.publishingYear =
                BookImportRow.year(cells[year], now: thisYear) ?? BookImportRow.year(cells[originalYear], now: thisYear)
            row.readingStatus = status(cells[shelf])
            let read = cells[dateRead]
            if !read.isEmpty {
                row.finishedOn = AppImportCSV.day(read)
                if row.finishedOn == nil { row.notes.append(AppImportCSV.badDate(cells.number, read)) }
            }
            return row
        }
    }

    /// `="0552134465"` (as Goodreads writes it, so spreadsheets keep the leading zero) → `0552134465`.
    static func cleanISBN(_ cell: String) -> String {
        cell.filter { $0 != "=" && $0 != "\"" }.trimmingCharacters(in: .whitespaces)
    }

    /// The reading status of an exclusive shelf; nil for a shelf of the person's own.
    static func status(_ shelf: String) -> ReadingStatus? {
        switch shelf.lowercased() {
        case "read": .read
        case "currently-reading": .reading
        case "to-read": .unread
        default: nil
        }
    }
}
