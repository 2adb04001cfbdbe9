import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// A recipe's own page, stepping through the recipes, the delete confirmation, 404s and the site's ways in.
final class RecipePageTests: XCTestCase {
    func testHomeAndNavLeadToTheRecipes() async throws {
        try await withApp { browser in
            let home = try await browser.get("/").text
            XCTAssertTrue(home.contains(#"<h2 class="card-title"><a href="/recipes">Recipes</a></h2>"#))
            XCTAssertTrue(home.contains(#"<li><a href="/recipes">Recipes</a></li>"#), "nav link, not current")
            XCTAssertTrue(home.contains("Books"))
            let todos = try await browser.get("/todos").text
            XCTAssertTrue(todos.contains(#"<a href="/recipes">Recipes</a>"#))
            XCTAssertFalse(todos.contains(#"<a href="/recipes" aria-current="page">"#))
        }
    }

    func testStepsThroughTheRecipesInTheOrderTheyWereAdded() async throws {
        try await withApp { browser in
            // Names out of alphabetical order: stepping follows creation, not the list's sort.
            let ids = try await browser.addRecipes(["Zucchini fritters", "Apple pie", "Miso soup"])
            let first = try await browser.get("/recipes/\(ids[0])").text
            XCTAssertTrue(first.contains(#"<p class="step-position">Recipe 1 of 3</p>"#))
            XCTAssertFalse(first.contains("Previous recipe"))
            XCTAssertTrue(first.contains(#"rel="next" href="/recipes/\#(ids[1])">Next recipe"#))

            let middle = try await browser.get("/recipes/\(ids[1])").text
            XCTAssertTrue(middle.contains("Recipe 2 of 3"))
            XCTAssertTrue(
                middle.contains(
                    #"rel="prev" href="/recipes/\#(ids[0])"><span aria-hidden="true">←</span>Previous recipe"#))
            XCTAssertTrue(middle.contains(#"rel="next" href="/recipes/\#(ids[2])">Next recipe"#))

            let last = try await browser.get("/recipes/\(ids[2])").text
            XCTAssertTrue(last.contains("Recipe 3 of 3"))
            XCTAssertFalse(last.contains("Next recipe"))

            // The editor steps through the editors, by way of the question about changes not saved.
            let editor = try await browser.get("/recipes/\(ids[1])/edit").text
            XCTAssertTrue(editor.contains("Recipe 2 of 3"))
            XCTAssertTrue(
                editor.contains(
                    #"name="leave-to" value="/recipes/\#(ids[0])/edit" data-leave><span aria-hidden="true">←</span>Previous recipe"#
                ))
            XCTAssertTrue(editor.contains(#"name="leave-to" value="/recipes/\#(ids[2])/edit" data-leave>Next recipe"#))
        }
    }

    func testSteppingFollowsDeletesAndSaveAsNew() async throws {
        try await withApp { browser in
            let ids = try await browser.addRecipes(["One", "Two", "Three"])
            _ = try await browser.get("/recipes/\(ids[0])")  // cached before the delete
            try await browser.post("/recipes/\(ids[1])/delete", form: [])
            let first = try await browser.get("/recipes/\(ids[0])").text
            XCTAssertTrue(first.contains("Recipe 1 of 2"))
            XCTAssertTrue(first.contains(#"href="/recipes/\#(ids[2])">Next recipe"#))
            let copy = try await browser.addRecipe(recipeForm([("name", "Three again")]))
            let third = try await browser.get("/recipes/\(ids[2])").text
            XCTAssertTrue(third.contains("Recipe 2 of 3"))
            XCTAssertTrue(third.contains(#"href="/recipes/\#(copy)">Next recipe"#))
        }
    }

    func testEmptySectionsAreLeftOutOfTheRecipePageButTheIngredientsAndMethodSaySo() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm(
                    [
                        ("ingredient-0-quantity", ""), ("ingredient-0-description", ""), ("side-0", ""),
                        ("nutrition-0-name", ""), ("nutrition-0-value", ""),
                    ]))
            let html = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(html.contains("No ingredients yet."))
            XCTAssertTrue(html.contains(#"<h2 id="ingredients" tabindex="-1">Ingredients</h2>"#))
            for heading in ["Side options", "Nutritional information", "Notes"] {
                XCTAssertFalse(html.contains("<h2>\(heading)</h2>"), "\(heading): not shown on screen or in print")
            }
            XCTAssertFalse(html.contains("Source:"), "no source, no line")
            XCTAssertEqual(html.occurrences(of: "<h1"), 1)
            let edit = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"name="ingredient-0-quantity" value="""#), "a blank row to type into")
            XCTAssertTrue(edit.contains(#"name="side-0" value="""#))
            XCTAssertTrue(edit.contains(#"name="nutrition-0-name" value="""#))
        }
    }

    func testDeleteAsksFirstNamingTheRecipeThenDeletesIt() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(recipeForm([("name", "Lemon tart")]))
            let confirm = try await browser.get("/recipes/\(id)/delete")
            XCTAssertEqual(confirm.status, .ok)
            let html = confirm.text
            XCTAssertTrue(html.contains("<title>Delete this recipe? · Parsnip</title>"))
            XCTAssertTrue(html.contains("<h1>Delete this recipe?</h1>"))
            XCTAssertTrue(html.contains("“Lemon tart”"))
            XCTAssertTrue(html.contains(#"<form class="form" method="post" action="/recipes/\#(id)/delete">"#))
            XCTAssertTrue(html.contains(#"<button type="submit" class="button button-danger">Delete recipe</button>"#))
            XCTAssertTrue(html.contains(#"<a class="button button-secondary" href="/recipes/\#(id)">Cancel</a>"#))
            let stillThere = try await browser.get("/recipes/\(id)")
            XCTAssertEqual(stillThere.status, .ok, "asking deletes nothing")

            let deleted = try await browser.post("/recipes/\(id)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther)
            XCTAssertEqual(deleted.headers[.location], "/recipes")
            let list = try await browser.get("/recipes")
            XCTAssertTrue(list.text.contains(#"role="status"><p>Deleted “Lemon tart”.</p>"#))
            XCTAssertTrue(list.text.contains("No recipes yet"))
            for path in ["/recipes/\(id)", "/recipes/\(id)/edit", "/recipes/\(id)/delete"] {
                let gone = try await browser.get(path)
                XCTAssertEqual(gone.status, .notFound, path)
            }
            let twice = try await browser.post("/recipes/\(id)/delete", form: [])
            XCTAssertEqual(twice.status, .notFound)
        }
    }

    func testUnknownOrMalformedIdsGetTheNotFoundPage() async throws {
        try await withApp { browser in
            try await browser.addRecipe()
            for path in [
                "/recipes/AbCdE12345", "/recipes/AbCdE12345/edit", "/recipes/AbCdE12345/delete", "/recipes/bad%20id",
                "/recipes/..%2F..%2Fetc", "/recipes/\(String(repeating: "a", count: 40))", "/recipes/x/y/z",
            ] {
                let response = try await browser.get(path)
                XCTAssertEqual(response.status, .notFound, path)
                XCTAssertTrue(response.text.contains("<h1>Page not found</h1>"), path)
            }
            let update = try await browser.post("/recipes/bad-id", form: recipeForm())
            XCTAssertEqual(update.status, .notFound)
            let delete = try await browser.post("/recipes/AbCdE12345/delete", form: [])
            XCTAssertEqual(delete.status, .notFound)
        }
    }

    func testRecipePagesAreCachedButEachVisitorGetsTheirOwnToken() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            _ = try await browser.get("/recipes/\(id)")  // takes the flash
            let first = try await browser.get("/recipes/\(id)/edit")
            let second = try await browser.get("/recipes/\(id)/edit")
            XCTAssertEqual(first.text, second.text)
            XCTAssertTrue(first.text.contains(#"name="_csrf" value="\#(browser.csrfToken)""#))
            XCTAssertFalse(first.text.contains(TokenSplicedPage.marker))

            let other = Browser(client: browser.client)
            let theirs = try await other.get("/recipes/\(id)/edit")
            XCTAssertNotEqual(other.csrfToken, browser.csrfToken)
            XCTAssertTrue(theirs.text.contains(#"name="_csrf" value="\#(other.csrfToken)""#))
            XCTAssertFalse(theirs.text.contains(browser.csrfToken))
            let saved = try await other.post(
                "/recipes/\(id)", form: recipeForm([("name", "Their pancakes")]) + editBaseFields(in: theirs.text))
            XCTAssertEqual(saved.status, .seeOther, "the spliced token is accepted")

            let after = try await browser.get("/recipes/\(id)/edit")
            XCTAssertTrue(after.text.contains(#"value="Their pancakes""#), "a write empties the cache")
            let new = try await other.get("/recipes/new")
            XCTAssertTrue(new.text.contains(#"name="_csrf" value="\#(other.csrfToken)""#))
        }
    }
}
