import Foundation
import ParseStore

/// Makes varied, realistic recipes from a fixed seed (same seed, same recipes), already in the Parse encoding
/// the app stores in class `Recipe` (notes/recipe-contract.md, "Storage"):
///
/// | field | Parse value |
/// | --- | --- |
/// | name | String |
/// | servings | Number, whole (left unset about one time in ten) |
/// | price | Number with at most two decimals, `cents / 100` (left unset about one time in ten) |
/// | isAvailable | Boolean, always set |
/// | category | Number 0, 1 or 2, always set |
/// | ingredients | Array of 3–8 Objects `{"quantity": Number, "description": String}`, keys in that order |
/// | sideOptions | Array of 0–3 Strings, always set |
/// | nutritionalInfo | Object of 0–5 String → String entries (unique names), in entry order, always set |
/// | releaseDate | Date at midnight UTC of a day from 2015 to 2025 (left unset about one time in eight) |
struct RecipeGenerator {
    private var random: SplitMix64

    /// A generator whose output is fully determined by `seed`.
    init(seed: UInt64) {
        // A different stream from the to-do text generator's, even with the same seed.
        random = SplitMix64(seed: seed ^ 0x5EED_0003_5EED_0003)
    }

    static let className = "Recipe"

    /// (category raw value, dishes that fit it).
    private static let dishes: [(category: Int, names: [String])] = [
        (
            0,
            [
                "Porridge", "Pancakes", "French toast", "Granola", "Shakshuka", "Omelette", "Bircher muesli",
                "Scrambled eggs", "Waffles", "Breakfast burrito", "Crêpes", "Huevos rancheros", "Congee",
                "Banana bread", "Smoothie bowl",
            ]
        ),
        (
            1,
            [
                "Lentil soup", "Caesar salad", "Club sandwich", "Falafel wrap", "Niçoise salad", "Ramen",
                "Quiche", "Minestrone", "Poke bowl", "Tabbouleh", "Gazpacho", "Bánh mì", "Tortilla española",
                "Grilled cheese", "Pho",
            ]
        ),
        (
            2,
            [
                "Risotto", "Lasagne", "Chicken curry", "Chili con carne", "Beef stew", "Paella", "Moussaka",
                "Stir-fried noodles", "Roast chicken", "Mushroom stroganoff", "Fish pie", "Ratatouille",
                "Pad thai", "Bœuf bourguignon", "Dal makhani", "Shepherd's pie",
            ]
        ),
    ]
    private static let styles = [
        "", "", "", "Classic ", "Easy ", "Smoky ", "Spicy ", "Lemony ", "Herby ", "Weeknight ", "Grandma's ",
        "Crispy ", "Creamy ", "Summer ", "Winter ", "Quick ", "Rustic ", "Garlicky ", "Golden ", "One-pot ",
    ]
    private static let additions = [
        "", "", "", "", " with roasted peppers", " with spinach", " with feta", " with chorizo", " with tofu",
        " with sweet potato", " with wild mushrooms", " with lemon and thyme", " with chickpeas", " with salmon",
        " with blueberries", " with toasted seeds",
    ]
    /// Ingredients with amounts that suit them; every amount is one the editor reads back exactly
    /// ("½", "1 1/2", "⅓", "200").
    private static let ingredients: [(description: String, quantities: [Double])] = [
        ("cups of flour", [1, 1.5, 2, 2.5, 3]),
        ("eggs", [1, 2, 3, 4, 6]),
        ("tablespoons of olive oil", [1, 2, 3, 0.5]),
        ("cloves of garlic", [1, 2, 3, 4]),
        ("onions, finely chopped", [0.5, 1, 2]),
        ("cups of oat milk", [0.25, 0.5, 1, 1.5, 2.0 / 3.0]),
        ("teaspoons of salt", [0.125, 0.25, 0.5, 1]),
        ("grams of butter", [25, 50, 100, 125, 250]),
        ("tins of chopped tomatoes", [1, 2]),
        ("carrots, diced", [1, 2, 3]),
        ("teaspoons of ground cumin", [0.5, 1, 1.5, 2]),
        ("cups of vegetable stock", [1, 2, 3, 4, 1.0 / 3.0]),
        ("handfuls of spinach", [1, 2, 3]),
        ("lemons, juiced", [0.5, 1, 2]),
        ("grams of rice", [150, 200, 300, 400]),
        ("tablespoons of honey", [1, 2, 0.5]),
        ("grams of cheddar, grated", [50, 100, 150, 200]),
        ("teaspoons of paprika", [0.5, 1, 2]),
        ("cups of red lentils", [0.5, 1, 1.5, 0.75]),
        ("sprigs of thyme", [2, 3, 4]),
        ("grams of pasta", [200, 250, 400, 500]),
        ("tablespoons of soy sauce", [1, 2, 3]),
        ("limes", [1, 2, 0.5]),
        ("grams of chicken thighs", [400, 500, 750]),
        ("bunches of coriander", [0.5, 1]),
        ("cups of rolled oats", [0.5, 1, 1.5, 2.0 / 3.0]),
        ("bananas, mashed", [1, 2, 3]),
        ("teaspoons of baking powder", [1, 1.5, 2, 0.5]),
        ("tablespoons of crème fraîche", [2, 3, 4]),
        ("pinches of chilli flakes", [1, 2]),
    ]
    private static let sides = [
        "Green salad", "Garlic bread", "Steamed rice", "Roast potatoes", "Coleslaw", "Naan bread", "Fresh fruit",
        "Greek yoghurt", "Sourdough toast", "Pickled cucumber", "Miso soup", "Sweet potato fries",
        "Tomato salsa", "Crusty baguette", "Kimchi",
    ]
    private static let nutrition: [(name: String, values: [String])] = [
        ("Calories", ["180 kcal", "320 kcal", "450 kcal", "610 kcal", "720 kcal"]),
        ("Protein", ["6 g", "12 g", "18 g", "25 g", "34 g"]),
        ("Fat", ["4 g", "9.5 g", "14 g", "22 g"]),
        ("Carbohydrates", ["20 g", "35 g", "48 g", "62 g"]),
        ("Sugar", ["2 g", "5 g", "11 g", "19 g"]),
        ("Fibre", ["1.5 g", "3 g", "6 g", "9 g"]),
        ("Salt", ["0.4 g", "0.9 g", "1.3 g", "2.1 g"]),
    ]

