import Foundation
import PageTemplates

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
    let books: [CatalogueBookRow]
    let hasBooks: Bool
    /// The filtered book list, when there are more books than this page shows.
    let moreURL: String?
    /// "See all 60 books in the book list".
    let moreText: String
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
    /// The page that merges this entry into another.
    let mergeURL: String
    /// "Merge into another author…".
    let mergeLinkText: String
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
    /// "You are about to delete “Poetry”. It goes to the trash, where it can be restored.", the name in bold.
    let question: MarkedSentence
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
    /// "Back to “Poetry”".
    let backText: String
}

extension CatalogueRow: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "name": .text(self.name)
        case "url": .text(url)
        case "countText": .text(countText)
        default: nil
        }
    }
}

extension CatalogueBookRow: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "url": .text(url)
        case "year": .text(year)
        default: nil
        }
    }
}

extension CatalogueIndexPage {
    /// Entries per list page.
    static let pageSize = 100

    init(
        kind: CatalogueKind, entries all: [CatalogueEntryUsage], list: CatalogueListQuery = CatalogueListQuery(),
        matching ids: Set<String>? = nil, typedName: String = "", problem: Words? = nil, csrfToken: String,
        visitor: BookVisitor
    ) {
        let language = visitor.language
        let kindName = kind.rawValue
        // `ids`: what the search index found for the filter box; nil while nothing is typed.
        let filtering = ids != nil
        let matching = ids.map { ids in all.filter { ids.contains($0.entry.id) } } ?? all
        let start = min(matching.count, (list.page - 1) * Self.pageSize)
        let entries = matching[start..<min(matching.count, start + Self.pageSize)]
        page = visitor.chrome(kind.pluralTitle(in: language))
        heading = kind.pluralTitle(in: language)
        action = kind.path
        self.csrfToken = csrfToken
        let problemText = problem?.text(in: language)
        summary = CatalogueFormatting.summary(problemText)
        nameField = CatalogueFormatting.nameField(typedName, problem: problemText)
        addLabel = language.text("books.entry.add", ["kind": kindName])
        if all.isEmpty {
            countLine = nil
        } else if !filtering {
            countLine = language.text("books.entry.count", ["kind": kindName], counts: ["count": all.count])
        } else {
            let counts = ["matching": matching.count, "all": all.count]
            countLine = language.text("books.entry.countMatching", ["kind": kindName], counts: counts)
        }
        self.entries = entries.map {
            CatalogueRow(
                name: $0.entry.name, url: "\(kind.path)/\($0.entry.id)",
                countText: BookFormatting.books($0.bookCount, in: language))
        }
        hasEntries = !entries.isEmpty
        emptyMessage =
            all.isEmpty
            ? language.text("books.entry.none", ["kind": kindName])
            : matching.isEmpty
                ? language.text("books.entry.noMatch", ["kind": kindName, "filter": list.filter])
                : language.text("books.entry.pastEnd", ["kind": kindName])
        showsFilter = !all.isEmpty
        filterText = list.filter
        self.filtering = filtering
        filterLabel = language.text("books.entry.find", ["kind": kindName])
        pages = NumberedList.pages(
            page: list.page, total: matching.count, pageSize: Self.pageSize, hasRows: !entries.isEmpty,
            language: language, url: { list.url(kind, page: $0) })
    }
}

extension CatalogueShowPage {
    init(
        usage: CatalogueEntryUsage, books: BookListPage, moreURL: String?, typedName: String? = nil,
        problem: Words? = nil, csrfToken: String, visitor: BookVisitor, now: Date
    ) {
        let language = visitor.language
        let entry = usage.entry
        let kind = entry.kind
        page = visitor.chrome(entry.name)
        kindTitle = kind.title(in: language)
        name = entry.name
        listURL = kind.path
        listTitle = kind.allTitle(in: language)
        changedBy = usage.lastChange?.byline(now: now, language: language)
        historyURL = "\(kind.path)/\(entry.id)/history"
        countLine = books.total == 0 ? nil : BookFormatting.books(books.total, in: language)
        moreText = language.text("books.entry.seeAll", counts: ["count": books.total])
        self.books = books.books.map {
            CatalogueBookRow(
                title: $0.title, url: "/books/\($0.id ?? "")",
                year: $0.publishingYear.map(String.init) ?? NumberText.missing)
        }
        hasBooks = !books.books.isEmpty
        self.moreURL = moreURL
        noBooks = language.text("books.entry.noBooks", ["kind": kind.rawValue])
        action = "\(kind.path)/\(entry.id)"
        self.csrfToken = csrfToken
        let problemText = problem?.text(in: language)
        summary = CatalogueFormatting.summary(problemText)
        nameField = CatalogueFormatting.nameField(typedName ?? entry.name, problem: problemText)
        deleteURL = "\(kind.path)/\(entry.id)/delete"
        deleteLinkText = language.text("books.entry.deleteLink", ["kind": kind.rawValue])
        mergeURL = "\(kind.path)/\(entry.id)/merge"
        mergeLinkText = language.text("books.merge.link", ["kind": kind.rawValue])
    }
}

extension CatalogueDeletePage {
    /// The page for deleting `usage`; `others` are the genres a genre's books can move to, `chosen` the one
    /// selected (the first when nil or not among them).
    init(
        usage entryUsage: CatalogueEntryUsage, others: [CatalogueEntry], chosen: String? = nil, csrfToken: String,
        visitor: BookVisitor
    ) {
        let language = visitor.language
        let entry = entryUsage.entry
        let kind = entry.kind
        let kindName = kind.rawValue
        let count = entryUsage.bookCount
        heading = language.text("books.entry.deleteHeading", ["kind": kindName])
        page = visitor.chrome(heading)
        name = entry.name
        question = MarkedSentence(
            Words("books.entry.deleteQuestion"), marking: "name", as: BookFormatting.quoted(entry.name, in: language),
            in: language)
        action = "\(kind.path)/\(entry.id)/delete"
        self.csrfToken = csrfToken
        cancelURL = "\(kind.path)/\(entry.id)"
        backText = language.text("books.entry.backTo", ["name": entry.name])
        if kind == .genre, count > 0 {
            self.usage = language.text("books.entry.genreUsage", counts: ["count": count])
            canDelete = !others.isEmpty
            refusal = others.isEmpty ? language.text("books.entry.genreCannotMove") : nil
            let selected = others.contains { $0.id == chosen } ? chosen : others.first?.id
            moveOptions = others.map { other in
                SelectOption(value: other.id, title: other.name, selected: other.id == selected)
            }
            buttonLabel = language.text("books.entry.moveAndDelete")
        } else {
            self.usage =
                count == 0
                ? language.text("books.entry.unused", ["kind": kindName])
                : language.text("books.entry.usage", ["kind": kindName], counts: ["count": count])
            canDelete = true
            refusal = nil
            moveOptions = []
            buttonLabel = language.text("books.entry.deleteButton", ["kind": kindName])
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
