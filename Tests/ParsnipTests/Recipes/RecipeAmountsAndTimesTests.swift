import Foundation
import XCTest

@testable import Parsnip

/// Quantities as cooks write them (ranges "2-3", words "a pinch"), preparation and cooking times, and prices typed
/// with a currency sign: read from the form, stored as plain Parse fields, shown naturally and scaled as ranges.
final class RecipeAmountsAndTimesTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    private func recipe(_ draft: RecipeDraft) -> Recipe? {
        guard case .valid(let recipe) = draft.validate() else { return nil }
        return recipe
    }

    func testTheQuantityBoxTakesRangesAndWordsAndStillRefusesNonsense() throws {
        let rows: [RecipeDraft.IngredientRow] = [
            .init(quantity: "2-3", description: "eggs"), .init(quantity: "2 to 3", description: "onions"),
            .init(quantity: "2–3", description: "leeks"), .init(quantity: "a pinch", description: "salt"),
            .init(quantity: "1 1/2", description: "cups of flour"),
        ]
        let saved = try XCTUnwrap(recipe(RecipeDraft(name: "Soup", category: "2", ingredients: rows)))
        XCTAssertEqual(
            saved.ingredients,
            [
                Ingredient(quantity: 2, description: "eggs", quantityMax: 3),
                Ingredient(quantity: 2, description: "onions", quantityMax: 3),
                Ingredient(quantity: 2, description: "leeks", quantityMax: 3),
                Ingredient(quantity: 0, description: "salt", amount: "a pinch"),
                Ingredient(quantity: 1.5, description: "cups of flour"),
            ])
        for nonsense in ["lots", "3-2", "0-2", "2-3-4"] {
            let draft = RecipeDraft(
                name: "Soup", category: "2", ingredients: [.init(quantity: nonsense, description: "x")])
            guard case .invalid(let problems) = draft.validate() else { return XCTFail("\(nonsense) was taken") }
            XCTAssertEqual(problems.map(\.field), [.ingredientQuantity(0)], nonsense)
        }
    }

    func testRangesAndWordsAreStoredAsPlainParseFieldsAndReadBack() throws {
        let ingredients = [
            Ingredient(quantity: 2, description: "eggs", quantityMax: 3),
            Ingredient(quantity: 0, description: "salt", amount: "a pinch"),
            Ingredient(quantity: 1, description: "litre milk"),
        ]
        let stored = ingredients.map(StoreRecipeRepository.ingredientValue)
        XCTAssertEqual(stored[0], .object(["quantity": 2, "description": "eggs", "quantityMax": 3]))
        XCTAssertEqual(stored[1], .object(["quantity": 0, "description": "salt", "amount": "a pinch"]))
        XCTAssertEqual(stored[2], .object(["quantity": 1, "description": "litre milk"]), "the seed's two keys only")
        XCTAssertEqual(stored.compactMap(StoreRecipeRepository.ingredient), ingredients)
    }

    func testTheRecipePageShowsRangesAndWordsNaturallyAndScalesRangesAsRanges() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(
                recipeForm([
                    ("ingredient-0-quantity", "2-3"), ("ingredient-0-description", "eggs"),
                    ("ingredient-1-quantity", "a pinch"), ("ingredient-1-description", "salt"),
                ]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<li><span class="quantity">2–3</span> eggs</li>"#))
            XCTAssertTrue(page.contains("<li>a pinch of salt</li>"))
            let doubled = try await browser.get("/recipes/\(id)?servings=8").text
            XCTAssertTrue(doubled.contains(#"<li><span class="quantity">4–6</span> eggs</li>"#), doubled)
            XCTAssertTrue(doubled.contains("<li>a pinch of salt</li>"), "words are not scaled")
            let odd = try XCTUnwrap(RecipeScale(query: "3", base: 7))
            XCTAssertEqual(odd.text(2, upTo: 3), "about ⅞–1¼")
        }
    }

    func testTimesAreReadInEveryUsualWayAndRefusedOtherwise() {
        let read: [(String, Int)] = [
            ("90", 90), ("1:30", 90), ("1 h 20 min", 80), ("1h20", 80), ("1 hour 20 minutes", 80), ("2 h", 120),
            ("20 min", 20), ("1,5 h", 90), ("1時間20分", 80), ("1시간 20분", 80), ("1 hora", 60),
        ]
        for (typed, minutes) in read { XCTAssertEqual(RecipeTime.minutes(typed), minutes, typed) }
        for typed in ["soon", "1:75", "20 min 1 h", "-5", "h"] { XCTAssertNil(RecipeTime.minutes(typed), typed) }
    }

    func testTimesAreSavedAsWholeMinutesAndShownUnderTheNameInEachLanguage() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let refused = try await browser.post("/recipes", form: recipeForm([("prepTime", "soon")]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("Enter the preparation time like 20 min, 1 h 30 min, 1:30 or 90"))
            XCTAssertTrue(refused.text.contains(#"name="prepTime" value="soon""#), "what was typed is kept")
            let tooLong = try await browser.post("/recipes", form: recipeForm([("cookTime", "200 h")]))
            XCTAssertTrue(tooLong.text.contains("A time can be at most a week"))

            let id = try await browser.addRecipe(recipeForm([("prepTime", "20"), ("cookTime", "1:10")]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<p class="recipe-times">Prep 20 min · Cook 1 h 10 min</p>"#), page)
            let editor = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(editor.contains(#"name="cookTime" value="1 h 10 min""#))
            let expected: [(String, String)] = [
                ("es", "Preparación 20 min · Cocción 1 h 10 min"), ("fr", "Préparation 20 min · Cuisson 1 h 10 min"),
                ("pt", "Preparo 20 min · Cozimento 1 h 10 min"), ("ja", "下ごしらえ 20分 · 加熱 1時間10分"),
                ("ko", "준비 20분 · 조리 1시간 10분"),
            ]
            for (language, line) in expected {
                let response = try await browser.get("/recipes/\(id)", headers: [.acceptLanguage: language])
                XCTAssertTrue(response.text.contains(line), language)
            }
            let untimed = try await browser.addRecipe(recipeForm([("name", "Toast")]))
            let untimedPage = try await browser.get("/recipes/\(untimed)").text
            XCTAssertFalse(untimedPage.contains("recipe-times"))
        }
    }

    func testAPriceTypedWithTheHouseholdsCurrencySignIsTakenAndAnotherSignIsRefusedClearly() async throws {
        var settings = testSettings()
        settings.money = MoneyFormat(currencyCode: "EUR", locale: Locale(identifier: "en_IE"))
        try await withApp(settings: settings) { browser in
            for typed in ["€3.50", "3,50 €", "3.50 EUR", "€ 3.50"] {
                let id = try await browser.addRecipe(recipeForm([("price", typed)]))
                let page = try await browser.get("/recipes/\(id)").text
                XCTAssertTrue(page.contains("<span>€3.50</span>"), typed)
            }
            try await browser.get("/recipes/new")
            for (typed, sign) in [("£3", "£"), ("$3.50", "$"), ("R$ 3,50", "R$")] {
                let refused = try await browser.post("/recipes", form: recipeForm([("price", typed)]))
                XCTAssertEqual(refused.status, .unprocessableContent, typed)
                XCTAssertTrue(
                    refused.text.contains(
                        "“\(sign)” is not the household’s currency: type the price in EUR, without a sign or with its own"
                    ),
                    typed)
                XCTAssertTrue(refused.text.contains(#"name="price" value="\#(typed)""#), "kept as typed")
            }
        }
        var pounds = testSettings()
        pounds.money = MoneyFormat(currencyCode: "GBP", locale: Locale(identifier: "en_GB"))
        try await withApp(settings: pounds) { browser in
            let id = try await browser.addRecipe(recipeForm([("price", "£3")]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("<span>£3.00</span>"))
        }
        try await withApp { browser in
            for typed in ["3 apples", "3 €€", "€3€"] {
                XCTAssertNil(PriceSign.split(typed)?.sign, "\(typed): no currency's sign comes off")
            }
            // No household currency: any sign is taken off, the number kept.
            let id = try await browser.addRecipe(recipeForm([("price", "$3.50")]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("<span>3.50</span>"))
            XCTAssertFalse(page.contains("—"), "no dash for anything")
        }
    }
}
