import Hummingbird

/// The book form: empty and filled, saving, and adding a genre, author or publisher without losing what was typed.
extension BookController {
    /// GET /books/new — the empty form.
    @Sendable func new(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        return try await pageCache.formPage(
            for: context.cacheVariant + request.uri.path, context: context, revision: repository.revision
        ) { token in
            try await renderFormBody(.new, state: BookFormState(draft: .newBook), csrfToken: token, context: context)
        }
    }

    /// GET /books/:id/edit — the form filled with the stored book, carrying its version and field tokens.
    @Sendable func edit(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        return try await pageCache.formPage(
            for: context.cacheVariant + request.uri.path, context: context, revision: repository.revision
        ) { token in
            let book = try await findBook(id)
            try ReadOnlyRecord.requireChangeable(
                thing: "book", recordURL: "/books/\(id)", name: book.title, writers: book.writers)
            var state = BookFormState(draft: BookDraft(book: book))
            state.base = EditBase(book: book)
            return try await renderFormBody(.edit(book), state: state, csrfToken: token, context: context)
        }
    }

    /// POST /books/new — "Save book": stores the book, with any name typed into a "New …" box but not added (linked
    /// when an entry has that name, else added), and answers 303 to its page, or 422 with the form as typed;
    /// or an "Add …" button: adds the entry and shows the form again with it chosen. 503/507 with the form as typed
    /// when the database could not take it.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let draft = try await postedDraft(context)
        if Self.addingKind(context.form) != nil {
            return try await addEntry(.new, draft: draft, context: context)
        }
        var state = typedState(draft, context: context)
        if Self.isFinding(context.form) { return try await findEntries(.new, state: state, context: context) }
        let typedEntries = try await typedEntryNames(state)
        state.entryProblems = typedEntries.problems
        switch state.draft.validate(now: clock.now(), typedEntries: typedEntries.names) {
        case .invalid(let problems):
            state.problems = problems
            return try await renderForm(.new, state: state, status: .unprocessableContent, context: context)
        case .valid where !typedEntries.problems.isEmpty:
            // A typed new name that cannot be added: the book waits for it rather than be saved without it.
            return try await renderForm(.new, state: state, status: .unprocessableContent, context: context)
        case .valid(let input):
            // A new name a letter or two from an existing one: asked about first, nothing saved yet.
            state.nearMatches = try await nearEntries(state, names: typedEntries.names)
            if !state.nearMatches.isEmpty {
                return try await renderForm(.new, state: state, status: .ok, context: context)
            }
            let typed = state
            return try await context.saving {
                do {
                    let book = try await repository.create(input, by: context.user)
                    let message = typedEntries.message(
                        Words("books.flash.added", ["title": book.title]), book: book, in: context.language)
                    return Flash.redirect(to: "/books/\(book.id ?? "")", message: message)
                } catch let error as BookSaveError {
                    var state = typed
                    state.refused(by: error)
                    return try await renderForm(.new, state: state, status: .unprocessableContent, context: context)
                }
            } orShowingAgain: { context in
                try await renderForm(.new, state: typed, status: .ok, context: context)
            }
        }
    }

    /// POST /books/:id/edit — "Save changes": saves the book merged with changes others made since the form was
    /// loaded and answers 303 to its page; 409 with a choice per field both changed; 422 with the form as typed;
    /// 409 with the form as typed when the book was deleted meanwhile; 400 without the form's `_version`/`_base`;
    /// 503/507 with the form as typed, and the version it was loaded with, when the database could not take it.
    /// Names typed into "New …" boxes are saved along, as on a new book; or an "Add …" button, as on a new book.
    @Sendable func update(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let draft = try await postedDraft(context)
        let base = try EditBase(form: context.form)
        let mode: BookFormMode
        if let book = try await repository.find(id: id) {
            mode = .edit(book)
        } else {
            mode = .deleted(id: id, notice: try await repository.deletion(id: id))
        }
        if Self.addingKind(context.form) != nil {
            return try await addEntry(mode, draft: draft, context: context)
        }
        var state = typedState(draft, context: context)
        if Self.isFinding(context.form) { return try await findEntries(mode, state: state, context: context) }
        if case .deleted = mode {
            return try await renderForm(mode, state: state, status: .conflict, context: context)
        }
        let typedEntries = try await typedEntryNames(state)
        state.entryProblems = typedEntries.problems
        switch state.draft.validate(now: clock.now(), typedEntries: typedEntries.names) {
        case .invalid(let problems):
            state.problems = problems
            return try await renderForm(mode, state: state, status: .unprocessableContent, context: context)
        case .valid where !typedEntries.problems.isEmpty:
            return try await renderForm(mode, state: state, status: .unprocessableContent, context: context)
        case .valid(let input):
            state.nearMatches = try await nearEntries(state, names: typedEntries.names)
            if !state.nearMatches.isEmpty {
                return try await renderForm(mode, state: state, status: .ok, context: context)
            }
            let typed = state
            return try await context.saving {
                try await saveEdit(
                    id: id, input: input, base: base, mode: mode, state: typed, typedEntries: typedEntries,
                    context: context)
            } orShowingAgain: { context in
                try await renderForm(mode, state: typed, status: .ok, context: context)
            }
        }
    }

    /// POST /books/:id/restore — "Restore it with my changes" on the form of a book deleted while it was open: brings
    /// it back from the trash with everything typed (new author, publisher and genre names too), in one transaction.
    @Sendable func restoreWithChanges(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let draft = try await postedDraft(context)
        var state = typedState(draft, context: context)
        state.base = nil
        let deleted = BookFormMode.deleted(id: id, notice: try await repository.deletion(id: id))
        let typedEntries = try await typedEntryNames(state)
        state.entryProblems = typedEntries.problems
        let validation = state.draft.validate(now: clock.now(), typedEntries: typedEntries.names)
        guard case .valid(let input) = validation, typedEntries.problems.isEmpty else {
            if case .invalid(let problems) = validation { state.problems = problems }
            return try await renderForm(deleted, state: state, status: .unprocessableContent, context: context)
        }
        let typed = state
        return try await context.saving {
            var state = typed
            do {
                switch try await repository.restore(id: id, with: input, by: context.user) {
                case .restored(let book):
                    return Flash.redirect(
                        to: "/books/\(id)",
                        message: context.language.text("books.flash.restored", ["title": book.title]))
                case .refused(let reason):
                    let mode = BookFormMode.deleted(
                        id: id, notice: try await repository.deletion(id: id), reason: reason)
                    return try await renderForm(mode, state: state, status: .conflict, context: context)
                case .notInTrash:
                    let back = try await repository.find(id: id) != nil
                    let mode = BookFormMode.deleted(
                        id: id, notice: try await repository.deletion(id: id),
                        reason: back ? context.language.text("books.form.restoredMeanwhile") : nil)
                    return try await renderForm(mode, state: state, status: .conflict, context: context)
                }
            } catch let error as BookSaveError {
                state.refused(by: error)
                return try await renderForm(deleted, state: state, status: .unprocessableContent, context: context)
            }
        } orShowingAgain: { context in
            try await renderForm(deleted, state: typed, status: .ok, context: context)
        }
    }

    /// Saves a valid edit and answers 303 to the book's page; 409 with a choice per field both changed, or with the
    /// form as typed when the book was deleted meanwhile; 422 when the repository refuses a value.
    private func saveEdit(
        id: String, input: BookInput, base: EditBase, mode: BookFormMode, state: BookFormState,
        typedEntries: TypedEntryNames, context: ParsnipRequestContext
    ) async throws -> Response {
        var state = state
        do {
            let outcome = try await repository.update(
                id: id, with: input, from: base, choices: EditBase.choices(in: context.form), by: context.user)
            switch outcome {
            case .saved(let book, let merged):
                let message = typedEntries.message(
                    savedMessage(book, merged: merged, in: context.language), book: book, in: context.language)
                return Flash.redirect(to: "/books/\(id)", message: message)
            case .conflict(let report):
                let page = ConflictPage(
                    report: report, thing: "book", form: context.form, base: base, action: "/books/\(id)/edit",
                    cancelURL: "/books/\(id)", context: context, now: clock.now())
                return pages.render(page, template: "conflict", status: .conflict)
            }
        } catch BookSaveError.bookNotFound {
            let mode = BookFormMode.deleted(id: id, notice: try await repository.deletion(id: id))
            return try await renderForm(mode, state: state, status: .conflict, context: context)
        } catch let error as BookSaveError {
            state.refused(by: error)
            return try await renderForm(mode, state: state, status: .unprocessableContent, context: context)
        }
    }

    /// "Saved “Dune”" — and, when someone else's changes were kept alongside: "Saved “Dune”. Ana changed Authors
    /// at 14:02 while you were editing; both changes are kept."
    func savedMessage(_ book: Book, merged: MergeReport?, in language: Language) -> Words {
        guard let merged else { return Words("books.flash.saved", ["title": book.title]) }
        let change = merged.stamp.sentence(changed: merged.fieldLabels, now: clock.now(), language: language)
        return Words("books.flash.savedMerged", ["title": book.title, "change": change])
    }

    /// An "Add genre/author/publisher" button: creates the entry from its "New …" field and shows the form again
    /// with everything typed and the new entry chosen; or the name's problem beside that field (422); or, when the
    /// database could not take it, everything as typed, the new name still in its field (503/507).
    func addEntry(_ mode: BookFormMode, draft: BookDraft, context: ParsnipRequestContext) async throws -> Response {
        guard let value = Self.addingKind(context.form), let kind = CatalogueKind(rawValue: value) else {
            throw PageError.badRequest("an unknown add-entry button")
        }
        let typed = typedState(draft, context: context)
        return try await context.saving {
            try await createEntry(kind, mode: mode, state: typed, context: context)
        } orShowingAgain: { context in
            try await renderForm(mode, state: typed, status: .ok, context: context)
        }
    }

    /// Adds the entry named in `kind`'s "New …" field of the form as typed (`state`) and shows the form again.
    private func createEntry(
        _ kind: CatalogueKind, mode: BookFormMode, state: BookFormState, context: ParsnipRequestContext
    ) async throws -> Response {
        var state = state
        let status: HTTPResponse.Status
        switch CatalogueNameDraft(kind: kind, name: state.newNames[kind] ?? "").validate() {
        case .failure where context.form["near-use-\(kind.singular)"] != nil:
            // "Use “Terry Pratchett”" answered the question: that one is ticked, nothing to add.
            status = .ok
        case .failure(let problem):
            state.entryProblems[kind] = problem.message
            status = .unprocessableContent
        case .success(let name):
            if CatalogueKind.pickerKinds.contains(kind),
                let near = try await nearEntries(state, names: [kind: name])[kind]
            {
                state.nearMatches[kind] = near
                state.nearAfterAdding = true
                status = .ok
                break
            }
            do {
                let entry = try await repository.createEntry(kind, name: name, by: context.user)
                switch kind {
                case .genre: state.draft.genreId = entry.id
                case .author: state.draft.authorIds.append(entry.id)
                case .publisher: state.draft.publisherIds.append(entry.id)
                }
                state.newNames[kind] = nil
                let added = Words("books.entry.added", ["kind": kind.rawValue, "name": entry.name])
                state.notice = added.text(in: context.language)
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

    /// The names typed into the "New …" boxes of the form as posted, checked, with the ids of the entries there were
    /// before the save (read only when a name was typed) so the message afterwards can say what became of each.
    func typedEntryNames(_ state: BookFormState) async throws -> TypedEntryNames {
        var typed = TypedEntryNames(typed: state.newNames)
        if !typed.names.isEmpty {
            typed.knownIds = Set(try await allEntries().values.joined().map(\.entry.id))
        }
        return typed
    }

    /// The form as posted: the draft, whatever was typed into the "New …" fields, and the edit form's base.
    func typedState(_ draft: BookDraft, context: ParsnipRequestContext) -> BookFormState {
        var state = BookFormState(draft: draft)
        state.base = try? EditBase(form: context.form)
        for kind in CatalogueKind.allCases {
            if let name = context.form["new-\(kind.singular)"], !name.isEmpty { state.newNames[kind] = name }
        }
        state.readEntryChoices(context.form)
        return state
    }

    func renderForm(
        _ mode: BookFormMode, state: BookFormState, status: HTTPResponse.Status, context: ParsnipRequestContext
    ) async throws -> Response {
        Pages.htmlResponse(
            try await renderFormBody(mode, state: state, csrfToken: context.csrfToken, context: context), status: status
        )
    }

    func renderFormBody(
        _ mode: BookFormMode, state: BookFormState, csrfToken: String, context: ParsnipRequestContext
    ) async throws -> ByteBuffer {
        let now = clock.now()
        let page = BookFormPage(
            mode: mode, state: state, entries: try await allEntries(lastKnownInTrouble: context.storeTrouble != nil),
            maximumYear: BookDraft.latestYear(now: now),
            csrfToken: csrfToken, visitor: BookVisitor(context: context), now: now
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
