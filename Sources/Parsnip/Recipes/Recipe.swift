import Foundation

/// One recipe, shaped like the seed app's `Recipe` (seed 003), plus its identity and timestamps.
///
/// `id`, `createdAt` and `updatedAt` are nil for a recipe that has not been saved yet, as the seed's
/// `objectId: String?` is: saving a recipe without an id always creates a new one.
struct Recipe: Sendable, Hashable {
    /// The recipe's kind of meal, stored as its raw value (a Parse Number): 0, 1 or 2; `title(in:)` names it.
    enum Category: Int, Sendable, Hashable, CaseIterable {
        case breakfast = 0
        case lunch = 1
        case dinner = 2
    }

    /// The store's objectId, or nil before the first save.
    var id: String?
    /// The recipe's name; never empty once validated.
    var name: String
    /// How many people it serves (1–1,000), or nil when not given.
    var servings: Int?
    /// The price in whole cents, or nil when not given.
    var price: Price?
    /// Whether the recipe is on offer.
    var isAvailable: Bool
    /// Breakfast, lunch or dinner; nil only for recipes written by other clients without one.
    var category: Category?
    /// The ingredients, in the order the cook wants them.
    var ingredients: [Ingredient]
    /// Extra dishes the recipe comes with, in order.
    var sideOptions: [String]
    /// Nutrition facts, name → value, in the order they were entered; names are unique.
    var nutritionalInfo: [NutritionEntry]
    /// The method, one step a paragraph, in order (`steps`, a Parse Array of Strings).
    var steps: [String] = []
    /// The cook's notes (`notes`, a String); empty when there are none.
    var notes: String = ""
    /// Where the recipe comes from: a book or a link (`source`, a String); empty when not said.
    var source: String = ""
    /// The name of the recipe's photo as kept in the database (`photo`, a Parse File); nil without one.
    var photo: String?
    /// The day the recipe became available, or nil when not given.
    var releaseDate: CalendarDate?
    /// When the recipe was first saved; nil before that.
    var createdAt: Date?
    /// When the recipe was last saved; nil before the first save.
    var updatedAt: Date?
    /// The username of the person who saved it last; nil when saved without signing in (or not read).
    var lastChangedBy: String?
    /// Who its ACL lets change or delete it (an app may set one through the Parse API); nil when anyone may.
    var writers: Set<String>? = nil

    init(
        id: String? = nil, name: String, servings: Int? = nil, price: Price? = nil, isAvailable: Bool = false,
        category: Category? = nil, ingredients: [Ingredient] = [], sideOptions: [String] = [],
        nutritionalInfo: [NutritionEntry] = [], releaseDate: CalendarDate? = nil, createdAt: Date? = nil,
        updatedAt: Date? = nil, lastChangedBy: String? = nil
    ) {
        self.id = id
        self.name = name
        self.servings = servings
        self.price = price
        self.isAvailable = isAvailable
        self.category = category
        self.ingredients = ingredients
        self.sideOptions = sideOptions
        self.nutritionalInfo = nutritionalInfo
        self.releaseDate = releaseDate
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastChangedBy = lastChangedBy
    }
}

/// One ingredient: how much, and of what — the seed's `Ingredient { quantity: Float, description: String }`.
struct Ingredient: Sendable, Hashable {
    /// A positive amount, e.g. 0.5 for "½"; 0 for an ingredient without one ("Salt, to taste"), which keeps the
    /// seed's `quantity: Float` a number for every client.
    var quantity: Double
    /// What the amount is of, e.g. "cup of oat milk".
    var description: String
    /// The upper end of a range such as "2–3" (`quantityMax`, a Number above `quantity`); nil for one amount.
    var quantityMax: Double? = nil
    /// An amount in words such as "a pinch" (`amount`, a String), with `quantity` 0; nil when there is none.
    var amount: String? = nil
}

/// One line of nutritional information, e.g. "Calories" → "320 kcal".
struct NutritionEntry: Sendable, Hashable {
    /// The unique name of the fact (a key of the stored Parse Object).
    var name: String
    /// Its value, as text.
    var value: String

}

/// A price held exactly, in whole cents, so 19.99 is always 19.99.
///
/// Stored as the Parse Number `cents / 100`, which is the double nearest to the decimal (IEEE division is
/// correctly rounded), so the stored JSON reads `19.99`; reading rounds back to whole cents.
struct Price: Sendable, Hashable, Comparable {
    /// The amount in hundredths.
    var cents: Int

    init(cents: Int) {
        self.cents = cents
    }

    /// The Parse Number to store.
    var number: Double { Double(cents) / 100 }

    /// The price nearest to a stored Parse Number; nil for numbers that are not finite or not ≥ 0.
    init?(number: Double) {
        guard number.isFinite, number >= 0, number < 1e13 else { return nil }
        self.cents = Int((number * 100).rounded())
    }

    /// "19.99", "5.00", "1234.50": always two decimals, a point, no grouping (the form's own format).
    var text: String {
        let whole = cents / 100
        let fraction = cents % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func < (lhs: Price, rhs: Price) -> Bool { lhs.cents < rhs.cents }
}

extension Recipe {
    /// Who saved the recipe last, and when; nil before its first save.
    var changeStamp: ChangeStamp? { updatedAt.map { ChangeStamp(username: lastChangedBy, at: $0) } }
}
