import ParseStore

/// What every recipe must obey, whoever writes it: a name of at most 200 characters, servings a whole number from 1
/// to 1,000, a price from 0 to 1,000,000, preparation and cooking times whole minutes up to a week when given, and
/// ingredients whose range ends (`quantityMax`) lie above their quantity and whose amounts in words (`amount`) are
/// short text, as the recipe form asks — held for the Parse API, imports, the trash and reverts too.
enum RecipeRules {
    typealias Limits = RecipeDraft.Limits

    /// "The servings must be a whole number from 1 to 1,000".
    private static let servingsBroken = Words(
        "rules.recipe.servings", counts: ["min": Limits.servings.lowerBound, "max": Limits.servings.upperBound])

    static let rules = RecordRules(watched: [StoreRecipeRepository.className]) { check in
        try fieldRules.check(check)
            + check.changed(StoreRecipeRepository.className).flatMap { id -> [RuleBreak] in
                guard let object = try check.object(StoreRecipeRepository.className, id) else { return [] }
                return ingredientBreaks(object)
            }
    }

    /// What the ingredients of `object` break: a `quantityMax` that is not a number above the quantity and at
    /// most 100,000, or an `amount` that is not text of at most `IngredientLine.wordsLength` characters.
    static func ingredientBreaks(_ object: ParseObject) -> [RuleBreak] {
        let record = RecordReference(className: object.className, objectId: object.objectId)
        var breaks: [RuleBreak] = []
        for case .object(let members) in object["ingredients"]?.arrayValue ?? [] {
            if let high = members["quantityMax"], high != .null {
                let low = members["quantity"]?.numberValue ?? 0
                if !(high.numberValue.map { $0.isFinite && $0 > low && $0 <= Limits.quantity } ?? false) {
                    let words = Words("rules.recipe.quantityMax", counts: ["max": Int(Limits.quantity)])
                    breaks.append(RuleBreak(kind: .invalid, record: record, field: "ingredients", message: words))
                }
            }
            if let words = members["amount"], words != .null {
                if !(words.stringValue.map { !$0.isEmpty && $0.count <= IngredientLine.wordsLength } ?? false) {
                    let message = Words("rules.recipe.amount", counts: ["max": IngredientLine.wordsLength])
                    breaks.append(RuleBreak(kind: .invalid, record: record, field: "ingredients", message: message))
                }
            }
        }
        return breaks
    }

    /// The name, servings, price and times.
    static let fieldRules = TextRule.recordRules(
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
            NumberRule(
                field: "prepMinutes", range: 0...Double(Limits.minutes), whole: true,
                broken: Words("rules.recipe.minutes", counts: ["max": Limits.minutes])),
            NumberRule(
                field: "cookMinutes", range: 0...Double(Limits.minutes), whole: true,
                broken: Words("rules.recipe.minutes", counts: ["max": Limits.minutes])),
        ])
}
