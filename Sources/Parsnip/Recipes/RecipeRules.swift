/// What every recipe must obey, whoever writes it: a name of at most 200 characters, servings a whole number from 1
/// to 1,000 and a price from 0 to 1,000,000 when given, as the recipe form asks — held for the Parse API, imports,
/// the trash and reverts too.
enum RecipeRules {
    typealias Limits = RecipeDraft.Limits

    /// "The servings must be a whole number from 1 to 1,000".
    private static let servingsBroken = Words(
        "rules.recipe.servings", counts: ["min": Limits.servings.lowerBound, "max": Limits.servings.upperBound])

    static let rules = TextRule.recordRules(
        StoreRecipeRepository.className,
        [
            TextRule(
                field: "name", maximum: Limits.nameLength, missing: Words("rules.recipe.nameMissing"),
                tooLong: Words("rules.recipe.nameTooLong"))
        ],
        numbers: [
            NumberRule(
                field: "servings", range: Double(Limits.servings.lowerBound)...Double(Limits.servings.upperBound),
                whole: true,
                broken: servingsBroken),
            NumberRule(
                field: "price", range: 0...Double(Limits.priceCents) / 100,
                broken: Words("rules.recipe.price", counts: ["max": Limits.priceCents / 100])),
        ])
}
