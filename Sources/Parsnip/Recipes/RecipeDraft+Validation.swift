/// Checking a draft: every rule of the editor, with a message in plain words next to the right field or row.
extension RecipeDraft {
    /// The recipe to store, or every problem in the order the fields appear on the page.
    ///
    /// Text is cleaned like the to-do form's (control characters removed, no line breaks, trimmed); fully empty
    /// rows are dropped. Row numbers in messages count the rows as shown, empty ones included.
    func validate() -> Validation {
        var check = Checker(language: language)
        check.money = money
        let name = check.name(self.name)
        let servings = check.servings(self.servings)
        let price = check.price(self.price)
        let category = check.category(self.category)
        let releaseDate = check.releaseDate(self.releaseDate)
        let prepMinutes = check.time(prepTime, .prepTime)
        let cookMinutes = check.time(cookTime, .cookTime)
        let ingredients = check.ingredients(self.ingredients)
        let steps = check.steps(self.steps)
        let sideOptions = check.sideOptions(self.sideOptions)
        let nutritionalInfo = check.nutrition(nutrition)
        let notes = check.longText(self.notes, .notes, limit: Limits.notesLength, keepLineBreaks: true)
        let source = check.longText(self.source, .source, limit: Limits.sourceLength, keepLineBreaks: false)
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
        recipe.prepMinutes = prepMinutes
        recipe.cookMinutes = cookMinutes
        return .valid(recipe)
    }

    /// "1 litre" → ("1", "litre"), "250g" → ("250", "g"): a quantity followed by a word, as people type an amount
    /// with its unit; nil when the text does not start with a quantity.
    static func amountAndUnit(_ text: String, in language: Language = .en) -> (String, String)? {
        guard let letter = text.firstIndex(where: { $0.isLetter }), letter != text.startIndex else { return nil }
        let amount = text[..<letter].trimmingCharacters(in: .whitespaces)
        let unit = text[letter...].trimmingCharacters(in: .whitespaces)
        guard QuantityText.parse(amount, in: language) != nil, !unit.isEmpty,
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
    /// The language numbers were typed in, and that examples in messages are written in.
    let language: Language
    /// The household's currency, which a typed sign must name.
    var money = MoneyFormat.plain
    var problems: [RecipeDraft.Problem] = []
    typealias Limits = RecipeDraft.Limits

    mutating func report(_ field: RecipeDraft.Field, _ message: Words) {
        problems.append(RecipeDraft.Problem(field: field, message: message))
    }

    /// "3.99" as the language writes it: the example prices in messages.
    private var priceExample: String { Price(cents: 399).text(in: language) }

    mutating func name(_ text: String) -> String {
        let name = RecipeDraft.cleaned(text)
        if name.isEmpty {
            report(.name, Words("recipes.problem.nameMissing"))
        } else if name.count > Limits.nameLength {
            report(.name, Words("recipes.problem.nameTooLong", counts: ["max": Limits.nameLength]))
        }
        return name
    }

    mutating func servings(_ typed: String) -> Int? {
        let cleaned = RecipeDraft.cleaned(typed)
        guard !cleaned.isEmpty else { return nil }
        // "1.000" is a thousand in Spanish: grouping marks go, a decimal one stays (and is refused).
        let text = TypedNumber.plain(cleaned, in: language)
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            report(.servings, Words("recipes.problem.servingsNotWhole"))
            return nil
        }
        // Too many digits for Int is simply out of range.
        guard let number = Int(text), Limits.servings.contains(number) else {
            let range = ["min": Limits.servings.lowerBound, "max": Limits.servings.upperBound]
            report(.servings, Words("recipes.problem.servingsRange", counts: range))
            return nil
        }
        return number
    }

    mutating func price(_ text: String) -> Price? {
        var text = RecipeDraft.cleaned(text)
        guard !text.isEmpty else { return nil }
        // "£3", "3 €", "R$ 3,50": the sign goes when it is the household's currency (any sign without one).
        if let (number, sign) = PriceSign.split(text), let sign {
            if let code = money.currencyCode,
                !PriceSign.names(sign, currencyCode: code, locale: money.locale(for: language))
            {
                report(.price, Words("recipes.problem.priceCurrency", ["sign": sign, "currency": code]))
                return nil
            }
            text = number
        }
        switch Price.parse(text, in: language) {
        case .success(let price):
            return price
        case .failure(let problem):
            let message =
                switch problem {
                case .notANumber: Words("recipes.problem.priceNotANumber", ["example": priceExample])
                case .tooManyDecimals: Words("recipes.problem.priceDecimals", ["example": priceExample])
                case .negative: Words("recipes.problem.priceNegative")
                case .tooLarge: Words("recipes.problem.priceTooLarge", counts: ["max": Limits.priceCents / 100])
                }
            report(.price, message)
            return nil
        }
    }

