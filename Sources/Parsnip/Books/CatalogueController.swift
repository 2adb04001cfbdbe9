import Hummingbird
import ParseStore

/// The pages of one kind of catalogue entry — genres, authors or publishers: the list with its add form, an entry's
/// page with its books and the rename form, and delete (moving a genre's books to another genre).
struct CatalogueController<Repository: BookRepository>: Sendable {
    let kind: CatalogueKind
    let repository: Repository
    let pages: Pages
    /// Books shown on an entry's page; the rest are one link away in the filtered book list.
    let bookLimit: Int
    /// The list and entry pages rendered since the last write, by visitor variant and path, without the CSRF token.
    let pageCache = PageCache<TokenSplicedPage>(capacity: 1_024, byteBudget: 8 << 20, shards: 8)
    /// "Now" for the "Last changed" line: the app's clock.
    let clock: any ParseClock

    init(
        kind: CatalogueKind, repository: Repository, pages: Pages, bookLimit: Int = 50,
        clock: any ParseClock = SystemParseClock()
    ) {
        self.clock = clock
        self.kind = kind
        self.repository = repository
        self.pages = pages
        self.bookLimit = bookLimit
    }

    func addRoutes(to routes: AccessRoutes) {
        let path = RouterPath(kind.path)
        routes.get(path, .signedIn, use: index)
        routes.post(path, .editor, use: create)
        routes.get(RouterPath(kind.path + "/:id"), .signedIn, use: show)
        routes.post(RouterPath(kind.path + "/:id"), .editor, use: rename)
        routes.get(RouterPath(kind.path + "/:id/delete"), .editor, use: confirmDelete)
        routes.post(RouterPath(kind.path + "/:id/delete"), .editor, use: delete)
        addMergeRoutes(to: routes)
    }

    // MARK: List and add

