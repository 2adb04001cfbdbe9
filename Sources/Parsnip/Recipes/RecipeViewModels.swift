/// The recipe list: filters, count line, one page of the table and the links to the pages around it.
struct RecipeIndexPage: Sendable {
    let page: PageChrome
    /// The search box's text as typed.
    let query: String
    let categoryOptions: [SelectOption]
    let availabilityOptions: [SelectOption]
    let sortOptions: [SelectOption]
    /// True when a search, category or availability filter is on.
    let filtering: Bool
    /// "Filter" or "Filter (1)": the button that opens the filters on a phone.
    let filterButton: String
    /// The list without filters, keeping the sort order.
    let clearFiltersURL: String
    /// "12 recipes" or "3 of 12 recipes match"; nil when nothing matches.
    let countLine: String?
    /// The table's rows, rendered (`partials/recipe-row`, kept by `RenderedPieces`).
    let rows: [RenderedFragment]
    let hasRows: Bool
    /// Shown instead of the table when there is nothing to show.
    let emptyState: EmptyState?
    /// The links to the pages around this one.
    let pages: NumberedPages
    /// False while there are none at all: the page shows only its one action, not search and filters.
    let showsTools: Bool
    /// The table's hidden caption: "Recipes", or "Recipes, Page 2 of 20" when there are several pages.
    let caption: String
}

/// One recipe in the list table, every value already in words ("—" when not given).
struct RecipeTableRow: Sendable, Hashable {
    let name: String
    let url: String
    let category: String
    let servings: String
    let price: String
    let available: String
    let releaseText: String
    /// `2024-05-03` for `<time datetime>`; nil when there is no release date.
    let releaseISO: String?
    /// The photo's small version, shown before the name; nil without a photo.
    let thumbnailURL: String?
    /// The row's second line on a phone, where the other columns are hidden: "Dinner · Serves 4 · €3.99".
    let summary: String
}

/// The way to the recipes before and after this one in the stepping order, and where this one stands.
struct RecipeSteps: Sendable {
    let previousURL: String?
    let nextURL: String?
    /// "Recipe 3 of 12".
    let positionLine: String
}

/// One recipe's own page: its facts, ingredients, side options and nutrition, and the ways onwards.
struct RecipeShowPage: Sendable {
    let page: PageChrome
    let name: String
    /// "Last changed by Ana, 14:02", under the heading.
    let changedBy: String?
    /// "Prep 20 min · Cook 1 h 10 min"; nil when neither time is said.
    let timesLine: String?
    /// The seed's restaurant fields in one small line: "Dinner · €3.99 · Available · Released 3 May 2024", each
    /// left out when not given (the category, the price and the release date).
    let details: RecipeDetails
    let ingredients: [ShownIngredient]
    let hasIngredients: Bool
    /// The servings box: what it holds and where it sends; nil for a recipe without servings.
    var scaler: RecipeScaler? = nil
    /// The cook mode page, keeping the servings asked for.
    var cookURL = ""
    /// "Add ingredients to the to-do list": for those who may change the to-do list, when there are ingredients.
    var shopping: RecipeShoppingForm? = nil
    /// The method's steps, shown numbered.
    let method: [String]
    let hasMethod: Bool
    /// The notes; the page keeps their line breaks. Empty when there are none.
    let notes: String
    let hasNotes: Bool
    /// Where the recipe comes from; nil when not said.
    let source: String?
    /// The source as a link when it is a web address (http or https); nil otherwise.
    let sourceURL: String?
    let sideOptions: [String]
    let hasSideOptions: Bool
    let nutrition: [NutritionLine]
    let hasNutrition: Bool
    let editURL: String
    let deleteURL: String
    /// Whether the Edit and Delete buttons are offered: the person's role and the record's ACL allow it.
    var canChange = true
    /// Said instead, when only the record's ACL stands in the way.
    var readOnlyNote: String? = nil
    /// The recipe's photo; nil without one.
    var photoURL: String? = nil
    /// "Photo of Soup": the photo's text for those who cannot see it.
    var photoAlt = ""
    /// "← All recipes", or "← Back to the list" for a filtered list: the list page the recipe is on.
    var backURL = "/recipes"
    var backLabel = "All recipes"
    /// The list the page was opened from, kept by the servings box (which sends a form of its own).
    var listFields: [HiddenField] = []
    /// The recipe's History page.
    let historyURL: String
    let steps: RecipeSteps
}

/// An ingredient as the recipe page shows it: "1½" and "cups of flour".
struct ShownIngredient: Sendable {
    let quantity: String
    let description: String
    /// False for an ingredient without a quantity ("Salt, to taste"); stored, as templates read only those.
    let hasQuantity: Bool

    init(quantity: String, description: String) {
        self.quantity = quantity
        self.description = description
        hasQuantity = !quantity.isEmpty
    }

    /// `ingredient` as the page shows it, scaled by `scale`: "2–3" and "eggs"; an amount in words as one line
    /// ("a pinch of salt").
    init(_ ingredient: Ingredient, scale: RecipeScale?, in language: Language) {
        if ingredient.amount != nil {
            self.init(quantity: "", description: IngredientText.line(ingredient, in: language))
        } else {
            self.init(
                quantity: IngredientText.quantity(ingredient, scale: scale, in: language),
                description: ingredient.description)
        }
    }
}

/// The recipe page's small line of the seed's restaurant fields, each part nil when not given.
struct RecipeDetails: Sendable {
    let category: String?
    let price: String?
    /// "Available" or "Not available".
    let available: String
    /// "Released " and "" around the day ("3 May 2024"), for `<time datetime="2024-05-03">`.
    let releasedBefore: String
    let releasedAfter: String
    let releaseText: String?
    let releaseISO: String?
}

/// The recipe page's "Add ingredients to the to-do list" form: a checkbox an ingredient, all ticked.
struct RecipeShoppingForm: Sendable {
    let action: String
    let csrfToken: String
    /// The servings the quantities are for (sent back so the to-dos carry the same amounts).
    let servings: Int?
    var choices: [ShoppingChoice]
    /// Shown open: the form came back because its to-dos could not be added (the database was busy).
    var isOpen = false

    /// The form as it was sent: open, with only the ingredients at `chosen` ticked.
    mutating func keep(_ chosen: Set<Int>) {
        isOpen = true
        for index in choices.indices { choices[index].checked = chosen.contains(choices[index].index) }
    }
}

/// One ingredient to tick for the to-do list: "500 g carrots".
struct ShoppingChoice: Sendable {
    let index: Int
    let text: String
    /// Ticked: every ingredient is, until a form sent back says otherwise.
    var checked = true
}

/// The recipe page's "Servings" box, which rescales the ingredients (`?servings=8`, no script needed).
struct RecipeScaler: Sendable {
    let action: String
    /// The servings shown: asked for, or the recipe's own.
    let servings: Int
    /// "Quantities for 8 servings; the recipe is for 4."; nil while unscaled.
    let scaledLine: String?
    /// The page as written, while scaled.
    let resetURL: String?
}

/// A nutrition entry as the recipe page shows it.
struct NutritionLine: Sendable {
    let name: String
    let value: String
}

/// The delete confirmation page, naming the recipe that will be lost.
struct RecipeDeletePage: Sendable {
    let page: PageChrome
    let name: String
    /// The name in the language's quotation marks: “Soup”.
    let quotedName: String
    /// "You are about to delete " and " with its ingredients…": the question's sentence around the name.
    let leadBefore: String
    let leadAfter: String
    let action: String
    let csrfToken: String
    let cancelURL: String
}
