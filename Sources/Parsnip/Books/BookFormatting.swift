import Mustache

/// Turns books and counts into the words and links the book pages show.
enum BookFormatting {
    /// "12 books", "1 book".
    static func books(_ count: Int) -> String { "\(NumberText.grouped(count)) \(count == 1 ? "book" : "books")" }

    /// The list's words: "3 of 12 books match", "No books yet"…
    static let list = NumberedList(singular: "book", plural: "books", addURL: "/books/new")

    /// The link to a genre's, author's or publisher's page.
    static func link(_ entry: CatalogueEntry) -> EntryLinkView {
        EntryLinkView(name: entry.name, url: "\(entry.kind.path)/\(entry.id)")
    }

    /// An ISBN as the book page shows it: "ISBN-13 9780441013593" and, when it has one, "ISBN-10 0441013597".
    static func isbnForms(_ isbn: String) -> [String] {
        let thirteen = ISBNText.thirteenDigits(isbn)
        return ["ISBN-13 \(thirteen)"] + (ISBNText.tenDigits(thirteen).map { ["ISBN-10 \($0)"] } ?? [])
    }

    /// "Lent to Sam on 3 May 2024", "Lent to Sam"; nil while the book is at home.
    static func lending(_ book: Book) -> String? {
        guard let lentTo = book.lentTo else { return nil }
        return "Lent to \(lentTo)" + (book.lentOn.map { " on \($0.readable)" } ?? "")
    }

    static func row(_ book: Book) -> BookTableRow {
        BookTableRow(
            title: book.title,
            url: "/books/\(book.id ?? "")",
            year: book.publishingYear.map(String.init) ?? NumberText.missing,
            genre: book.genre?.name ?? NumberText.missing,
            isbn: book.isbn ?? NumberText.missing,
            authors: book.authors.isEmpty ? NumberText.missing : book.authors.map(\.name).joined(separator: ", ")
        )
    }

    /// A select's options for one kind: "All genres" first, then every entry, the chosen one selected.
    static func filterOptions(_ entries: [CatalogueEntryUsage], kind: CatalogueKind, chosen: String?) -> [SelectOption]
    {
        [SelectOption(value: "", title: "All \(kind.plural)", selected: chosen == nil)]
            + entries.map { SelectOption(value: $0.entry.id, title: $0.entry.name, selected: $0.entry.id == chosen) }
    }
}

extension BookTableRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "url": url
        case "year": year
        case "genre": genre
        case "isbn": isbn
        case "authors": authors
        default: nil
        }
    }
}

extension CheckboxOption: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "value": value
        case "title": title
        case "checked": checked
        default: nil
        }
    }
}

extension EntryLinkView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "url": url
        default: nil
        }
    }
}
