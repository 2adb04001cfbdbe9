import Foundation
import Hummingbird

/// The recipe editor: the empty and the filled form, its row buttons without JavaScript, save as new and update.
extension RecipeController {
    /// GET /recipes/new — the empty editor, one blank row in each section.
    @Sendable func new(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        return try await cachedPage(request, context: context) { token in
            renderEditorBody(.new, draft: RecipeDraft(), base: nil, csrfToken: token, context: context)
        }
    }

    /// GET /recipes/:id/edit — the editor filled with the stored recipe, carrying the version and field tokens
    /// it was loaded with; also the "Reload" link.
    @Sendable func edit(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let list = try RecipeListQuery.context(FormFields(query: request.uri.query))
        return try await cachedPage(request, context: context, list: list) { token in
            let found = try await findRecipe(id, in: list)
            try ReadOnlyRecord.requireChangeable(
                thing: "recipe", recordURL: "/recipes/\(id)", name: found.recipe.name, writers: found.recipe.writers)
            return renderEditorBody(
                .edit(found), draft: RecipeDraft(recipe: found.recipe, language: context.language),
                base: RecipeEditField.base(of: found.recipe),
                csrfToken: token, context: context)
        }
    }

    /// POST /recipes/new and POST /recipes/:id/edit — a row button pressed without JavaScript: add, remove or
    /// move a row, and show the form again with everything typed, and the version and tokens it was loaded with.
    @Sendable func editorAction(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        var draft = try await postedDraft(context)
        let mode = try await editorMode(context)
        var base: EditBase?
        if case .edit = mode { base = try EditBase(form: context.form) }
        let status: HTTPResponse.Status
        if case .deleted = mode { status = .conflict } else { status = .ok }
        // A photo chosen with the row button and refused is said at once, beside the photo field.
        let photoProblems = draft.photoProblem.map { [RecipeDraft.Problem(field: .photo, message: $0)] } ?? []
        guard let value = context.form["row-action"] else {
            // Not a row button (a browser that ignored `formaction`): show the form as it was, nothing lost.
            return renderEditor(
                mode, draft: draft, base: base, problems: photoProblems, status: status, context: context)
        }
        guard let action = RecipeDraft.RowAction(value) else { throw PageError.badRequest("an unknown row action") }
        if let problem = draft.apply(action) {
            return renderEditor(
                mode, draft: draft, base: base, problems: [problem] + photoProblems, status: .unprocessableContent,
                context: context)
        }
        return renderEditor(
            mode, draft: draft, base: base, problems: photoProblems, focus: EditorFocus.after(action, in: draft),
            status: photoProblems.isEmpty ? status : .unprocessableContent, context: context)
    }

