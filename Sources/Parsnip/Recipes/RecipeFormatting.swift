import Foundation

/// Turns recipes and counts into the words and numbers the recipe pages show.
enum RecipeFormatting {
    static func category(_ category: Recipe.Category?) -> String { category?.title ?? NumberText.missing }

    static func servings(_ servings: Int?) -> String { servings.map(NumberText.grouped) ?? NumberText.missing }

    /// "€3.99" in the household's currency, or "3.99" (two decimals, as typed into the form) without one.
    static func price(_ price: Price?, money: MoneyFormat = .plain) -> String {
        price.map(money.text) ?? NumberText.missing
    }

    static func available(_ isAvailable: Bool) -> String { isAvailable ? "Yes" : "No" }

    /// "3 May 2024".
    static func releaseDate(_ date: CalendarDate?) -> String { date?.readable ?? NumberText.missing }

    /// The list's words: "3 of 12 recipes match", "No recipes yet"…
    static let list = NumberedList(singular: "recipe", plural: "recipes", addURL: "/recipes/new")

    /// A row of the list; its link keeps `list` (the list's query for the recipe page, `sort=name&q=soup`), so the
    /// recipe page steps through the same list.
    static func row(_ recipe: Recipe, list: String = "", money: MoneyFormat = .plain) -> RecipeTableRow {
        RecipeTableRow(
            name: recipe.name,
            url: "/recipes/\(recipe.id ?? "")" + (list.isEmpty ? "" : "?" + list),
            category: category(recipe.category),
            servings: servings(recipe.servings),
            price: price(recipe.price, money: money),
            available: available(recipe.isAvailable),
            releaseText: releaseDate(recipe.releaseDate),
            releaseISO: recipe.releaseDate?.iso,
            thumbnailURL: recipe.photo.map { RecipePhoto.url($0, small: true) }
        )
    }

    /// "Previous recipe" / "Next recipe" links to `suffix` ("" for the recipe page, "/edit" for the editor), keeping
    /// the list the recipe was found in, and "Recipe 3 of 12" ("Recipe 2 of 5 that match" in a filtered list).
    static func steps(_ found: RecipeInOrder, suffix: String) -> RecipeSteps {
        let query = query(keeping: found)
        let filtered = found.list.map { $0.search != nil || $0.category != nil || $0.isAvailable != nil } ?? false
        return RecipeSteps(
            previousURL: found.previousId.map { "/recipes/\($0)\(suffix)\(query)" },
            nextURL: found.nextId.map { "/recipes/\($0)\(suffix)\(query)" },
            positionLine: "Recipe \(NumberText.grouped(found.position)) of \(NumberText.grouped(found.total))"
                + (filtered ? " that match" : "")
        )
    }

    /// `?sort=name&q=soup` for a link that keeps `found`'s list; empty without one.
    static func query(keeping found: RecipeInOrder) -> String {
        found.listContext.isEmpty ? "" : "?" + found.listContext
    }

    /// Where "←" on a recipe's page goes: the list it was found in, at the page that holds it, or the whole list.
    static func backLink(_ found: RecipeInOrder, pageSize: Int) -> (url: String, label: String) {
        guard let list = found.list, !found.listContext.isEmpty else { return ("/recipes", "All recipes") }
        var query = RecipeListQuery()
        query.search = list.search
        query.typed = list.search ?? ""
        query.category = list.category
        query.isAvailable = list.isAvailable
        query.sort = list.sort
        let page = (max(1, found.position) - 1) / max(1, pageSize) + 1
        return (query.url(page: page), query.isFiltering ? "Back to the list" : "All recipes")
    }

    /// `text` when it is a web address a link may go to (http or https, no spaces), else nil: never a
    /// `javascript:` or other scheme someone typed.
    static func webAddress(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !text.contains(where: \.isWhitespace),
            let url = URL(string: text), url.host != nil
        else { return nil }
        return text
    }
}
