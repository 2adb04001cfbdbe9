import Hummingbird

/// The recipe editor: the empty and the filled form, its row buttons without JavaScript, save as new and update.
extension RecipeController {
    /// GET /recipes/new — the empty editor, one blank row in each section.
    @Sendable func new(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await cachedPage(request, context: context) { token in
            renderEditorBody(.new, draft: RecipeDraft(), csrfToken: token, flash: context.flash)
        }
    }

    /// GET /recipes/:id/edit — the editor filled with the stored recipe; also the "Reload" link.
    @Sendable func edit(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try Self.id(context)
        return try await cachedPage(request, context: context) { token in
            let found = try await findRecipe(id)
            return renderEditorBody(
                .edit(found), draft: RecipeDraft(recipe: found.recipe), csrfToken: token, flash: context.flash
            )
        }
    }

    /// POST /recipes/new and POST /recipes/:id/edit — a row button pressed without JavaScript: add, remove or
    /// move a row, and show the form again with everything typed.
    @Sendable func editorAction(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        var draft = try RecipeDraft(form: context.form)
        let mode = try await editorMode(context)
        let status: HTTPResponse.Status
        if case .deleted = mode { status = .conflict } else { status = .ok }
        guard let value = context.form["row-action"] else {
            // Not a row button (a browser that ignored `formaction`): show the form as it was, nothing lost.
            return renderEditor(mode, draft: draft, status: status, context: context)
        }
        guard let action = RecipeDraft.RowAction(value) else { throw PageError.badRequest("an unknown row action") }
        if let problem = draft.apply(action) {
            return renderEditor(
                mode, draft: draft, problems: [problem], status: .unprocessableContent, context: context)
        }
        return renderEditor(
            mode, draft: draft, focus: EditorFocus.after(action, in: draft), status: status, context: context
        )
    }

    /// POST /recipes — "Save as new recipe": stores a new recipe and answers 303 to its page, or 422 with the form
    /// as typed. From an edit page (`?from=<id>`) the form comes back as that edit page.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let draft = try RecipeDraft(form: context.form)
        switch draft.validate() {
        case .invalid(let problems):
            var mode = RecipeEditorMode.new
            if let from = try FormFields(query: request.uri.query)["from"], ObjectIdentifierText.isValid(from),
                let found = try await repository.find(id: from)
            {
                mode = .edit(found)
            }
            return renderEditor(mode, draft: draft, problems: problems, status: .unprocessableContent, context: context)
        case .valid(let recipe):
            let saved = try await repository.create(recipe)
            return Flash.redirect(to: "/recipes/\(saved.id ?? "")", message: "Saved “\(saved.name)” as a new recipe")
        }
    }

    /// POST /recipes/:id — "Update recipe": changes the stored recipe and answers 303 to its page; 422 with the
    /// form as typed; 409 with the form as typed when the recipe was deleted meanwhile.
    @Sendable func update(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let draft = try RecipeDraft(form: context.form)
        switch draft.validate() {
        case .invalid(let problems):
            guard let found = try await repository.find(id: id) else {
                return renderEditor(
                    .deleted(id: id), draft: draft, problems: problems, status: .conflict, context: context)
            }
            return renderEditor(
                .edit(found), draft: draft, problems: problems, status: .unprocessableContent, context: context
            )
        case .valid(var recipe):
            recipe.id = id
            do {
                let saved = try await repository.update(recipe)
                return Flash.redirect(to: "/recipes/\(id)", message: "Updated “\(saved.name)”")
            } catch RecipeRepositoryError.notFound {
                return renderEditor(.deleted(id: id), draft: draft, status: .conflict, context: context)
            }
        }
    }

    // MARK: Helpers

    /// New on `/recipes/new`; on `/recipes/:id/edit` the stored recipe, or `.deleted` when it is gone.
    func editorMode(_ context: ParsnipRequestContext) async throws -> RecipeEditorMode {
        guard context.parameters.get("id") != nil else { return .new }
        let id = try Self.id(context)
        guard let found = try await repository.find(id: id) else { return .deleted(id: id) }
        return .edit(found)
    }

    func renderEditor(
        _ mode: RecipeEditorMode, draft: RecipeDraft, problems: [RecipeDraft.Problem] = [], focus: EditorFocus? = nil,
        status: HTTPResponse.Status, context: ParsnipRequestContext
    ) -> Response {
        Pages.htmlResponse(
            renderEditorBody(
                mode, draft: draft, problems: problems, focus: focus, csrfToken: context.csrfToken, flash: nil
            ),
            status: status
        )
    }

    func renderEditorBody(
        _ mode: RecipeEditorMode, draft: RecipeDraft, problems: [RecipeDraft.Problem] = [], focus: EditorFocus? = nil,
        csrfToken: String, flash: String?
    ) -> ByteBuffer {
        let page = RecipeEditorPage(
            mode: mode, draft: draft, problems: problems, focus: focus, csrfToken: csrfToken, flash: flash
        )
        if case .new = mode { return pages.renderBody(page, template: "recipes/new") }
        return pages.renderBody(page, template: "recipes/edit")
    }
}