    mutating func category(_ text: String) -> Recipe.Category? {
        // Exactly what the select sends: "0", "1" or "2" (not "+1" or "01").
        let text = RecipeDraft.cleaned(text)
        guard let category = Recipe.Category.allCases.first(where: { String($0.rawValue) == text }) else {
            report(.category, Words("recipes.problem.category"))
            return nil
        }
        return category
    }

    mutating func releaseDate(_ text: String) -> CalendarDate? {
        let text = RecipeDraft.cleaned(text)
        guard !text.isEmpty else { return nil }
        if let date = CalendarDate(iso: text) { return date }
        var message = Words("recipes.problem.releaseDate")
        if let (year, month, day) = CalendarDate.numbers(text), month == 2, day == 29, (1000...9999).contains(year) {
            message = Words("recipes.problem.noLeapDay", ["year": String(year)])
        }
        report(.releaseDate, message)
        return nil
    }

    mutating func ingredients(_ rows: [RecipeDraft.IngredientRow]) -> [Ingredient] {
        var ingredients: [Ingredient] = []
        var rowProblems = Checker(language: language)
        var rowCount = 0
        for (index, row) in rows.enumerated() {
            let quantityText = RecipeDraft.cleaned(row.quantity)
            let description = RecipeDraft.cleaned(row.description)
            if quantityText.isEmpty && description.isEmpty { continue }
            rowCount += 1
            let number = index + 1
            // An ingredient may have no quantity ("Salt, to taste"): it is stored as 0.
            let amount =
                quantityText.isEmpty
                ? IngredientLine.Amount(quantity: 0, quantityMax: nil, words: nil)
                : rowProblems.quantity(quantityText, row: index)
            if description.isEmpty {
                rowProblems.report(
                    .ingredientDescription(index),
                    Words("recipes.problem.ingredientDescriptionMissing", counts: ["number": number]))
            } else if description.count > Limits.ingredientDescriptionLength {
                let counts = ["number": number, "max": Limits.ingredientDescriptionLength]
                rowProblems.report(
                    .ingredientDescription(index), Words("recipes.problem.ingredientDescriptionTooLong", counts: counts)
                )
            }
            if let amount {
                ingredients.append(
                    Ingredient(
                        quantity: amount.quantity, description: description, quantityMax: amount.quantityMax,
                        amount: amount.words))
            }
        }
        if rowCount > Limits.ingredients { report(.ingredients, RecipeDraft.Section.ingredient.tooManyRowsMessage) }
        problems += rowProblems.problems
        return ingredients
    }

    /// A positive quantity of at most 100,000 in one of the forms `QuantityText` reads, a range of two ("2-3",
    /// "2 to 3"), or an amount in words ("a pinch"): what `IngredientLine.amount` reads.
    mutating func quantity(_ text: String, row index: Int) -> IngredientLine.Amount? {
        let number = ["number": index + 1]
        if let amount = IngredientLine.amount(text, in: language) {
            let value = amount.words == nil ? amount.quantity : 1
            if value <= 0 {
                report(.ingredientQuantity(index), Words("recipes.problem.quantityNotPositive", counts: number))
            } else if max(value, amount.quantityMax ?? 0) > Limits.quantity {
                let counts = ["number": index + 1, "max": Int(Limits.quantity)]
                report(.ingredientQuantity(index), Words("recipes.problem.quantityTooLarge", counts: counts))
            } else {
                return amount
            }
        } else if text.hasPrefix("-"), QuantityText.parse(String(text.dropFirst()), in: language) != nil {
            report(.ingredientQuantity(index), Words("recipes.problem.quantityNotPositive", counts: number))
        } else if let (amount, unit) = RecipeDraft.amountAndUnit(text, in: language) {
            report(
                .ingredientQuantity(index),
                Words("recipes.problem.quantityUnit", ["amount": amount, "unit": unit], counts: number))
        } else {
            report(.ingredientQuantity(index), Words("recipes.problem.quantityNotANumber", counts: number))
        }
        return nil
    }

