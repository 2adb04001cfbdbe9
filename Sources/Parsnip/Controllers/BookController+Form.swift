import Hummingbird

/// The book form: empty and filled, saving, and adding a genre, author or publisher without losing what was typed.
extension BookController {
    /// GET /books/new — the empty form.
    @Sendable func new(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await pageCache.formPage(for: request.uri.path, context: context, revision: repository.revision) {
            token in
            try await renderFormBody(
                .new, state: BookFormState(draft: BookDraft()), csrfToken: token, flash: context.flash)
        }
    }

    /// GET /books/:id/edit — the form filled with the stored book.
    @Sendable func edit(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try Self.id(context)
        return try await pageCache.formPage(for: request.uri.path, context: context, revision: repository.revision) {
            token in
            let book = try await findBook(id)
            return try await renderFormBody(
                .edit(book), state: BookFormState(draft: BookDraft(book: book)), csrfToken: token, flash: context.flash
            )
        }
    }

    /// POST /books/new — "Save book": stores the book and answers 303 to its page, or 422 with the form as typed;
    /// or an "Add …" button: adds the entry and shows the form again with it chosen.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let draft = try BookDraft(form: context.form)
        if context.form["add-entry"] != nil {
            return try await addEntry(.new, draft: draft, context: context)
        }
        var state = typedState(draft, context: context)
        switch draft.validate(now: clock.now()) {
        case .invalid(let problems):
            state.problems = problems
            return try await renderForm(.new, state: state, status: .unprocessableContent, context: context)
        case .valid(let input):
            do {
                let book = try await repository.create(input)
                return Flash.redirect(to: "/books/\(book.id ?? "")", message: "Saved “\(book.title)”")
            } catch let error as BookSaveError {
                state.refused(by: error)
                return try await renderForm(.new, state: state, status: .unprocessableContent, context: context)
            }
        }
    }

    /// POST /books/:id/edit — "Save changes": changes the book and answers 303 to its page; 422 with the form as
    /// typed; 409 with the form as typed when the book was deleted meanwhile. Or an "Add …" button, as on a new book.
    @Sendable func update(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let draft = try BookDraft(form: context.form)
        let mode: BookFormMode
        if let book = try await repository.find(id: id) { mode = .edit(book) } else { mode = .deleted(id: id) }
        if context.form["add-entry"] != nil {
            return try await addEntry(mode, draft: draft, context: context)
        }
        var state = typedState(draft, context: context)
        if case .deleted = mode {
            return try await renderForm(mode, state: state, status: .conflict, context: context)
        }
        switch draft.validate(now: clock.now()) {
        case .invalid(let problems):
            state.problems = problems
            return try await renderForm(mode, state: state, status: .unprocessableContent, context: context)
        case .valid(let input):
            do {
                let book = try await repository.update(id: id, with: input)
                return Flash.redirect(to: "/books/\(id)", message: "Saved “\(book.title)”")
            } catch BookSaveError.bookNotFound {
                return try await renderForm(.deleted(id: id), state: state, status: .conflict, context: context)
            } catch let error as BookSaveError {
                state.refused(by: error)
                return try await renderForm(mode, state: state, status: .unprocessableContent, context: context)
            }
        }
    }

    /// An "Add genre/author/publisher" button: creates the entry from its "New …" field and shows the form again
    /// with everything typed and the new entry chosen; or the name's problem beside that field (422).
    func addEntry(_ mode: BookFormMode, draft: BookDraft, context: ParsnipRequestContext) async throws -> Response {
        guard let value = context.form["add-entry"], let kind = CatalogueKind(rawValue: value) else {
            throw PageError.badRequest("an unknown add-entry button")
        }
        var state = typedState(draft, context: context)
        let status: HTTPResponse.Status
        switch CatalogueNameDraft(kind: kind, name: state.newNames[kind] ?? "").validate() {
        case .failure(let problem):
            state.entryProblems[kind] = problem.message
            status = .unprocessableContent
        case .success(let name):
            do {
                let entry = try await repository.createEntry(kind, name: name)
                switch kind {
                case .genre: state.draft.genreId = entry.id
                case .author: state.draft.authorIds.append(entry.id)
                case .publisher: state.draft.publisherIds.append(entry.id)
                }
                state.newNames[kind] = nil
                state.notice = "Added \(kind.singular) “\(entry.name)”"
                status = .ok
            } catch CatalogueError.duplicate {
                state.entryProblems[kind] = CatalogueNameDraft.duplicateMessage(kind)
                status = .unprocessableContent
            }
        }
        if case .deleted = mode {
            return try await renderForm(mode, state: state, status: .conflict, context: context)
        }
        return try await renderForm(mode, state: state, status: status, context: context)
    }

    // MARK: Helpers

    /// The form as posted: the draft and whatever was typed into the "New …" fields.
    func typedState(_ draft: BookDraft, context: ParsnipRequestContext) -> BookFormState {
        var state = BookFormState(draft: draft)
        for kind in CatalogueKind.allCases {
            if let name = context.form["new-\(kind.singular)"], !name.isEmpty { state.newNames[kind] = name }
        }
        return state
    }

    func renderForm(
        _ mode: BookFormMode, state: BookFormState, status: HTTPResponse.Status, context: ParsnipRequestContext
    ) async throws -> Response {
        Pages.htmlResponse(
            try await renderFormBody(mode, state: state, csrfToken: context.csrfToken, flash: nil), status: status
        )
    }

    func renderFormBody(
        _ mode: BookFormMode, state: BookFormState, csrfToken: String, flash: String?
    ) async throws -> ByteBuffer {
        let page = BookFormPage(
            mode: mode, state: state, entries: try await allEntries(),
            maximumYear: BookDraft.latestYear(now: clock.now()), csrfToken: csrfToken, flash: flash
        )
        if case .new = mode { return pages.renderBody(page, template: "books/new") }
        return pages.renderBody(page, template: "books/edit")
    }
}

extension BookFormState {
    /// Records why the repository refused the save, beside the field it concerns.
    mutating func refused(by error: BookSaveError) {
        if case .isbnUsed(let id, let title) = error {
            isbnUsedBy = EntryLinkView(name: title, url: "/books/\(id)")
        }
        if let problem = BookDraft.problem(for: error) { problems.append(problem) }
    }
}
