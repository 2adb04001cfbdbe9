import Foundation
import OrderedCollections
import ParseStore

/// A recipe's fields as Parse values, and back, tolerating whatever other Parse clients may have stored.
extension StoreRecipeRepository {
    /// Every field of `recipe` in its Parse type. A nil optional is `.null`: it never creates a field and, on
    /// update, removes the old value.
    static func fields(of recipe: Recipe) -> [String: ParseValue] {
        [
            "name": .string(recipe.name),
            "servings": recipe.servings.map { .number(Double($0)) } ?? .null,
            // cents / 100 is the Double nearest the decimal, so the stored JSON reads 19.99.
            "price": recipe.price.map { .number($0.number) } ?? .null,
            "isAvailable": .boolean(recipe.isAvailable),
            "category": recipe.category.map { .number(Double($0.rawValue)) } ?? .null,
            "ingredients": .array(recipe.ingredients.map(ingredientValue)),
            "sideOptions": .array(recipe.sideOptions.map(ParseValue.string)),
            "nutritionalInfo": nutritionObject(recipe.nutritionalInfo),
            "releaseDate": recipe.releaseDate.map { .date($0.date) } ?? .null,
            // The method, notes and source are Parsnip's additions: left unset while empty.
            "steps": recipe.steps.isEmpty ? .null : .array(recipe.steps.map(ParseValue.string)),
            "notes": recipe.notes.isEmpty ? .null : .string(recipe.notes),
            "source": recipe.source.isEmpty ? .null : .string(recipe.source),
            // A Parse File: only the name is stored; the address is made when it is read.
            "photo": recipe.photo.map { .file(name: $0, url: nil) } ?? .null,
            "prepMinutes": recipe.prepMinutes.map { .number(Double($0)) } ?? .null,
            "cookMinutes": recipe.cookMinutes.map { .number(Double($0)) } ?? .null,
        ]
    }

    /// `{"quantity": 2, "description": "eggs"}`, with `quantityMax` for a range and `amount` for words only when
    /// they are there, so the seed app's two keys stay all there is for most ingredients.
    static func ingredientValue(_ ingredient: Ingredient) -> ParseValue {
        var members: OrderedDictionary<String, ParseValue> = [
            "quantity": .number(ingredient.quantity), "description": .string(ingredient.description),
        ]
        if let high = ingredient.quantityMax { members["quantityMax"] = .number(high) }
        if let words = ingredient.amount { members["amount"] = .string(words) }
        return .object(members)
    }

    /// Nutrition entries as one Object, keys in entry order. Validation keeps names unique; should a caller repeat
    /// one anyway, the first entry wins rather than the write failing.
    static func nutritionObject(_ entries: [NutritionEntry]) -> ParseValue {
        .object(.init(entries.map { ($0.name, .string($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The recipe an object holds. Missing or odd fields become nil, empty or false rather than failures: a
    /// non-integral servings or category is nil, a price is rounded to the cent, a Date keeps its UTC day,
    /// ingredients without a number quantity and side options that are not strings are skipped. Who saved it
    /// last is known when the read included `updatedBy`.
    static func recipe(_ object: ParseObject) -> Recipe {
        var recipe = Recipe(
            id: object.objectId,
            name: object["name"]?.stringValue ?? "",
            servings: object["servings"]?.numberValue.flatMap(NumberText.wholeNumber),
            price: object["price"]?.numberValue.flatMap(Price.init(number:)),
            isAvailable: object["isAvailable"]?.boolValue ?? false,
            category: object["category"]?.numberValue.flatMap(NumberText.wholeNumber).flatMap(
                Recipe.Category.init(rawValue:)),
            ingredients: (object["ingredients"]?.arrayValue ?? []).compactMap(ingredient),
            sideOptions: (object["sideOptions"]?.arrayValue ?? []).compactMap(\.stringValue),
            nutritionalInfo: nutrition(object["nutritionalInfo"]?.objectValue.map { Array($0) } ?? []),
            releaseDate: object["releaseDate"]?.dateValue.flatMap(calendarDate),
            createdAt: object.createdAt,
            updatedAt: object.updatedAt,
            lastChangedBy: ChangeAuthorship.stamp(of: object).username)
        recipe.steps = (object["steps"]?.arrayValue ?? []).compactMap(\.stringValue)
        recipe.notes = object["notes"]?.stringValue ?? ""
        recipe.source = object["source"]?.stringValue ?? ""
        recipe.prepMinutes = minutes(object["prepMinutes"])
        recipe.cookMinutes = minutes(object["cookMinutes"])
        recipe.writers = object.writers
        if case .file(let name, _) = object["photo"], PhotoUpload.isValidName(name) { recipe.photo = name }
        return recipe
    }

    /// The recipe an object holds, as the pages show it: a photo its File value names but Parsnip does not keep
    /// (an import from elsewhere, a file removed) is no photo, never a broken image.
    static func recipe(_ object: ParseObject, reader: ParseReader) throws -> Recipe {
        var recipe = recipe(object)
        if let photo = recipe.photo, try !reader.hasFile(named: photo) { recipe.photo = nil }
        return recipe
    }

    /// An ingredient from `{"quantity": n, "description": s}`; nil without a finite number quantity. A
    /// `quantityMax` is kept when it is a finite number, an `amount` when it is text (the record rules, not the
    /// reading, refuse ones out of line, so writing back what was read cannot slip past them).
    static func ingredient(_ value: ParseValue) -> Ingredient? {
        guard let members = value.objectValue, let quantity = members["quantity"]?.numberValue, quantity.isFinite
        else { return nil }
        var ingredient = Ingredient(quantity: quantity, description: members["description"]?.stringValue ?? "")
        if let high = members["quantityMax"]?.numberValue, high.isFinite {
            ingredient.quantityMax = high
        }
        if let words = members["amount"]?.stringValue, !words.isEmpty { ingredient.amount = words }
        return ingredient
    }

    /// Whole minutes, or nil for anything else (negative ones are kept for the record rules to refuse).
    static func minutes(_ value: ParseValue?) -> Int? {
        value?.numberValue.flatMap(NumberText.wholeNumber)
    }

    /// Nutrition entries in stored key order; numbers and booleans other clients stored are shown as text.
    static func nutrition(_ members: [(key: String, value: ParseValue)]) -> [NutritionEntry] {
        members.compactMap { name, value in
            switch value {
            case .string(let text): NutritionEntry(name: name, value: text)
            case .number(let number): NutritionEntry(name: name, value: QuantityText.plainDecimal(number))
            case .boolean(let flag): NutritionEntry(name: name, value: flag ? "true" : "false")
            default: nil
            }
        }
    }

    /// The UTC calendar day of a stored Date, when it is a day the editor can show (years 1000–9999).
    static func calendarDate(_ date: Date) -> CalendarDate? { CalendarDate(stored: date) }
}
