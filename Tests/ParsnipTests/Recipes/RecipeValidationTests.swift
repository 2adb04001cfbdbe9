import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Every rule of the recipe editor through the page: 422, the message linked from the summary and shown next to
/// its field or row, the typed values kept — and the accepted forms saved.
final class RecipeValidationTests: XCTestCase {
    /// POSTs the default form with `changes` as "Save as new recipe" and checks the 422 page: each message in the
    /// summary (linking to its field) and beside the field, and every typed value still in the form.
    private static func assertRefused(
        _ browser: Browser, _ changes: [(String, String)], messages: [(field: String, message: String)],
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/recipes/new") }
        let response = try await browser.post("/recipes", form: recipeForm(changes))
        XCTAssertEqual(response.status, .unprocessableContent, "\(changes)", file: file, line: line)
        let html = response.text
        for (field, message) in messages {
            let escaped = message.replacingOccurrences(of: "&", with: "&amp;")
            XCTAssertTrue(
                html.contains(##"<li><a href="#\##(field)">\##(escaped)</a></li>"##), "summary: \(message)",
                file: file, line: line)
            XCTAssertTrue(
                html.contains(#"id="\#(field)-error"><span class="visually-hidden">Error:</span> \#(escaped)</p>"#),
                "beside the field: \(message)", file: file, line: line)
        }
        // A day sent in the one `releaseDate` field comes back in the three boxes (see the date tests).
        for (name, value) in changes where !name.hasPrefix("isAvailable") && name != "releaseDate" {
            let escaped = value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "\"", with: "&quot;")
            if name.hasPrefix("releaseDate-") {
                let box = #"name="\#(name)" type="text" inputmode="numeric" autocomplete="off" value="\#(escaped)""#
                XCTAssertTrue(html.contains(box), "kept: \(name)=\(value)", file: file, line: line)
            } else if name == "category" {
                if ["0", "1", "2"].contains(value) {
                    XCTAssertTrue(html.contains(#"<option value="\#(value)" selected>"#), file: file, line: line)
                }
            } else {
                XCTAssertTrue(
                    html.contains(#"name="\#(name)" value="\#(escaped)""#), "kept: \(name)=\(value)", file: file,
                    line: line)
            }
        }
    }

    /// Saves the default form with `changes` and returns the recipe page.
    private static func saved(_ browser: Browser, _ changes: [(String, String)]) async throws -> String {
        let id = try await browser.addRecipe(recipeForm(changes))
        return try await browser.get("/recipes/\(id)").text
    }

    // MARK: Overview

    func testNameIsRequiredAndAtMost200Characters() async throws {
        try await withApp { browser in
            try await Self.assertRefused(browser, [("name", "  ")], messages: [("name", "Enter a name for the recipe")])
            try await Self.assertRefused(
                browser, [("name", String(repeating: "é", count: 201))],
                messages: [("name", "Name must be 200 characters or fewer")])
            let page = try await Self.saved(browser, [("name", String(repeating: "é", count: 200))])
            XCTAssertTrue(page.contains(String(repeating: "é", count: 200)))
        }
    }

    func testServingsMustBeAWholeNumberFrom1To1000() async throws {
        try await withApp { browser in
            for typed in ["four", "2.5", "4 people"] {
                try await Self.assertRefused(
                    browser, [("servings", typed)], messages: [("servings", "Servings must be a whole number, like 4")])
            }
            for typed in ["0", "1001", "-3"] {
                try await Self.assertRefused(
                    browser, [("servings", typed)], messages: [("servings", "Servings must be between 1 and 1,000")])
            }
            let most = try await Self.saved(browser, [("servings", "1000")])
            XCTAssertTrue(most.contains(#"id="servings-wanted" name="servings" value="1000""#))
            let none = try await Self.saved(browser, [("servings", "")])
            XCTAssertFalse(none.contains("servings-wanted"), "no servings: nothing to scale")
        }
    }

    func testPriceAcceptsPointOrCommaAndAtMostTwoDecimals() async throws {
        try await withApp { browser in
            let point = try await Self.saved(browser, [("price", "3.99")])
            XCTAssertTrue(point.contains("<span>3.99</span>"))
            let comma = try await Self.saved(browser, [("price", "3,99")])
            XCTAssertTrue(comma.contains("<span>3.99</span>"))
            let spaced = try await Self.saved(browser, [("price", " 19.99 ")])
            XCTAssertTrue(spaced.contains("<span>19.99</span>"))
            let whole = try await Self.saved(browser, [("price", "3")])
            XCTAssertTrue(whole.contains("<span>3.00</span>"))
            let none = try await Self.saved(browser, [("price", "")])
            XCTAssertTrue(
                none.contains(#"<p class="recipe-details"><span>Breakfast</span><span>Available</span><span>Released"#))

            try await Self.assertRefused(
                browser, [("price", "3.999")], messages: [("price", "Price can have at most two decimals, like 3.99")])
            for typed in ["abc", "1,234.5,6", "3$3", "3.9.9"] {
                try await Self.assertRefused(
                    browser, [("price", typed)], messages: [("price", "Price must be a number, like 3.99")])
            }
            try await Self.assertRefused(browser, [("price", "-1")], messages: [("price", "Price cannot be negative")])
            try await Self.assertRefused(
                browser, [("price", "1000000.01")], messages: [("price", "Price must be 1,000,000 or less")])
        }
    }

    func testCategoryMustBeOneOfTheThree() async throws {
        try await withApp { browser in
            for typed in ["", "3", "01", "lunch"] {
                try await Self.assertRefused(
                    browser, [("category", typed)], messages: [("category", "Choose a category")])
            }
            let lunch = try await Self.saved(browser, [("category", "1")])
            XCTAssertTrue(lunch.contains(#"<p class="recipe-details"><span>Lunch</span>"#))
        }
    }

    func testReleaseDateMustBeARealCalendarDate() async throws {
        /// The day typed in the three boxes, the one `releaseDate` field left empty.
        @Sendable func boxes(_ day: String, _ month: String, _ year: String) -> [(String, String)] {
            [("releaseDate", ""), ("releaseDate-day", day), ("releaseDate-month", month), ("releaseDate-year", year)]
        }
        try await withApp { browser in
            try await Self.assertRefused(
                browser, boxes("29", "2", "2023"), messages: [("releaseDate", "2023 has no 29 February")])
            for typed in [
                boxes("1", "13", "2024"), boxes("31", "4", "2024"), boxes("yesterday", "", ""),
                boxes("3", "5", "24"),
            ] {
                try await Self.assertRefused(
                    browser, typed, messages: [("releaseDate", "Release date must be a real date, like 27 3 2026")])
            }
            try await Self.assertRefused(
                browser, [("releaseDate", "2024-13-01")],
                messages: [("releaseDate", "Release date must be a real date, like 27 3 2026")])
            let leap = try await Self.saved(browser, [("releaseDate", "2024-02-29")])
            XCTAssertTrue(leap.contains(#"<time datetime="2024-02-29">29 February 2024</time>"#))
            let none = try await Self.saved(browser, [("releaseDate", "")])
            XCTAssertTrue(none.contains("<span>Available</span></p>"))
        }
    }

    // MARK: Ingredients

    func testIngredientQuantitiesAcceptDecimalsFractionsMixedNumbersAndGlyphs() async throws {
        try await withApp { browser in
            let page = try await Self.saved(
                browser,
                [
                    ("ingredient-0-quantity", "0.5"), ("ingredient-0-description", "cup of milk"),
                    ("ingredient-1-quantity", "1/2"), ("ingredient-1-description", "cup of sugar"),
                    ("ingredient-2-quantity", "1 1/2"), ("ingredient-2-description", "cups of flour"),
                    ("ingredient-3-quantity", "½"), ("ingredient-3-description", "teaspoon of salt"),
                    ("ingredient-4-quantity", "0,25"), ("ingredient-4-description", "cup of oil"),
                    ("ingredient-5-quantity", "2"), ("ingredient-5-description", "eggs"),
                ])
            for line in [
                "½</span> cup of milk", "½</span> cup of sugar", "1½</span> cups of flour",
                "½</span> teaspoon of salt", "¼</span> cup of oil", "2</span> eggs",
            ] {
                XCTAssertTrue(page.contains(line), line)
            }
        }
    }

    func testADescriptionWithoutAValidQuantityIsAnErrorOnThatRow() async throws {
        try await withApp { browser in
            for typed in ["lots", "1/0", "1e3"] {
                try await Self.assertRefused(
                    browser,
                    [("ingredient-1-quantity", typed), ("ingredient-1-description", "pinch of salt")],
                    messages: [("ingredient-1-quantity", "Enter a quantity for ingredient 2, like 1, 0.5 or 1 1/2")])
            }
            try await Self.assertRefused(
                browser, [("ingredient-0-quantity", "0")],
                messages: [("ingredient-0-quantity", "Quantity of ingredient 1 must be more than 0")])
            try await Self.assertRefused(
                browser, [("ingredient-0-quantity", "100001")],
                messages: [("ingredient-0-quantity", "Quantity of ingredient 1 must be 100,000 or less")])
        }
    }

    func testAQuantityWithoutADescriptionIsAnErrorOnTheDescription() async throws {
        try await withApp { browser in
            try await Self.assertRefused(
                browser, [("ingredient-0-description", " ")],
                messages: [("ingredient-0-description", "Describe ingredient 1, like “cups of flour”")])
            try await Self.assertRefused(
                browser, [("ingredient-0-description", String(repeating: "x", count: 201))],
                messages: [("ingredient-0-description", "Description of ingredient 1 must be 200 characters or fewer")])
        }
    }

    func testFullyEmptyRowsAreDroppedInEverySection() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([
                    ("ingredient-1-quantity", ""), ("ingredient-1-description", " "), ("ingredient-2-quantity", "3"),
                    ("ingredient-2-description", "apples"), ("side-1", ""), ("side-2", "Cream"),
                    ("nutrition-1-name", ""), ("nutrition-1-value", ""),
                ]))
            let edit = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"name="ingredient-1-quantity" value="3""#))
            XCTAssertTrue(edit.contains(#"name="ingredient-1-description" value="apples""#))
            XCTAssertFalse(edit.contains(#"name="ingredient-2-quantity""#))
            XCTAssertTrue(edit.contains(#"name="side-1" value="Cream""#))
            XCTAssertFalse(edit.contains(#"name="side-2""#))
            XCTAssertFalse(edit.contains(#"name="nutrition-1-name""#))
        }
    }

    // MARK: Side options and nutrition

    func testSideOptionsAreAtMost100Characters() async throws {
        try await withApp { browser in
            try await Self.assertRefused(
                browser, [("side-1", String(repeating: "s", count: 101))],
                messages: [("side-1", "Side option 2 must be 100 characters or fewer")])
        }
    }

    func testADuplicateNutritionNameIsAnErrorOnTheLaterRow() async throws {
        try await withApp { browser in
            try await Self.assertRefused(
                browser,
                [
                    ("nutrition-0-name", "Fat"), ("nutrition-0-value", "12 g"), ("nutrition-1-name", "Sugar"),
                    ("nutrition-1-value", "3 g"), ("nutrition-2-name", " fat "), ("nutrition-2-value", "13 g"),
                ],
                messages: [("nutrition-2-name", "“fat” is already listed — use another name or remove this row")])
        }
    }

    func testNutritionRowsNeedBothCellsAndNamesParseCanStore() async throws {
        try await withApp { browser in
            try await Self.assertRefused(
                browser, [("nutrition-0-value", "")],
                messages: [("nutrition-0-value", "Enter a value for nutrition entry 1, like “320 kcal”")])
            try await Self.assertRefused(
                browser, [("nutrition-0-name", "")],
                messages: [("nutrition-0-name", "Enter a name for nutrition entry 1, like “Calories”")])
            try await Self.assertRefused(
                browser, [("nutrition-0-name", "Vitamin B.12")],
                messages: [("nutrition-0-name", "Name of nutrition entry 1 cannot contain “.” or “$”")])
            try await Self.assertRefused(
                browser, [("nutrition-0-name", "__op")],
                messages: [("nutrition-0-name", "Name of nutrition entry 1 cannot be “__op”")])
            try await Self.assertRefused(
                browser, [("nutrition-0-name", String(repeating: "n", count: 51))],
                messages: [("nutrition-0-name", "Name of nutrition entry 1 must be 50 characters or fewer")])
        }
    }

    // MARK: Limits

    func testRowLimitsAreProblemsOnTheSection() async throws {
        try await withApp { browser in
            let ingredients = (0...50).flatMap {
                [("ingredient-\($0)-quantity", "1"), ("ingredient-\($0)-description", "item \($0)")]
            }
            try await Self.assertRefused(
                browser, ingredients, messages: [("ingredients", "A recipe can have at most 50 ingredients")])
            let sides = (0...20).map { ("side-\($0)", "side \($0)") }
            try await Self.assertRefused(
                browser, sides, messages: [("side-options", "A recipe can have at most 20 side options")])
            let nutrition = (0...30).flatMap { [("nutrition-\($0)-name", "n\($0)"), ("nutrition-\($0)-value", "v")] }
            try await Self.assertRefused(
                browser, nutrition, messages: [("nutrition", "A recipe can have at most 30 nutrition entries")])

            // At the limit everything is saved.
            let fifty = (0..<50).flatMap {
                [("ingredient-\($0)-quantity", "1"), ("ingredient-\($0)-description", "item \($0)")]
            }
            let id = try await browser.addRecipe(recipeForm(fifty))
            let edit = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"name="ingredient-49-description" value="item 49""#))
            XCTAssertTrue(edit.contains(#"data-add="ingredient" disabled>Add an ingredient"#), "no 51st row to add")
        }
    }
}
