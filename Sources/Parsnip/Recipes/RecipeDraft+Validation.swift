/// Checking a draft: every rule of the editor, with a message in plain words next to the right field or row.
extension RecipeDraft {
    /// The recipe to store, or every problem in the order the fields appear on the page.
    ///
    /// Text is cleaned like the to-do form's (control characters removed, no line breaks, trimmed); fully empty
    /// rows are dropped. Row numbers in messages count the rows as shown, empty ones included.
    func validate() -> Validation {
        var check = Checker()
        let name = check.name(self.name)
        let servings = check.servings(self.servings)
        let price = check.price(self.price)
        let category = check.category(self.category)
        let releaseDate = check.releaseDate(self.releaseDate)
        let ingredients = check.ingredients(self.ingredients)
        let steps = check.steps(self.steps)
        let sideOptions = check.sideOptions(self.sideOptions)
        let nutritionalInfo = check.nutrition(nutrition)
        let notes = check.longText(self.notes, .notes, "Notes", limit: Limits.notesLength, keepLineBreaks: true)
        let source = check.longText(self.source, .source, "Source", limit: Limits.sourceLength, keepLineBreaks: false)
        if let photoProblem { check.problems.append(Problem(field: .photo, message: photoProblem)) }
        guard check.problems.isEmpty else { return .invalid(check.problems) }
        var recipe = Recipe(
            name: name, servings: servings, price: price, isAvailable: isAvailable, category: category,
            ingredients: ingredients, sideOptions: sideOptions, nutritionalInfo: nutritionalInfo,
            releaseDate: releaseDate)
        recipe.steps = steps
        recipe.notes = notes
        recipe.source = source
        recipe.photo = photo.isEmpty ? nil : photo
        return .valid(recipe)
    }

    /// "1 litre" → ("1", "litre"), "250g" → ("250", "g"): a quantity followed by a word, as people type an amount
    /// with its unit; nil when the text does not start with a quantity.
    static func amountAndUnit(_ text: String) -> (String, String)? {
        guard let letter = text.firstIndex(where: { $0.isLetter }), letter != text.startIndex else { return nil }
        let amount = text[..<letter].trimmingCharacters(in: .whitespaces)
        let unit = text[letter...].trimmingCharacters(in: .whitespaces)
        guard QuantityText.parse(amount) != nil, !unit.isEmpty,
            unit.allSatisfy({ $0.isLetter || $0 == " " || $0 == "." })
        else { return nil }
        return (amount, unit)
    }

    /// Text as it will be stored: control characters removed, line breaks as spaces, trimmed.
    static func cleaned(_ text: String) -> String {
        TextCleaning.clean(text, keepLineBreaks: false)
    }
}

/// Collects problems field by field while building the recipe.
private struct Checker {
    var problems: [RecipeDraft.Problem] = []
    typealias Limits = RecipeDraft.Limits

    mutating func report(_ field: RecipeDraft.Field, _ message: String) {
        problems.append(RecipeDraft.Problem(field: field, message: message))
    }

    mutating func name(_ text: String) -> String {
        let name = RecipeDraft.cleaned(text)
        if name.isEmpty {
            report(.name, "Enter a name for the recipe")
        } else if name.count > Limits.nameLength {
            report(.name, "Name must be \(Limits.nameLength) characters or fewer")
        }
        return name
    }

