/// The editor's form fields to a draft and back: names are `name`, `ingredient-3-quantity`, `side-0`…
extension RecipeDraft {
    /// The highest row index a form may send; anything above is not from our page.
    static let maximumRowIndex = 999

    /// Reads the editor's fields strictly: a form without `name`, a checkbox with another value than `true`, or
    /// a row field with a malformed or too large index is not from our page and is refused.
    ///
    /// Values are kept exactly as typed (validation cleans them and reads numbers as `language` writes them); rows
    /// come in index order, gaps closed. The release date comes from its three boxes (or one `releaseDate` field).
    /// Fields the editor does not have (`_csrf`, `row-action`, a button's name) are left to their readers.
    init(form: FormFields, language: Language = .en) throws(PageError) {
        guard let name = form["name"] else { throw .badRequest("a recipe form without a name field") }
        var isAvailable = false
        if let checkbox = form["isAvailable"] {
            guard checkbox == "true" else { throw .badRequest("isAvailable sent as \(checkbox)") }
            isAvailable = true
        }
        var ingredients: [Int: IngredientRow] = [:]
        var sides: [Int: String] = [:]
        var nutrition: [Int: NutritionRow] = [:]
        var steps: [Int: String] = [:]
        for (key, value) in form.values {
            guard let cell = try RowCell(fieldName: key) else { continue }
            switch cell {
            case .ingredientQuantity(let index): ingredients[index, default: IngredientRow()].quantity = value
            case .ingredientDescription(let index): ingredients[index, default: IngredientRow()].description = value
            case .side(let index): sides[index] = value
            case .nutritionName(let index): nutrition[index, default: NutritionRow()].name = value
            case .nutritionValue(let index): nutrition[index, default: NutritionRow()].value = value
            case .step(let index): steps[index] = value
            }
        }
        self.init(
            name: name, servings: form["servings"] ?? "", price: form["price"] ?? "", isAvailable: isAvailable,
            category: form["category"] ?? "", releaseDate: DateBoxes.text(of: "releaseDate", in: form),
            ingredients: Self.inIndexOrder(ingredients), sideOptions: Self.inIndexOrder(sides),
            nutrition: Self.inIndexOrder(nutrition))
        // Several lines pasted into one box are one row each (without their "1." or "•"), as the script does it.
        self.steps = Self.inIndexOrder(steps).flatMap {
            $0.contains(where: \.isNewline) ? IngredientLine.split(pasted: $0) : [$0]
        }
        self.language = language
        self.ingredients = Self.splitLines(self.ingredients, pasted: form[Self.pasteField] ?? "", in: language)
        prepTime = form["prepTime"] ?? ""
        cookTime = form["cookTime"] ?? ""
        notes = form["notes"] ?? ""
        source = form["source"] ?? ""
        let photo = form[RecipePhoto.nameField] ?? ""
        guard photo.isEmpty || PhotoUpload.isValidName(photo) else { throw .badRequest("a malformed photo name") }
        self.photo = form[RecipePhoto.removeField] == "true" ? "" : photo
        self.language = language
    }

    /// The editor filled from a stored recipe, every value in the form's own text as `language` writes it ("3,99"
    /// and "0,5" in Spanish); the release date as its three boxes hold it ("2024-5-3").
    init(recipe: Recipe, language: Language = .en) {
        self.init(
            name: recipe.name,
            servings: recipe.servings.map(String.init) ?? "",
            price: recipe.price?.text(in: language) ?? "",
            isAvailable: recipe.isAvailable,
            category: recipe.category.map { String($0.rawValue) } ?? "",
            releaseDate: recipe.releaseDate.map { "\($0.year)-\($0.month)-\($0.day)" } ?? "",
            ingredients: recipe.ingredients.map { IngredientRow($0, in: language) },
            sideOptions: recipe.sideOptions,
            nutrition: recipe.nutritionalInfo.map { NutritionRow(name: $0.name, value: $0.value) })
        steps = recipe.steps
        prepTime = RecipeTime.formText(recipe.prepMinutes)
        cookTime = RecipeTime.formText(recipe.cookMinutes)
        notes = recipe.notes
        source = recipe.source
        photo = recipe.photo ?? ""
        self.language = language
    }

    /// The ingredients box that takes many lines at once ("Paste several ingredients"), for pages without the script.
    static let pasteField = "ingredients-paste"

