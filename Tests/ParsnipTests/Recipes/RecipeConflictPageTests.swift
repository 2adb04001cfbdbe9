import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Two people editing one recipe through the pages (two browsers on one app, nobody signed in): merged saves say
/// so, a clash gets the conflict page with nothing typed lost, and choosing there saves.
final class RecipeConflictPageTests: XCTestCase {
    /// Two browsers with the editor of one stored recipe ("Pancakes", 4 servings) open.
    private struct TwoCooks {
        let ana: Browser
        let ben: Browser
        let id: String
        let anaBase: [(String, String)]
        let benBase: [(String, String)]
    }

    private static func openEditorsTwice(_ browser: Browser) async throws -> TwoCooks {
        let id = try await browser.addRecipe()
        _ = try await browser.get("/recipes/\(id)")  // takes the flash
        let ben = Browser(client: browser.client)
        let anaBase = try await browser.recipeEditBase(id)
        let benBase = try await ben.recipeEditBase(id)
        return TwoCooks(ana: browser, ben: ben, id: id, anaBase: anaBase, benBase: benBase)
    }

    func testTheEditorCarriesTheVersionAndATokenForEveryField() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            let version = try XCTUnwrap(cooks.anaBase.first { $0.0 == "_version" }?.1)
            XCTAssertNotNil(Int64(version))
            let base = try XCTUnwrap(cooks.anaBase.first { $0.0 == "_base" }?.1)
            let keys = base.split(separator: ";").map { String($0.split(separator: "=")[0]) }
            XCTAssertEqual(
                keys,
                [
                    "category", "cookMinutes", "ingredients", "isAvailable", "name", "notes", "nutritionalInfo",
                    "photo", "prepMinutes", "price", "releaseDate", "servings", "sideOptions", "source", "steps",
                ])
            XCTAssertEqual(cooks.benBase.map(\.1), cooks.anaBase.map(\.1), "both loaded the same copy")
        }
    }

    func testChangesToDifferentFieldsAreMergedAndTheMessageSaysWhoChangedWhat() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            let first = try await cooks.ana.post(
                "/recipes/\(cooks.id)", form: recipeForm([("servings", "6")]) + cooks.anaBase)
            XCTAssertEqual(first.status, .seeOther)

            let second = try await cooks.ben.post(
                "/recipes/\(cooks.id)", form: recipeForm([("name", "Soup")]) + cooks.benBase)
            XCTAssertEqual(second.status, .seeOther)
            XCTAssertEqual(second.headers[.location], "/recipes/\(cooks.id)")
            let page = try await cooks.ben.get("/recipes/\(cooks.id)").text
            XCTAssertTrue(page.contains("Saved “Soup”. Someone changed Servings "), page)
            XCTAssertTrue(page.contains(" while you were editing; both changes are kept."))
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Soup</h1>"#))
            XCTAssertTrue(page.contains(#"id="servings-wanted" name="servings" value="6""#), "Ana's servings are kept")
            XCTAssertTrue(page.contains(#"<p class="changed-by">Last changed "#))
        }
    }

    func testTheSameFieldChangedDifferentlyGetsTheConflictPageWithBothValuesAndNothingSaved() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            try await cooks.ana.post("/recipes/\(cooks.id)", form: recipeForm([("servings", "6")]) + cooks.anaBase)
            let storedBase = try await cooks.ana.recipeEditBase(cooks.id)

            let response = try await cooks.ben.post(
                "/recipes/\(cooks.id)",
                form: recipeForm([("servings", "8"), ("name", "Soup & “stew”")]) + cooks.benBase)
            XCTAssertEqual(response.status, .conflict)
            let html = response.text
            XCTAssertTrue(html.contains("<h1>Someone changed this recipe while you were editing it</h1>"))
            XCTAssertTrue(html.contains("<title>Choose what to keep · Parsnip</title>"))
            XCTAssertTrue(html.contains("<legend>Servings</legend>"))
            XCTAssertEqual(html.occurrences(of: "<fieldset class=\"conflict\">"), 1, "only Servings clashed")
            XCTAssertTrue(html.contains(#"<span class="conflict-line">8</span>"#), "Ben's value")
            XCTAssertTrue(html.contains(#"<span class="conflict-line">6</span>"#), "the saved value")
            XCTAssertTrue(html.contains(#"name="_pick_servings" value="mine" required"#))
            XCTAssertTrue(html.contains(#"action="/recipes/\#(cooks.id)""#))

            let hidden = hiddenFields(in: html)
            let names = hidden.map(\.0)
            XCTAssertTrue(hidden.contains { $0 == ("name", "Soup & “stew”") }, "what Ben typed is replayed")
            XCTAssertTrue(hidden.contains { $0 == ("servings", "8") })
            XCTAssertTrue(hidden.contains { $0 == ("ingredient-0-description", "cups of flour") })
            XCTAssertFalse(names.contains("row-action"))
            XCTAssertEqual(html.components(separatedBy: #"name="_csrf""#).count - 1, 1, "one CSRF field")
            XCTAssertTrue(
                hidden.contains { $0 == ("_version", storedBase[0].1) }, "the version the page showed")
            XCTAssertTrue(hidden.contains { $0 == ("_base", cooks.benBase[1].1) }, "the base Ben first loaded")

            let page = try await cooks.ben.get("/recipes/\(cooks.id)").text
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Pancakes</h1>"#), "nothing of Ben's was saved")
            XCTAssertTrue(page.contains(#"id="servings-wanted" name="servings" value="6""#))
        }
    }

    func testChoosingOnTheConflictPageSavesTheChoiceAndEverythingElseTyped() async throws {
        for (choice, servings) in [("mine", "8"), ("theirs", "6")] {
            try await withApp { browser in
                let cooks = try await Self.openEditorsTwice(browser)
                try await cooks.ana.post(
                    "/recipes/\(cooks.id)", form: recipeForm([("servings", "6")]) + cooks.anaBase)
                let conflict = try await cooks.ben.post(
                    "/recipes/\(cooks.id)", form: recipeForm([("servings", "8"), ("name", "Soup")]) + cooks.benBase)
                XCTAssertEqual(conflict.status, .conflict)

                let replay = hiddenFields(in: conflict.text).filter { $0.0 != "_csrf" }
                let saved = try await cooks.ben.post(
                    "/recipes/\(cooks.id)", form: replay + [("_pick_servings", choice)])
                XCTAssertEqual(saved.status, .seeOther, choice)
                let page = try await cooks.ben.get("/recipes/\(cooks.id)").text
                XCTAssertTrue(page.contains("Updated “Soup”"), choice)
                XCTAssertTrue(page.contains(#"id="servings-wanted" name="servings" value="\#(servings)""#), choice)
                XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Soup</h1>"#), choice)
            }
        }
    }

    func testAChoiceForAVersionSomeoneSavedOverGetsAFreshConflictPage() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            try await cooks.ana.post("/recipes/\(cooks.id)", form: recipeForm([("servings", "6")]) + cooks.anaBase)
            let conflict = try await cooks.ben.post(
                "/recipes/\(cooks.id)", form: recipeForm([("servings", "8")]) + cooks.benBase)
            XCTAssertEqual(conflict.status, .conflict)
            // Ana saves again while Ben is choosing.
            try await cooks.ana.updateRecipe(cooks.id, recipeForm([("servings", "10")]))

            let replay = hiddenFields(in: conflict.text).filter { $0.0 != "_csrf" }
            let stale = try await cooks.ben.post("/recipes/\(cooks.id)", form: replay + [("_pick_servings", "mine")])
            XCTAssertEqual(stale.status, .conflict)
            XCTAssertTrue(stale.text.contains(#"<span class="conflict-line">10</span>"#), "the value saved now")
            XCTAssertFalse(stale.text.contains("There is a problem"), "the choice was not missing, only out of date")
            let page = try await cooks.ben.get("/recipes/\(cooks.id)").text
            XCTAssertTrue(page.contains(#"id="servings-wanted" name="servings" value="10""#))
        }
    }

    func testSendingTheConflictPageWithoutChoosingShowsItAgainWithAProblem() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            try await cooks.ana.post("/recipes/\(cooks.id)", form: recipeForm([("servings", "6")]) + cooks.anaBase)
            let conflict = try await cooks.ben.post(
                "/recipes/\(cooks.id)", form: recipeForm([("servings", "8"), ("price", "1")]) + cooks.benBase)
            let replay = hiddenFields(in: conflict.text).filter { $0.0 != "_csrf" }
            // A choice for another field only, as a browser without `required` support might send.
            let again = try await cooks.ben.post("/recipes/\(cooks.id)", form: replay + [("_pick_price", "mine")])
            XCTAssertEqual(again.status, .conflict)
            XCTAssertTrue(again.text.contains("Choose which value to keep for each field below."))
        }
    }

    func testIngredientsThatClashAreShownAsLines() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            try await cooks.ana.post(
                "/recipes/\(cooks.id)",
                form: recipeForm([("ingredient-0-quantity", "2"), ("ingredient-0-description", "cups flour")])
                    + cooks.anaBase)
            let response = try await cooks.ben.post(
                "/recipes/\(cooks.id)",
                form: recipeForm([("ingredient-1-quantity", "1/2"), ("ingredient-1-description", "cup of milk")])
                    + cooks.benBase)
            XCTAssertEqual(response.status, .conflict)
            let html = response.text
            XCTAssertTrue(html.contains("<legend>Ingredients</legend>"))
            XCTAssertTrue(html.contains(#"<span class="conflict-line">2 cups flour</span>"#))
            XCTAssertTrue(html.contains(#"<span class="conflict-line">1½ cups of flour</span>"#))
            XCTAssertTrue(html.contains(#"<span class="conflict-line">½ cup of milk</span>"#))
        }
    }

    func testAnUpdateWithoutTheLoadedVersionOrTokensIsABadRequest() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            for form in [
                recipeForm(), recipeForm() + [cooks.anaBase[0]], recipeForm() + [cooks.anaBase[1]],
                recipeForm() + [("_version", "yesterday"), cooks.anaBase[1]],
                recipeForm() + [cooks.anaBase[0], ("_base", "name")],
            ] {
                let response = try await browser.post("/recipes/\(cooks.id)", form: form)
                XCTAssertEqual(response.status, .badRequest, "\(form.suffix(2))")
            }
            let rowAction = try await browser.post(
                "/recipes/\(cooks.id)/edit", form: recipeForm() + [("row-action", "side-add")])
            XCTAssertEqual(rowAction.status, .badRequest, "a row button on the edit page keeps the base, so needs it")
            let page = try await browser.get("/recipes/\(cooks.id)").text
            XCTAssertTrue(page.contains(#"<h1 class="recipe-title">Pancakes</h1>"#))
        }
    }

    func testSaveAsNewFromAnOutOfDateEditorNeverConflicts() async throws {
        try await withApp { browser in
            let cooks = try await Self.openEditorsTwice(browser)
            try await cooks.ana.post("/recipes/\(cooks.id)", form: recipeForm([("servings", "6")]) + cooks.anaBase)
            let response = try await cooks.ben.post(
                "/recipes?from=\(cooks.id)", form: recipeForm([("servings", "8"), ("name", "Copy")]) + cooks.benBase)
            XCTAssertEqual(response.status, .seeOther)
            let list = try await cooks.ben.get("/recipes")
            XCTAssertEqual(browser.recipeIds(in: list).count, 2)
        }
    }

    func testTheRecipePageAndTheEditorSayWhenItWasLastChangedWithoutANameWhenNobodySignedIn() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            for path in ["/recipes/\(id)", "/recipes/\(id)/edit"] {
                let html = try await browser.get(path).text
                let start = try XCTUnwrap(html.range(of: #"<p class="changed-by">"#), path)
                let line = html[start.upperBound...].prefix { $0 != "<" }
                XCTAssertTrue(line.hasPrefix("Last changed at ") || line.hasPrefix("Last changed on "), "\(line)")
                XCTAssertFalse(line.contains(" by "), path)
                XCTAssertLessThan(
                    html.range(of: "</h1>")!.lowerBound, start.lowerBound, "\(path): the line is under the heading")
            }
            let new = try await browser.get("/recipes/new").text
            XCTAssertFalse(new.contains("changed-by"))
            XCTAssertFalse(new.contains(#"name="_version""#), "a new recipe has no version to carry")
        }
    }
}
