/// Cook mode: one step of the method at a time in large text, "Step 2 of 5", Previous and Next, and the
/// ingredients (scaled as the recipe page was) a tap away.
struct RecipeCookPage: Sendable {
    let page: PageChrome
    let name: String
    /// The recipe's own page, keeping the servings.
    let recipeURL: String
    /// "Step 2 of 5"; nil for a recipe without a method.
    let positionLine: String?
    /// The step shown; nil for a recipe without a method.
    let stepText: String?
    let previousURL: String?
    let nextURL: String?
    let ingredients: [ShownIngredient]
    let hasIngredients: Bool
    /// The ingredients start open on the first step (what to get out), folded after.
    let ingredientsOpen: Bool
    /// "Quantities for 8 servings; the recipe is for 4."; nil while unscaled.
    let scaledLine: String?

    /// Step `step` (from 1; brought within the method) of `recipe`, its ingredients scaled by `scale`.
    init(recipe: Recipe, step: Int, scale: RecipeScale?, page: PageChrome) {
        let language = page.language
        let id = recipe.id ?? ""
        let count = recipe.steps.count
        let number = min(max(step, 1), max(count, 1))
        let servings = scale.map { "servings=\($0.servings)&" } ?? ""
        func url(_ step: Int) -> String { "/recipes/\(id)/cook?\(servings)step=\(step)" }
        self.page = page
        name = recipe.name
        recipeURL = "/recipes/\(id)" + (scale.map { "?servings=\($0.servings)" } ?? "")
        positionLine =
            count == 0 ? nil : language.text("recipes.cook.position", counts: ["number": number, "total": count])
        stepText = count == 0 ? nil : recipe.steps[number - 1]
        previousURL = number > 1 ? url(number - 1) : nil
        nextURL = number < count ? url(number + 1) : nil
        ingredients = recipe.ingredients.map { ShownIngredient($0, scale: scale, in: language) }
        hasIngredients = !recipe.ingredients.isEmpty
        ingredientsOpen = number == 1
        scaledLine = scale.map {
            language.text("recipes.show.scaledLine", counts: ["servings": $0.servings, "base": $0.base])
        }
    }
}
