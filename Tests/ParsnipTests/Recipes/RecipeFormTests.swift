import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The recipe editor: what it shows, save as new, update, 422 and 409 answers, and HTML in what people type.
final class RecipeFormTests: XCTestCase {
    func testNewEditorHasTheSectionsLabelsInputKindsAndHints() async throws {
        try await withApp { browser in
            let response = try await browser.get("/recipes/new")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<title>Add a recipe · Parsnip</title>"))
            XCTAssertEqual(html.occurrences(of: "<h1"), 1)
            XCTAssertTrue(html.contains("<h1>Add a recipe</h1>"))
            for heading in ["Recipe overview", "Ingredients", "Side options", "Nutritional information"] {
                XCTAssertTrue(html.contains(">\(heading)</h2>"), heading)
            }
            for (id, label) in [
                ("name", "Name"), ("servings", "Servings"), ("price", "Price"), ("isAvailable", "Available"),
                ("category", "Category"),
            ] {
                XCTAssertTrue(html.contains(#"<label for="\#(id)">\#(label)</label>"#), label)
            }
            XCTAssertTrue(html.contains(#"<input type="number" inputmode="numeric" id="servings" name="servings""#))
            XCTAssertTrue(html.contains(#"<input type="text" inputmode="decimal" id="price" name="price""#))
            XCTAssertTrue(html.contains(#"<p class="hint" id="price-hint">e.g. 3.99</p>"#))
            XCTAssertTrue(html.contains(#"<legend class="date-input-legend">Release date</legend>"#))
            XCTAssertTrue(html.contains(#"<input class="date-input-day" id="releaseDate" name="releaseDate-day""#))
            XCTAssertTrue(html.contains(#"<input type="checkbox" id="isAvailable" name="isAvailable" value="true">"#))
            XCTAssertTrue(html.contains(#"<select id="category" name="category""#))
            XCTAssertTrue(html.contains(#"<option value="" selected>Choose a category</option>"#))
            XCTAssertTrue(html.contains(#"<option value="2">Dinner</option>"#))
            XCTAssertTrue(html.contains("Up to 50 ingredients"))
            XCTAssertTrue(html.contains("Up to 20 side options"))
            XCTAssertTrue(html.contains("Up to 30 entries"))
            XCTAssertTrue(html.contains(#"<input type="hidden" name="_csrf" value="\#(browser.csrfToken)">"#))
            XCTAssertTrue(html.contains(#"href="/recipes">Cancel</a>"#))
            XCTAssertFalse(html.contains("Update recipe"))
            XCTAssertFalse(html.contains("style="), "no inline style")
            XCTAssertFalse(html.contains("<script>"), "no inline script")
        }
    }

    func testEditorRowsHaveTheirAccessibleNamesAndOneBlankRowEach() async throws {
        try await withApp { browser in
            let html = try await browser.get("/recipes/new").text
            for (id, name) in [
                ("ingredient-0-quantity", #"Quantity<span class="visually-hidden"> of ingredient "#),
                ("ingredient-0-description", #"Description<span class="visually-hidden"> of ingredient "#),
                ("side-0", "Side option "),
                ("nutrition-0-name", #"Name<span class="visually-hidden"> of nutrition entry "#),
                ("nutrition-0-value", #"Value<span class="visually-hidden"> of nutrition entry "#),
            ] {
                XCTAssertTrue(html.contains(#"<label for="\#(id)">\#(name)<span data-row-number>1</span>"#), id)
                XCTAssertTrue(html.contains(#"id="\#(id)" name="\#(id)" value="""#), id)
            }
            XCTAssertTrue(html.contains(#"value="ingredient-0-up" data-move="up">"#))
            XCTAssertTrue(html.contains(#"Move ingredient <span data-row-number>1</span> up"#))
            XCTAssertTrue(html.contains(#"Move side option <span data-row-number>1</span> down"#))
            XCTAssertTrue(
                html.contains(#"Remove<span class="visually-hidden"> nutrition entry <span data-row-number>1"#))
            for add in [
                "ingredient-add\" data-add=\"ingredient\">Add an ingredient",
                "side-add\" data-add=\"side\">Add a side option",
                "nutrition-add\" data-add=\"nutrition\">Add a nutrition entry",
            ] {
                XCTAssertTrue(html.contains(add), add)
            }
            // The script makes new rows by copying a section's first row, so every section has one, even empty.
            for firstRow in [#"id="ingredient-0-quantity""#, #"id="side-0""#, #"id="nutrition-0-name""#] {
                XCTAssertEqual(html.occurrences(of: firstRow), 1, firstRow)
            }
            XCTAssertFalse(html.contains("<template"))
        }
    }

    func testTheFormsFirstSubmitButtonIsAHiddenCopyOfThePrimarySoEnterSaves() async throws {
        try await withApp { browser in
            let new = try await browser.get("/recipes/new").text
            let form = try XCTUnwrap(
                new.range(
                    of: #"<form class="form recipe-editor" id="recipe-editor" method="post" action="/recipes/new""#))
            let firstButton = try XCTUnwrap(new[form.upperBound...].range(of: "<button"))
            XCTAssertTrue(
                new[firstButton.lowerBound...].hasPrefix(
                    #"<button type="submit" class="visually-hidden" formaction="/recipes" tabindex="-1" aria-hidden="true">Save as new recipe</button>"#
                ))
            let id = try await browser.addRecipe()
            let edit = try await browser.get("/recipes/\(id)/edit").text
            let editForm = try XCTUnwrap(edit.range(of: #"novalidate data-recipe-editor>"#))
            let editButton = try XCTUnwrap(edit[editForm.upperBound...].range(of: "<button"))
            XCTAssertTrue(
                edit[editButton.lowerBound...].hasPrefix(
                    #"<button type="submit" class="visually-hidden" formaction="/recipes/\#(id)" tabindex="-1" aria-hidden="true">Update recipe</button>"#
                ))
            XCTAssertFalse(
                edit[editForm.upperBound..<editButton.lowerBound].contains("<input type=\"text\""),
                "only hidden fields come before it")
        }
    }

    func testSaveAsNewRedirectsToTheRecipePageWithItsMessageAndEveryValue() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let response = try await browser.post("/recipes", form: recipeForm())
            XCTAssertEqual(response.status, .seeOther)
            let location = try XCTUnwrap(response.headers[.location])
            let id = String(location.dropFirst("/recipes/".count))
            XCTAssertTrue(ObjectIdentifierText.isValid(id), location)

            let page = try await browser.get(location)
            XCTAssertEqual(page.status, .ok)
            let html = page.text
            XCTAssertTrue(html.contains(#"role="status"><p>Added “Pancakes” as a new recipe.</p>"#))
            XCTAssertTrue(html.contains("<title>Pancakes · Parsnip</title>"))
            XCTAssertTrue(html.contains(#"<h1 class="recipe-title">Pancakes</h1>"#))
            XCTAssertTrue(html.contains(#"<p class="recipe-details"><span>Breakfast</span>"#))
            XCTAssertTrue(html.contains(#"id="servings-wanted" name="servings" value="4""#))
            XCTAssertTrue(html.contains("<span>3.99</span>"))
            XCTAssertTrue(html.contains("<span>Available</span>"))
            XCTAssertTrue(html.contains(#"<time datetime="2024-05-03">3 May 2024</time>"#))
            XCTAssertTrue(html.contains(#"<li><span class="quantity">1½</span> cups of flour</li>"#))
            XCTAssertTrue(html.contains("<li>Maple syrup</li>"))
            XCTAssertTrue(html.contains("<dt>Calories</dt><dd>320 kcal</dd>"))
            XCTAssertTrue(html.contains(#"href="/recipes/\#(id)/edit">Edit recipe</a>"#))
            XCTAssertTrue(html.contains(#"href="/recipes/\#(id)/delete">Delete recipe</a>"#))
            let again = try await browser.get(location)
            XCTAssertFalse(again.text.contains("as a new recipe"), "the message shows once")
        }
    }

    func testEditorIsFilledFromTheStoredRecipe() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([
                    ("price", "19.9"), ("ingredient-1-quantity", "0.5"),
                    ("ingredient-1-description", "cup of oat milk"),
                    ("side-1", "Berries"), ("nutrition-1-name", "Fat"), ("nutrition-1-value", "12 g"),
                ]))
            let response = try await browser.get("/recipes/\(id)/edit")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<title>Edit recipe “Pancakes” · Parsnip</title>"))
            XCTAssertTrue(html.contains("<h1>Edit recipe “Pancakes”</h1>"), "the heading names the recipe")
            XCTAssertTrue(html.contains(#"id="name" name="name" value="Pancakes""#))
            XCTAssertTrue(html.contains(#"id="servings" name="servings" value="4""#))
            XCTAssertTrue(html.contains(#"id="price" name="price" value="19.90""#))
            XCTAssertTrue(html.contains(#"name="isAvailable" value="true" checked>"#))
            XCTAssertTrue(html.contains(#"<option value="0" selected>Breakfast</option>"#))
            for box in releaseDateBoxes(day: "3", month: "5", year: "2024") { XCTAssertTrue(html.contains(box), box) }
            XCTAssertTrue(html.contains(#"name="ingredient-0-quantity" value="1½""#))
            XCTAssertTrue(html.contains(#"name="ingredient-1-quantity" value="½""#))
            XCTAssertTrue(html.contains(#"name="ingredient-1-description" value="cup of oat milk""#))
            XCTAssertTrue(html.contains(#"name="side-1" value="Berries""#))
            XCTAssertTrue(html.contains(#"name="nutrition-1-name" value="Fat""#))
            XCTAssertTrue(html.contains(#"name="nutrition-1-value" value="12 g""#))
            XCTAssertTrue(html.contains(#"formaction="/recipes/\#(id)">Update recipe</button>"#))
            XCTAssertTrue(html.contains(#"formaction="/recipes?from=\#(id)">Save as new recipe</button>"#))
            XCTAssertTrue(
                html.contains(
                    #"formaction="/recipes/\#(id)/leave" name="leave-to" value="/recipes/\#(id)/edit" data-leave>Undo my changes</button>"#
                ))
            XCTAssertTrue(html.contains(#"href="/recipes/\#(id)">Cancel</a>"#))
            XCTAssertTrue(
                html.contains(#"<a class="link-danger" href="/recipes/\#(id)/delete">Delete this recipe</a>"#))
            XCTAssertTrue(html.contains("Recipe 1 of 1"))
        }
    }

    func testUpdateChangesTheSameRecipeAndSaysUpdated() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let response = try await browser.updateRecipe(
                id,
                recipeForm(
                    [("name", "Crêpes"), ("price", "5"), ("category", "2"), ("side-0", "")], removing: ["isAvailable"]))
            XCTAssertEqual(response.status, .seeOther)
            XCTAssertEqual(response.headers[.location], "/recipes/\(id)")
            let page = try await browser.get("/recipes/\(id)")
            XCTAssertTrue(page.text.contains("Updated “Crêpes”"))
            XCTAssertTrue(page.text.contains(#"<h1 class="recipe-title">Crêpes</h1>"#))
            XCTAssertTrue(page.text.contains("<span>5.00</span>"))
            XCTAssertTrue(page.text.contains(#"<p class="recipe-details"><span>Dinner</span>"#))
            XCTAssertTrue(page.text.contains("<span>Not available</span>"))
            XCTAssertFalse(page.text.contains("<h2>Side options</h2>"), "an empty section is not shown")
            let list = try await browser.get("/recipes")
            XCTAssertEqual(browser.recipeIds(in: list), [id])
            XCTAssertTrue(list.text.contains("1 recipe"))
            XCTAssertFalse(list.text.contains("Pancakes"))
        }
    }

    func testSaveAsNewFromAnEditPageCreatesAnotherRecipeAndLeavesTheFirst() async throws {
        try await withApp { browser in
            let first = try await browser.addRecipe()
            let response = try await browser.post("/recipes?from=\(first)", form: recipeForm([("name", "Waffles")]))
            XCTAssertEqual(response.status, .seeOther)
            let location = try XCTUnwrap(response.headers[.location])
            XCTAssertNotEqual(location, "/recipes/\(first)")
            let second = String(location.dropFirst("/recipes/".count))
            let page = try await browser.get(location)
            XCTAssertTrue(page.text.contains("Added “Waffles” as a new recipe"))
            XCTAssertTrue(page.text.contains("Recipe 2 of 2"))
            let original = try await browser.get("/recipes/\(first)")
            XCTAssertTrue(original.text.contains(#"<h1 class="recipe-title">Pancakes</h1>"#))
            let list = try await browser.get("/recipes")
            XCTAssertEqual(Set(browser.recipeIds(in: list)), [first, second])
        }
    }

    func testInvalidSaveAsNewFromAnEditPageComesBackAsThatEditPage() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let response = try await browser.post("/recipes?from=\(id)", form: recipeForm([("name", " ")]))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(response.text.contains("<h1>Edit recipe “"))
            XCTAssertTrue(response.text.contains(">Update recipe</button>"))
            XCTAssertTrue(response.text.contains("Enter a name for the recipe"))
            let list = try await browser.get("/recipes")
            XCTAssertTrue(list.text.contains("1 recipe"))
        }
    }

    func testInvalidFormGets422WithSummaryMessagesAriaAndEverythingKept() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let response = try await browser.post(
                "/recipes",
                form: recipeForm([
                    ("name", ""), ("servings", "four"), ("price", "3.999"),
                    ("ingredient-1-quantity", "plenty"), ("ingredient-1-description", "pinch of salt"),
                ]))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertTrue(html.contains("<h1>Add a recipe</h1>"))
            XCTAssertTrue(html.contains(#"<div class="error-summary" role="alert" tabindex="-1" autofocus"#))
            XCTAssertTrue(html.contains("There is a problem"))
            XCTAssertTrue(html.contains(##"<li><a href="#name">Enter a name for the recipe</a></li>"##))
            XCTAssertTrue(html.contains(##"<li><a href="#servings">Servings must be a whole number, like 4</a></li>"##))
            XCTAssertTrue(
                html.contains(##"<li><a href="#price">Price can have at most two decimals, like 3.99</a></li>"##))
            XCTAssertTrue(
                html.contains(
                    ##"<a href="#ingredient-1-quantity">Enter a quantity for ingredient 2, like 1, 0.5 or 1 1/2</a>"##))
            XCTAssertTrue(html.contains(#"aria-describedby="name-hint name-error" aria-invalid="true">"#))
            XCTAssertTrue(html.contains(#"<p class="field-error" id="name-error">"#))
            XCTAssertTrue(html.contains(#"value="four" min="1""#))
            XCTAssertTrue(html.contains(#"value="3.999" autocomplete="off" aria-describedby="price-hint price-error""#))
            XCTAssertTrue(
                html.contains(
                    #"name="ingredient-1-quantity" value="plenty" autocomplete="off" aria-invalid="true" aria-describedby="ingredient-1-quantity-error">"#
                ))
            XCTAssertTrue(html.contains(#"<p class="field-error row-error" id="ingredient-1-quantity-error">"#))
            XCTAssertTrue(html.contains(#"name="ingredient-1-description" value="pinch of salt""#))
            XCTAssertTrue(html.contains(#"name="ingredient-0-quantity" value="1 1/2""#), "typed text, not reformatted")
            XCTAssertTrue(html.contains(#"name="isAvailable" value="true" checked>"#))
            XCTAssertTrue(html.contains(#"<option value="0" selected>Breakfast</option>"#))
            for box in releaseDateBoxes(day: "03", month: "05", year: "2024") { XCTAssertTrue(html.contains(box), box) }
            XCTAssertTrue(html.contains(#"name="side-0" value="Maple syrup""#))
            XCTAssertTrue(html.contains(#"name="nutrition-0-value" value="320 kcal""#))
            XCTAssertFalse(html.contains("autofocus>"), "only the summary takes the focus")
            let list = try await browser.get("/recipes")
            XCTAssertTrue(list.text.contains("No recipes yet"))
        }
    }

    func testInvalidUpdateGets422OnTheEditPageAndChangesNothing() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let base = try await browser.recipeEditBase(id)
            let response = try await browser.post(
                "/recipes/\(id)", form: recipeForm([("name", "Waffles"), ("category", "")]) + base)
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(response.text.contains("<h1>Edit recipe “"))
            XCTAssertTrue(response.text.contains(##"<a href="#category">Choose a category</a>"##))
            XCTAssertTrue(response.text.contains(#"<option value="" selected>Choose a category</option>"#))
            XCTAssertTrue(response.text.contains(#"value="Waffles""#))
            XCTAssertTrue(response.text.contains(">Update recipe</button>"))
            XCTAssertEqual(
                editBaseFields(in: response.text).map(\.1), base.map(\.1), "the 422 page keeps the posted base")
            let page = try await browser.get("/recipes/\(id)")
            XCTAssertTrue(page.text.contains(#"<h1 class="recipe-title">Pancakes</h1>"#))
        }
    }

    func testUpdatingARecipeDeletedMeanwhileGets409WithTheFormKeptAndNoUpdateButton() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let base = try await browser.recipeEditBase(id)
            try await browser.post("/recipes/\(id)/delete", form: [])
            let response = try await browser.post("/recipes/\(id)", form: recipeForm([("name", "Pancakes, v2")]) + base)
            XCTAssertEqual(response.status, .conflict)
            let html = response.text
            XCTAssertTrue(html.contains("Someone deleted this recipe "), html)
            XCTAssertTrue(
                html.contains(
                    "while you were editing. Everything you typed is here: save it as a new recipe, or restore the "
                        + "deleted one with your changes."))
            XCTAssertTrue(html.contains(#"formaction="/recipes/\#(id)/restore">Restore it with my changes</button>"#))
            XCTAssertTrue(html.contains(#"role="alert""#))
            XCTAssertTrue(html.contains(#"value="Pancakes, v2""#))
            XCTAssertTrue(html.contains(#"name="ingredient-0-description" value="cups of flour""#))
            XCTAssertFalse(html.contains("Update recipe"))
            XCTAssertTrue(html.contains(#"formaction="/recipes">Save as new recipe</button>"#))
            XCTAssertFalse(html.contains(">Undo my changes</"))
            XCTAssertFalse(html.contains("Delete this recipe"))

            let invalid = try await browser.post("/recipes/\(id)", form: recipeForm([("name", "")]) + base)
            XCTAssertEqual(invalid.status, .conflict)
            XCTAssertTrue(invalid.text.contains("deleted this recipe "))
            XCTAssertTrue(invalid.text.contains("Enter a name for the recipe"))

            let saved = try await browser.post("/recipes", form: recipeForm([("name", "Pancakes, v2")]))
            XCTAssertEqual(saved.status, .seeOther)
        }
    }

    func testRestoreWithMyChangesBringsTheDeletedRecipeBackWithEveryTypedRow() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let base = try await browser.recipeEditBase(id)
            try await browser.post("/recipes/\(id)/delete", form: [])
            let typed = recipeForm([
                ("name", "Pancakes, v2"), ("ingredient-1-quantity", "2"), ("ingredient-1-description", "eggs"),
            ])
            let asked = try await browser.post("/recipes/\(id)", form: typed + base)
            XCTAssertEqual(asked.status, .conflict)

            let restored = try await browser.post("/recipes/\(id)/restore", form: typed)
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            XCTAssertEqual(restored.headers[.location], "/recipes/\(id)", "the same recipe")
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("Restored “Pancakes, v2” with your changes."))
            XCTAssertTrue(page.contains("eggs"))
            XCTAssertTrue(page.contains("cups of flour"))
            let trash = try await browser.get("/trash").text
            XCTAssertTrue(trash.contains("The trash is empty."))

            let twice = try await browser.post("/recipes/\(id)/restore", form: typed)
            XCTAssertEqual(twice.status, .conflict)
            XCTAssertTrue(twice.text.contains("Someone else restored this recipe meanwhile"))
        }
    }

    func testHTMLInEveryTextFieldIsShownAsText() async throws {
        try await withApp { browser in
            let evil = #"<script>alert("x")</script> & 'friends'"#
            let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;"
            let id = try await browser.addRecipe(
                recipeForm([
                    ("name", evil), ("ingredient-0-description", evil), ("side-0", evil), ("nutrition-0-name", "<b>"),
                    ("nutrition-0-value", evil),
                ]))
            for path in ["/recipes", "/recipes/\(id)", "/recipes/\(id)/edit", "/recipes/\(id)/delete"] {
                let html = try await browser.get(path).text
                XCTAssertFalse(html.contains("<script>alert"), path)
                XCTAssertFalse(html.contains("<b>"), path)
                XCTAssertTrue(html.contains(escaped), path)
            }
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("<title>\(escaped) · Parsnip</title>"))
            XCTAssertTrue(page.contains("<dt>&lt;b&gt;</dt>"))
        }
    }

    func testUnicodeRoundTripsThroughTheEditor() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([("name", "Crème brûlée 焦糖布丁 🍮"), ("ingredient-0-description", "œufs 🥚"), ("side-0", "抹茶")]))
            let edit = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"value="Crème brûlée 焦糖布丁 🍮""#))
            XCTAssertTrue(edit.contains(#"value="œufs 🥚""#))
            XCTAssertTrue(edit.contains(#"value="抹茶""#))
        }
    }

    func testAFormWithoutANameFieldOrWithABrokenRowNameIsABadRequest() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            for form in [
                recipeForm(removing: ["name"]), recipeForm([("ingredient-x-quantity", "1")]),
                recipeForm([("side-1000", "x")]), recipeForm([("isAvailable", "yes")]),
            ] {
                let response = try await browser.post("/recipes", form: form)
                XCTAssertEqual(response.status, .badRequest, "\(form)")
                XCTAssertTrue(response.text.contains("<h1>Something was wrong with that request</h1>"))
            }
            let list = try await browser.get("/recipes")
            XCTAssertTrue(list.text.contains("No recipes yet"))
        }
    }
}
