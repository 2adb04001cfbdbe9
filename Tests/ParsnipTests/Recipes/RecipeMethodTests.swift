import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A recipe's method (`steps`, Array of String), notes and source (String): typed in the editor, moved like other
/// rows, shown on the recipe page, stored with their Parse types.
final class RecipeMethodTests: XCTestCase {
    static let method = [
        ("step-0", "Whisk the flour, milk and eggs."), ("step-1", ""), ("step-2", "Rest the batter for 30 minutes."),
        ("notes", "Better with buttermilk.\nDouble it for guests."),
        ("source", "https://example.org/pancakes?from=grandma"),
    ]

    func testTheMethodNotesAndSourceAreSavedWithTheirParseTypesAndShownOnTheRecipePage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let id = try await browser.addRecipe(recipeForm(Self.method))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(
                page.contains(
                    #"<ol class="recipe-list method-list">"# + "\n<li>Whisk the flour, milk and eggs.</li>\n"
                        + "<li>Rest the batter for 30 minutes.</li>\n</ol>"), page)
            XCTAssertTrue(
                page.contains(#"<div class="recipe-notes">Better with buttermilk."# + "\nDouble it for guests.</div>"))
            XCTAssertTrue(
                page.contains(
                    #"Source: <a href="https://example.org/pancakes?from=grandma" rel="noopener noreferrer">"#))

            let (recipe, schema) = try await store.read { reader in
                (try reader.fetch("Recipe", objectId: id), try reader.schema("Recipe"))
            }
            XCTAssertEqual(
                recipe["steps"],
                .array([.string("Whisk the flour, milk and eggs."), .string("Rest the batter for 30 minutes.")]))
            XCTAssertEqual(recipe["notes"], .string("Better with buttermilk.\nDouble it for guests."))
            XCTAssertEqual(schema?.fields["steps"], .array)
            XCTAssertEqual(schema?.fields["notes"], .string)
            XCTAssertEqual(schema?.fields["source"], .string)
            XCTAssertEqual(schema?.fields["sideOptions"], .array, "the seed fields keep their types")
            XCTAssertEqual(schema?.fields["ingredients"], .array)

            let editor = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(editor.contains(#"<h2 id="method" tabindex="-1">Method</h2>"#))
            XCTAssertTrue(editor.contains("Whisk the flour, milk and eggs.</textarea>"))
            XCTAssertTrue(editor.contains(#"<label for="step-1">Step <span data-row-number>2</span></label>"#))
        }
    }

    func testStepsMoveAndAreAddedWithTheRowButtonsWithoutJavaScript() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let moved = try await browser.post(
                "/recipes/new",
                form: recipeForm([("step-0", "Second"), ("step-1", "First"), ("row-action", "step-1-up")]))
            XCTAssertEqual(moved.status, .ok)
            let first = try XCTUnwrap(moved.text.range(of: ">\nFirst</textarea>"))
            let second = try XCTUnwrap(moved.text.range(of: ">\nSecond</textarea>"))
            XCTAssertLessThan(first.lowerBound, second.lowerBound)
            let added = try await browser.post(
                "/recipes/new", form: recipeForm([("step-0", "Only"), ("row-action", "step-add")]))
            XCTAssertTrue(added.text.contains(#"id="step-1" name="step-1""#))
        }
    }

    func testALongStepOrATypedSchemeIsHandledInPlainWords() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let long = String(repeating: "stir ", count: 401)
            let refused = try await browser.post("/recipes", form: recipeForm([("step-0", "Boil"), ("step-1", long)]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("Step 2 must be 2,000 characters or fewer"))
            XCTAssertTrue(refused.text.contains(long.trimmingCharacters(in: .whitespaces)), "what was typed is kept")

            let id = try await browser.addRecipe(recipeForm([("source", "javascript:alert(1)")]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<p class="recipe-source">Source: javascript:alert(1)</p>"#), page)
            XCTAssertFalse(page.contains(#"href="javascript"#))
        }
    }

    func testTheHistoryListsTheStepsAdded() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(recipeForm([("step-0", "Mix")]))
            let base = try await browser.loadedVersion(of: "/recipes/\(id)/edit")
            let saved = try await browser.post(
                "/recipes/\(id)", form: recipeForm([("step-0", "Mix"), ("step-1", "Fry")]) + base)
            XCTAssertEqual(saved.status, .seeOther)
            let history = try await browser.get("/recipes/\(id)/history").text
            XCTAssertTrue(history.contains(#"<span class="history-label">Method</span>"#), history)
            XCTAssertTrue(history.contains("2. Fry"))
        }
    }
}

/// An ingredient without a quantity ("Salt, to taste") is kept, and a unit typed into the quantity box is explained.
final class IngredientWithoutQuantityTests: XCTestCase {
    func testAnIngredientWithoutAQuantityIsStoredAsZeroAndShownWithoutOne() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let id = try await browser.addRecipe(
                recipeForm([("ingredient-1-quantity", ""), ("ingredient-1-description", "Salt, to taste")]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("<li>Salt, to taste</li>"), page)
            XCTAssertTrue(page.contains(#"<li><span class="quantity">1½</span> cups of flour</li>"#))
            let editor = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(editor.contains(#"name="ingredient-1-quantity" value="""#), "no 0 to delete in the editor")
            let scaled = try await browser.get("/recipes/\(id)?servings=8").text
            XCTAssertTrue(scaled.contains("<li>Salt, to taste</li>"), "nothing to scale")
            let stored = try await store.read { try $0.fetch("Recipe", objectId: id) }
            XCTAssertEqual(
                stored["ingredients"]?.arrayValue?.last,
                .object(["quantity": .number(0), "description": .string("Salt, to taste")]),
                "the seed's quantity stays a number")
        }
    }

    func testAUnitTypedIntoTheQuantityIsExplained() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let refused = try await browser.post(
                "/recipes",
                form: recipeForm([("ingredient-0-quantity", "1 litre"), ("ingredient-0-description", "milk")]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(
                refused.text.contains(
                    "Put the unit in the description: 1 as the quantity of ingredient 1, and “litre” at the start of "
                        + "its description"), refused.text)
            XCTAssertTrue(refused.text.contains(#"value="1 litre""#))
            XCTAssertEqual(RecipeDraft.amountAndUnit("250g")?.0, "250")
            XCTAssertEqual(RecipeDraft.amountAndUnit("1 1/2 cups")?.1, "cups")
            XCTAssertNil(RecipeDraft.amountAndUnit("a few"))
        }
    }
}
