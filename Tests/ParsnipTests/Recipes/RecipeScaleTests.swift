import Foundation
import XCTest

@testable import Parsnip

/// The servings scaler: `?servings=8` rescales every quantity with friendly fractions, without a script.
final class RecipeScaleTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    func testQuantitiesAreRescaledToFriendlyFractions() throws {
        let double = try XCTUnwrap(RecipeScale(query: "8", base: 4))
        XCTAssertEqual(double.text(1.5), "3")
        XCTAssertEqual(double.text(0.25), "½")
        let threeQuarters = try XCTUnwrap(RecipeScale(query: "3", base: 4))
        XCTAssertEqual(threeQuarters.text(1.0 / 3), "¼")
        XCTAssertEqual(threeQuarters.text(2), "1½")
        let fiveQuarters = try XCTUnwrap(RecipeScale(query: "5", base: 4))
        XCTAssertEqual(fiveQuarters.text(1), "1¼")
        let odd = try XCTUnwrap(RecipeScale(query: "3", base: 7))
        XCTAssertEqual(odd.text(1), "about ⅜", "3/7 is rounded, and says so")
        let many = try XCTUnwrap(RecipeScale(query: "3", base: 2))
        XCTAssertEqual(many.text(250), "375")
        XCTAssertEqual(RecipeScale(query: "1", base: 1000)?.text(0.5), "about ⅛", "never rounded away to nothing")
    }

    func testOnlyAWholeNumberOfServingsOtherThanTheRecipesScalesIt() {
        for bad in ["", "0", "-2", "abc", "1001", "2.5", "99999"] {
            XCTAssertNil(RecipeScale(query: bad, base: 4), bad)
        }
        XCTAssertNil(RecipeScale(query: "4", base: 4), "the recipe as written")
        XCTAssertNil(RecipeScale(query: "8", base: nil), "a recipe without servings cannot be scaled")
    }

    func testTheRecipePageScalesItsIngredientsForTheServingsAskedFor() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()  // 4 servings, 1½ cups of flour
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<input type="number" id="servings-wanted" name="servings" value="4""#))
            XCTAssertFalse(page.contains("Quantities for"))

            let scaled = try await browser.get("/recipes/\(id)?servings=8")
            XCTAssertEqual(scaled.status, .ok)
            XCTAssertTrue(scaled.text.contains("Quantities for 8 servings; the recipe is for 4."), scaled.text)
            XCTAssertTrue(scaled.text.contains(#"<li><span class="quantity">3</span> cups of flour</li>"#))
            XCTAssertTrue(scaled.text.contains(#"value="8""#))

            let written = try await browser.get("/recipes/\(id)?servings=lots").text
            XCTAssertFalse(written.contains("Quantities for"))
            XCTAssertTrue(written.contains(#"<span class="quantity">1½</span>"#))

            // The page as written is still the one cached for everyone.
            let again = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(again.contains(#"<span class="quantity">1½</span>"#))

            let plain = try await browser.addRecipe(recipeForm([("name", "Toast"), ("servings", "")]))
            let noServings = try await browser.get("/recipes/\(plain)").text
            XCTAssertFalse(noServings.contains("servings-wanted"), "nothing to scale from")
        }
    }
}
