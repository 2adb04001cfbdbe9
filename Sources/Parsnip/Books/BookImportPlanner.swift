import Foundation
import ParseStore

/// Turns the books of another app's export into Parse objects for an import: authors and publishers already here
/// are reused (ignoring case, and an author written "Surname, Forename" finds "Forename Surname"), and a book already
/// here — the same ISBN (an ISBN-10 and its ISBN-13 are the same), or the same title and first author — is skipped
/// with a line saying so, as is the second of two such rows in the file. Importing the same file twice adds nothing
/// the second time.
struct BookImportPlanner {
    typealias Schema = StoreBookRepository.Schema

    let reader: ParseReader
    private var built = AppImportPlan()
    private var books: [ImportedObject] = []
    private var isbnObjects: [ImportedObject] = []
    /// Entries added by this import, by kind and folded name → objectId.
    private var newEntries: [CatalogueKind: [String: String]] = [:]
    private var newEntryObjects: [CatalogueKind: [ImportedObject]] = [:]
    /// The ISBNs (13-digit form) and "title|author" keys of the books this import adds.
    private var seenISBNs: Set<String> = []
    private var seenTitles: Set<String> = []

    /// The plan for `rows`, read against what is here through `reader`.
    static func plan(_ rows: [BookImportRow], reader: ParseReader) throws -> AppImportPlan {
        var planner = BookImportPlanner(reader: reader)
        for row in rows { try planner.add(row) }
        return planner.finished()
    }

    private init(reader: ParseReader) {
        self.reader = reader
    }

    private mutating func add(_ row: BookImportRow) throws {
        let title = BookImportRow.tidy(row.title)
        guard !title.isEmpty else { return built.notes.append(AppImportCSV.noTitle(row.row)) }
        guard title.count <= BookDraft.Limits.titleLength else {
            return built.notes.append(AppImportCSV.titleTooLong(row.row))
        }
        let rowNumber = String(row.row)
        var isbn: String?
        for written in row.isbns where !written.isEmpty {
            if let valid = ISBNText.parse(written) {
                isbn = valid
                break
            }
        }
        // What the row's own reading noticed, said only when the book is added.
        var rowNotes = row.notes
        if isbn == nil, let written = row.isbns.first(where: { !$0.isEmpty }) {
            rowNotes.append(ReportText(Words("backups.app.row.badISBN", ["row": rowNumber, "isbn": written])))
        }
        let firstAuthor = row.authors.first?.first.map(BookImportRow.tidy) ?? ""
        let titleKey = title.lowercased() + "|" + firstAuthor.lowercased()
        let named = ["row": rowNumber, "title": title]
        if let isbn {
            let thirteen = ISBNText.thirteenDigits(isbn)
            if seenISBNs.contains(thirteen) || seenTitles.contains(titleKey) {
                return built.notes.append(ReportText(Words("backups.app.row.twiceInFile", named)))
            }
            if try BookRules.otherBook(withISBN: isbn, except: nil, reader: reader) != nil {
                return built.notes.append(ReportText(Words("backups.app.row.sameISBN", named)))
            }
        } else if seenTitles.contains(titleKey) {
            return built.notes.append(ReportText(Words("backups.app.row.twiceInFile", named)))
        }
        if try bookHere(title: title, author: row.authors.first ?? []) {
            return built.notes.append(ReportText(Words("backups.app.row.sameTitle", named)))
        }
        seenTitles.insert(titleKey)
        built.notes += rowNotes
        var fields: [String: ParseValue?] = [
            Schema.title: .string(title),
            Schema.publishingYear: row.publishingYear.map { .number(Double($0)) },
            Schema.readingStatus: row.readingStatus.map { .string($0.rawValue) },
            "finishedOn": row.finishedOn.map { .date($0.date) },
            "rating": row.rating.map { .number(Double($0)) },
        ]
        if let isbn {
            seenISBNs.insert(ISBNText.thirteenDigits(isbn))
            let object = AppImportCSV.object([Schema.value: .string(isbn)])
            isbnObjects.append(object)
            fields[Schema.isbnField] = .some(.pointer(ParsePointer(className: Schema.isbn, objectId: object.objectId!)))
        }
        var book = AppImportCSV.object(fields)
        let authors = try row.authors.compactMap { try entryId(.author, names: $0) }
        let publishers = try row.publishers.compactMap { try entryId(.publisher, names: [$0]) }
        book.operations[Schema.authors] = relation(.author, authors)
        book.operations[Schema.publishers] = relation(.publisher, publishers)
        books.append(book)
    }

    /// The Relation of a new book to the entries `ids` (each once).
    private func relation(_ kind: CatalogueKind, _ ids: [String]) -> ParseUpdate {
        var seen: Set<String> = []
        let ids = ids.filter { seen.insert($0).inserted }
        return ids.isEmpty
            ? .set(.relation(className: kind.className))
            : .addRelation(ids.map { ParsePointer(className: kind.className, objectId: $0) })
    }

    /// True when a book here has `title` (ignoring case) and, when the row names an author, that author.
    private func bookHere(title: String, author names: [String]) throws -> Bool {
        let quoted = "^\\Q" + title.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E$"
        let sameTitle = try reader.find(
            ParseQuery(Schema.book).where(Schema.title, "$regex", .string(quoted)).where(Schema.title, "$options", "i")
                .select(Schema.title).limit(100))
        guard !sameTitle.isEmpty else { return false }
        let wanted = Set(names.map { BookImportRow.tidy($0).lowercased() })
        guard !wanted.isEmpty else { return true }
        for book in sameTitle {
            let authors = try reader.find(
                ParseQuery(CatalogueKind.author.className).related(to: book.pointer, key: Schema.authors)
                    .select(Schema.name).limit(-1))
            let here = authors.compactMap { $0[Schema.name]?.stringValue.map { BookImportRow.tidy($0).lowercased() } }
            if !wanted.isDisjoint(with: here) { return true }
        }
        return false
    }

    /// The objectId of the entry of `kind` any of `names` names (ignoring case): one here, one this import adds, or
    /// a new one under the first name. nil for an empty name or one longer than an entry may be.
    private mutating func entryId(_ kind: CatalogueKind, names: [String]) throws -> String? {
        let names = names.map(BookImportRow.tidy).filter { !$0.isEmpty }
        guard let first = names.first, first.count <= CatalogueNameDraft.maximumLength else { return nil }
        for name in names {
            if let id = newEntries[kind]?[name.lowercased()] { return id }
            if let here = try StoreBookRepository.entry(kind, named: name, reader: reader) { return here.objectId }
        }
        let object = AppImportCSV.object([Schema.name: .string(first)])
        newEntries[kind, default: [:]][first.lowercased()] = object.objectId
        newEntryObjects[kind, default: []].append(object)
        return object.objectId
    }

    private func finished() -> AppImportPlan {
        var plan = built
        // Entries and ISBNs first, so each book's Pointers and Relations find them.
        plan.classes =
            [CatalogueKind.author, .publisher].map {
                AppImportClass(className: $0.className, objects: newEntryObjects[$0] ?? [])
            } + [
                AppImportClass(className: Schema.isbn, objects: isbnObjects),
                AppImportClass(className: Schema.book, objects: books),
            ]
        return plan
    }
}
