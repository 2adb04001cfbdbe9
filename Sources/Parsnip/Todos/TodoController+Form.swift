import Foundation
import Hummingbird

/// The to-do form's pages: add, edit (merging or asking on a conflict), a to-do deleted while its form was open,
/// and delete.
extension TodoController {
    // MARK: Add

    /// GET /todos/new — the empty form.
    @Sendable func new(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        return await renderForm(.add, draft: TodoDraft(title: "", description: ""), problems: [], context: context)
    }

    /// POST /todos — saves and answers 303 to the list, or 422 with the form as typed (503/507 when the database
    /// could not take it).
    /// The quick-add box at the top of the list sends `quick=1` and the list's address (`back`): the person goes
    /// back to that list, or, when something is wrong, to the whole form with what they typed.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        var draft = try self.draft(from: context.form, language: context.language)
        try await checkWho(&draft, keeping: nil)
        let problems = draft.problems
        guard problems.isEmpty else {
            return await renderForm(.add, draft: draft, problems: problems, context: context)
        }
        let back = context.form["quick"] == "1" ? TodoListAddress.safeReturn(context.form["back"]) : "/todos"
        return try await context.saving {
            let item = try await repository.create(draft, by: context.user)
            return Flash.redirect(
                to: back, message: context.language.text("todos.flash.added", ["title": item.title]))
        } orShowingAgain: { context in
            await renderForm(.add, draft: draft, problems: [], context: context)
        }
    }

    // MARK: Edit

    /// GET /todos/:id/edit — the form filled with the stored to-do, carrying the version it was loaded from.
    @Sendable func edit(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let item = try await findChangeableItem(context)
        let draft = item.draft
        let base = EditBase(updatedAt: item.updatedAt, fields: draft.fingerprints)
        return await renderForm(
            .edit(id: item.id, base: base, lastChange: item.lastChange), draft: draft, problems: [], context: context)
    }

    /// POST /todos/:id — saves (merging another person's changes to other fields) and answers 303 to the list,
    /// 422 with the form as typed, or 409 with the fields both people changed to choose between (503/507 with the
    /// form as typed, and the version it was loaded with, when the database could not take it).
    @Sendable func update(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        var draft = try self.draft(from: context.form, language: context.language)
        if !draft.who.isEmpty {
            // A name no longer in the household may stay on the to-do that already has it.
            try await checkWho(&draft, keeping: try await repository.find(id: id)?.assignee)
        }
        let base: EditBase
        do {
            base = try EditBase(form: context.form)
        } catch {
            // A to-do that is not there is a 404 whatever the form lacks.
            _ = try await findItem(context)
            throw error
        }
        let problems = draft.problems
        guard problems.isEmpty else {
            guard let item = try await repository.find(id: id) else {
                return try await renderDeleted(id: id, draft: draft, problems: problems, context: context)
            }
            return await renderForm(
                .edit(id: id, base: base, lastChange: item.lastChange), draft: draft, problems: problems,
                context: context)
        }
        return try await context.saving {
            try await saveEdit(id: id, draft: draft, base: base, context: context)
        } orShowingAgain: { context in
            guard let item = try await repository.find(id: id) else {
                return try await renderDeleted(id: id, draft: draft, problems: [], context: context)
            }
            return await renderForm(
                .edit(id: id, base: base, lastChange: item.lastChange), draft: draft, problems: [], context: context)
        }
    }

    /// Saves a valid edit and answers 303 to the list, or 409 with the conflict page.
    private func saveEdit(id: String, draft: TodoDraft, base: EditBase, context: ParsnipRequestContext) async throws
        -> Response
    {
        let outcome: EditOutcome<TodoListItem>
        do {
            outcome = try await repository.update(
                id: id, with: draft, base: base, choices: EditBase.choices(in: context.form), by: context.user)
        } catch TodoRepositoryError.notFound {
            return try await renderDeleted(id: id, draft: draft, problems: [], context: context)
        }
        switch outcome {
        case .saved(let item, let merged):
            let language = context.language
            guard let merged else {
                return Flash.redirect(to: "/todos", message: language.text("todos.flash.saved", ["title": item.title]))
            }
            // The merge named the fields in the page's language already.
            let change = merged.stamp.sentence(changed: merged.fieldLabels, now: clock.now(), timeZone: timeZone)
            return Flash.redirect(
                to: "/todos",
                message: language.text("todos.flash.savedMerged", ["title": item.title, "change": change]))
        case .conflict(let report):
            let page = ConflictPage(
                report: report, thing: "to-do", form: context.form, base: base, action: "/todos/\(id)",
                cancelURL: "/todos/\(id)/edit", context: context, now: clock.now())
            return pages.render(page, template: "conflict", status: .conflict)
        }
    }

    // MARK: Deleted while editing

    /// POST /todos/:id/restore — "Restore it with my changes" on the form of a to-do deleted while it was being
    /// edited: brings it back from the trash with the typed title and description, in one transaction.
    @Sendable func restoreWithChanges(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let draft = try self.draft(from: context.form, language: context.language)
        let problems = draft.problems
        guard problems.isEmpty else {
            return try await renderDeleted(id: id, draft: draft, problems: problems, context: context)
        }
        return try await context.saving {
            switch try await repository.restore(id: id, with: draft, by: context.user) {
            case .restored(let item):
                return Flash.redirect(
                    to: "/todos", message: context.language.text("todos.flash.restored", ["title": item.title]))
            case .refused(let reason):
                return try await renderDeleted(id: id, draft: draft, problems: [], reason: reason, context: context)
            case .notInTrash:
                if try await repository.find(id: id) != nil {
                    // Someone restored it meanwhile: the ordinary edit form, with what was typed, saves over it.
                    return try await renderDeleted(
                        id: id, draft: draft, problems: [],
                        reason: context.language.text("todos.edit.restoredMeanwhile"),
                        context: context)
                }
                return try await renderDeleted(id: id, draft: draft, problems: [], context: context)
            }
        } orShowingAgain: { context in
            try await renderDeleted(id: id, draft: draft, problems: [], context: context)
        }
    }

    /// The edit form of a to-do deleted while it was open (409): who deleted it, everything typed, and "Save as a
    /// new to-do" — plus "Restore it with my changes" while the trash still has it.
    func renderDeleted(
        id: String, draft: TodoDraft, problems: [TodoDraft.Problem], reason: String? = nil,
        context: ParsnipRequestContext
    ) async throws -> Response {
        let deletion = try await repository.deletion(id: id)
        let language = context.language
        let heading = language.text("todos.edit.heading")
        var page = TodoFormPage(
            page: PageChrome(title: heading, context: context, inTodos: true),
            heading: heading, action: "/todos", csrfToken: context.csrfToken,
            form: TodoFormFields(
                draft: draft, problems: problems, showsDone: true, people: (try? await people()) ?? [], in: language),
            submitLabel: language.text("todos.edit.saveAsNew"),
            deleteURL: nil, version: nil, base: nil, changedBy: nil)
        page.deletedNotice = reason ?? deletion.sentence(thing: "to-do")
        page.restoreAction = reason == nil && deletion.trashId != nil ? "/todos/\(id)/restore" : nil
        page.deletedAdvice =
            page.restoreAction == nil
            ? language.text("todos.edit.keptAsNew") : language.text("todos.edit.keptAsNewOrRestore")
        return pages.render(page, template: "todos/edit", status: problems.isEmpty ? .conflict : .unprocessableContent)
    }

    // MARK: Delete

    /// GET /todos/:id/delete — asks first, naming the to-do.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        return try await renderConfirmDelete(context)
    }

    /// POST /todos/:id/delete — deletes and answers 303 to the list (503/507 with the question again when the
    /// database could not take it).
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await context.saving {
            let deletion = try await repository.delete(id: context.routeObjectId(), by: context.user)
            return Flash.redirect(
                to: "/todos", message: context.language.text("todos.deleted", ["title": deletion.item.title]),
                undo: deletion.trashId)
        } orShowingAgain: { context in
            try await renderConfirmDelete(context)
        }
    }

    /// The question "Delete this to-do?", naming it.
    func renderConfirmDelete(_ context: ParsnipRequestContext) async throws -> Response {
        let item = try await findChangeableItem(context)
        let language = context.language
        let page = TodoDeletePage(
            page: PageChrome(title: language.text("todos.delete.heading"), context: context, inTodos: true),
            title: item.title,
            action: "/todos/\(item.id)/delete",
            csrfToken: context.csrfToken,
            in: language
        )
        return pages.render(page, template: "todos/delete")
    }
}
