import Foundation
import Mustache

/// The list of genres, authors or publishers, with the form that adds one.
struct CatalogueIndexPage: Sendable {
    let page: PageChrome
    /// "Genres", "Authors", "Publishers".
    let heading: String
    /// Where the add form posts: "/genres".
    let action: String
    let csrfToken: String
    let summary: EditorSummary?
    let nameField: EditorField
    /// "Add genre".
    let addLabel: String
    /// "12 genres", or "3 of 500 authors match"; nil when there are none.
    let countLine: String?
    let entries: [CatalogueRow]
    let hasEntries: Bool
    /// "No genres yet", or "No authors match “zz”".
    let emptyMessage: String
    /// False until the kind has any entry: no filter box over nothing.
    let showsFilter: Bool
    /// The filter box's text as typed, and whether it is on.
    let filterText: String
    let filtering: Bool
    /// "Find an author".
    let filterLabel: String
    let pages: NumberedPages
}

/// One genre, author or publisher in its list, with its book count.
struct CatalogueRow: Sendable {
    let name: String
    let url: String
    /// "3 books".
    let countText: String
}

/// A genre's, author's or publisher's page: its books, the rename form and the way to delete it.
struct CatalogueShowPage: Sendable {
    let page: PageChrome
    /// "Genre", "Author", "Publisher".
    let kindTitle: String
    let name: String
    let listURL: String
    /// "All genres".
    let listTitle: String
    /// "Last changed by Ana, 14:02".
    let changedBy: String?
    /// The entry's History page.
    let historyURL: String
    /// "3 books"; nil when there are none.
    let countLine: String?
    let countText: String
    let books: [CatalogueBookRow]
    let hasBooks: Bool
    /// The filtered book list, when there are more books than this page shows.
    let moreURL: String?
    /// "No books have this genre yet."
    let noBooks: String
    /// Where the rename form posts.
    let action: String
    let csrfToken: String
    let summary: EditorSummary?
    let nameField: EditorField
    let deleteURL: String
    /// "Delete this genre".
    let deleteLinkText: String
}

/// A book on an entry's page.
struct CatalogueBookRow: Sendable {
    let title: String
    let url: String
    let year: String
}

/// Deleting a genre, author or publisher: what it will do, and the choice of a new genre for a genre's books.
struct CatalogueDeletePage: Sendable {
    let page: PageChrome
    /// "Delete this genre?".
    let heading: String
    let name: String
    /// "12 books use this genre." / "This author will be removed from 3 books."
    let usage: String
    /// False for a genre in use when there is no other genre to move its books to.
    let canDelete: Bool
    /// Why it cannot be deleted now.
    let refusal: String?
    let moveOptions: [SelectOption]
    let hasMoveOptions: Bool
    /// "Move books and delete genre" or "Delete author".
    let buttonLabel: String
    let action: String
    let csrfToken: String
    let cancelURL: String
}

extension CatalogueRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "url": url
        case "countText": countText
        default: nil
        }
    }
}

extension CatalogueBookRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "url": url
        case "year": year
        default: nil
        }
    }
}

extension CatalogueKind {
    /// "Genre", "Author", "Publisher".
    var title: String { singular.prefix(1).uppercased() + singular.dropFirst() }
    /// "Genres", "Authors", "Publishers".
    var pluralTitle: String { plural.prefix(1).uppercased() + plural.dropFirst() }
}

extension CatalogueIndexPage {
    /// Entries per list page.
    static let pageSize = 100

    init(
        kind: CatalogueKind, entries all: [CatalogueEntryUsage], list: CatalogueListQuery = CatalogueListQuery(),
        matching ids: Set<String>? = nil, typedName: String = "", problem: String? = nil, csrfToken: String,
        visitor: BookVisitor
    ) {
        // `ids`: what the search index found for the filter box; nil while nothing is typed.
        let filtering = ids != nil
        let matching = ids.map { ids in all.filter { ids.contains($0.entry.id) } } ?? all
        let start = min(matching.count, (list.page - 1) * Self.pageSize)
        let entries = matching[start..<min(matching.count, start + Self.pageSize)]
        page = visitor.chrome(kind.pluralTitle)
        heading = kind.pluralTitle
        action = kind.path
        self.csrfToken = csrfToken
        summary = CatalogueFormatting.summary(problem)
        nameField = CatalogueFormatting.nameField(typedName, problem: problem)
        addLabel = "Add \(kind.singular)"
        let noun = all.count == 1 ? kind.singular : kind.plural
        if all.isEmpty {
            countLine = nil
        } else if !filtering {
            countLine = "\(NumberText.grouped(all.count)) \(noun)"
        } else {
            let verb = matching.count == 1 ? "matches" : "match"
            countLine = "\(NumberText.grouped(matching.count)) of \(NumberText.grouped(all.count)) \(noun) \(verb)"
        }
        self.entries = entries.map {
            CatalogueRow(
                name: $0.entry.name, url: "\(kind.path)/\($0.entry.id)", countText: BookFormatting.books($0.bookCount))
        }
        hasEntries = !entries.isEmpty
        emptyMessage =
            all.isEmpty
            ? "No \(kind.plural) yet"
            : matching.isEmpty
                ? "No \(kind.plural) match “\(list.filter)”" : "There are no more \(kind.plural) on this page."
        showsFilter = !all.isEmpty
        filterText = list.filter
        self.filtering = filtering
        filterLabel = "Find \(kind == .author ? "an" : "a") \(kind.singular)"
        pages = NumberedList.pages(
            page: list.page, total: matching.count, pageSize: Self.pageSize, hasRows: !entries.isEmpty,
            url: { list.url(kind, page: $0) })
    }
}

