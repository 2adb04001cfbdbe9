/// A sentence cut around one of its parts, so a template can wrap that part in markup (a row number in
/// `<span data-row-number>`, a recipe's name in `<strong>`) whatever the language puts before and after it.
struct SplitWords: Sendable, Hashable {
    /// What the message says before the part.
    let before: String
    /// What it says after.
    let after: String

    /// The argument value that marks where the part goes: a private-use character no message contains.
    static let marker = "\u{E000}"

    /// `text` (a message said with `marker` as the part) cut at the marker; all of it before when it has none.
    init(_ text: String) {
        guard let range = text.range(of: Self.marker) else {
            before = text
            after = ""
            return
        }
        before = String(text[..<range.lowerBound])
        after = String(text[range.upperBound...])
    }
}

extension Recipe.Category {
    /// The word the pages show in `language`: "Breakfast", "Desayuno", "朝食".
    func title(in language: Language) -> String {
        switch self {
        case .breakfast: language.text("recipes.category.breakfast")
        case .lunch: language.text("recipes.category.lunch")
        case .dinner: language.text("recipes.category.dinner")
        }
    }
}

/// Small words the recipe pages share.
enum RecipeWords {
    /// A recipe's name between `language`'s quotation marks: “Soup”, «Sopa», 「スープ」.
    static func quoted(_ name: String, in language: Language) -> String {
        language.text("recipes.quoted", ["name": name])
    }

    /// "Yes" or "No" for a recipe's availability.
    static func availability(_ isAvailable: Bool, in language: Language) -> String {
        isAvailable ? language.text("recipes.available.yes") : language.text("recipes.available.no")
    }
}
