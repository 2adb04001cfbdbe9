import Foundation

/// Turns recipes and counts into the words and numbers the recipe pages show.
enum RecipeFormatting {
    static func category(_ category: Recipe.Category?, in language: Language = .en) -> String {
        category?.title(in: language) ?? NumberText.missing
    }

    static func servings(_ servings: Int?, in language: Language = .en) -> String {
        servings.map { LocalFormats.whole($0, in: language) } ?? NumberText.missing
    }

    /// "€3.99" in the household's currency, or "3.99" (two decimals, as typed into the form) without one, written
    /// as `language` writes amounts.
    static func price(_ price: Price?, money: MoneyFormat = .plain, in language: Language = .en) -> String {
        price.map { money.text($0, in: language) } ?? NumberText.missing
    }

    static func available(_ isAvailable: Bool, in language: Language = .en) -> String {
        RecipeWords.availability(isAvailable, in: language)
    }

    /// "3 May 2024", "3 de mayo de 2024", "2024年5月3日".
    static func releaseDate(_ date: CalendarDate?, in language: Language = .en) -> String {
        date.map { LocalFormats.day($0, in: language) } ?? NumberText.missing
    }

    /// "Prep 20 min · Cook 1 h 10 min", either part left out when not said; nil when neither is.
    static func timesLine(_ recipe: Recipe, in language: Language) -> String? {
        let parts = [
            recipe.prepMinutes.map { language.text("recipes.show.prep", ["time": RecipeTime.text($0, in: language)]) },
            recipe.cookMinutes.map { language.text("recipes.show.cook", ["time": RecipeTime.text($0, in: language)]) },
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// "Dinner · €3.99 · Available · Released 3 May 2024": the seed's restaurant fields for one line, those not
    /// given left out.
    static func details(_ recipe: Recipe, money: MoneyFormat, in language: Language) -> RecipeDetails {
        let released = SplitWords(language.text("recipes.show.released", ["date": SplitWords.marker]))
        return RecipeDetails(
            category: recipe.category.map { $0.title(in: language) },
            price: recipe.price.map { money.text($0, in: language) },
            available: recipe.isAvailable
                ? language.text("recipes.field.available") : language.text("recipes.list.notAvailable"),
            releasedBefore: released.before, releasedAfter: released.after,
            releaseText: recipe.releaseDate.map { LocalFormats.day($0, in: language) },
            releaseISO: recipe.releaseDate?.iso)
    }

    /// "1 recipe", "1,000 recipes"; filtered: "3 of 12 recipes match", "1 of 12 recipes matches".
    static func countLine(matching: Int, all: Int, filtered: Bool, in language: Language = .en) -> String {
        guard filtered else { return language.text("recipes.list.count", counts: ["count": all]) }
        return language.text("recipes.list.countMatching", counts: ["matching": matching, "all": all])
    }

    /// What to show instead of an empty table: nothing yet (with "Add your first recipe" for those who may add),
    /// nothing matching, or a page past the last.
    static func emptyState(
        isEmpty: Bool, filtering: Bool, total: Int, totalWithoutFilters: Int, firstPageURL: String, canAdd: Bool,
        in language: Language = .en
    ) -> EmptyState? {
        guard isEmpty else { return nil }
        if totalWithoutFilters == 0 {
            return EmptyState(
                message: language.text("recipes.list.empty"), advice: nil,
                link: canAdd ? EmptyStateLink(text: language.text("recipes.list.addFirst"), url: "/recipes/new") : nil)
        }
        if filtering, total == 0 {
            // "Clear filters" is already above the table: one link, not two.
            return EmptyState(
                message: language.text("recipes.list.noMatch"), advice: language.text("recipes.list.noMatchAdvice"),
                link: nil)
        }
        return EmptyState(
            message: language.text("recipes.list.pastEnd"), advice: nil,
            link: EmptyStateLink(text: language.text("recipes.list.firstPage"), url: firstPageURL))
    }

    /// A row of the list; its link keeps `list` (the list's query for the recipe page, `sort=name&q=soup`), so the
    /// recipe page steps through the same list.
    static func row(_ recipe: Recipe, list: String = "", money: MoneyFormat = .plain, in language: Language = .en)
        -> RecipeTableRow
    {
        RecipeTableRow(
            name: recipe.name,
            url: "/recipes/\(recipe.id ?? "")" + (list.isEmpty ? "" : "?" + list),
            category: category(recipe.category, in: language),
            servings: servings(recipe.servings, in: language),
            price: price(recipe.price, money: money, in: language),
            available: available(recipe.isAvailable, in: language),
            releaseText: releaseDate(recipe.releaseDate, in: language),
            releaseISO: recipe.releaseDate?.iso,
            thumbnailURL: recipe.photo.map { RecipePhoto.url($0, small: true) },
            summary: [
                recipe.category.map { category($0, in: language) },
                recipe.servings.map { language.text("recipes.list.serves", counts: ["servings": $0]) },
                recipe.price.map { price($0, money: money, in: language) },
            ].compactMap { $0 }.joined(separator: " · ")
        )
    }

    /// "Previous recipe" / "Next recipe" links to `suffix` ("" for the recipe page, "/edit" for the editor), keeping
    /// the list the recipe was found in, and "Recipe 3 of 12" ("Recipe 2 of 5 that match" in a filtered list).
    static func steps(_ found: RecipeInOrder, suffix: String, in language: Language = .en) -> RecipeSteps {
        let query = query(keeping: found)
        let filtered = found.list.map { $0.search != nil || $0.category != nil || $0.isAvailable != nil } ?? false
        let counts = ["position": found.position, "total": found.total]
        return RecipeSteps(
            previousURL: found.previousId.map { "/recipes/\($0)\(suffix)\(query)" },
            nextURL: found.nextId.map { "/recipes/\($0)\(suffix)\(query)" },
            positionLine: filtered
                ? language.text("recipes.steps.positionMatching", counts: counts)
                : language.text("recipes.steps.position", counts: counts)
        )
    }

    /// `?sort=name&q=soup` for a link that keeps `found`'s list; empty without one.
    static func query(keeping found: RecipeInOrder) -> String {
        found.listContext.isEmpty ? "" : "?" + found.listContext
    }

    /// Where "←" on a recipe's page goes: the list it was found in, at the page that holds it, or the whole list.
    static func backLink(_ found: RecipeInOrder, pageSize: Int, in language: Language = .en)
        -> (url: String, label: String)
    {
        let all = language.text("recipes.show.allRecipes")
        guard let list = found.list, !found.listContext.isEmpty else { return ("/recipes", all) }
        var query = RecipeListQuery()
        query.search = list.search
        query.typed = list.search ?? ""
        query.category = list.category
        query.isAvailable = list.isAvailable
        query.sort = list.sort
        let page = (max(1, found.position) - 1) / max(1, pageSize) + 1
        return (query.url(page: page), query.isFiltering ? language.text("recipes.show.backToList") : all)
    }

    /// A nutrition value as a page in `language` shows it: a number at its start written with the language's
    /// decimal mark ("2.5 g" → "2,5 g" in Spanish, "2,5 g" → "2.5 g" in English). A mark followed by exactly three
    /// digits is left alone, as it may group thousands; the value is otherwise shown as typed.
    static func nutritionValue(_ value: String, in language: Language) -> String {
        let mark = LocalFormats.decimalMark(language)
        let other: Character = mark == "." ? "," : "."
        let digits = value.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, value.dropFirst(digits.count).first == other else { return value }
        let rest = value.dropFirst(digits.count + 1)
        let fraction = rest.prefix { $0.isASCII && $0.isNumber }
        guard !fraction.isEmpty, fraction.count != 3,
            rest.dropFirst(fraction.count).first.map({ !$0.isNumber && $0 != "." && $0 != "," }) ?? true
        else { return value }
        return digits + String(mark) + rest
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
