import Foundation
import XCTest

@testable import Parsnip

/// The editor's rules: what validation accepts, what it refuses and with which words, next to which field.
final class RecipeDraftTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    /// The smallest draft that is valid: a name and a category.
    private func draft(
        name: String = "Pancakes", servings: String = "", price: String = "", category: String = "0",
        releaseDate: String = "", ingredients: [RecipeDraft.IngredientRow] = [], sideOptions: [String] = [],
        nutrition: [RecipeDraft.NutritionRow] = []
    ) -> RecipeDraft {
        RecipeDraft(
            name: name, servings: servings, price: price, category: category, releaseDate: releaseDate,
            ingredients: ingredients, sideOptions: sideOptions, nutrition: nutrition)
    }

    private func recipe(_ draft: RecipeDraft, file: StaticString = #filePath, line: UInt = #line) -> Recipe? {
        switch draft.validate() {
        case .valid(let recipe): return recipe
        case .invalid(let problems):
            XCTFail("expected a valid draft, got \(problems.map { SaidProblem($0) })", file: file, line: line)
            return nil
        }
    }

    private func problems(_ draft: RecipeDraft) -> [SaidProblem] {
        if case .invalid(let problems) = draft.validate() { return problems.map { SaidProblem($0) } }
        return []
    }

    private func ingredientRows(_ count: Int) -> [RecipeDraft.IngredientRow] {
        (0..<count).map { RecipeDraft.IngredientRow(quantity: "1", description: "item \($0)") }
    }

    // MARK: Overview fields

    func testNameAndCategoryAloneMakeAValidRecipeWithEveryOptionalUnset() throws {
        let recipe = try XCTUnwrap(recipe(draft()))
        XCTAssertEqual(recipe, Recipe(name: "Pancakes", category: .breakfast))
    }

    func testNameIsRequiredEvenWhenOnlySpacesAndControlCharactersWereTyped() {
        XCTAssertEqual(
            problems(draft(name: "  \u{0}\t\u{7} ")), [.init(field: .name, message: "Enter a name for the recipe")])
    }

    func testNameIsCleanedOfControlCharactersAndLineBreaks() {
        XCTAssertEqual(recipe(draft(name: " Pan\r\ncakes\u{7} "))?.name, "Pan cakes")
    }

    func testNameMayHave200CharactersCountedAsPeopleSeeThem() {
        XCTAssertNotNil(recipe(draft(name: String(repeating: "🥞", count: 200))))
        XCTAssertEqual(
            problems(draft(name: String(repeating: "é", count: 201))).map(\.message),
            ["Name must be 200 characters or fewer"])
    }

    func testServingsAcceptsWholeNumbersFromOneToOneThousand() {
        XCTAssertEqual(recipe(draft(servings: "1"))?.servings, 1)
        XCTAssertEqual(recipe(draft(servings: " 4 "))?.servings, 4)
        XCTAssertEqual(recipe(draft(servings: "1000"))?.servings, 1000)
        XCTAssertEqual(recipe(draft(servings: "1,000"))?.servings, 1000, "grouped the English way")
    }

    func testServingsThatAreNotWholeNumbersAskForOne() {
        for text in ["4.5", "four", "1,5", "4 people", "4+", "٤", "1e2"] {
            XCTAssertEqual(
                problems(draft(servings: text)),
                [.init(field: .servings, message: "Servings must be a whole number, like 4")], text)
        }
    }

    func testServingsOutsideOneToOneThousandSayTheRange() {
        for text in ["0", "1001", "-3", "99999999999999999999999"] {
            XCTAssertEqual(
                problems(draft(servings: text)),
                [.init(field: .servings, message: "Servings must be between 1 and 1,000")], text)
        }
    }

    func testPriceAcceptsPointOrCommaAndUpToTwoDecimalsExactlyInCents() {
        let accepted: [(String, Int)] = [
            ("3.99", 399), ("3,99", 399), ("3", 300), ("3.5", 350), (" 3.99 ", 399), (".5", 50), ("3.", 300),
            ("0", 0), ("19.99", 1999), ("007.10", 710), ("1000000", 100_000_000), ("1000000.00", 100_000_000),
            // Grouped, as people write large prices: both marks, or three digits after the English grouping mark.
            ("1,234.56", 123_456), ("1.234,56", 123_456), ("1,234", 123_400), ("1 234,50", 123_450),
        ]
        for (text, cents) in accepted {
            XCTAssertEqual(recipe(draft(price: text))?.price, Price(cents: cents), text)
        }
    }

    func testPriceRefusesEachBadFormWithItsOwnMessage() {
        let refused: [(String, String)] = [
            ("3.9.9", "Price must be a number, like 3.99"), ("12,34,56", "Price must be a number, like 3.99"),
            ("1e3", "Price must be a number, like 3.99"), ("3$3", "Price must be a number, like 3.99"),
            ("€3€", "Price must be a number, like 3.99"), ("three", "Price must be a number, like 3.99"),
            (".", "Price must be a number, like 3.99"), ("3+", "Price must be a number, like 3.99"),
            ("3.999", "Price can have at most two decimals, like 3.99"),
            ("1.2345", "Price can have at most two decimals, like 3.99"),
            ("-1", "Price cannot be negative"), ("-3.99", "Price cannot be negative"),
            ("1000000.01", "Price must be 1,000,000 or less"),
            ("99999999999999999999", "Price must be 1,000,000 or less"),
        ]
        for (text, message) in refused {
            XCTAssertEqual(problems(draft(price: text)), [.init(field: .price, message: message)], text)
        }
    }

    func testCategoryMustBeOneOfTheThree() {
        XCTAssertEqual(recipe(draft(category: "0"))?.category, .breakfast)
        XCTAssertEqual(recipe(draft(category: "1"))?.category, .lunch)
        XCTAssertEqual(recipe(draft(category: "2"))?.category, .dinner)
        for text in ["", "3", "-1", "+1", "01", "lunch"] {
            XCTAssertEqual(
                problems(draft(category: text)), [.init(field: .category, message: "Choose a category")], text)
        }
    }

    func testReleaseDateIsOptionalAndReadAsACalendarDay() {
        XCTAssertNil(recipe(draft(releaseDate: ""))?.releaseDate)
        XCTAssertEqual(
            recipe(draft(releaseDate: "2024-05-03"))?.releaseDate, CalendarDate(year: 2024, month: 5, day: 3))
        XCTAssertEqual(
            recipe(draft(releaseDate: "2024-02-29"))?.releaseDate, CalendarDate(year: 2024, month: 2, day: 29))
    }

    func testReleaseDateThatIsNotARealDayIsRefusedAndTwentyNinthFebruaryNamesTheYear() {
        XCTAssertEqual(
            problems(draft(releaseDate: "2023-02-29")), [.init(field: .releaseDate, message: "2023 has no 29 February")]
        )
        for text in ["2024-02-30", "2024-13-01", "03/05/2024", "0999-01-01", "tomorrow"] {
            XCTAssertEqual(
                problems(draft(releaseDate: text)),
                [.init(field: .releaseDate, message: "Release date must be a real date, like 27 3 2026")], text)
        }
    }

    // MARK: Ingredients

    func testIngredientQuantitiesInEveryAcceptedForm() {
        let rows = ["2", "0.5", "0,5", ".5", "1/2", "1 1/2", "½", "1½", "1 ½"].map {
            RecipeDraft.IngredientRow(quantity: $0, description: "cups of flour")
        }
        XCTAssertEqual(
            recipe(draft(ingredients: rows))?.ingredients.map(\.quantity), [2, 0.5, 0.5, 0.5, 0.5, 1.5, 0.5, 1.5, 1.5])
    }

    func testFullyEmptyIngredientRowsAreDroppedButCountInRowNumbers() {
        let rows = [
            RecipeDraft.IngredientRow(quantity: " ", description: "\t"),
            RecipeDraft.IngredientRow(quantity: "lots", description: "cups of flour"),
        ]
        XCTAssertEqual(
            problems(draft(ingredients: rows)),
            [.init(field: .ingredientQuantity(1), message: "Enter a quantity for ingredient 2, like 1, 0.5 or 1 1/2")])
        let kept = recipe(draft(ingredients: [rows[0], .init(quantity: "2", description: " eggs ")]))
        XCTAssertEqual(kept?.ingredients, [Ingredient(quantity: 2, description: "eggs")])
    }

    func testIngredientQuantityProblemsSayWhatIsWrong() {
        let cases: [(String, String)] = [
            ("abc", "Enter a quantity for ingredient 1, like 1, 0.5 or 1 1/2"),
            ("1/0", "Enter a quantity for ingredient 1, like 1, 0.5 or 1 1/2"),
            ("0", "Quantity of ingredient 1 must be more than 0"),
            ("0/4", "Quantity of ingredient 1 must be more than 0"),
            ("-1", "Quantity of ingredient 1 must be more than 0"),
            ("100000.5", "Quantity of ingredient 1 must be 100,000 or less"),
        ]
        for (text, message) in cases {
            let rows = [RecipeDraft.IngredientRow(quantity: text, description: "eggs")]
            XCTAssertEqual(
                problems(draft(ingredients: rows)), [.init(field: .ingredientQuantity(0), message: message)], text)
        }
        XCTAssertEqual(
            recipe(draft(ingredients: [.init(quantity: "100000", description: "grains of rice")]))?.ingredients.count,
            1)
    }

    func testIngredientWithAQuantityButNoDescriptionAsksForOne() {
        XCTAssertEqual(
            problems(draft(ingredients: [.init(quantity: "2", description: "")])),
            [.init(field: .ingredientDescription(0), message: "Describe ingredient 1, like “cups of flour”")])
    }

    func testIngredientDescriptionMayHave200Characters() {
        XCTAssertNotNil(
            recipe(draft(ingredients: [.init(quantity: "1", description: String(repeating: "a", count: 200))])))
        XCTAssertEqual(
            problems(draft(ingredients: [.init(quantity: "1", description: String(repeating: "a", count: 201))])),
            [
                .init(
                    field: .ingredientDescription(0),
                    message: "Description of ingredient 1 must be 200 characters or fewer")
            ])
    }

    func testAtMostFiftyIngredientsNotCountingEmptyRows() {
        XCTAssertEqual(
            recipe(draft(ingredients: ingredientRows(50) + [.init(), .init()]))?.ingredients.count, 50)
        XCTAssertEqual(
            problems(draft(ingredients: ingredientRows(51))),
            [.init(field: .ingredients, message: "A recipe can have at most 50 ingredients")])
    }

    // MARK: Side options and nutrition

    func testSideOptionsAreCleanedEmptyOnesDroppedAndLimited() {
        XCTAssertEqual(recipe(draft(sideOptions: [" Salad ", "", "Fries\u{0}"]))?.sideOptions, ["Salad", "Fries"])
        XCTAssertEqual(
            problems(draft(sideOptions: ["", String(repeating: "b", count: 101)])),
            [.init(field: .sideOption(1), message: "Side option 2 must be 100 characters or fewer")])
        XCTAssertEqual(recipe(draft(sideOptions: Array(repeating: "x", count: 20)))?.sideOptions.count, 20)
        XCTAssertEqual(
            problems(draft(sideOptions: Array(repeating: "x", count: 21))),
            [.init(field: .sideOptions, message: "A recipe can have at most 20 side options")])
    }

    func testNutritionKeepsEntriesInOrderAndDropsEmptyRows() {
        let rows: [RecipeDraft.NutritionRow] = [
            .init(name: "Calories", value: "320 kcal"), .init(), .init(name: "Fat", value: "12 g"),
        ]
        XCTAssertEqual(
            recipe(draft(nutrition: rows))?.nutritionalInfo,
            [NutritionEntry(name: "Calories", value: "320 kcal"), NutritionEntry(name: "Fat", value: "12 g")])
    }

    func testNutritionRowWithOnlyOneCellFlagsTheMissingCell() {
        XCTAssertEqual(
            problems(draft(nutrition: [.init(name: "Calories", value: ""), .init(name: " ", value: "12 g")])),
            [
                .init(field: .nutritionValue(0), message: "Enter a value for nutrition entry 1, like “320 kcal”"),
                .init(field: .nutritionName(1), message: "Enter a name for nutrition entry 2, like “Calories”"),
            ])
    }

    func testDuplicateNutritionNameIgnoringCaseAndSpacesFlagsTheLaterRow() {
        let rows: [RecipeDraft.NutritionRow] = [
            .init(name: "Fat", value: "12 g"), .init(name: "Salt", value: "1 g"), .init(name: "  fAT ", value: "3 g"),
        ]
        XCTAssertEqual(
            problems(draft(nutrition: rows)),
            [.init(field: .nutritionName(2), message: "“fAT” is already listed — use another name or remove this row")])
    }

    func testNutritionNamesParseCannotStoreAreRefused() {
        XCTAssertEqual(
            problems(draft(nutrition: [.init(name: "Vit. C", value: "1"), .init(name: "Cost $", value: "2")])),
            [
                .init(field: .nutritionName(0), message: "Name of nutrition entry 1 cannot contain “.” or “$”"),
                .init(field: .nutritionName(1), message: "Name of nutrition entry 2 cannot contain “.” or “$”"),
            ])
        XCTAssertEqual(
            problems(draft(nutrition: [.init(name: "__type", value: "1"), .init(name: "__op", value: "2")])).map(
                \.message),
            ["Name of nutrition entry 1 cannot be “__type”", "Name of nutrition entry 2 cannot be “__op”"])
    }

    func testNutritionLengthAndRowLimits() {
        XCTAssertEqual(
            problems(
                draft(nutrition: [
                    .init(name: String(repeating: "n", count: 51), value: String(repeating: "v", count: 101))
                ])),
            [
                .init(field: .nutritionName(0), message: "Name of nutrition entry 1 must be 50 characters or fewer"),
                .init(field: .nutritionValue(0), message: "Value of nutrition entry 1 must be 100 characters or fewer"),
            ])
        let thirty = (0..<30).map { RecipeDraft.NutritionRow(name: "n\($0)", value: "v") }
        XCTAssertEqual(recipe(draft(nutrition: thirty))?.nutritionalInfo.count, 30)
        XCTAssertEqual(
            problems(draft(nutrition: thirty + [.init(name: "n30", value: "v")])),
            [.init(field: .nutrition, message: "A recipe can have at most 30 nutrition entries")])
    }

    func testProblemsComeInPageOrderWithEachSectionProblemBeforeItsRows() {
        let everythingWrong = RecipeDraft(
            name: "", servings: "x", price: "x", category: "", releaseDate: "x",
            ingredients: ingredientRows(50) + [.init(quantity: "lots", description: "salt")],
            sideOptions: [String(repeating: "s", count: 101)],
            nutrition: [.init(name: "", value: "1")])
        XCTAssertEqual(
            problems(everythingWrong).map(\.field),
            [
                .name, .servings, .price, .category, .releaseDate, .ingredients, .ingredientQuantity(50),
                .sideOption(0),
                .nutritionName(0),
            ])
    }

    func testUnicodeTextIsKeptInEveryTextField() {
        let text = "Crème brûlée 焦糖布丁 🍮"
        let recipe = recipe(
            draft(
                name: text, ingredients: [.init(quantity: "1", description: text)], sideOptions: [text],
                nutrition: [.init(name: text, value: text)]))
        XCTAssertEqual(recipe?.name, text)
        XCTAssertEqual(recipe?.ingredients.first?.description, text)
        XCTAssertEqual(recipe?.sideOptions, [text])
        XCTAssertEqual(recipe?.nutritionalInfo, [NutritionEntry(name: text, value: text)])
    }
}
