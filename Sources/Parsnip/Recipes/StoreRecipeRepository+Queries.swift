import ParseStore

/// The list's filters and sorts, and the stepping order (oldest first, ties by objectId), as Parse queries.
extension StoreRecipeRepository {
    /// The recipes that match the request's filters; no constraints at all when it has none.
    static func filtered(_ request: RecipeListRequest) -> ParseQuery {
        var query = ParseQuery(className)
        if let category = request.category {
            query = query.where("category", equalTo: .number(Double(category.rawValue)))
        }
        if let isAvailable = request.isAvailable {
            query = query.where("isAvailable", equalTo: .boolean(isAvailable))
        }
        if let search = request.search, !search.isEmpty {
            query = query.searching(search)
        }
        return query
    }

    /// Recipes are found by the words of their name, ingredients, side options, method and notes.
    static let searchable = SearchableClass(className: className) { object, _ in
        let recipe = recipe(object)
        let parts =
            [recipe.name] + recipe.ingredients.map(\.description) + recipe.sideOptions + recipe.steps
            + [recipe.notes]
        return SearchDocument(text: parts.joined(separator: "\n"))
    }

    /// The fields a list row shows, the only ones the list reads: a recipe's ingredients, side options, nutrition,
    /// steps and notes are most of its stored bytes and the list shows none of them.
    static let listKeys = ["name", "servings", "price", "isAvailable", "category", "releaseDate", "photo"]

    /// `query` in the list's order. The store appends objectId (ascending, the last key's direction) to break ties.
    static func sorted(_ query: ParseQuery, by sort: RecipeSort) -> ParseQuery {
        let ordered =
            switch sort {
            case .name: query.order(by: "name")
            // SQLite puts NULL last in descending order, so recipes without a date come after all dated ones.
            case .releaseDate: query.order(by: "-releaseDate", "name")
            }
        return ordered.ignoringCaseAndAccentsInTextOrder()
    }

    /// Recipes before `object` in the stepping order: created earlier, or at the same instant with a smaller id.
    static func before(_ object: ParseObject, _ base: ParseQuery) -> ParseQuery {
        base.where("createdAt", "$lte", .date(object.createdAt)).nor([
            ParseQuery(className).where("createdAt", equalTo: .date(object.createdAt))
                .where("objectId", "$gte", .string(object.objectId))
        ])
    }

    /// Recipes after `object` in the stepping order: created later, or at the same instant with a larger id.
    static func after(_ object: ParseObject, _ base: ParseQuery) -> ParseQuery {
        base.where("createdAt", "$gte", .date(object.createdAt)).nor([
            ParseQuery(className).where("createdAt", equalTo: .date(object.createdAt))
                .where("objectId", "$lte", .string(object.objectId))
        ])
    }
}

extension StoreRecipeRepository {
    /// `recipe` with its neighbours in `list`'s filters and order, read from the ids of every recipe in that list:
    /// names sort ignoring case and accents, which no index bound can follow. A household's recipes are a few
    /// thousand at most, and the page is cached until the next change.
    static func inList(_ recipe: Recipe, _ list: RecipeListRequest, reader: ParseReader) throws -> RecipeInOrder {
        let ids = try reader.find(sorted(filtered(list), by: list.sort).select("objectId").limit(Int(Int32.max)))
            .map(\.objectId)
        var found = RecipeInOrder(recipe: recipe, previousId: nil, nextId: nil, position: 0, total: ids.count)
        found.list = list
        guard let index = ids.firstIndex(of: recipe.id ?? "") else { return found }
        found.position = index + 1
        found.previousId = index > 0 ? ids[index - 1] : nil
        found.nextId = index + 1 < ids.count ? ids[index + 1] : nil
        return found
    }
}
