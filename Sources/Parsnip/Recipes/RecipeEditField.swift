/// One field of the recipe editor as a save merges it: its key in `_base` and `_pick_<key>`, its label, its
/// token and its value as lines of text (for the conflict page).
///
/// Every token is computed from the recipe's form text, cleaned and read the way a save reads what was typed
/// (`RecipeDraft(recipe:)` then the draft's own parsers), so a field nobody touched gives the same token loaded,
/// typed and stored — even for values another Parse client stored untidily.
enum RecipeEditField: String, CaseIterable, Sendable, EditableField {
    typealias Record = Recipe

    case name, servings, price, isAvailable, category, releaseDate, ingredients, steps, sideOptions, nutritionalInfo
    case notes, source, photo, prepMinutes, cookMinutes

    /// The key `_base` and the conflict page use.
    var key: String { rawValue }

    /// The field's name as the editor labels it.
    var label: String {
        switch self {
        case .name: "Name"
        case .servings: "Servings"
        case .price: "Price"
        case .isAvailable: "Available"
        case .category: "Category"
        case .releaseDate: "Release date"
        case .ingredients: "Ingredients"
        case .sideOptions: "Side options"
        case .nutritionalInfo: "Nutritional information"
        case .steps: "Method"
        case .notes: "Notes"
        case .source: "Source"
        case .photo: "Photo"
        case .prepMinutes: "Preparation time"
        case .cookMinutes: "Cooking time"
        }
    }

    /// The field's name as the editor labels it in `language`.
    func label(in language: Language) -> String {
        switch self {
        case .name: language.text("recipes.field.name")
        case .servings: language.text("recipes.field.servings")
        case .price: language.text("recipes.field.price")
        case .isAvailable: language.text("recipes.field.available")
        case .category: language.text("recipes.field.category")
        case .releaseDate: language.text("recipes.field.releaseDate")
        case .ingredients: language.text("recipes.field.ingredients")
        case .sideOptions: language.text("recipes.field.sideOptions")
        case .nutritionalInfo: language.text("recipes.field.nutrition")
        case .steps: language.text("recipes.field.method")
        case .notes: language.text("recipes.field.notes")
        case .source: language.text("recipes.field.source")
        case .photo: language.text("recipes.field.photo")
        case .prepMinutes: language.text("recipes.field.prepTime")
        case .cookMinutes: language.text("recipes.field.cookTime")
        }
    }

    /// Ingredients, side options and nutrition are rows: the history lists the rows added and removed.
    var isList: Bool { self == .ingredients || self == .steps || self == .sideOptions || self == .nutritionalInfo }

    /// The tokens of every field of `recipe`: what an edit form loaded from it carries as `_base`.
    static func tokens(of recipe: Recipe) -> [String: String] {
        let draft = RecipeDraft(recipe: recipe)
        return Dictionary(uniqueKeysWithValues: allCases.map { ($0.key, $0.token(of: draft)) })
    }

    /// The edit base of a stored recipe: its version and the token of every field.
    static func base(of recipe: Recipe) -> EditBase {
        EditBase(version: recipe.updatedAt.map(EditBase.version(of:)) ?? 0, fields: tokens(of: recipe))
    }

    /// This field's token in `recipe`.
    func token(of recipe: Recipe) -> String { token(of: RecipeDraft(recipe: recipe)) }

    /// This field's token in a draft: the fingerprint of its canonical text.
    func token(of draft: RecipeDraft) -> String { FieldFingerprint.of(canonicalText(of: draft)) }

