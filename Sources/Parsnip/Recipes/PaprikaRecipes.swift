import Foundation
import ParseStore

/// Paprika's recipes as Parse objects for an import (see `PaprikaImport` for the format and what is kept).
enum PaprikaRecipes {
    /// One `.paprikarecipe` file of the export: its fields, or nil when it could not be read.
    struct Entry: Sendable {
        let file: String
        let fields: Fields?
    }

    /// The members of a recipe's JSON that Parsnip reads, as text (numbers written as numbers become text).
    struct Fields: Sendable {
        let text: [String: String]
        let categories: [String]

        init(_ json: [String: Any]) {
            var text: [String: String] = [:]
            for (key, value) in json {
                if let string = value as? String {
                    text[key] = string
                } else if let number = value as? NSNumber, !(value is Bool) {
                    text[key] = number.stringValue
                }
            }
            self.text = text
            categories = (json["categories"] as? [Any] ?? []).compactMap { $0 as? String }
        }

        subscript(_ key: String) -> String {
            (text[key] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The plan for `entries`, reading the recipes here (to skip those already here) through `reader`.
    static func plan(_ entries: [Entry], reader: ParseReader) throws -> AppImportPlan {
        var plan = AppImportPlan()
        var objects: [ImportedObject] = []
        var names = Set(
            try reader.find(ParseQuery(StoreRecipeRepository.className).select("name").limit(-1)).compactMap {
                $0["name"]?.stringValue?.lowercased()
            })
        var otherCategories: [String] = []
        for entry in entries {
            let file = ["file": entry.file]
            guard let fields = entry.fields else {
                plan.notes.append(ReportText(Words("backups.app.recipe.unreadable", file)))
                continue
            }
            let name = fields["name"].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !name.isEmpty else {
                plan.notes.append(ReportText(Words("backups.app.recipe.noName", file)))
                continue
            }
            let named = ["name": name]
            guard name.count <= RecipeDraft.Limits.nameLength else {
                plan.notes.append(ReportText(Words("backups.app.recipe.nameTooLong", file)))
                continue
            }
            guard names.insert(name.lowercased()).inserted else {
                plan.notes.append(ReportText(Words("backups.app.recipe.alreadyHere", named)))
                continue
            }
            var recipe = Self.recipe(fields, name: name)
            for written in fields.categories {
                if let meal = mealCategory(written) {
                    recipe.category = recipe.category ?? meal
                } else if !otherCategories.contains(written) {
                    otherCategories.append(written)
                }
            }
            let photo = fields["photo_data"]
            if !photo.isEmpty {
                switch PaprikaPhoto.file(base64: photo, recipe: name) {
                case .kept(let stored):
                    recipe.photo = stored.name
                    plan.files.append(stored)
                case .leftOut(let refusal):
                    plan.notes.append(
                        ReportText(Words("backups.app.recipe.photoLeftOut", named, nested: ["why": refusal])))
                }
            }
            var operations = StoreRecipeRepository.fields(of: recipe).filter { $0.value != .null }.mapValues(
                ParseUpdate.set)
            if let minutes = minutes(fields["prep_time"]) { operations["prepMinutes"] = .set(.number(Double(minutes))) }
            if let minutes = minutes(fields["cook_time"]) { operations["cookMinutes"] = .set(.number(Double(minutes))) }
            objects.append(
                ImportedObject(
                    objectId: AppImportCSV.newObjectId(), createdAt: nil, updatedAt: nil, operations: operations))
        }
        if !otherCategories.isEmpty {
            plan.notes.append(
                ReportText(
                    Words("backups.app.line.categories", ["categories": otherCategories.joined(separator: ", ")])))
        }
        plan.classes = [AppImportClass(className: StoreRecipeRepository.className, objects: objects)]
        return plan
    }

    /// The recipe `fields` describe, without its photo.
    static func recipe(_ fields: Fields, name: String) -> Recipe {
        let lines = IngredientLine.split(pasted: fields["ingredients"]).prefix(RecipeDraft.Limits.ingredients)
        var recipe = Recipe(
            name: name, servings: servings(fields["servings"]),
            ingredients: lines.map { line in
                var ingredient = IngredientLine.parse(line)
                if ingredient.quantity > RecipeDraft.Limits.quantity {
                    ingredient = Ingredient(quantity: 0, description: line)
                }
                ingredient.description = String(
                    ingredient.description.prefix(RecipeDraft.Limits.ingredientDescriptionLength))
                return ingredient
            })
        recipe.steps = fields["directions"].split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        recipe.notes = [fields["description"], fields["notes"], fields["nutritional_info"]].filter { !$0.isEmpty }
            .joined(separator: "\n\n")
        let (source, address) = (fields["source"], fields["source_url"])
        recipe.source =
            address.isEmpty || source.contains(address)
            ? source : source.isEmpty ? address : source + " — " + address
        return recipe
    }

    /// The first whole number in `text` ("4", "4 servings", "Serves 4-6"), when a recipe may have it (1–1,000).
    static func servings(_ text: String) -> Int? {
        let digits = text.drop { !$0.isNumber }.prefix { $0.isNumber }
        guard let number = Int(digits.prefix(6)), RecipeDraft.Limits.servings.contains(number) else { return nil }
        return number
    }

    /// Whole minutes of a time as Paprika's cooks write it: "20 mins", "1 hr 10 min", "1 hour 30 minutes", "1h30",
    /// "45" (minutes), "1:30" (hours and minutes); nil for anything else.
    static func minutes(_ text: String) -> Int? {
        let text = text.lowercased()
        guard !text.isEmpty else { return nil }
        let clock = text.split(separator: ":")
        if clock.count == 2, let hours = Int(clock[0]), let minutes = Int(clock[1]), minutes < 60 {
            return hours * 60 + minutes
        }
        var total = 0
        var found = false
        var scanner = Substring(text)
        while let start = scanner.firstIndex(where: \.isNumber) {
            scanner = scanner[start...]
            let digits = scanner.prefix { $0.isNumber }
            scanner = scanner.dropFirst(digits.count).drop { $0 == " " }
            guard let number = Int(digits.prefix(6)) else { return nil }
            let unit = scanner.prefix { $0.isLetter }
            scanner = scanner.dropFirst(unit.count)
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += number * 60
            case "d", "day", "days": total += number * 24 * 60
            case "", "m", "min", "mins", "minute", "minutes":
                // "1h30": the number after hours is minutes.
                total += number
            default: return nil
            }
            found = true
        }
        return found && total > 0 ? total : nil
    }

    /// Breakfast, Lunch or Dinner (in English, ignoring case) as a recipe category; nil for any other.
    static func mealCategory(_ name: String) -> Recipe.Category? {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "breakfast": .breakfast
        case "lunch": .lunch
        case "dinner": .dinner
        default: nil
        }
    }
}
