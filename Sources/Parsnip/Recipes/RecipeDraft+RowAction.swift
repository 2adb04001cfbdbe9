/// The row buttons: their form values (`ingredient-add`, `side-2-up`…) and what they do to a draft.
extension RecipeDraft.RowAction {
    /// The action a `row-action` value names; nil for anything else (including indexes above 999).
    init?(_ formValue: String) {
        let parts = formValue.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, let section = RecipeDraft.Section(rawValue: String(first)) else { return nil }
        if parts.count == 2, parts[1] == "add" {
            self = .add(section)
            return
        }
        guard parts.count == 3, let index = RowIndex.parse(parts[1]) else { return nil }
        switch parts[2] {
        case "remove": self = .remove(section, index)
        case "up": self = .moveUp(section, index)
        case "down": self = .moveDown(section, index)
        default: return nil
        }
    }

    /// The value of the button that asks for this action.
    var formValue: String {
        switch self {
        case .add(let section): "\(section.rawValue)-add"
        case .remove(let section, let index): "\(section.rawValue)-\(index)-remove"
        case .moveUp(let section, let index): "\(section.rawValue)-\(index)-up"
        case .moveDown(let section, let index): "\(section.rawValue)-\(index)-down"
        }
    }
}

extension RecipeDraft.Section {
    /// The most rows the section may have.
    var rowLimit: Int {
        switch self {
        case .ingredient: RecipeDraft.Limits.ingredients
        case .side: RecipeDraft.Limits.sideOptions
        case .nutrition: RecipeDraft.Limits.nutritionEntries
        case .step: RecipeDraft.Limits.steps
        }
    }

    /// The field that stands for the whole section (where "too many rows" is shown).
    var field: RecipeDraft.Field {
        switch self {
        case .ingredient: .ingredients
        case .side: .sideOptions
        case .nutrition: .nutrition
        case .step: .steps
        }
    }

    /// "A recipe can have at most 50 ingredients".
    var tooManyRowsMessage: Words {
        switch self {
        case .ingredient: Words("recipes.problem.tooManyIngredients", counts: ["max": rowLimit])
        case .side: Words("recipes.problem.tooManySideOptions", counts: ["max": rowLimit])
        case .nutrition: Words("recipes.problem.tooManyNutrition", counts: ["max": rowLimit])
        case .step: Words("recipes.problem.tooManySteps", counts: ["max": rowLimit])
        }
    }
}

extension RecipeDraft {
    /// Carries out a row button: add appends an empty row (refused at the row limit, with the problem to show),
    /// remove deletes the row, up and down swap it with its neighbour. Moves past the ends and indexes that are
    /// not there change nothing.
    mutating func apply(_ action: RowAction) -> Problem? {
        switch action {
        case .add(let section):
            guard shownRowCount(section) < section.rowLimit else {
                return Problem(field: section.field, message: section.tooManyRowsMessage)
            }
            switch section {
            case .ingredient: ingredients.append(IngredientRow())
            case .side: sideOptions.append("")
            case .nutrition: nutrition.append(NutritionRow())
            case .step: steps.append("")
            }
        case .remove(let section, let index):
            switch section {
            case .ingredient: Self.remove(&ingredients, at: index)
            case .side: Self.remove(&sideOptions, at: index)
            case .nutrition: Self.remove(&nutrition, at: index)
            case .step: Self.remove(&steps, at: index)
            }
        case .moveUp(let section, let index):
            moveDown(section, index - 1)
        case .moveDown(let section, let index):
            moveDown(section, index)
        }
        return nil
    }

    /// How many rows a section has as shown, empty ones included.
    private func shownRowCount(_ section: Section) -> Int {
        switch section {
        case .ingredient: ingredients.count
        case .side: sideOptions.count
        case .nutrition: nutrition.count
        case .step: steps.count
        }
    }

    /// Swaps row `index` with the row after it, when both exist (moving row i up is moving row i-1 down).
    private mutating func moveDown(_ section: Section, _ index: Int) {
        switch section {
        case .ingredient: Self.swapWithNext(&ingredients, index)
        case .side: Self.swapWithNext(&sideOptions, index)
        case .nutrition: Self.swapWithNext(&nutrition, index)
        case .step: Self.swapWithNext(&steps, index)
        }
    }

    private static func remove<Row>(_ rows: inout [Row], at index: Int) {
        guard rows.indices.contains(index) else { return }
        rows.remove(at: index)
    }

    private static func swapWithNext<Row>(_ rows: inout [Row], _ index: Int) {
        guard index >= 0, index + 1 < rows.count else { return }
        rows.swapAt(index, index + 1)
    }
}

extension RecipeDraft.Field {
    /// The HTML id of the field's input (`name`, `ingredient-3-quantity`, `side-0`, `nutrition-1-name`), or of
    /// the section's heading (`ingredients`, `side-options`, `nutrition`): where the error summary links to.
    var htmlId: String {
        switch self {
        case .name: "name"
        case .servings: "servings"
        case .price: "price"
        case .isAvailable: "isAvailable"
        case .category: "category"
        case .releaseDate: "releaseDate"
        case .prepTime: "prepTime"
        case .cookTime: "cookTime"
        case .ingredientQuantity(let index): "ingredient-\(index)-quantity"
        case .ingredientDescription(let index): "ingredient-\(index)-description"
        case .sideOption(let index): "side-\(index)"
        case .nutritionName(let index): "nutrition-\(index)-name"
        case .nutritionValue(let index): "nutrition-\(index)-value"
        case .step(let index): "step-\(index)"
        case .ingredients: "ingredients"
        case .sideOptions: "side-options"
        case .nutrition: "nutrition"
        case .steps: "method"
        case .notes: "notes"
        case .source: "source"
        case .photo: "photoFile"
        }
    }
}
