import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Leaving the recipe editor by "Previous recipe", "Next recipe" or "Reload" without JavaScript: straight on when
/// nothing was changed, else a question whose three answers each do what they say and never lose a typed row.
final class RecipeLeaveTests: XCTestCase {
    /// Soup then Pancakes (so Pancakes is Soup's next recipe), and the fields Soup's editor sends as loaded.
    private static func soupAndPancakes(_ browser: Browser) async throws -> (
        soup: String, pancakes: String, loaded: [(String, String)]
    ) {
        let ids = try await browser.addRecipes(["Soup", "Pancakes"])
        let editor = try await browser.get("/recipes/\(ids[0])/edit").text
        let form = try XCTUnwrap(FormReplay(editor, submittingTo: "/recipes/\(ids[0])/leave"), "no leave button")
        return (ids[0], ids[1], form.fields)
    }

    /// What a person typed into Soup's editor: a new name, two more ingredients (one row left empty), a side option
    /// changed.
    private static let typing = [
        ("name", "Tomato soup"), ("ingredient-1-quantity", "2"), ("ingredient-1-description", "cloves of garlic"),
        ("ingredient-2-quantity", ""), ("ingredient-2-description", ""), ("ingredient-3-quantity", "1/2"),
        ("ingredient-3-description", "teaspoon of salt"), ("side-0", "Crusty bread"),
    ]

    /// `fields` with each of `changes` replacing the field of the same name, or added.
    private static func typed(_ fields: [(String, String)], _ changes: [(String, String)]) -> [(String, String)] {
        fields.filter { field in !changes.contains { $0.0 == field.0 } } + changes
    }

    /// The question asked when Soup's editor, typed into, goes to Pancakes; checked to be the question.
    private static func askedOnLeaving(
        _ browser: Browser, _ soup: String, _ sent: [(String, String)], to target: String
    ) async throws -> String {
        let response = try await browser.post("/recipes/\(soup)/leave", form: sent + [("leave-to", target)])
        XCTAssertEqual(response.status, .ok)
        XCTAssertTrue(response.text.contains("<h1>You have changes to “Soup” that are not saved</h1>"))
        return response.text
    }

    // MARK: Going straight on

