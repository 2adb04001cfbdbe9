import Foundation

/// A CSV file read whole (RFC 4180 as spreadsheets and apps write it): a header row and the rows under it. Cells
/// may be quoted, hold commas, doubled quotes and line breaks; lines may end in CRLF, LF or CR; a UTF-8 byte order
/// mark is dropped; rows whose cells are all empty are skipped.
struct CSVTable: Sendable, Hashable {
    /// One row under the header: its cells by column, and its number as a spreadsheet shows it (the header is row
    /// 1; empty rows count, though they are skipped).
    struct Row: Sendable, Hashable {
        let number: Int
        let cells: [String]
    }

    /// The header's cells, trimmed.
    let header: [String]
    let rows: [Row]
    /// The line a quoted cell opened on when the file ends inside it (a file cut short); nil when every quote closes.
    let unclosedQuoteLine: Int?

    /// The table `text` holds; an empty text is a table without header or rows.
    init(_ text: String) {
        var rows: [Row] = []
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var quoteOpenedOn = 0
        var line = 1
        var rowNumber = 1
        var afterQuote = false
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending = iterator.next()
        func endRow() {
            cells.append(cell)
            if !cells.allSatisfy(\.isEmpty) { rows.append(Row(number: rowNumber, cells: cells)) }
            rowNumber += 1
            cells = []
            cell = ""
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        cell.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if scalar == "\n" || (scalar == "\r" && pending != "\n") { line += 1 }
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where cell.isEmpty && !afterQuote:
                quoted = true
                quoteOpenedOn = line
            case ",":
                cells.append(cell)
                cell = ""
                afterQuote = false
            case "\r", "\n":
                if scalar == "\r", pending == "\n" { pending = iterator.next() }
                endRow()
                afterQuote = false
                line += 1
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        if quoted || !cell.isEmpty || !cells.isEmpty { endRow() }
        unclosedQuoteLine = quoted ? quoteOpenedOn : nil
        header = rows.first?.cells.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        self.rows = Array(rows.dropFirst())
    }

    /// The column named `name` (ignoring case), nil when the header has none.
    func column(_ name: String) -> Int? {
        header.firstIndex { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// True when the header holds every one of `names` (ignoring case).
    func hasColumns(_ names: [String]) -> Bool {
        names.allSatisfy { column($0) != nil }
    }
}

extension CSVTable.Row {
    /// The cell in `column`, trimmed of surrounding spaces and line breaks; empty when the row is shorter.
    subscript(_ column: Int?) -> String {
        guard let column, column < cells.count else { return "" }
        return cells[column].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
