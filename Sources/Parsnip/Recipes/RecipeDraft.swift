/// What a person typed into the recipe editor, field by field and row by row, before validation.
///
/// Rows are kept exactly as typed (empty ones too) so a form sent back with a problem, or after a row was
/// added, removed or moved, shows everything as it was; `validate()` drops fully empty rows.
struct RecipeDraft: Sendable, Hashable {
    /// One ingredient row as typed.
    struct IngredientRow: Sendable, Hashable {
        var quantity: String
        var description: String

        init(quantity: String = "", description: String = "") {
            self.quantity = quantity
            self.description = description
        }
    }

    /// One nutrition row as typed.
    struct NutritionRow: Sendable, Hashable {
        var name: String
        var value: String

        init(name: String = "", value: String = "") {
            self.name = name
            self.value = value
        }
    }

    var name: String
    /// Servings as typed, e.g. "4"; empty when not given.
    var servings: String
    /// Price as typed, e.g. "3.99", "3,99" or "1.234,50"; empty when not given.
    var price: String
    var isAvailable: Bool
    /// The category's raw value as sent by the select ("0", "1", "2"), or empty.
    var category: String
    /// The release date as typed in its three boxes, kept as `YYYY-M-D` (`DateBoxes.text(of:in:)`), or empty.
    var releaseDate: String
    var ingredients: [IngredientRow]
    var sideOptions: [String]
    var nutrition: [NutritionRow]
    /// The method's steps as typed, one a row.
    var steps: [String] = []
    /// The notes as typed, line breaks kept.
    var notes: String = ""
    /// The source as typed: a book's name or a link.
    var source: String = ""
    /// The preparation time as typed ("20 min", "1 h 20 min", "1:30", "90"); empty when not said.
    var prepTime: String = ""
    /// The cooking time as typed, read like `prepTime`.
    var cookTime: String = ""
    /// The name of the photo the form holds (the stored one, or one chosen in an earlier send of this form and kept
    /// meanwhile); empty for none.
    var photo: String = ""
    /// Why the photo chosen in this send was refused, when it was; the editor shows it beside the photo field.
    var photoProblem: Words?
    /// The language the numbers were typed in: "3,50" is three and a half in every language, "1.500" is 1,500 in
    /// Spanish and one and a half in English. Not a form field: the page's language.
    var language = Language.en
    /// The household's currency (`MoneyFormat`): a price typed with another one's sign ("$3" where prices are in
    /// euros) is refused rather than stored as the wrong amount; nil accepts any sign. Not a form field.
    var money = MoneyFormat.plain

    init(
        name: String = "", servings: String = "", price: String = "", isAvailable: Bool = false,
        category: String = "", releaseDate: String = "", ingredients: [IngredientRow] = [],
        sideOptions: [String] = [], nutrition: [NutritionRow] = []
    ) {
        self.name = name
        self.servings = servings
        self.price = price
        self.isAvailable = isAvailable
        self.category = category
        self.releaseDate = releaseDate
        self.ingredients = ingredients
        self.sideOptions = sideOptions
        self.nutrition = nutrition
    }

    /// The limits the editor states on the page and `validate()` enforces.
    enum Limits {
        static let nameLength = 200
        static let servings = 1...1_000
        /// The highest price, in cents (1,000,000.00).
        static let priceCents = 100_000_000
        static let ingredients = 50
        static let ingredientDescriptionLength = 200
        /// The largest ingredient quantity.
        static let quantity = 100_000.0
        static let sideOptions = 20
        static let sideOptionLength = 100
        static let nutritionEntries = 30
        static let nutritionNameLength = 50
        static let nutritionValueLength = 100
        static let steps = 50
        static let stepLength = 2_000
        static let notesLength = 5_000
        static let sourceLength = 500
        /// The longest preparation or cooking time, in minutes (a week).
        static let minutes = RecipeTime.limit
    }

    /// Where on the form a problem is: a field of the overview, one cell of one row (index as typed, from 0),
    /// or a whole section.
    enum Field: Sendable, Hashable {
        case name, servings, price, isAvailable, category, releaseDate, prepTime, cookTime
        case ingredientQuantity(Int)
        case ingredientDescription(Int)
        case sideOption(Int)
        case nutritionName(Int)
        case nutritionValue(Int)
        case step(Int)
        /// The section as a whole (e.g. too many rows).
        case ingredients, sideOptions, nutrition, steps
        case notes, source, photo
    }

    /// One problem with one field or row, in the words shown to the person.
    struct Problem: Sendable, Hashable {
        var field: Field
        /// What is wrong and what to do, e.g. "Servings must be a whole number, like 4", said in the page's
        /// language.
        var message: Words

    }

    /// The outcome of checking a draft.
    enum Validation: Sendable, Hashable {
        /// The recipe to store (id and timestamps nil); empty rows dropped, text cleaned.
        case valid(Recipe)
        /// Every problem, in the order the fields appear on the page.
        case invalid([Problem])
    }

    /// Which section a row button acts on.
    enum Section: String, Sendable, Hashable, CaseIterable {
        case ingredient, side, nutrition, step
    }

    /// What a row button asks for (the `row-action` field of the form).
    enum RowAction: Sendable, Hashable {
        case add(Section)
        case remove(Section, Int)
        case moveUp(Section, Int)
        case moveDown(Section, Int)
    }
}
