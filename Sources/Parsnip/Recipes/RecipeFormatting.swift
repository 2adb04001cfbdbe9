import Foundation

/// Turns recipes and counts into the words and numbers the recipe pages show.
enum RecipeFormatting {
    static func category(_ category: Recipe.Category?) -> String { category?.title ?? NumberText.missing }

    static func servings(_ servings: Int?) -> String { servings.map(NumberText.grouped) ?? NumberText.missing }

    /// "3.99": always two decimals, as typed into the form.
    static func price(_ price: Price?) -> String { price?.text ?? NumberText.missing }

    static func available(_ isAvailable: Bool) -> String { isAvailable ? "Yes" : "No" }

    /// "3 May 2024".
    static func releaseDate(_ date: CalendarDate?) -> String { date?.readable ?? NumberText.missing }

    /// The list's words: "3 of 12 recipes match", "No recipes yet"…
    static let list = NumberedList(singular: "recipe", plural: "recipes", addURL: "/recipes/new")

    static func row(_ recipe: Recipe) -> RecipeTableRow {
        RecipeTableRow(
            name: recipe.name,
            url: "/recipes/\(recipe.id ?? "")",
            category: category(recipe.category),
            servings: servings(recipe.servings),
            price: price(recipe.price),
            available: available(recipe.isAvailable),
            releaseText: releaseDate(recipe.releaseDate),
            releaseISO: recipe.releaseDate?.iso,
            thumbnailURL: recipe.photo.map { RecipePhoto.url($0, small: true) }
        )
    }

    /// "Previous recipe" / "Next recipe" links to `suffix` ("" for the recipe page, "/edit" for the editor) and
    /// "Recipe 3 of 12".
    static func steps(_ found: RecipeInOrder, suffix: String) -> RecipeSteps {
        RecipeSteps(
            previousURL: found.previousId.map { "/recipes/\($0)\(suffix)" },
            nextURL: found.nextId.map { "/recipes/\($0)\(suffix)" },
            positionLine: "Recipe \(NumberText.grouped(found.position)) of \(NumberText.grouped(found.total))"
        )
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
