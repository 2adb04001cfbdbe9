/// The recipe editor's words that carry a number, said once per page in its language: the hints stating the limits,
/// and each section's row words cut around the row number (which the script renumbers as rows move).
struct RecipeEditorWords: Sendable {
    /// "Up to 200 characters."
    let nameHint: String
    /// "A whole number from 1 to 1,000."
    let servingsHint: String
    let ingredientsHint: String
    let methodHint: String
    let sideOptionsHint: String
    let nutritionHint: String
    let notesHint: String
    let ingredient: RecipeRowWords
    let step: RecipeRowWords
    let sideOption: RecipeRowWords
    let nutrition: RecipeRowWords

    init(language: Language) {
        typealias Limits = RecipeDraft.Limits
        let number = ["number": SplitWords.marker]
        nameHint = language.text("recipes.editor.nameHint", counts: ["max": Limits.nameLength])
        let servings = ["min": Limits.servings.lowerBound, "max": Limits.servings.upperBound]
        servingsHint = language.text("recipes.editor.servingsHint", counts: servings)
        let ingredients = ["limit": Limits.ingredients, "length": Limits.ingredientDescriptionLength]
        ingredientsHint = language.text("recipes.editor.ingredientsHint", counts: ingredients)
        let steps = ["limit": Limits.steps, "length": Limits.stepLength]
        methodHint = language.text("recipes.editor.methodHint", counts: steps)
        let sides = ["limit": Limits.sideOptions, "length": Limits.sideOptionLength]
        sideOptionsHint = language.text("recipes.editor.sideOptionsHint", counts: sides)
        let entries = [
            "limit": Limits.nutritionEntries, "nameLength": Limits.nutritionNameLength,
            "valueLength": Limits.nutritionValueLength,
        ]
        nutritionHint = language.text("recipes.editor.nutritionHint", counts: entries)
        notesHint = language.text("recipes.editor.notesHint", counts: ["length": Limits.notesLength])
        ingredient = RecipeRowWords(
            label: SplitWords(language.text("recipes.row.ofIngredient", number)),
            moveUp: SplitWords(language.text("recipes.row.moveIngredientUp", number)),
            moveDown: SplitWords(language.text("recipes.row.moveIngredientDown", number)),
            remove: SplitWords(language.text("recipes.row.removeIngredient", number)))
        step = RecipeRowWords(
            label: SplitWords(language.text("recipes.row.step", number)),
            moveUp: SplitWords(language.text("recipes.row.moveStepUp", number)),
            moveDown: SplitWords(language.text("recipes.row.moveStepDown", number)),
            remove: SplitWords(language.text("recipes.row.removeStep", number)))
        sideOption = RecipeRowWords(
            label: SplitWords(language.text("recipes.row.sideOption", number)),
            moveUp: SplitWords(language.text("recipes.row.moveSideOptionUp", number)),
            moveDown: SplitWords(language.text("recipes.row.moveSideOptionDown", number)),
            remove: SplitWords(language.text("recipes.row.removeSideOption", number)))
        nutrition = RecipeRowWords(
            label: SplitWords(language.text("recipes.row.ofNutrition", number)),
            moveUp: SplitWords(language.text("recipes.row.moveNutritionUp", number)),
            moveDown: SplitWords(language.text("recipes.row.moveNutritionDown", number)),
            remove: SplitWords(language.text("recipes.row.removeNutrition", number)))
    }
}

/// One section's row words around the row number: "Step ", "Move step ", " up", " step ".
struct RecipeRowWords: Sendable {
    /// The row's label ("Step 2", "Side option 2"), or the hidden words after a cell's label (" of ingredient 2").
    let label: SplitWords
    let moveUp: SplitWords
    let moveDown: SplitWords
    /// The hidden words after "Remove": " ingredient 2".
    let remove: SplitWords
}
