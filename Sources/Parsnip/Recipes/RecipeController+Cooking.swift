import Foundation
import Hummingbird

/// Cook mode (one step at a time, large) and "Add ingredients to the to-do list", both from a recipe's page.
extension RecipeController {
    /// GET /recipes/:id/cook — step `step` (from 1) of the method in large text, with Previous and Next links and
    /// the ingredients scaled to `servings`; works without JavaScript (which only keeps the screen on).
    @Sendable func cook(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let fields = try FormFields(query: request.uri.query)
        let recipe = try await findRecipe(id).recipe
        let scale = RecipeScale(query: fields["servings"], base: recipe.servings)
        let step = fields["step"].flatMap { $0.utf8.count <= 4 ? Int($0) : nil } ?? 1
        let title = context.language.text("recipes.cook.title", ["name": recipe.name])
        let page = PageChrome(title: title, context: context, inRecipes: true)
        return pages.render(
            RecipeCookPage(recipe: recipe, step: step, scale: scale, page: page), template: "recipes/cook")
    }

    /// POST /recipes/:id/shopping — one to-do a ticked ingredient (`ingredient`, indexes), scaled to `servings`,
    /// linked to the recipe, all in one transaction; then the to-do list with "Added 5 to-dos to the list."
    @Sendable func shop(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let shopping else { throw PageError.notFound }
        let id = try context.routeObjectId()
        let recipe = try await findRecipe(id).recipe
        let form = context.form
        var chosen: Set<Int> = []
        for value in form.values("ingredient") {
            guard let index = RowIndex.parse(Substring(value)) else { throw PageError.badRequest("a bad ingredient") }
            chosen.insert(index)
        }
        let language = context.language
        let back = "/recipes/\(id)"
        guard !chosen.isEmpty else {
            return Flash.refusal(to: back + "#ingredients", message: language.text("recipes.shopping.noneChosen"))
        }
        let scale = RecipeScale(query: form["servings"], base: recipe.servings)
        let titles = RecipeShopping.titles(
            recipe, chosen: chosen, scale: scale, titleLimit: shopping.titleLimit, in: language)
        return try await context.saving {
            let added = try await shopping.add(titles, id, context.user)
            return Flash.redirect(
                to: shopping.listURL, message: language.text("recipes.shopping.added", counts: ["count": added]))
        } orShowingAgain: { context in
            // The recipe page with this form open as it was sent: the same servings, the same ticks.
            let found = try await findRecipe(id)
            var shown = RecipeShowPage(
                found: found, page: PageChrome(title: found.recipe.name, context: context, inRecipes: true),
                now: clock.now(), scale: scale, pageSize: pageSize, money: money, shoppingToken: context.csrfToken)
            shown.shopping?.keep(chosen)
            return pages.render(shown, template: "recipes/show")
        }
    }
}
