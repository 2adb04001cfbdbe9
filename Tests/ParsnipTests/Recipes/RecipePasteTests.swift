import Foundation
import XCTest

@testable import Parsnip

/// Several lines pasted into one box, sent without the script: the server makes one step or one ingredient a line,
/// the list markers gone and each ingredient's quantity in its Quantity box — the rule the script mirrors.
final class RecipePasteTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    func testANumberedMethodPastedIntoStepOneIsSavedAsThreeSteps() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([("step-0", "1. Whisk the eggs.\r\n2. Rest for 10 minutes.\r\n3. Fry until golden.")]))
            let page = try await browser.get("/recipes/\(id)").text
            for step in ["<li>Whisk the eggs.</li>", "<li>Rest for 10 minutes.</li>", "<li>Fry until golden.</li>"] {
                XCTAssertTrue(page.contains(step), step)
            }
            XCTAssertFalse(page.contains("1. Whisk"), "the typed numbers are gone: the page numbers the steps")
        }
    }

    func testIngredientLinesPastedIntoOneDescriptionBecomeRowsWithTheirQuantities() async throws {
        try await withApp { browser in
            let pasted = "2-3 eggs\n1 litre milk\na pinch of salt\n½ cup sugar\n1 1/2 tsp salt"
            let id = try await browser.addRecipe(
                recipeForm([("ingredient-0-quantity", ""), ("ingredient-0-description", pasted)]))
            let editor = try await browser.get("/recipes/\(id)/edit").text
            let rows = [
                ("2–3", "eggs"), ("1", "litre milk"), ("a pinch", "salt"), ("½", "cup sugar"), ("1½", "tsp salt"),
            ]
            for (index, (quantity, description)) in rows.enumerated() {
                XCTAssertTrue(editor.contains(#"name="ingredient-\#(index)-quantity" value="\#(quantity)""#), quantity)
                XCTAssertTrue(
                    editor.contains(#"name="ingredient-\#(index)-description" value="\#(description)""#), description)
            }
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<li><span class="quantity">2–3</span> eggs</li>"#))
            XCTAssertTrue(page.contains("<li>a pinch of salt</li>"))
        }
    }

    func testThePasteBoxAddsItsLinesAfterTheRowsAlreadyTyped() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([
                    ("ingredient-1-quantity", ""), ("ingredient-1-description", ""),
                    ("ingredients-paste", "• 2 carrots\n- 500 g parsnips\n\n3) a handful of parsley"),
                ]))
            let stored = try await browser.get("/recipes/\(id)").text
            let lines = [
                #"<span class="quantity">1½</span> cups of flour"#, #"<span class="quantity">2</span> carrots"#,
                #"<span class="quantity">500</span> g parsnips"#, "a handful of parsley",
            ]
            var position = stored.startIndex
            for line in lines {
                let found = try XCTUnwrap(stored.range(of: line, range: position..<stored.endIndex), line)
                position = found.upperBound
            }
        }
    }

    func testAFormSentBackWithAProblemShowsThePastedLinesAsRows() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let refused = try await browser.post(
                "/recipes", form: recipeForm([("name", ""), ("step-0", "1) Whisk\n2) Fry")]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains(#"name="step-0" rows="2">"# + "\nWhisk</textarea>"), refused.text)
            XCTAssertTrue(refused.text.contains(#"name="step-1" rows="2">"# + "\nFry</textarea>"))
        }
    }
}
