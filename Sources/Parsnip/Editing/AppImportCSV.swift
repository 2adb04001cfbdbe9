import Foundation
import ParseStore

/// What every CSV an app exports needs on its way in: recognising it by its header, reading it whole within a size
/// limit, the plain-words line for a row left out, days as the apps write them, and new objectIds.
enum AppImportCSV {
    /// The largest CSV taken: far above a household's (a Goodreads library of 10,000 books is about 5 MB).
    static let largestFile = 50_000_000

    /// The header row of `head` (a file's first bytes), for recognising the app that wrote it.
    static func header(of head: Data) -> [String] {
        // A head cut inside a character leaves a replacement character at its end, never in the header row.
        guard let firstLine = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).first
        else { return [] }
        return CSVTable(String(firstLine)).header
    }

    /// The table the file at `url` holds.
    ///
    /// - Throws: `AppImportProblem` when it is over `largestFile`, not UTF-8 text, or ends inside a quoted cell (cut
    ///   short).
    static func table(_ url: URL, app: String) throws(AppImportProblem) -> CSVTable {
        let file = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= largestFile else {
            throw AppImportProblem(
                Words("backups.app.problem.tooBig", ["file": file, "app": app], counts: ["megabytes": 50]))
        }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            throw AppImportProblem(Words("backups.problem.notUTF8", ["file": file]))
        }
        let table = CSVTable(text)
        if let line = table.unclosedQuoteLine {
            throw AppImportProblem(
                Words("backups.app.problem.unclosedQuote", ["file": file, "line": String(line)]))
        }
        return table
    }

    /// "Row 12: no title — skipped."
    static func noTitle(_ row: Int) -> ReportText {
        ReportText(Words("backups.app.row.noTitle", ["row": String(row)]))
    }

    /// "Row 12: the title is over 200 characters — skipped."
    static func titleTooLong(_ row: Int) -> ReportText {
        ReportText(Words("backups.app.row.titleTooLong", ["row": String(row)]))
    }

    /// "Row 12: the date “31/31/2020” cannot be read — left out."
    static func badDate(_ row: Int, _ text: String) -> ReportText {
        ReportText(Words("backups.app.row.badDate", ["row": String(row), "date": text]))
    }

    /// The day `text` names, as the apps write days: `2024-03-15`, `2024/03/15` (Goodreads), `2024-03-15 10:00`
    /// or an ISO 8601 instant (its UTC day); nil for anything else.
    static func day(_ text: String) -> CalendarDate? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let datePart = text.prefix { $0 != " " && $0 != "T" }
        if let day = CalendarDate(iso: datePart.replacingOccurrences(of: "/", with: "-")) { return day }
        return wordedDay(text)
    }

    /// A day written with an English month name, as Apple's and Todoist's exports may: "15 Mar 2024", "March 15,
    /// 2024", "Mar 15, 2024 at 9:00 AM"; nil when the text has no month name, no four-digit year or no day.
    static func wordedDay(_ text: String) -> CalendarDate? {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let atIndex = words.firstIndex(of: "at") ?? words.endIndex
        let dayWords = words[..<atIndex]
        guard
            let month = dayWords.lazy.compactMap({ word in
                CalendarDate.monthNames.firstIndex { word.count >= 3 && $0.lowercased().hasPrefix(word) }
            }).first,
            let year = dayWords.first(where: { $0.count == 4 }).flatMap({ Int($0) }),
            let day = dayWords.first(where: { (1...2).contains($0.count) }).flatMap({ Int($0) })
        else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }

    /// A new objectId for an object the import adds (ten letters and digits, as Parse makes them), so the objects
    /// of one import can point at each other before they are written.
    static func newObjectId() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<10).map { _ in alphabet.randomElement()! })
    }

    /// An object to add with `fields` set (nil values left out).
    static func object(id: String = newObjectId(), _ fields: [String: ParseValue?]) -> ImportedObject {
        ImportedObject(
            objectId: id, createdAt: nil, updatedAt: nil,
            operations: fields.compactMapValues { $0.map(ParseUpdate.set) })
    }
}
