/// A recipe page scaled to another number of servings (`?servings=8`): every quantity multiplied by
/// `servings / recipe's servings` and written as a cook would, rounded to a friendly fraction.
struct RecipeScale: Sendable, Hashable {
    /// The servings asked for.
    let servings: Int
    /// The servings the recipe is written for.
    let base: Int

    /// The scale for the query's `servings`, when the recipe states its own servings and the value is a whole
    /// number from 1 to 1,000 other than the recipe's; nil otherwise (the page shows the recipe as written).
    init?(query: String?, base: Int?) {
        guard let query, let base, base > 0, query.utf8.count <= 4, let servings = Int(query),
            RecipeDraft.Limits.servings.contains(servings), servings != base
        else { return nil }
        self.servings = servings
        self.base = base
    }

    /// `quantity` for the asked servings, as the page writes it: "1½", "¾", "2⅓"; rounded to an eighth or a third
    /// below 20, to a whole number above, with "about " when the rounding moved it more than 2%.
    /// Written as `language` writes numbers, "about" in its words ("unos 1,5" in Spanish).
    func text(_ quantity: Double, in language: Language = .en) -> String {
        guard quantity > 0 else { return QuantityText.ingredientText(quantity, in: language) }
        let exact = quantity * Double(servings) / Double(base)
        let friendly = Self.friendly(exact)
        let drift = exact == 0 ? 0 : abs(friendly - exact) / exact
        let written = QuantityText.format(friendly, in: language)
        return drift > 0.02 ? language.text("recipes.show.about", ["quantity": written]) : written
    }

    /// A range for the asked servings: "3–4½", both ends rounded as `text` rounds them, with one "about " in front
    /// when either moved more than 2%; `text` alone without an upper end.
    func text(_ quantity: Double, upTo high: Double?, in language: Language = .en) -> String {
        guard let high, quantity > 0 else { return text(quantity, in: language) }
        let ends = [quantity, high].map { $0 * Double(servings) / Double(base) }
        let friendly = ends.map(Self.friendly)
        let drifted = zip(ends, friendly).contains { abs($1 - $0) / $0 > 0.02 }
        let written = friendly.map { QuantityText.format($0, in: language) }.joined(separator: "–")
        return drifted ? language.text("recipes.show.about", ["quantity": written]) : written
    }

    /// The nearest eighth or third (below 20), or whole number (from 20); never 0 for a positive amount.
    static func friendly(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return value }
        if value >= 20 { return value.rounded() }
        let eighths = (value * 8).rounded() / 8
        let thirds = (value * 3).rounded() / 3
        let nearest = abs(eighths - value) <= abs(thirds - value) ? eighths : thirds
        return nearest > 0 ? nearest : 1.0 / 8
    }
}