    /// The field's text as a save would store it, numbers read as the draft's language writes them; text that does
    /// not parse (typed wrong, or stored untidily by another client) is kept cleaned, so it still compares equal
    /// with itself.
    func canonicalText(of draft: RecipeDraft) -> String {
        let clean = RecipeDraft.cleaned
        let language = draft.language
        switch self {
        case .name: return clean(draft.name)
        case .servings:
            let text = clean(draft.servings)
            return Int(TypedNumber.plain(text, in: language)).map(String.init) ?? text
        case .price:
            let typed = clean(draft.price)
            let text = PriceSign.split(typed)?.number ?? typed
            if case .success(let price) = Price.parse(text, in: language) { return String(price.cents) }
            return typed
        case .isAvailable: return draft.isAvailable ? "true" : "false"
        case .category: return clean(draft.category)
        case .releaseDate: return CalendarDate(iso: clean(draft.releaseDate))?.iso ?? clean(draft.releaseDate)
        case .ingredients:
            let rows = draft.ingredients.map { [clean($0.quantity), clean($0.description)] }
                .filter { $0 != ["", ""] }
                .map { [IngredientLine.amount($0[0], in: language).map(IngredientText.canonical) ?? $0[0], $0[1]] }
            return FieldFingerprint.canonical(rows: rows)
        case .sideOptions:
            return FieldFingerprint.canonical(rows: draft.sideOptions.map { [clean($0)] }.filter { $0 != [""] })
        case .nutritionalInfo:
            let rows = draft.nutrition.map { [clean($0.name), clean($0.value)] }.filter { $0 != ["", ""] }
            return FieldFingerprint.canonical(rows: rows)
        case .steps:
            return FieldFingerprint.canonical(rows: draft.steps.map { [clean($0)] }.filter { $0 != [""] })
        case .notes: return TextCleaning.clean(draft.notes, keepLineBreaks: true)
        case .source: return clean(draft.source)
        case .photo: return draft.photo
        case .prepMinutes: return RecipeTime.minutes(clean(draft.prepTime)).map(String.init) ?? clean(draft.prepTime)
        case .cookMinutes: return RecipeTime.minutes(clean(draft.cookTime)).map(String.init) ?? clean(draft.cookTime)
        }
    }

    /// The field's value in `recipe` as the conflict page lists it: one line per row ("2 cups of flour",
    /// "Calories: 320 kcal"); no lines for an empty field.
    func lines(of recipe: Recipe) -> [String] { lines(of: recipe, in: .en) }

    /// The lines in `language`: its words for yes, no and the category, its decimal mark in prices and
    /// quantities, its way of writing a day.
    func lines(of recipe: Recipe, in language: Language) -> [String] {
        switch self {
        case .name: [recipe.name]
        case .servings: recipe.servings.map { [String($0)] } ?? []
        case .price: recipe.price.map { [$0.text(in: language)] } ?? []
        case .isAvailable: [RecipeWords.availability(recipe.isAvailable, in: language)]
        case .category: recipe.category.map { [$0.title(in: language)] } ?? []
        case .releaseDate: recipe.releaseDate.map { [LocalFormats.day($0, in: language)] } ?? []
        case .ingredients: recipe.ingredients.map { IngredientText.line($0, in: language) }
        case .sideOptions: recipe.sideOptions
        case .nutritionalInfo: recipe.nutritionalInfo.map { "\($0.name): \($0.value)" }
        case .steps: recipe.steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
        case .notes: recipe.notes.isEmpty ? [] : recipe.notes.split(separator: "\n").map(String.init)
        case .source: recipe.source.isEmpty ? [] : [recipe.source]
        case .photo: recipe.photo.map { [PhotoUpload.shownName($0)] } ?? []
        case .prepMinutes: recipe.prepMinutes.map { [RecipeTime.text($0, in: language)] } ?? []
        case .cookMinutes: recipe.cookMinutes.map { [RecipeTime.text($0, in: language)] } ?? []
        }
    }

    /// `target` with this field's value copied from `source`.
    func copy(from source: Recipe, into target: inout Recipe) {
        switch self {
        case .name: target.name = source.name
        case .servings: target.servings = source.servings
        case .price: target.price = source.price
        case .isAvailable: target.isAvailable = source.isAvailable
        case .category: target.category = source.category
        case .releaseDate: target.releaseDate = source.releaseDate
        case .ingredients: target.ingredients = source.ingredients
        case .sideOptions: target.sideOptions = source.sideOptions
        case .nutritionalInfo: target.nutritionalInfo = source.nutritionalInfo
        case .steps: target.steps = source.steps
        case .notes: target.notes = source.notes
        case .source: target.source = source.source
        case .photo: target.photo = source.photo
        case .prepMinutes: target.prepMinutes = source.prepMinutes
        case .cookMinutes: target.cookMinutes = source.cookMinutes
        }
    }
}
