/// Where "Add ingredients to the to-do list" puts its lines: the to-do list, wired in `App/` (recipes know no
/// to-dos). `add` stores one to-do a title, each linked to the recipe, in one transaction, and answers how many.
struct RecipeShopping: Sendable {
    /// The longest to-do title the to-do list takes.
    let titleLimit: Int
    let add: @Sendable (_ titles: [String], _ recipeId: String, _ user: SignedInUser?) async throws -> Int
    /// The to-do list page, where the flash after adding sends the person.
    var listURL = "/todos"

    /// "Buy 500 g carrots — for Roast parsnips" for each chosen ingredient (indexes into the recipe's), scaled to
    /// `scale`, in the recipe's order; at most `titleLimit` characters each (a long line is shortened with "…").
    static func titles(
        _ recipe: Recipe, chosen: Set<Int>, scale: RecipeScale?, titleLimit: Int, in language: Language
    ) -> [String] {
        recipe.ingredients.enumerated().filter { chosen.contains($0.offset) }.map { _, ingredient in
            let what = IngredientText.line(ingredient, scale: scale, in: language)
            let title = language.text("recipes.shopping.title", ["ingredient": what, "recipe": recipe.name])
            return title.count <= titleLimit ? title : String(title.prefix(titleLimit - 1)) + "…"
        }
    }
}
