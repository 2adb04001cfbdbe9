import PageTemplates

/// Turns books and counts into the words and links the book pages show, in the page's language.
enum BookFormatting {
    /// "12 books", "1 book".
    static func books(_ count: Int, in language: Language) -> String {
        language.text("books.count", counts: ["count": count])
    }

    /// "“Dune”", "«Dune»", "「Dune」": a book's title or an entry's name quoted the language's way.
    static func quoted(_ name: String, in language: Language) -> String {
        language.text("books.quoted", ["title": name])
    }

    /// The list's count line: "12 books", or with a filter on "3 of 12 books match".
    static func countLine(matching: Int, all: Int, filtered: Bool, in language: Language) -> String {
        guard filtered else { return books(all, in: language) }
        return language.text("books.list.countMatching", counts: ["matching": matching, "all": all])
    }

    /// What the list shows instead of an empty table: nothing yet, nothing matching, or a page past the last.
    static func emptyState(
        isEmpty: Bool, filtering: Bool, total: Int, totalWithoutFilters: Int, firstPageURL: String,
        in language: Language
    ) -> EmptyState? {
        guard isEmpty else { return nil }
        if totalWithoutFilters == 0 {
            return EmptyState(
                message: language.text("books.list.none"), advice: nil,
                link: EmptyStateLink(text: language.text("books.list.addFirst"), url: addURL))
        }
        if filtering, total == 0 {
            // "Clear filters" is already above the table: one link, not two.
            return EmptyState(
                message: language.text("books.list.noMatch"), advice: language.text("books.list.noMatchAdvice"),
                link: nil)
        }
        return EmptyState(
            message: language.text("books.list.pastEnd"), advice: nil,
            link: EmptyStateLink(text: language.text("books.list.firstPage"), url: firstPageURL))
    }

    /// The add page an empty list offers.
    static let addURL = "/books/new"

    /// The link to a genre's, author's or publisher's page.
    static func link(_ entry: CatalogueEntry) -> EntryLinkView {
        EntryLinkView(name: entry.name, url: "\(entry.kind.path)/\(entry.id)")
    }

    /// An ISBN as the book page shows it: "ISBN-13 978-0-441-01359-3" and, when it has one, "ISBN-10 0-441-01359-7"
    /// (hyphenated by the ISBN ranges, digits alone where its range is not known) — the same in every language.
    static func isbnForms(_ isbn: String) -> [String] {
        let thirteen = ISBNText.thirteenDigits(isbn)
        return ["ISBN-13 \(ISBNHyphens.shown(thirteen))"]
            + (ISBNText.tenDigits(thirteen).map { ["ISBN-10 \(ISBNHyphens.shown($0))"] } ?? [])
    }

    /// A book's row: its year as written ("1969", never grouped), its ISBN hyphenated.
    /// With `loans`, a lent book's row says who has it and since when, and offers "Returned" when `canChange`.
    static func row(
        _ book: Book, loans: BookLoanContext? = nil, canChange: Bool = false, in language: Language
    ) -> BookTableRow {
        let authors = book.authors.map(\.name).joined(separator: language.text("books.list.authorSeparator"))
        let summary = [authors, book.publishingYear.map(String.init) ?? "", book.genre?.name ?? ""]
            .filter { !$0.isEmpty }.joined(separator: " · ")
        var row = BookTableRow(
            title: book.title,
            url: "/books/\(book.id ?? "")",
            year: book.publishingYear.map(String.init) ?? NumberText.missing,
            genre: book.genre?.name ?? NumberText.missing,
            isbn: book.isbn.map(ISBNHyphens.shown) ?? NumberText.missing,
            authors: authors.isEmpty ? NumberText.missing : authors,
            summary: summary
        )
        if let loans {
            row.loan = BookLoanWords.facts(book, today: loans.today, in: language)
            row.returnButton = BookLoanWords.button(book, loans: loans, canChange: canChange, in: language)
        }
        row.stars = book.rating.map(BookRating.drawn)
        row.ratingWords = book.rating.map { BookRating.words($0, in: language) }
        row.coverURL = book.cover.map { BookCover.url($0, small: true) }
        return row
    }

    /// A filter select's options for one kind: "All genres" first, then every entry, the chosen one selected.
    static func filterOptions(
        _ entries: [CatalogueEntryUsage], kind: CatalogueKind, chosen: String?, in language: Language
    ) -> [SelectOption] {
        [SelectOption(value: "", title: kind.allTitle(in: language), selected: chosen == nil)]
            + entries.map { SelectOption(value: $0.entry.id, title: $0.entry.name, selected: $0.entry.id == chosen) }
    }
}

extension BookTableRow: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "url": .text(url)
        case "year": .text(year)
        case "genre": .text(genre)
        case "isbn": .text(isbn)
        case "authors": .text(authors)
        case "summary": .text(summary)
        case "loan": loan.flatMap(TemplateValue.init(reflecting:))
        case "returnButton": returnButton.flatMap(TemplateValue.init(reflecting:))
        case "stars": stars.map(TemplateValue.text)
        case "ratingWords": ratingWords.map(TemplateValue.text)
        case "coverURL": coverURL.map(TemplateValue.text)
        default: nil
        }
    }
}

extension CheckboxOption: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "id": .text(id)
        case "name": .text(self.name)
        case "value": .text(value)
        case "title": .text(title)
        case "checked": .flag(checked)
        default: nil
        }
    }
}

extension EntryLinkView: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "url": .text(url)
        default: nil
        }
    }
}