    /// `rows` with every description holding several lines made one row a line, each line read by
    /// `IngredientLine.parse` (a quantity typed in the row's own box stays with its first line), then the lines of
    /// the paste box added after the last row that holds something.
    static func splitLines(_ rows: [IngredientRow], pasted: String, in language: Language) -> [IngredientRow] {
        var result: [IngredientRow] = []
        for row in rows {
            guard row.description.contains(where: \.isNewline) || row.quantity.contains(where: \.isNewline) else {
                result.append(row)
                continue
            }
            let quantityTyped =
                !row.quantity.trimmingCharacters(in: .whitespaces).isEmpty && !row.quantity.contains(where: \.isNewline)
            var lines = IngredientLine.split(
                pasted: quantityTyped ? row.description : row.quantity + "\n" + row.description)
            if quantityTyped, !lines.isEmpty {
                result.append(IngredientRow(quantity: row.quantity, description: lines.removeFirst()))
            }
            result += lines.map { IngredientRow(IngredientLine.parse($0), in: language) }
        }
        let added = IngredientLine.split(pasted: pasted).map { IngredientRow(IngredientLine.parse($0), in: language) }
        guard !added.isEmpty else { return result }
        while let last = result.last, last.quantity.trimmingCharacters(in: .whitespaces).isEmpty,
            last.description.trimmingCharacters(in: .whitespaces).isEmpty
        {
            result.removeLast()
        }
        return result + added
    }

    /// A copy with one empty row appended to each section that has none, so every section offers a row to type
    /// into.
    func withBlankRows() -> RecipeDraft {
        var copy = self
        if copy.ingredients.isEmpty { copy.ingredients.append(IngredientRow()) }
        if copy.sideOptions.isEmpty { copy.sideOptions.append("") }
        if copy.nutrition.isEmpty { copy.nutrition.append(NutritionRow()) }
        if copy.steps.isEmpty { copy.steps.append("") }
        return copy
    }

    private static func inIndexOrder<Row>(_ rows: [Int: Row]) -> [Row] {
        rows.sorted { $0.key < $1.key }.map(\.value)
    }
}

/// One cell of a row, as named in the form: `ingredient-<i>-quantity`, `side-<i>`, `nutrition-<i>-value`…
enum RowCell: Hashable {
    case ingredientQuantity(Int)
    case ingredientDescription(Int)
    case side(Int)
    case nutritionName(Int)
    case nutritionValue(Int)
    case step(Int)

    /// The cell a field name stands for; nil for names outside the three row families, and
    /// `PageError.badRequest` for a name in a family that is malformed (`ingredient-01-quantity`, `side-x`).
    init?(fieldName: String) throws(PageError) {
        let parts = fieldName.split(separator: "-", omittingEmptySubsequences: false)
        guard let family = parts.first, ["ingredient", "side", "nutrition", "step"].contains(family) else { return nil }
        guard parts.count >= 2, let index = RowIndex.parse(parts[1]) else {
            throw .badRequest("a malformed row field \(fieldName)")
        }
        switch (family, parts.count, parts.count == 3 ? parts[2] : "") {
        case ("ingredient", 3, "quantity"): self = .ingredientQuantity(index)
        case ("ingredient", 3, "description"): self = .ingredientDescription(index)
        case ("side", 2, _): self = .side(index)
        case ("step", 2, _): self = .step(index)
        case ("nutrition", 3, "name"): self = .nutritionName(index)
        case ("nutrition", 3, "value"): self = .nutritionValue(index)
        default: throw .badRequest("a malformed row field \(fieldName)")
        }
    }
}

/// Row indexes as the form writes them: ASCII digits, no leading zero, at most `RecipeDraft.maximumRowIndex`.
enum RowIndex {
    static func parse(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 3, text == "0" || text.first != "0",
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let index = Int(text),
            index <= RecipeDraft.maximumRowIndex
        else { return nil }
        return index
    }
}

extension RecipeDraft.IngredientRow {
    /// The row showing `ingredient` as `language` writes it: "1½", "2–3" or "a pinch", and its description.
    init(_ ingredient: Ingredient, in language: Language) {
        self.init(quantity: IngredientText.quantity(ingredient, in: language), description: ingredient.description)
    }
}