    /// The first and last day a release date can fall on, as seconds since 1970 at midnight UTC.
    private static let firstDay = 16_436  // 2015-01-01
    private static let lastDay = 20_453  // 2025-12-31

    /// The next recipe, as the field values to store (unset optionals are absent).
    mutating func recipe() -> [String: ParseValue] {
        let course = Self.dishes[below(Self.dishes.count)]
        let name = pick(Self.styles) + pick(course.names) + pick(Self.additions)
        var fields: [String: ParseValue] = [
            "name": .string(name),
            "isAvailable": .boolean(below(4) != 0),
            "category": .number(Double(course.category)),
            "ingredients": .array(ingredientList()),
            "sideOptions": .array(distinct(Self.sides, count: below(4)).map { .string($0) }),
            "nutritionalInfo": nutritionalInfo(),
        ]
        if below(10) != 0 {
            fields["servings"] = .number(Double([1, 2, 2, 4, 4, 4, 6, 6, 8, 10, 12][below(11)]))
        }
        if below(10) != 0 {
            // Whole cents from 1.50 to 49.99, stored as cents / 100: the double nearest the two-decimal price.
            fields["price"] = .number(Double(150 + below(4_850)) / 100)
        }
        if below(8) != 0 {
            let day = Self.firstDay + below(Self.lastDay - Self.firstDay + 1)
            fields["releaseDate"] = .date(Date(timeIntervalSince1970: TimeInterval(day) * 86_400))
        }
        return fields
    }

    /// 3–8 ingredients with different descriptions, each `{"quantity", "description"}` in that key order.
    private mutating func ingredientList() -> [ParseValue] {
        distinct(Self.ingredients, count: 3 + below(6)).map { ingredient -> ParseValue in
            ["quantity": .number(pick(ingredient.quantities)), "description": .string(ingredient.description)]
        }
    }

    /// 0–5 distinct nutrition facts, in the order they were picked.
    private mutating func nutritionalInfo() -> ParseValue {
        var info: ParseValue = [:]
        let facts = distinct(Array(Self.nutrition.indices), count: below(6))
        for index in facts {
            let fact = Self.nutrition[index]
            let value = pick(fact.values)
            if case .object(var members) = info {
                members[fact.name] = .string(value)
                info = .object(members)
            }
        }
        return info
    }

    /// `count` different elements of `options` (count ≤ options.count), in random order.
    private mutating func distinct<Element>(_ options: [Element], count: Int) -> [Element] {
        var pool = options
        var chosen: [Element] = []
        for _ in 0..<min(count, pool.count) {
            chosen.append(pool.remove(at: below(pool.count)))
        }
        return chosen
    }

    private mutating func pick<Element>(_ options: [Element]) -> Element {
        options[below(options.count)]
    }

    /// A number from 0 up to, not including, `bound`.
    private mutating func below(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }
}
