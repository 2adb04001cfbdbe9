/// An ingredient as the pages, the conflict page and the to-do list write it: "1½ cups of flour", "2–3 eggs",
/// "a pinch of salt" — scaled to other servings when a scale is given (ranges as ranges, words as they are).
enum IngredientText {
    /// The quantity part: "1½", "2–3", "a pinch"; empty for an ingredient without one.
    static func quantity(_ ingredient: Ingredient, scale: RecipeScale? = nil, in language: Language) -> String {
        if let words = ingredient.amount { return words }
        guard ingredient.quantity > 0 else { return "" }
        if let scale {
            let high = ingredient.quantityMax.flatMap { $0 > ingredient.quantity ? $0 : nil }
            return scale.text(ingredient.quantity, upTo: high, in: language)
        }
        let low = QuantityText.format(ingredient.quantity, in: language)
        guard let high = ingredient.quantityMax, high > ingredient.quantity else { return low }
        return low + "–" + QuantityText.format(high, in: language)
    }

    /// The whole line: "2–3 eggs", "1½ cups of flour", "a pinch of salt" ("{amount} of {description}" in the
    /// language's words), or the description alone.
    static func line(_ ingredient: Ingredient, scale: RecipeScale? = nil, in language: Language) -> String {
        if let words = ingredient.amount {
            return language.text("recipes.show.amountOf", ["amount": words, "description": ingredient.description])
        }
        let amount = quantity(ingredient, scale: scale, in: language)
        return amount.isEmpty ? ingredient.description : amount + " " + ingredient.description
    }

    /// The form of an amount two saves compare: "1.5", "2-3", or the words.
    static func canonical(_ amount: IngredientLine.Amount) -> String {
        if let words = amount.words { return words }
        let low = QuantityText.format(amount.quantity)
        return amount.quantityMax.map { low + "-" + QuantityText.format($0) } ?? low
    }
}
