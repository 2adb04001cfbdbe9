/// What a person typed into the recipe editor, field by field and row by row, before validation.
///
/// Rows are kept exactly as typed (empty ones too) so a form sent back with a problem, or after a row was
/// added, removed or moved, shows everything as it was; `validate()` drops fully empty rows.
public struct RecipeDraft: Sendable, Hashable {
    /// One ingredient row as typed.
    public struct IngredientRow: Sendable, Hashable {
        public var quantity: String
        public var description: String

        public init(quantity: String = "", description: String = "") {
            self.quantity = quantity
            self.description = description
        }
    }

    /// One nutrition row as typed.
    public struct NutritionRow: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String = "", value: String = "") {
            self.name = name
            self.value = value
        }
    }

    public var name: String
    /// Servings as typed, e.g. "4"; empty when not given.
    public var servings: String
    /// Price as typed, e.g. "3.99" or "3,99"; empty when not given.
    public var price: String
    public var isAvailable: Bool
    /// The category's raw value as sent by the select ("0", "1", "2"), or empty.
    public var category: String
    /// The release date as sent by the date input (`YYYY-MM-DD`), or empty.
    public var releaseDate: String
    public var ingredients: [IngredientRow]
    public var sideOptions: [String]
    public var nutrition: [NutritionRow]
    /// The method's steps as typed, one a row.
    public var steps: [String] = []
    /// The notes as typed, line breaks kept.
    public var notes: String = ""
    /// The source as typed: a book's name or a link.
    public var source: String = ""
    /// The name of the photo the form holds (the stored one, or one chosen in an earlier send of this form and kept
    /// meanwhile); empty for none.
    public var photo: String = ""
    /// Why the photo chosen in this send was refused, when it was; the editor shows it beside the photo field.
    public var photoProblem: String?

    public init(
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
    public enum Limits {
        public static let nameLength = 200
        public static let servings = 1...1_000
        /// The highest price, in cents (1,000,000.00).
        public static let priceCents = 100_000_000
        public static let ingredients = 50
        public static let ingredientDescriptionLength = 200
        /// The largest ingredient quantity.
        public static let quantity = 100_000.0
        public static let sideOptions = 20
        public static let sideOptionLength = 100
        public static let nutritionEntries = 30
        public static let nutritionNameLength = 50
        public static let nutritionValueLength = 100
        public static let steps = 50
        public static let stepLength = 2_000
        public static let notesLength = 5_000
        public static let sourceLength = 500
    }

    /// Where on the form a problem is: a field of the overview, one cell of one row (index as typed, from 0),
    /// or a whole section.
    public enum Field: Sendable, Hashable {
        case name, servings, price, isAvailable, category, releaseDate
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
    public struct Problem: Sendable, Hashable {
        public var field: Field
        /// What is wrong and what to do, e.g. "Servings must be a whole number, like 4".
        public var message: String

        public init(field: Field, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// The outcome of checking a draft.
    public enum Validation: Sendable, Hashable {
        /// The recipe to store (id and timestamps nil); empty rows dropped, text cleaned.
        case valid(Recipe)
        /// Every problem, in the order the fields appear on the page.
        case invalid([Problem])
    }

    /// Which section a row button acts on.
    public enum Section: String, Sendable, Hashable, CaseIterable {
        case ingredient, side, nutrition, step
    }

    /// What a row button asks for (the `row-action` field of the form).
    public enum RowAction: Sendable, Hashable {
        case add(Section)
        case remove(Section, Int)
        case moveUp(Section, Int)
        case moveDown(Section, Int)
    }
}