    /// POST /recipes — "Save as new recipe": stores a new recipe and answers 303 to its page, or 422 with the form
    /// as typed (503/507 when the database could not take it). From an edit page (`?from=<id>`) the form comes back
    /// as that edit page, with the version and tokens it was loaded with (or the stored ones, should the form not
    /// carry them). Never a conflict.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let draft = try await postedDraft(context)
        switch draft.validate() {
        case .invalid(let problems):
            let (mode, base) = try await createMode(request, context: context)
            return renderEditor(
                mode, draft: draft, base: base, problems: problems, status: .unprocessableContent, context: context)
        case .valid(let recipe):
            return try await context.saving {
                let saved = try await repository.create(recipe, by: context.user)
                return Flash.redirect(
                    to: "/recipes/\(saved.id ?? "")",
                    message: context.language.text("recipes.flash.added", ["name": saved.name]))
            } orShowingAgain: { context in
                let (mode, base) = try await createMode(request, context: context)
                return renderEditor(mode, draft: draft, base: base, status: .ok, context: context)
            }
        }
    }

    /// The editor a "Save as new recipe" came from: new, or the edit page of `?from=<id>` with its loaded version.
    func createMode(_ request: Request, context: ParsnipRequestContext) async throws -> (RecipeEditorMode, EditBase?) {
        guard let from = try FormFields(query: request.uri.query)["from"], ObjectIdentifierText.isValid(from),
            let found = try await repository.find(id: from)
        else { return (.new, nil) }
        return (.edit(found), (try? EditBase(form: context.form)) ?? RecipeEditField.base(of: found.recipe))
    }

    /// POST /recipes/:id — "Update recipe": saves the typed recipe merged with whatever others saved since the
    /// editor was loaded and answers 303 to its page (or to `leave-to`, for "Save changes" on leaving); 400 without the loaded version and tokens; 422 with the
    /// form as typed; 409 with the conflict page when both changed a field differently, or with the form as
    /// typed when the recipe was deleted meanwhile; 503/507 with the form as typed, and the version and tokens it
    /// was loaded with, when the database could not take it.
    @Sendable func update(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let base = try EditBase(form: context.form)
        // The list the editor was opened from is read before anything is saved: a form that cannot be ours is refused
        // whole.
        _ = try Self.editorList(context.form)
        let draft = try await postedDraft(context)
        switch draft.validate() {
        case .invalid(let problems):
            guard let found = try await lookUp(id, in: Self.editorList(context.form)) else {
                return renderEditor(
                    try await deletedMode(id), draft: draft, base: nil, problems: problems, status: .conflict,
                    context: context)
            }
            return renderEditor(
                .edit(found), draft: draft, base: base, problems: problems, status: .unprocessableContent,
                context: context)
        case .valid(var recipe):
            recipe.id = id
            return try await context.saving {
                try await saveEdit(recipe, draft: draft, base: base, context: context)
            } orShowingAgain: { context in
                guard let found = try await lookUp(id, in: Self.editorList(context.form)) else {
                    return renderEditor(
                        try await deletedMode(id), draft: draft, base: nil, status: .conflict, context: context)
                }
                return renderEditor(.edit(found), draft: draft, base: base, status: .ok, context: context)
            }
        }
    }

    /// Saves a valid edit of the stored recipe `recipe.id` and answers 303 to its page, or 409 with the conflict
    /// page, or with the form as typed when the recipe was deleted meanwhile.
    private func saveEdit(_ recipe: Recipe, draft: RecipeDraft, base: EditBase, context: ParsnipRequestContext)
        async throws -> Response
    {
        let id = recipe.id ?? ""
        let outcome: EditOutcome<Recipe>
        do {
            outcome = try await repository.update(
                recipe, from: base, choices: EditBase.choices(in: context.form), by: context.user)
        } catch RecipeRepositoryError.notFound {
            return renderEditor(try await deletedMode(id), draft: draft, base: nil, status: .conflict, context: context)
        }
        switch outcome {
        case .saved(let saved, let merged):
            // Saved from the question asked on leaving the editor: on to where the person was going.
            let list = try Self.editorList(context.form).map { "?" + $0.context } ?? ""
            let next = context.form[Self.leaveTargetField].map(SafeRedirect.safeNext) ?? "/recipes/\(id)\(list)"
            return Flash.redirect(
                to: next,
                message: Self.savedMessage(saved, merged: merged, now: clock.now(), in: context.language))
        case .conflict(let report):
            let page = ConflictPage(
                report: report, thing: "recipe", form: context.form, base: base, action: "/recipes/\(id)",
                cancelURL: "/recipes/\(id)", context: context, now: clock.now(), excluding: ["row-action"])
            return pages.render(page, template: "conflict", status: .conflict)
        }
    }

    /// "Updated “Soup”", or after a merge "Saved “Soup”. Ana changed Servings at 14:02 while you were editing;
    /// both changes are kept." — in `language`, the other person's fields named as its editor labels them.
    static func savedMessage(_ saved: Recipe, merged: MergeReport?, now: Date, in language: Language = .en)
        -> String
    {
        guard let merged else { return language.text("recipes.flash.updated", ["name": saved.name]) }
        let labels = merged.fieldLabels.map { label in
            RecipeEditField.allCases.first { $0.label == label }?.label(in: language) ?? label
        }
        let sentence = merged.stamp.sentence(changed: labels, now: now)
        return language.text("recipes.flash.merged", ["name": saved.name, "sentence": sentence])
    }

    // MARK: Helpers

    /// New on `/recipes/new`; on `/recipes/:id/edit` the stored recipe, or `.deleted` when it is gone.
    func editorMode(_ context: ParsnipRequestContext) async throws -> RecipeEditorMode {
        guard context.parameters.get("id") != nil else { return .new }
        let id = try context.routeObjectId()
        guard let found = try await lookUp(id, in: Self.editorList(context.form)) else {
            return try await deletedMode(id)
        }
        return .edit(found)
    }

    /// The editor of the recipe `id`, deleted while it was open: who deleted it and when.
    func deletedMode(_ id: String) async throws -> RecipeEditorMode {
        .deleted(id: id, notice: try await repository.deletion(id: id))
    }

    /// POST /recipes/:id/restore — "Restore it with my changes" in the editor of a recipe deleted while it was open:
    /// brings it back from the trash with every typed field and row, in one transaction.
    @Sendable func restoreWithChanges(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let draft = try await postedDraft(context)
        guard case .valid(var recipe) = draft.validate() else {
            if case .invalid(let problems) = draft.validate() {
                return renderEditor(
                    try await deletedMode(id), draft: draft, base: nil, problems: problems,
                    status: .unprocessableContent, context: context)
            }
            throw PageError.badRequest("a recipe that is neither valid nor invalid")
        }
        recipe.id = id
        return try await context.saving {
            switch try await repository.restore(recipe, by: context.user) {
            case .restored(let saved):
                return Flash.redirect(
                    to: "/recipes/\(id)", message: context.language.text("recipes.flash.restored", ["name": saved.name])
                )
            case .refused(let reason):
                let mode = RecipeEditorMode.deleted(
                    id: id, notice: try await repository.deletion(id: id), reason: reason)
                return renderEditor(mode, draft: draft, base: nil, status: .conflict, context: context)
            case .notInTrash:
                let restoredMeanwhile = try await repository.find(id: id) != nil
                let mode = RecipeEditorMode.deleted(
                    id: id, notice: try await repository.deletion(id: id),
                    reason: restoredMeanwhile ? context.language.text("recipes.editor.restoredMeanwhile") : nil)
                return renderEditor(mode, draft: draft, base: nil, status: .conflict, context: context)
            }
        } orShowingAgain: { context in
            renderEditor(try await deletedMode(id), draft: draft, base: nil, status: .ok, context: context)
        }
    }

    /// The editor answering a POST: never a one-time message (that belongs to the page after a redirect).
    func renderEditor(
        _ mode: RecipeEditorMode, draft: RecipeDraft, base: EditBase?, problems: [RecipeDraft.Problem] = [],
        focus: EditorFocus? = nil, status: HTTPResponse.Status, context: ParsnipRequestContext
    ) -> Response {
        var quiet = context
        quiet.flash = nil
        return Pages.htmlResponse(
            renderEditorBody(
                mode, draft: draft, base: base, problems: problems, focus: focus, csrfToken: context.csrfToken,
                context: quiet),
            status: status
        )
    }

    func renderEditorBody(
        _ mode: RecipeEditorMode, draft: RecipeDraft, base: EditBase?, problems: [RecipeDraft.Problem] = [],
        focus: EditorFocus? = nil, csrfToken: String, context: ParsnipRequestContext
    ) -> ByteBuffer {
        let page = RecipeEditorPage(
            mode: mode, draft: draft, base: base, problems: problems, focus: focus, csrfToken: csrfToken,
            context: context, now: clock.now(), money: money)
        if case .new = mode { return pages.renderBody(page, template: "recipes/new") }
        return pages.renderBody(page, template: "recipes/edit")
    }
}
