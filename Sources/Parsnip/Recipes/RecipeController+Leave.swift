import Hummingbird

/// Leaving the recipe editor by "Previous recipe", "Next recipe" or "Reload" without JavaScript: straight on when
/// nothing typed differs from what the editor was loaded with, else the question whether to save, discard or stay.
extension RecipeController {
    /// The posted field naming where the person was going (a path on this site). The editor's step buttons send it,
    /// the question carries it, and "Update recipe" goes there after saving instead of to the recipe's page.
    static var leaveTargetField: String { "leave-to" }

    /// POST /recipes/:id/leave — 303 to `leave-to` when the typed form equals what the editor was loaded with;
    /// else 200 with "You have changes to “Soup” that are not saved" and Save changes, Discard changes and Stay,
    /// everything typed kept in hidden fields. 400 without the loaded version and tokens.
    @Sendable func leave(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let base = try EditBase(form: context.form)
        let draft = try await postedDraft(context)
        let target = SafeRedirect.safeNext(context.form[Self.leaveTargetField])
        let changed = RecipeEditField.changed(in: draft, since: base)
        guard !changed.isEmpty else { return Response(status: .seeOther, headers: [.location: target]) }
        // The recipe as people know it; when it was deleted meanwhile, the name as typed.
        let stored = try await repository.find(id: id)?.recipe.name ?? RecipeDraft.cleaned(draft.name)
        let page = UnsavedChangesPage(
            thing: "recipe", name: stored.isEmpty ? nil : stored,
            changedLabels: changed.map { $0.label(in: context.language) },
            destination: try await destination(of: target, leaving: id, in: context.language),
            action: "/recipes/\(id)/leave", target: target,
            targetField: Self.leaveTargetField, form: context.form, saveAction: "/recipes/\(id)",
            stayAction: "/recipes/\(id)/edit", context: context, excluding: ["row-action"])
        return pages.render(page, template: "unsaved-changes")
    }

    /// What going on to `target` does, in words that finish "then …": "loads the saved recipe again" for this
    /// recipe's own editor (Reload), "opens “Pancakes”" for another recipe's.
    private func destination(of target: String, leaving id: String, in language: Language) async throws -> String {
        if target == "/recipes/\(id)/edit" { return language.text("recipes.leave.reloads") }
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 4, parts[1] == "recipes", parts[3] == "edit", ObjectIdentifierText.isValid(String(parts[2])),
            let other = try await repository.find(id: String(parts[2]))
        {
            return language.text("recipes.leave.opens", ["name": other.recipe.name])
        }
        return language.text("recipes.leave.goesOn")
    }
}