    mutating func servings(_ text: String) -> Int? {
        let text = RecipeDraft.cleaned(text)
        guard !text.isEmpty else { return nil }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            report(.servings, "Servings must be a whole number, like 4")
            return nil
        }
        // Too many digits for Int is simply out of range.
        guard let number = Int(text), Limits.servings.contains(number) else {
            report(.servings, "Servings must be between 1 and 1,000")
            return nil
        }
        return number
    }

    mutating func price(_ text: String) -> Price? {
        let text = RecipeDraft.cleaned(text)
        guard !text.isEmpty else { return nil }
        switch Price.parse(text) {
        case .success(let price):
            return price
        case .failure(let problem):
            let message =
                switch problem {
                case .notANumber: "Price must be a number, like 3.99"
                case .tooManyDecimals: "Price can have at most two decimals, like 3.99"
                case .negative: "Price cannot be negative"
                case .tooLarge: "Price must be 1,000,000 or less"
                }
            report(.price, message)
            return nil
        }
    }

    mutating func category(_ text: String) -> Recipe.Category? {
        // Exactly what the select sends: "0", "1" or "2" (not "+1" or "01").
        let text = RecipeDraft.cleaned(text)
        guard let category = Recipe.Category.allCases.first(where: { String($0.rawValue) == text }) else {
            report(.category, "Choose a category")
            return nil
        }
        return category
    }

    mutating func releaseDate(_ text: String) -> CalendarDate? {
        let text = RecipeDraft.cleaned(text)
        guard !text.isEmpty else { return nil }
        if let date = CalendarDate(iso: text) { return date }
        var message = "Release date must be a real date, like 2024-05-03"
        if let (year, month, day) = CalendarDate.numbers(text), month == 2, day == 29, (1000...9999).contains(year) {
            message = "\(year) has no 29 February"
        }
        report(.releaseDate, message)
        return nil
    }

    mutating func ingredients(_ rows: [RecipeDraft.IngredientRow]) -> [Ingredient] {
        var ingredients: [Ingredient] = []
        var rowProblems = Checker()
        var rowCount = 0
        for (index, row) in rows.enumerated() {
            let quantityText = RecipeDraft.cleaned(row.quantity)
            let description = RecipeDraft.cleaned(row.description)
            if quantityText.isEmpty && description.isEmpty { continue }
            rowCount += 1
            let number = index + 1
            // An ingredient may have no quantity ("Salt, to taste"): it is stored as 0.
            let quantity = quantityText.isEmpty ? 0 : rowProblems.quantity(quantityText, row: index)
            if description.isEmpty {
                rowProblems.report(.ingredientDescription(index), "Describe ingredient \(number), like “cups of flour”")
            } else if description.count > Limits.ingredientDescriptionLength {
                rowProblems.report(
                    .ingredientDescription(index),
                    "Description of ingredient \(number) must be \(Limits.ingredientDescriptionLength) characters "
                        + "or fewer")
            }
            if let quantity { ingredients.append(Ingredient(quantity: quantity, description: description)) }
        }
        if rowCount > Limits.ingredients { report(.ingredients, RecipeDraft.Section.ingredient.tooManyRowsMessage) }
        problems += rowProblems.problems
        return ingredients
    }

    /// A positive quantity of at most 100,000 in one of the forms `QuantityText` reads.
    mutating func quantity(_ text: String, row index: Int) -> Double? {
        let number = index + 1
        if let value = QuantityText.parse(text) {
            if value <= 0 {
                report(.ingredientQuantity(index), "Quantity of ingredient \(number) must be more than 0")
            } else if value > Limits.quantity {
                report(.ingredientQuantity(index), "Quantity of ingredient \(number) must be 100,000 or less")
            } else {
                return value
            }
        } else if text.hasPrefix("-"), QuantityText.parse(String(text.dropFirst())) != nil {
            report(.ingredientQuantity(index), "Quantity of ingredient \(number) must be more than 0")
        } else if let (amount, unit) = RecipeDraft.amountAndUnit(text) {
            report(
                .ingredientQuantity(index),
                "Put the unit in the description: \(amount) as the quantity of ingredient \(number), and “\(unit)” "
                    + "at the start of its description")
        } else {
            report(.ingredientQuantity(index), "Enter a quantity for ingredient \(number), like 1, 0.5 or 1 1/2")
        }
        return nil
    }

    /// Notes or the source: cleaned (line breaks kept for notes), at most `limit` characters.
    mutating func longText(
        _ text: String, _ field: RecipeDraft.Field, _ label: String, limit: Int, keepLineBreaks: Bool
    ) -> String {
        let cleaned = TextCleaning.clean(text, keepLineBreaks: keepLineBreaks)
        if cleaned.count > limit {
            report(field, "\(label) must be \(NumberText.grouped(limit)) characters or fewer")
        }
        return cleaned
    }

    /// The method's steps: one line each, at most 2,000 characters.
    mutating func steps(_ rows: [String]) -> [String] {
        textRows(rows, section: .step, row: RecipeDraft.Field.step, label: "Step", length: Limits.stepLength)
    }

    /// The side options: one line each, at most 100 characters.
    mutating func sideOptions(_ rows: [String]) -> [String] {
        textRows(
            rows, section: .side, row: RecipeDraft.Field.sideOption, label: "Side option",
            length: Limits.sideOptionLength)
    }

    /// A section of one-text rows: each cleaned onto one line, empty ones dropped, each at most `length`
    /// characters ("Step 2 must be 2,000 characters or fewer"), at most the section's row limit.
    mutating func textRows(
        _ rows: [String], section: RecipeDraft.Section, row field: (Int) -> RecipeDraft.Field, label: String,
        length: Int
    ) -> [String] {
        var kept: [String] = []
        var rowProblems = Checker()
        for (index, row) in rows.enumerated() {
            let text = RecipeDraft.cleaned(row)
            if text.isEmpty { continue }
            if text.count > length {
                rowProblems.report(
                    field(index), "\(label) \(index + 1) must be \(NumberText.grouped(length)) characters or fewer")
            }
            kept.append(text)
        }
        if kept.count > section.rowLimit { report(section.field, section.tooManyRowsMessage) }
        problems += rowProblems.problems
        return kept
    }

    mutating func nutrition(_ rows: [RecipeDraft.NutritionRow]) -> [NutritionEntry] {
        var entries: [NutritionEntry] = []
        var rowProblems = Checker()
        var seenNames: Set<String> = []
        for (index, row) in rows.enumerated() {
            let name = RecipeDraft.cleaned(row.name)
            let value = RecipeDraft.cleaned(row.value)
            if name.isEmpty && value.isEmpty { continue }
            if let problem = Self.nutritionNameProblem(name, row: index, seen: &seenNames) {
                rowProblems.report(.nutritionName(index), problem)
            }
            if value.isEmpty {
                rowProblems.report(
                    .nutritionValue(index), "Enter a value for nutrition entry \(index + 1), like “320 kcal”")
            } else if value.count > Limits.nutritionValueLength {
                rowProblems.report(
                    .nutritionValue(index),
                    "Value of nutrition entry \(index + 1) must be \(Limits.nutritionValueLength) characters or fewer")
            }
            entries.append(NutritionEntry(name: name, value: value))
        }
        if entries.count > Limits.nutritionEntries {
            report(.nutrition, RecipeDraft.Section.nutrition.tooManyRowsMessage)
        }
        problems += rowProblems.problems
        return entries
    }

    /// What is wrong with a nutrition name, if anything; records good names in `seen` (compared ignoring case).
    static func nutritionNameProblem(_ name: String, row index: Int, seen: inout Set<String>) -> String? {
        let number = index + 1
        if name.isEmpty { return "Enter a name for nutrition entry \(number), like “Calories”" }
        if name.count > Limits.nutritionNameLength {
            return "Name of nutrition entry \(number) must be \(Limits.nutritionNameLength) characters or fewer"
        }
        // Parse refuses these as keys of an Object (error 121), so they can never be stored.
        if name.contains(".") || name.contains("$") {
            return "Name of nutrition entry \(number) cannot contain “.” or “$”"
        }
        if name == "__type" || name == "__op" { return "Name of nutrition entry \(number) cannot be “\(name)”" }
        guard seen.insert(name.lowercased()).inserted else {
            return "“\(name)” is already listed — use another name or remove this row"
        }
        return nil
    }
}
