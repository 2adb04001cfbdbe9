/// What every recipe must obey, whoever writes it: a name of at most 200 characters, servings a whole number from 1
/// to 1,000 and a price from 0 to 1,000,000 when given, as the recipe form asks — held for the Parse API, imports,
/// the trash and reverts too.
enum RecipeRules {
    typealias Limits = RecipeDraft.Limits

    static let rules = TextRule.recordRules(
        StoreRecipeRepository.className, thing: "recipe",
        [TextRule(field: "name", label: "name", required: true, maximum: Limits.nameLength)],
        numbers: [
            NumberRule(
                field: "servings", label: "servings",
                range: Double(Limits.servings.lowerBound)...Double(Limits.servings.upperBound), whole: true),
            NumberRule(field: "price", label: "price", range: 0...Double(Limits.priceCents) / 100),
        ])
}
