import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The editor's row buttons without JavaScript: each is a real submit button that comes back with the form, the
/// rows changed and everything typed intact, and nothing saved.
final class RecipeRowActionTests: XCTestCase {
    /// A form with three ingredients, two side options and two nutrition entries, plus overview values.
    private static let typed: [(String, String)] = recipeForm([
        ("name", "Stew & “dumplings”"), ("price", "3,5"), ("servings", "6"),
        ("ingredient-0-quantity", "1"), ("ingredient-0-description", "onion"),
        ("ingredient-1-quantity", "2"), ("ingredient-1-description", "carrots"),
        ("ingredient-2-quantity", "½"), ("ingredient-2-description", "cup of barley"),
        ("side-0", "Bread"), ("side-1", "Pickles"),
        ("nutrition-0-name", "Calories"), ("nutrition-0-value", "500 kcal"),
        ("nutrition-1-name", "Fat"), ("nutrition-1-value", "20 g"),
    ])

    private static func press(
        _ browser: Browser, _ action: String, on path: String = "/recipes/new", base: [(String, String)] = []
    ) async throws -> TestResponse {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/recipes/new") }
        return try await browser.post(path, form: Self.typed + [("row-action", action)] + base)
    }

    /// The overview values of `typed` are still in the page.
    private static func assertOverviewKept(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(html.contains(#"name="name" value="Stew &amp; “dumplings”""#), file: file, line: line)
        XCTAssertTrue(html.contains(#"name="price" value="3,5""#), file: file, line: line)
        XCTAssertTrue(html.contains(#"name="servings" value="6""#), file: file, line: line)
        XCTAssertTrue(html.contains(#"name="isAvailable" value="true" checked>"#), file: file, line: line)
        XCTAssertTrue(html.contains(#"<option value="0" selected>Breakfast</option>"#), file: file, line: line)
        for box in releaseDateBoxes(day: "03", month: "05", year: "2024") {
            XCTAssertTrue(html.contains(box), box, file: file, line: line)
        }
    }

    private static func ingredientDescriptions(_ html: String) -> [String] {
        var found: [String] = []
        var index = 0
        // The rows in order (index 0, 1, …) until one is missing.
        while let range = html.range(of: #"name="ingredient-\#(index)-description" value=""#) {
            let rest = html[range.upperBound...]
            found.append(String(rest[..<rest.firstIndex(of: "\"")!]))
            index += 1
            if index > 60 { break }
        }
        return found
    }

    func testAddAppendsAnEmptyRowAndFocusesIt() async throws {
        try await withApp { browser in
            let response = try await Self.press(browser, "ingredient-add")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertEqual(Self.ingredientDescriptions(html), ["onion", "carrots", "cup of barley", ""])
            XCTAssertTrue(
                html.contains(#"name="ingredient-3-quantity" value="" autocomplete="off" autofocus>"#),
                "the new row's first input has the focus")
            XCTAssertTrue(html.contains(#"name="side-1" value="Pickles""#))
            XCTAssertTrue(html.contains(#"name="nutrition-1-value" value="20 g""#))
            Self.assertOverviewKept(html)
            XCTAssertFalse(html.contains("error-summary"))
            let list = try await browser.get("/recipes")
            XCTAssertTrue(list.text.contains("No recipes yet"), "a row button saves nothing")
        }
    }

    func testRemoveDeletesThatRowAndKeepsTheRest() async throws {
        try await withApp { browser in
            let html = try await Self.press(browser, "ingredient-1-remove").text
            XCTAssertEqual(Self.ingredientDescriptions(html), ["onion", "cup of barley"])
            XCTAssertTrue(html.contains(#"name="ingredient-1-quantity" value="½" autocomplete="off" autofocus>"#))
            Self.assertOverviewKept(html)

            let side = try await Self.press(browser, "side-0-remove").text
            XCTAssertTrue(side.contains(#"name="side-0" value="Pickles""#))
            XCTAssertFalse(side.contains(#"value="Bread""#))
        }
    }

    func testRemovingTheOnlyRowLeavesABlankRowToTypeInto() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let response = try await browser.post(
                "/recipes/new", form: recipeForm([("row-action", "side-0-remove")]))
            XCTAssertEqual(response.status, .ok)
            XCTAssertTrue(response.text.contains(#"name="side-0" value="" autocomplete="off" autofocus>"#))
            XCTAssertFalse(response.text.contains("Maple syrup"))
        }
    }

    func testUpAndDownSwapWithTheNeighbourAndKeepTheFocusOnTheButton() async throws {
        try await withApp { browser in
            let up = try await Self.press(browser, "ingredient-2-up").text
            XCTAssertEqual(Self.ingredientDescriptions(up), ["onion", "cup of barley", "carrots"])
            XCTAssertTrue(up.contains(#"name="ingredient-1-quantity" value="½""#), "the quantity moves with its row")
            XCTAssertTrue(up.contains(#"value="ingredient-1-up" data-move="up" autofocus>"#))
            Self.assertOverviewKept(up)

            let down = try await Self.press(browser, "ingredient-0-down").text
            XCTAssertEqual(Self.ingredientDescriptions(down), ["carrots", "onion", "cup of barley"])
            XCTAssertTrue(down.contains(#"value="ingredient-1-down" data-move="down" autofocus>"#))

            let nutrition = try await Self.press(browser, "nutrition-1-up").text
            let fat = try XCTUnwrap(nutrition.range(of: #"value="Fat""#))
            let calories = try XCTUnwrap(nutrition.range(of: #"value="Calories""#))
            XCTAssertLessThan(fat.lowerBound, calories.lowerBound)
            XCTAssertTrue(nutrition.contains(#"name="nutrition-0-value" value="20 g""#))
        }
    }

    func testMovesPastTheEndsChangeNothing() async throws {
        try await withApp { browser in
            let top = try await Self.press(browser, "ingredient-0-up").text
            XCTAssertEqual(Self.ingredientDescriptions(top), ["onion", "carrots", "cup of barley"])
            let bottom = try await Self.press(browser, "side-1-down").text
            let bread = try XCTUnwrap(bottom.range(of: #"value="Bread""#))
            let pickles = try XCTUnwrap(bottom.range(of: #"value="Pickles""#))
            XCTAssertLessThan(bread.lowerBound, pickles.lowerBound)
            let missing = try await Self.press(browser, "ingredient-9-remove")
            XCTAssertEqual(missing.status, .ok)
            XCTAssertEqual(Self.ingredientDescriptions(missing.text), ["onion", "carrots", "cup of barley"])
        }
    }

    func testRowActionsKeepInvalidValuesWithoutJudgingThem() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let response = try await browser.post(
                "/recipes/new",
                form: recipeForm([("name", ""), ("price", "3.999"), ("row-action", "nutrition-add")]))
            XCTAssertEqual(response.status, .ok)
            XCTAssertFalse(response.text.contains("error-summary"))
            XCTAssertTrue(response.text.contains(#"name="price" value="3.999""#))
            XCTAssertTrue(response.text.contains(#"name="nutrition-1-name" value="" autocomplete="off" autofocus>"#))
        }
    }

    func testAddAtTheLimitIsRefusedWithAMessageOnTheSection() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let sides = (0..<20).map { ("side-\($0)", "side \($0)") }
            let response = try await browser.post(
                "/recipes/new", form: recipeForm(sides + [("row-action", "side-add")]))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(
                response.text.contains(##"<a href="#side-options">A recipe can have at most 20 side options</a>"##))
            XCTAssertTrue(response.text.contains(#"name="side-19" value="side 19""#))
            XCTAssertFalse(response.text.contains(#"name="side-20""#))
            XCTAssertTrue(response.text.contains(#"data-add="side" disabled>Add a side option"#))
        }
    }

    func testRowActionsOnAnEditPageKeepItsButtonsAndSaveNothing() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let base = try await browser.recipeEditBase(id)
            let response = try await Self.press(browser, "ingredient-0-down", on: "/recipes/\(id)/edit", base: base)
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<h1>Edit recipe “"))
            XCTAssertTrue(html.contains(#"action="/recipes/\#(id)/edit""#))
            XCTAssertTrue(html.contains(#"formaction="/recipes/\#(id)">Update recipe</button>"#))
            XCTAssertEqual(Self.ingredientDescriptions(html), ["carrots", "onion", "cup of barley"])
            Self.assertOverviewKept(html)
            XCTAssertEqual(editBaseFields(in: html).map(\.1), base.map(\.1), "the posted base is kept")
            let page = try await browser.get("/recipes/\(id)")
            XCTAssertTrue(page.text.contains(#"<h1 class="recipe-title">Pancakes</h1>"#), "nothing was saved")
        }
    }

    func testRowActionOnARecipeDeletedMeanwhileKeepsTheFormAndSays409() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            try await browser.post("/recipes/\(id)/delete", form: [])
            let response = try await Self.press(browser, "side-add", on: "/recipes/\(id)/edit")
            XCTAssertEqual(response.status, .conflict)
            XCTAssertTrue(response.text.contains("deleted this recipe "))
            XCTAssertTrue(response.text.contains(#"name="side-2" value="""#))
            XCTAssertFalse(response.text.contains("Update recipe"))
        }
    }

    func testUnknownRowActionsAreBadRequests() async throws {
        try await withApp { browser in
            for action in [
                "ingredient-add-now", "soup-0-up", "side-1000-remove", "side--1-up", "ingredient-0-sideways",
            ] {
                let response = try await Self.press(browser, action)
                XCTAssertEqual(response.status, .badRequest, action)
            }
        }
    }

    func testAFormWithoutARowActionComesBackUnchanged() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let response = try await browser.post("/recipes/new", form: Self.typed)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(Self.ingredientDescriptions(response.text), ["onion", "carrots", "cup of barley"])
            Self.assertOverviewKept(response.text)
        }
    }
}