    func testNextWithNothingChangedGoesStraightToTheNextRecipesEditor() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let next = try await browser.post(
                "/recipes/\(soup)/leave", form: loaded + [("leave-to", "/recipes/\(pancakes)/edit")])
            XCTAssertEqual(next.status, .seeOther)
            XCTAssertEqual(next.headers[.location], "/recipes/\(pancakes)/edit")
            XCTAssertNil(next.headers[.setCookie], "no message: nothing was saved")
            // What a save would not store either is no change: spaces around a value, an empty row added.
            let untidy = Self.typed(
                loaded,
                [
                    ("name", "  Soup "), ("servings", " 4"), ("ingredient-1-quantity", ""),
                    ("ingredient-1-description", ""),
                ])
            let reload = try await browser.post(
                "/recipes/\(soup)/leave", form: untidy + [("leave-to", "/recipes/\(soup)/edit")])
            XCTAssertEqual(reload.status, .seeOther)
            XCTAssertEqual(reload.headers[.location], "/recipes/\(soup)/edit")
        }
    }

    func testLeavingGoesOnlyToPagesOfThisSite() async throws {
        try await withApp { browser in
            let (soup, _, loaded) = try await Self.soupAndPancakes(browser)
            for elsewhere in ["//evil.example/recipes", "https://evil.example/", "/\\evil.example"] {
                let response = try await browser.post(
                    "/recipes/\(soup)/leave", form: loaded + [("leave-to", elsewhere)])
                XCTAssertEqual(response.status, .seeOther, elsewhere)
                XCTAssertEqual(response.headers[.location], "/", elsewhere)
            }
        }
    }

    func testLeavingWithoutTheVersionTheEditorWasLoadedWithIsABadRequest() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let response = try await browser.post(
                "/recipes/\(soup)/leave",
                form: loaded.filter { $0.0 != "_base" } + [("leave-to", "/recipes/\(pancakes)/edit")])
            XCTAssertEqual(response.status, .badRequest)
        }
    }

    // MARK: The question

    func testNextWithChangesAsksFirstAndCarriesEverythingTyped() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let sent = Self.typed(loaded, Self.typing)
            let html = try await Self.askedOnLeaving(browser, soup, sent, to: "/recipes/\(pancakes)/edit")
            XCTAssertTrue(html.contains("<title>Changes not saved · Parsnip</title>"))
            XCTAssertTrue(html.contains(#"<p class="lead">You changed Name, Ingredients and Side options.</p>"#))
            XCTAssertTrue(html.contains("<li><strong>Save changes</strong> saves them, then opens “Pancakes”.</li>"))
            XCTAssertTrue(
                html.contains("<li><strong>Discard changes</strong> throws them away, then opens “Pancakes”.</li>"))
            XCTAssertTrue(
                html.contains("<li><strong>Stay</strong> takes you back to “Soup” with everything you typed.</li>"))
            XCTAssertTrue(
                html.contains(
                    #"<button type="submit" class="button" formaction="/recipes/\#(soup)" name="leave-to" value="/recipes/\#(pancakes)/edit">Save changes</button>"#
                ))
            XCTAssertTrue(html.contains(#"href="/recipes/\#(pancakes)/edit">Discard changes</a>"#))
            XCTAssertTrue(html.contains(#"formaction="/recipes/\#(soup)/edit">Stay</button>"#))
            // Every field typed, empty rows and the loaded version included, rides along in hidden fields.
            let carried = hiddenFields(in: html).map { "\($0.0)=\($0.1)" }.sorted()
            XCTAssertEqual(carried, sent.map { "\($0.0)=\($0.1)" }.sorted())
            // Nothing was saved by asking.
            let page = try await browser.get("/recipes/\(soup)").text
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Soup</h1>"#))
            XCTAssertFalse(page.contains("cloves of garlic"))
        }
    }

    func testReloadWithChangesAsksAndSaysTheSavedRecipeLoadsAgain() async throws {
        try await withApp { browser in
            let (soup, _, loaded) = try await Self.soupAndPancakes(browser)
            let html = try await Self.askedOnLeaving(
                browser, soup, Self.typed(loaded, [("price", "4.50")]), to: "/recipes/\(soup)/edit")
            XCTAssertTrue(html.contains(#"<p class="lead">You changed Price.</p>"#))
            XCTAssertTrue(html.contains("saves them, then loads the saved recipe again."))
            XCTAssertTrue(html.contains(#"href="/recipes/\#(soup)/edit">Discard changes</a>"#))
        }
    }

    // MARK: The three answers

    func testSaveChangesSavesEveryTypedRowThenOpensTheNextRecipe() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let target = "/recipes/\(pancakes)/edit"
            let html = try await Self.askedOnLeaving(browser, soup, Self.typed(loaded, Self.typing), to: target)
            let saved = try await browser.post(
                "/recipes/\(soup)", form: hiddenFields(in: html) + [("leave-to", target)])
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], target)
            let next = try await browser.get(target).text
            XCTAssertTrue(next.contains(#"role="status"><p>Updated “Tomato soup”</p>"#))
            XCTAssertTrue(next.contains(#"name="name" value="Pancakes""#))
            let page = try await browser.get("/recipes/\(soup)").text
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Tomato soup</h1>"#))
            XCTAssertTrue(page.contains("cups of flour"))
            XCTAssertTrue(page.contains("cloves of garlic"))
            XCTAssertTrue(page.contains("teaspoon of salt"))
            XCTAssertTrue(page.contains("<li>Crusty bread</li>"))
        }
    }

    func testDiscardChangesOpensTheNextRecipeAndSavesNothing() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let html = try await Self.askedOnLeaving(
                browser, soup, Self.typed(loaded, Self.typing), to: "/recipes/\(pancakes)/edit")
            let discard = try XCTUnwrap(linkTarget(named: "Discard changes", in: html))
            let next = try await browser.get(discard)
            XCTAssertEqual(next.status, .ok)
            XCTAssertTrue(next.text.contains(#"name="name" value="Pancakes""#))
            let page = try await browser.get("/recipes/\(soup)").text
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Soup</h1>"#))
            XCTAssertFalse(page.contains("cloves of garlic"))
        }
    }

    func testStayShowsTheEditorAgainWithEveryTypedRowAndItStillSaves() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let html = try await Self.askedOnLeaving(
                browser, soup, Self.typed(loaded, Self.typing), to: "/recipes/\(pancakes)/edit")
            let stay = try await browser.post("/recipes/\(soup)/edit", form: hiddenFields(in: html))
            XCTAssertEqual(stay.status, .ok)
            let editor = stay.text
            XCTAssertTrue(editor.contains("<h1>Edit recipe “"))
            XCTAssertTrue(editor.contains(#"name="name" value="Tomato soup""#))
            for (name, value) in Self.typing + [("ingredient-0-description", "cups of flour")] {
                XCTAssertTrue(editor.contains(#"name="\#(name)" value="\#(value)""#), name)
            }
            XCTAssertTrue(editor.contains(" data-unsaved>"), "the script is told the form holds changes")
            XCTAssertEqual(
                editBaseFields(in: editor).map { "\($0.0)=\($0.1)" },
                loaded.filter { $0.0.hasPrefix("_") }.map { "\($0.0)=\($0.1)" }, "the version it was loaded with")
            // Update recipe from the editor shown again saves it all and opens the recipe, as usual.
            let form = try XCTUnwrap(FormReplay(editor, submittingTo: "/recipes/\(soup)"))
            let saved = try await browser.post("/recipes/\(soup)", form: form.fields)
            XCTAssertEqual(saved.headers[.location], "/recipes/\(soup)")
            let page = try await browser.get("/recipes/\(soup)").text
            XCTAssertTrue(page.contains("teaspoon of salt"))
        }
    }

    func testSaveChangesWithAProblemShowsTheEditorWithTheProblemAndSavesNothing() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let target = "/recipes/\(pancakes)/edit"
            let html = try await Self.askedOnLeaving(
                browser, soup, Self.typed(loaded, Self.typing + [("price", "cheap")]), to: target)
            let refused = try await browser.post(
                "/recipes/\(soup)", form: hiddenFields(in: html) + [("leave-to", target)])
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("There is a problem"))
            XCTAssertTrue(refused.text.contains(#"name="price" value="cheap""#))
            XCTAssertTrue(refused.text.contains(#"name="ingredient-3-description" value="teaspoon of salt""#))
            let page = try await browser.get("/recipes/\(soup)").text
            XCTAssertFalse(page.contains("Tomato soup"))
        }
    }

    func testSaveChangesOverSomeoneElsesChangeAsksWhatToKeepThenGoesOn() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            let target = "/recipes/\(pancakes)/edit"
            let html = try await Self.askedOnLeaving(browser, soup, Self.typed(loaded, Self.typing), to: target)
            // Meanwhile someone renames Soup.
            let theirs = try await browser.another().updateRecipe(soup, recipeForm([("name", "Winter soup")]))
            XCTAssertEqual(theirs.status, .seeOther)
            let conflict = try await browser.post(
                "/recipes/\(soup)", form: hiddenFields(in: html) + [("leave-to", target)])
            XCTAssertEqual(conflict.status, .conflict)
            XCTAssertEqual(hiddenValue(named: "leave-to", in: conflict.text), target, "the way on is kept")
            let chosen = try await browser.post(
                "/recipes/\(soup)", form: hiddenFields(in: conflict.text) + [("_pick_name", "mine")])
            XCTAssertEqual(chosen.status, .seeOther)
            XCTAssertEqual(chosen.headers[.location], target)
            let page = try await browser.get("/recipes/\(soup)").text
            XCTAssertTrue(page.contains("Tomato soup"))
        }
    }

    func testChangesToARecipeDeletedMeanwhileAreAskedAboutAndKeptBySaveChanges() async throws {
        try await withApp { browser in
            let (soup, pancakes, loaded) = try await Self.soupAndPancakes(browser)
            try await browser.post("/recipes/\(soup)/delete", form: [])
            let target = "/recipes/\(pancakes)/edit"
            let response = try await browser.post(
                "/recipes/\(soup)/leave", form: Self.typed(loaded, Self.typing) + [("leave-to", target)])
            XCTAssertEqual(response.status, .ok)
            XCTAssertTrue(response.text.contains("<h1>You have changes to “Tomato soup” that are not saved</h1>"))
            let kept = try await browser.post(
                "/recipes/\(soup)", form: hiddenFields(in: response.text) + [("leave-to", target)])
            XCTAssertEqual(kept.status, .conflict)
            XCTAssertTrue(kept.text.contains("deleted this recipe "))
            XCTAssertTrue(kept.text.contains("while you were editing."))
            XCTAssertTrue(kept.text.contains(#"name="ingredient-3-description" value="teaspoon of salt""#))
        }
    }

    // MARK: What the editor offers

    func testTheEditorsStepsAndReloadAreButtonsOfItsFormAndItCarriesTheScriptsQuestion() async throws {
        try await withApp { browser in
            let (soup, pancakes, _) = try await Self.soupAndPancakes(browser)
            let html = try await browser.get("/recipes/\(soup)/edit").text
            XCTAssertTrue(
                html.contains(
                    #"<button type="submit" form="recipe-editor" class="step-next" formaction="/recipes/\#(soup)/leave" name="leave-to" value="/recipes/\#(pancakes)/edit" data-leave>"#
                ))
            XCTAssertFalse(html.contains(#"href="/recipes/\#(pancakes)/edit""#), "no way on that skips the question")
            XCTAssertTrue(html.contains(#"<form class="form recipe-editor" id="recipe-editor" method="post""#))
            XCTAssertFalse(html.contains("data-unsaved"), "a freshly loaded editor holds no changes")
            XCTAssertTrue(html.contains(#"data-leave-dialog data-save-action="/recipes/\#(soup)">"#))
            XCTAssertTrue(
                html.contains(#"<h2 id="leave-dialog-heading">You have changes to “Soup” that are not saved</h2>"#))
            let new = try await browser.get("/recipes/new").text
            XCTAssertFalse(new.contains("data-leave"), "a new recipe has nowhere to step to")
        }
    }

    func testAFormShownAgainTellsTheScriptWhetherItHoldsChanges() async throws {
        try await withApp { browser in
            let (soup, _, loaded) = try await Self.soupAndPancakes(browser)
            let unchanged = try await browser.post(
                "/recipes/\(soup)/edit", form: loaded + [("row-action", "ingredient-add")])
            XCTAssertEqual(unchanged.status, .ok)
            XCTAssertFalse(unchanged.text.contains("data-unsaved"), "an empty row is no change")
            let changed = try await browser.post(
                "/recipes/\(soup)/edit",
                form: Self.typed(loaded, [("name", "Soup!")]) + [("row-action", "ingredient-add")])
            XCTAssertTrue(changed.text.contains(" data-unsaved>"))
            let new = try await browser.post("/recipes/new", form: [("name", "Stew"), ("row-action", "side-add")])
            XCTAssertTrue(new.text.contains(" data-unsaved>"), "a new recipe typed into is not saved anywhere yet")
        }
    }
}

/// The `href` of the link whose text is `text` in `html`, unescaped, or nil.
private func linkTarget(named text: String, in html: String) -> String? {
    guard let end = html.range(of: "\">\(text)</a>") else { return nil }
    guard let start = html[..<end.lowerBound].range(of: "href=\"", options: .backwards) else { return nil }
    return htmlUnescaped(html[start.upperBound..<end.lowerBound])
}
