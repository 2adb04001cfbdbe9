import Foundation
import Hummingbird
import ParseStore

/// The book pages: the list, a book's page, the form (in BookController+Form.swift) and delete.
struct BookController<Repository: BookRepository>: Sendable {
    let repository: Repository
    let pages: Pages
    /// Books per list page.
    let pageSize: Int
    /// The app's clock: the latest publishing year is the year after its year.
    let clock: any ParseClock
    /// The household's time zone: what day it is for a new loan and for "due back".
    let timeZone: TimeZone
    /// List pages rendered since the last write, by visitor variant, day and query string, with a stand-in for the
    /// CSRF token of their "Returned" buttons.
    let listCache = PageCache<TokenSplicedPage>(capacity: 64, byteBudget: 4 << 20, shards: 8)
    /// The list's rows and filter choices, kept rendered by what they show.
    let listPieces: BookListPieces
    /// Book pages and forms rendered since the last write, by visitor variant and path, with the CSRF token left out: a book page is
    /// about 1.6 KB, so the byte budget, not the count, bounds it (room for the pages of 8,000 books).
    let pageCache = PageCache<TokenSplicedPage>(capacity: 8_192, byteBudget: 16 << 20, shards: 8)
    /// Every genre, author and publisher as read at a revision: the list's selects and the form's pickers need
    /// them on every page rendered, and they change only with a write.
    let entriesCache = LockedValue<(revision: Int, entries: [CatalogueKind: [CatalogueEntryUsage]])?>(nil)

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/books", .signedIn, use: index)
        routes.get("/books/new", .editor, use: new)
        routes.post("/books/new", .editor, upload: PhotoUpload.rule, use: create)
        routes.get("/books/:id", .signedIn, use: show)
        routes.get("/books/:id/edit", .editor, use: edit)
        routes.post("/books/:id/edit", .editor, upload: PhotoUpload.rule, use: update)
        routes.post("/books/:id/restore", .editor, upload: PhotoUpload.rule, use: restoreWithChanges)
        routes.post("/books/:id/returned", .editor, use: returned)
        routes.get("/covers/:name", .signedIn, use: cover)
        routes.get("/covers/:name/small", .signedIn, use: cover)
        routes.get("/books/:id/delete", .editor, use: confirmDelete)
        routes.post("/books/:id/delete", .editor, use: delete)
    }

    // MARK: List

    /// GET /books — searched by `q`, filtered by `genre`, `author` and `publisher`, sorted by `sort`, 50 a page.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let today = today
        // The day is in the key: a loan's "for 3 weeks" and "overdue" change with it.
        return try await listCache.formPage(
            for: context.cacheVariant + today.iso + (request.uri.query ?? ""), context: context,
            revision: repository.revision
        ) { token in
            let query = try BookListQuery(FormFields(query: request.uri.query))
            let entries = try await allEntries()
            var authorIds: Set<String> = []
            if query.authorId == nil, let authorName = query.authorName {
                authorIds = try await repository.entryIds(.author, matching: authorName)
            }
            let result = try await repository.list(query.request(size: pageSize, authorIds: authorIds))
            let page = BookIndexPage(
                result: result, query: query, entries: entries, pageSize: pageSize,
                visitor: BookVisitor(context: context), pieces: listPieces,
                loans: BookLoanContext(today: today, csrfToken: token, back: query.url(page: query.page)))
            return pages.renderBody(page, template: "books/index")
        }
    }

    // MARK: One book

    /// GET /books/:id — the book with its genre, ISBN, authors and publishers.
    @Sendable func show(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let today = today
        return try await pageCache.formPage(
            for: context.cacheVariant + today.iso + request.uri.path, context: context, revision: repository.revision
        ) { token in
            let book = try await findBook(id)
            let page = BookShowPage(
                book: book, visitor: BookVisitor(context: context), now: clock.now(),
                loans: BookLoanContext(today: today, csrfToken: token, back: "/books/\(id)"))
            return pages.renderBody(page, template: "books/show")
        }
    }

    // MARK: Delete

    /// GET /books/:id/delete — asks first, naming the book.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let book = try await findBook(context.routeObjectId())
        try ReadOnlyRecord.requireChangeable(
            thing: "book", recordURL: "/books/\(book.id ?? "")", name: book.title, writers: book.writers)
        return renderConfirmDelete(book, context: context)
    }

    /// POST /books/:id/delete — deletes the book, its ISBN and its relation rows, and answers 303 to the list
    /// (503/507 with the question again when the database could not take it).
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        return try await context.saving {
            let deletion: Deletion<Book>
            do {
                deletion = try await repository.delete(id: id, by: context.user)
            } catch BookSaveError.bookNotFound {
                throw PageError.notFound
            }
            return Flash.redirect(
                to: "/books", message: context.language.text("books.flash.deleted", ["title": deletion.item.title]),
                undo: deletion.trashId)
        } orShowingAgain: { context in
            try await renderConfirmDelete(findBook(id), context: context)
        }
    }

    /// The question "Delete this book?", naming it.
    func renderConfirmDelete(_ book: Book, context: ParsnipRequestContext) -> Response {
        let id = book.id ?? ""
        let language = context.language
        let page = BookDeletePage(
            page: PageChrome(title: language.text("books.delete.heading"), context: context, inBooks: true),
            question: MarkedSentence(
                Words("books.delete.question"), marking: "title", as: BookFormatting.quoted(book.title, in: language),
                in: language),
            action: "/books/\(id)/delete",
            csrfToken: context.csrfToken,
            cancelURL: "/books/\(id)"
        )
        return pages.render(page, template: "books/delete")
    }

    // MARK: Helpers

    /// Every genre, author and publisher, for the filter selects and the form's pickers.
    ///
    /// - Parameter lastKnownInTrouble: for a form shown again because the database could not take its save: when
    ///   the database cannot be read either (a PostgreSQL server out of reach), the entries last read, so the form
    ///   still comes back with everything typed. The save that follows checks every entry again.
    func allEntries(lastKnownInTrouble: Bool = false) async throws -> [CatalogueKind: [CatalogueEntryUsage]] {
        // Read before the data: entries kept under this revision can only be newer than it, never older.
        let revision = repository.revision
        let cached = entriesCache.withLock { $0 }
        if let cached, cached.revision == revision { return cached.entries }
        var entries: [CatalogueKind: [CatalogueEntryUsage]] = [:]
        do {
            for kind in CatalogueKind.allCases { entries[kind] = try await repository.entries(kind) }
        } catch let error where lastKnownInTrouble && StoreTrouble(error) != nil {
            guard let cached else { throw error }
            return cached.entries
        }
        entriesCache.withLock { cached in
            if (cached?.revision ?? -1) <= revision { cached = (revision, entries) }
        }
        return entries
    }

    /// Today in the household's time zone.
    var today: CalendarDate { CalendarDate(dayOf: clock.now(), in: timeZone) }

    func findBook(_ id: String) async throws -> Book {
        guard let book = try await repository.find(id: id) else { throw PageError.notFound }
        return book
    }

}