    /// GET /genres — the entries with their book counts, 100 a page, narrowed by the filter box (`q`), and the add
    /// form.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let list = try CatalogueListQuery(FormFields(query: request.uri.query))
        return try await pageCache.formPage(
            for: context.cacheVariant + request.uri.path + "?" + list.url(kind, page: list.page), context: context,
            revision: repository.revision
        ) { token in
            let entries = try await repository.entries(kind)
            let matching =
                list.filter.isEmpty ? nil : try await repository.entryIds(kind, matching: list.filter)
            return pages.renderBody(
                CatalogueIndexPage(
                    kind: kind, entries: entries, list: list, matching: matching, csrfToken: token,
                    visitor: BookVisitor(context: context)),
                template: "catalogue/index"
            )
        }
    }

    /// POST /genres — adds an entry and answers 303 to the list; 422 with the name as typed (503/507 when the
    /// database could not take it).
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let typed = context.form["name"] else { throw PageError.badRequest("a form without a name field") }
        let problem: Words
        switch CatalogueNameDraft(kind: kind, name: typed).validate() {
        case .failure(let failure):
            problem = failure.message
        case .success(let name):
            do {
                return try await context.saving {
                    let entry = try await repository.createEntry(kind, name: name, by: context.user)
                    let added = Words("books.entry.added", ["kind": kind.rawValue, "name": entry.name])
                    return Flash.redirect(to: kind.path, message: added.text(in: context.language))
                } orShowingAgain: { context in
                    try await renderIndex(typedName: typed, problem: nil, status: .ok, context: context)
                }
            } catch CatalogueError.duplicate {
                problem = CatalogueNameDraft.duplicateMessage(kind)
            }
        }
        return try await renderIndex(
            typedName: typed, problem: problem, status: .unprocessableContent, context: context)
    }

    /// The list with the add form holding `typedName` and, when it was refused, why.
    func renderIndex(
        typedName: String, problem: Words?, status: HTTPResponse.Status, context: ParsnipRequestContext
    ) async throws -> Response {
        let page = CatalogueIndexPage(
            kind: kind, entries: try await repository.entries(kind), typedName: typedName, problem: problem,
            csrfToken: context.csrfToken, visitor: BookVisitor(context: context)
        )
        return pages.render(page, template: "catalogue/index", status: status)
    }

    // MARK: One entry

    /// GET /genres/:id — the entry's books and the rename form.
    @Sendable func show(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        return try await pageCache.formPage(
            for: context.cacheVariant + request.uri.path, context: context, revision: repository.revision
        ) { token in
            try await renderShow(find(id), csrfToken: token, context: context)
        }
    }

    /// POST /genres/:id — renames the entry and answers 303 to its page; 422 with the name as typed (503/507 when
    /// the database could not take it); 409 with the offer to merge the two when another entry has the name.
    @Sendable func rename(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        guard let typed = context.form["name"] else { throw PageError.badRequest("a form without a name field") }
        let problem: Words
        switch CatalogueNameDraft(kind: kind, name: typed).validate() {
        case .failure(let failure):
            problem = failure.message
        case .success(let name):
            do {
                return try await context.saving {
                    let entry = try await repository.renameEntry(kind, id: id, to: name, by: context.user)
                    let saved = Words("books.entry.saved", ["kind": kind.rawValue, "name": entry.name])
                    return Flash.redirect(to: "\(kind.path)/\(id)", message: saved.text(in: context.language))
                } orShowingAgain: { context in
                    let body = try await renderShow(
                        find(id), typedName: typed, csrfToken: context.csrfToken, context: context)
                    return Pages.htmlResponse(body, status: .ok)
                }
            } catch CatalogueError.duplicate(let existingId) where existingId != id {
                // Another entry has the name: the two are probably one, so offer to merge them.
                return try await renderMerge(
                    id: id, into: existingId, collided: true, status: .conflict, context: context)
            } catch CatalogueError.notFound {
                throw PageError.notFound
            }
        }
        let body = try await renderShow(
            find(id), typedName: typed, problem: problem, csrfToken: context.csrfToken, context: context
        )
        return Pages.htmlResponse(body, status: .unprocessableContent)
    }

    // MARK: Delete

    /// GET /genres/:id/delete — says what deleting will do: how many books lose the entry, or where a genre's
    /// books go.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let usage = try await find(context.routeObjectId())
        return try await renderDelete(usage, status: .ok, context: context)
    }

    /// POST /genres/:id/delete — deletes the entry (moving a genre's books to `moveTo`) and answers 303 to the list;
    /// a genre still in use without a genre to move to gets the delete page again (409), and so does a delete the
    /// database could not take (503/507, the chosen genre still chosen).
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        var moveTo: String?
        if kind == .genre, let target = context.form["moveTo"], !target.isEmpty {
            guard ObjectIdentifierText.isValid(target), target != id else {
                throw PageError.badRequest("a malformed genre to move books to")
            }
            moveTo = target
        }
        let usage = try await find(id)
        do {
            return try await context.saving {
                let deletion = try await repository.deleteEntry(kind, id: id, moveBooksTo: moveTo, by: context.user)
                let entry = deletion.item
                var message = Words("books.entry.deleted", ["kind": kind.rawValue, "name": entry.name])
                if let moveTo, usage.bookCount > 0,
                    let target = try await repository.entry(kind, id: moveTo)
                {
                    let names = ["target": target.entry.name, "name": entry.name]
                    message = Words("books.entry.movedAndDeleted", names, counts: ["count": usage.bookCount])
                }
                return Flash.redirect(
                    to: kind.path, message: message.text(in: context.language), undo: deletion.trashId)
            } orShowingAgain: { context in
                try await renderDelete(find(id), moveTo: moveTo, status: .ok, context: context)
            }
        } catch CatalogueError.inUse {
            return try await renderDelete(find(id), status: .conflict, context: context)
        } catch CatalogueError.notFound {
            // The entry, or the genre chosen for its books, was deleted meanwhile.
            guard try await repository.entry(kind, id: id) != nil else { throw PageError.notFound }
            return try await renderDelete(find(id), status: .conflict, context: context)
        }
    }

    // MARK: Helpers

    func find(_ id: String) async throws -> CatalogueEntryUsage {
        guard let usage = try await repository.entry(kind, id: id) else { throw PageError.notFound }
        return usage
    }

    func renderShow(
        _ usage: CatalogueEntryUsage, typedName: String? = nil, problem: Words? = nil, csrfToken: String,
        context: ParsnipRequestContext
    ) async throws -> ByteBuffer {
        let id = usage.entry.id
        var request = BookListRequest(sort: .title, page: 1, size: bookLimit)
        switch kind {
        case .genre: request.genreId = id
        case .author: request.authorId = id
        case .publisher: request.publisherId = id
        }
        let books = try await repository.list(request)
        let moreURL = books.total > books.books.count ? "/books?\(kind.singular)=\(id)" : nil
        let page = CatalogueShowPage(
            usage: usage, books: books, moreURL: moreURL, typedName: typedName, problem: problem,
            csrfToken: csrfToken, visitor: BookVisitor(context: context), now: clock.now()
        )
        return pages.renderBody(page, template: "catalogue/show")
    }

    /// The delete page; `moveTo` is the genre chosen for the books (the first other genre when nil).
    func renderDelete(
        _ usage: CatalogueEntryUsage, moveTo: String? = nil, status: HTTPResponse.Status,
        context: ParsnipRequestContext
    ) async throws -> Response {
        var others: [CatalogueEntry] = []
        if kind == .genre, usage.bookCount > 0 {
            others = try await repository.entries(.genre).map(\.entry).filter { $0.id != usage.entry.id }
        }
        let page = CatalogueDeletePage(
            usage: usage, others: others, chosen: moveTo, csrfToken: context.csrfToken,
            visitor: BookVisitor(context: context))
        return pages.render(page, template: "catalogue/delete", status: status)
    }
}
