import Foundation
import XCTest

@testable import Parsnip

/// "Add ingredients to the to-do list": the ticked ingredients, scaled to the servings asked for, each a to-do
/// linked back to its recipe, all added in one go through the write path; only for those who may change the list.
final class RecipeShoppingTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    private static func roastParsnips(_ browser: Browser) async throws -> String {
        try await browser.addRecipe(
            recipeForm([
                ("name", "Roast parsnips"), ("servings", "2"),
                ("ingredient-0-quantity", "250"), ("ingredient-0-description", "g carrots"),
                ("ingredient-1-quantity", "2-3"), ("ingredient-1-description", "parsnips"),
                ("ingredient-2-quantity", "a pinch"), ("ingredient-2-description", "salt"),
            ]))
    }

    func testTheTickedIngredientsScaledBecomeToDosLinkedToTheRecipe() async throws {
        try await withApp { browser in
            let id = try await Self.roastParsnips(browser)
            let page = try await browser.get("/recipes/\(id)?servings=4").text
            XCTAssertTrue(page.contains(#"<form method="post" action="/recipes/\#(id)/shopping""#))
            XCTAssertTrue(page.contains(#"<input type="hidden" name="servings" value="4">"#))
            XCTAssertTrue(
                page.contains(#"name="ingredient" value="0" checked>"# + "\n" + #"<label for="shop-0">500 g carrots"#),
                "ticked, and scaled as the page is")

            let added = try await browser.post(
                "/recipes/\(id)/shopping", form: [("servings", "4"), ("ingredient", "0"), ("ingredient", "1")])
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(added.headers[.location], "/todos")
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("Added 2 to-dos to the list."), list)
            XCTAssertTrue(list.contains("Buy 500 g carrots — for Roast parsnips"))
            XCTAssertTrue(list.contains("Buy 4–6 parsnips — for Roast parsnips"))
            XCTAssertFalse(list.contains("salt — for"), "the unticked one is left out")

            let todo = try await browser.todoId(titled: "Buy 500 g carrots — for Roast parsnips")
            let todoPage = try await browser.get("/todos/\(todo)").text
            XCTAssertTrue(todoPage.contains(#"<a href="/recipes/\#(id)">Open the recipe</a>"#), todoPage)
        }
    }

    func testTheSameIngredientFromASecondRecipeAddsItsOwnLine() async throws {
        try await withApp { browser in
            let first = try await Self.roastParsnips(browser)
            let second = try await browser.addRecipe(
                recipeForm([
                    ("name", "Carrot soup"), ("ingredient-0-quantity", "250"),
                    ("ingredient-0-description", "g carrots"),
                ]))
            try await browser.post("/recipes/\(first)/shopping", form: [("ingredient", "0")])
            try await browser.post("/recipes/\(second)/shopping", form: [("ingredient", "0")])
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("Buy 250 g carrots — for Roast parsnips"))
            XCTAssertTrue(list.contains("Buy 250 g carrots — for Carrot soup"))
        }
    }

    func testNothingTickedAddsNothingAndSaysWhy() async throws {
        try await withApp { browser in
            let id = try await Self.roastParsnips(browser)
            let none = try await browser.post("/recipes/\(id)/shopping", form: [("servings", "2")])
            XCTAssertEqual(none.headers[.location], "/recipes/\(id)#ingredients")
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("Tick at least one ingredient to add it to the to-do list"))
            let todos = try await browser.get("/todos").text
            XCTAssertFalse(todos.contains("— for Roast parsnips"))
        }
    }

    func testAViewerIsNotOfferedTheFormAndCannotAdd() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            try await ana.addPerson("Bea", "bea's password", role: .viewer)
            let id = try await Self.roastParsnips(ana)
            let owners = try await ana.get("/recipes/\(id)").text
            XCTAssertTrue(owners.contains("/shopping"), "the owner may")
            let bea = Browser(client: ana.client)
            try await bea.signIn("Bea", "bea's password")
            let page = try await bea.get("/recipes/\(id)").text
            XCTAssertFalse(page.contains("/shopping"), "no form for a viewer")
            let refused = try await bea.post("/recipes/\(id)/shopping", form: [("ingredient", "0")])
            XCTAssertEqual(refused.status, .forbidden)
            let todos = try await ana.get("/todos").text
            XCTAssertFalse(todos.contains("— for Roast parsnips"))
        }
    }

    func testCookModeShowsOneStepAtATimeWithTheIngredientsAtHand() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([("step-0", "Whisk the eggs."), ("step-1", "Rest."), ("step-2", "Fry until golden.")]))
            let recipePage = try await browser.get("/recipes/\(id)?servings=8").text
            XCTAssertTrue(
                recipePage.contains(
                    #"<a class="button" href="/recipes/\#(id)/cook?servings=8" data-cook-link>Cook</a>"#))

            let first = try await browser.get("/recipes/\(id)/cook?servings=8").text
            XCTAssertTrue(first.contains(#"<p class="cook-position" id="cook-position">Step 1 of 3</p>"#), first)
            XCTAssertTrue(first.contains("Whisk the eggs.</p>"))
            XCTAssertFalse(first.contains("Rest.</p>"), "one step at a time")
            XCTAssertTrue(first.contains(#"href="/recipes/\#(id)/cook?servings=8&amp;step=2" rel="next""#))
            XCTAssertFalse(first.contains(#"rel="prev""#))
            XCTAssertTrue(first.contains(#"<span class="quantity">3</span> cups of flour"#), "scaled ingredients")
            XCTAssertTrue(first.contains("data-wake-lock"))

            let last = try await browser.get("/recipes/\(id)/cook?servings=8&step=3").text
            XCTAssertTrue(last.contains("Step 3 of 3"))
            XCTAssertTrue(last.contains(#"href="/recipes/\#(id)/cook?servings=8&amp;step=2" rel="prev""#))
            XCTAssertTrue(last.contains(#"<a class="button cook-next" href="/recipes/\#(id)?servings=8">Finished</a>"#))
            let beyond = try await browser.get("/recipes/\(id)/cook?step=99").text
            XCTAssertTrue(beyond.contains("Step 3 of 3"), "a step past the end shows the last")
        }
    }
}