    /// A preparation or cooking time in whole minutes, at most a week; nil when empty or wrong (reported).
    mutating func time(_ typed: String, _ field: RecipeDraft.Field) -> Int? {
        let text = RecipeDraft.cleaned(typed)
        guard !text.isEmpty else { return nil }
        guard let minutes = RecipeTime.minutes(text) else {
            report(field, field == .prepTime ? Words("recipes.problem.prepTime") : Words("recipes.problem.cookTime"))
            return nil
        }
        guard minutes <= Limits.minutes else {
            report(field, Words("recipes.problem.timeTooLong"))
            return nil
        }
        return minutes
    }

    /// Notes or the source: cleaned (line breaks kept for notes), at most `limit` characters.
    mutating func longText(_ text: String, _ field: RecipeDraft.Field, limit: Int, keepLineBreaks: Bool) -> String {
        let cleaned = TextCleaning.clean(text, keepLineBreaks: keepLineBreaks)
        if cleaned.count > limit {
            report(
                field,
                field == .notes
                    ? Words("recipes.problem.notesTooLong", counts: ["max": limit])
                    : Words("recipes.problem.sourceTooLong", counts: ["max": limit]))
        }
        return cleaned
    }

    /// The method's steps: one line each, at most 2,000 characters.
    mutating func steps(_ rows: [String]) -> [String] {
        textRows(rows, section: .step, row: RecipeDraft.Field.step, length: Limits.stepLength)
    }

    /// The side options: one line each, at most 100 characters.
    mutating func sideOptions(_ rows: [String]) -> [String] {
        textRows(rows, section: .side, row: RecipeDraft.Field.sideOption, length: Limits.sideOptionLength)
    }

    /// A section of one-text rows: each cleaned onto one line, empty ones dropped, each at most `length`
    /// characters ("Step 2 must be 2,000 characters or fewer"), at most the section's row limit.
    mutating func textRows(
        _ rows: [String], section: RecipeDraft.Section, row field: (Int) -> RecipeDraft.Field, length: Int
    ) -> [String] {
        var kept: [String] = []
        var rowProblems = Checker(language: language)
        for (index, row) in rows.enumerated() {
            let text = RecipeDraft.cleaned(row)
            if text.isEmpty { continue }
            if text.count > length {
                let counts = ["number": index + 1, "max": length]
                rowProblems.report(
                    field(index),
                    section == .step
                        ? Words("recipes.problem.stepTooLong", counts: counts)
                        : Words("recipes.problem.sideOptionTooLong", counts: counts))
            }
            kept.append(text)
        }
        if kept.count > section.rowLimit { report(section.field, section.tooManyRowsMessage) }
        problems += rowProblems.problems
        return kept
    }

    mutating func nutrition(_ rows: [RecipeDraft.NutritionRow]) -> [NutritionEntry] {
        var entries: [NutritionEntry] = []
        var rowProblems = Checker(language: language)
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
                    .nutritionValue(index),
                    Words("recipes.problem.nutritionValueMissing", counts: ["number": index + 1]))
            } else if value.count > Limits.nutritionValueLength {
                let counts = ["number": index + 1, "max": Limits.nutritionValueLength]
                rowProblems.report(
                    .nutritionValue(index), Words("recipes.problem.nutritionValueTooLong", counts: counts))
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
    static func nutritionNameProblem(_ name: String, row index: Int, seen: inout Set<String>) -> Words? {
        let number = ["number": index + 1]
        if name.isEmpty { return Words("recipes.problem.nutritionNameMissing", counts: number) }
        if name.count > Limits.nutritionNameLength {
            let counts = ["number": index + 1, "max": Limits.nutritionNameLength]
            return Words("recipes.problem.nutritionNameTooLong", counts: counts)
        }
        // Parse refuses these as keys of an Object (error 121), so they can never be stored.
        if name.contains(".") || name.contains("$") {
            return Words("recipes.problem.nutritionNameMarks", counts: number)
        }
        if name == "__type" || name == "__op" {
            return Words("recipes.problem.nutritionNameReserved", ["name": name], counts: number)
        }
        guard seen.insert(name.lowercased()).inserted else {
            return Words("recipes.problem.nutritionNameTwice", ["name": name])
        }
        return nil
    }
}