extension CatalogueShowPage {
    init(
        usage: CatalogueEntryUsage, books: BookListPage, moreURL: String?, typedName: String? = nil,
        problem: String? = nil, csrfToken: String, visitor: BookVisitor, now: Date
    ) {
        let entry = usage.entry
        let kind = entry.kind
        page = visitor.chrome(entry.name)
        kindTitle = kind.title
        name = entry.name
        listURL = kind.path
        listTitle = "All \(kind.plural)"
        changedBy = usage.lastChange?.byline(now: now)
        historyURL = "\(kind.path)/\(entry.id)/history"
        countLine = books.total == 0 ? nil : BookFormatting.books(books.total)
        countText = BookFormatting.books(books.total)
        self.books = books.books.map {
            CatalogueBookRow(
                title: $0.title, url: "/books/\($0.id ?? "")",
                year: $0.publishingYear.map(String.init) ?? NumberText.missing)
        }
        hasBooks = !books.books.isEmpty
        self.moreURL = moreURL
        switch kind {
        case .genre: noBooks = "No books have this genre yet."
        case .author: noBooks = "No books list this author yet."
        case .publisher: noBooks = "No books list this publisher yet."
        }
        action = "\(kind.path)/\(entry.id)"
        self.csrfToken = csrfToken
        summary = CatalogueFormatting.summary(problem)
        nameField = CatalogueFormatting.nameField(typedName ?? entry.name, problem: problem)
        deleteURL = "\(kind.path)/\(entry.id)/delete"
        deleteLinkText = "Delete this \(kind.singular)"
    }
}

extension CatalogueDeletePage {
    /// The page for deleting `usage`; `others` are the genres a genre's books can move to, `chosen` the one
    /// selected (the first when nil or not among them).
    init(
        usage entryUsage: CatalogueEntryUsage, others: [CatalogueEntry], chosen: String? = nil, csrfToken: String,
        visitor: BookVisitor
    ) {
        let entry = entryUsage.entry
        let kind = entry.kind
        let count = entryUsage.bookCount
        page = visitor.chrome("Delete this \(kind.singular)?")
        heading = "Delete this \(kind.singular)?"
        name = entry.name
        action = "\(kind.path)/\(entry.id)/delete"
        self.csrfToken = csrfToken
        cancelURL = "\(kind.path)/\(entry.id)"
        if kind == .genre, count > 0 {
            self.usage = "\(BookFormatting.books(count)) \(count == 1 ? "uses" : "use") this genre."
            canDelete = !others.isEmpty
            refusal =
                others.isEmpty
                ? "It cannot be deleted while books use it and there is no other genre to move them to. "
                    + "Add another genre first, or give these books another genre." : nil
            let selected = others.contains { $0.id == chosen } ? chosen : others.first?.id
            moveOptions = others.map { other in
                SelectOption(value: other.id, title: other.name, selected: other.id == selected)
            }
            buttonLabel = "Move books and delete genre"
        } else {
            switch (kind, count) {
            case (.genre, _): self.usage = "No books use this genre."
            case (_, 0): self.usage = "No books list this \(kind.singular)."
            default: self.usage = "This \(kind.singular) will be removed from \(BookFormatting.books(count))."
            }
            canDelete = true
            refusal = nil
            moveOptions = []
            buttonLabel = "Delete \(kind.singular)"
        }
        hasMoveOptions = !moveOptions.isEmpty
    }
}

/// The name field shared by the add and rename forms.
enum CatalogueFormatting {
    static func nameField(_ value: String, problem: String?) -> EditorField {
        EditorField(value: value, error: problem, describedBy: problem == nil ? "name-hint" : "name-hint name-error")
    }

    static func summary(_ problem: String?) -> EditorSummary? {
        problem.map { EditorSummary(conflict: nil, errors: [ErrorLink(fieldId: "name", message: $0)], hasErrors: true) }
    }
}
