/// What every recipe must obey, whoever writes it: a name of at most 200 characters, as the recipe form asks — held
/// for the Parse API, imports, the trash and reverts too.
enum RecipeRules {
    static let rules = TextRule.recordRules(
        StoreRecipeRepository.className, thing: "recipe",
        [TextRule(field: "name", label: "name", required: true, maximum: RecipeDraft.Limits.nameLength)])
}
