import Foundation
import XCTest

@testable import Parsnip

/// The editor's form to a draft and back: strict reading of field names, and a stored recipe as form text.
final class RecipeDraftFormTests: XCTestCase {
    private func form(_ pairs: [(String, String)]) throws -> FormFields {
        let body = pairs.map { PercentEncoding.encode($0.0) + "=" + PercentEncoding.encode($0.1) }
        return try FormFields(urlEncoded: Array(body.joined(separator: "&").utf8))
    }

    private func assertBadRequest(
        _ pairs: [(String, String)], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let fields = try form(pairs)
        XCTAssertThrowsError(try RecipeDraft(form: fields), "\(pairs)", file: file, line: line) { error in
            guard case PageError.badRequest = error else {
                return XCTFail("expected a bad request, got \(error)", file: file, line: line)
            }
        }
    }

    func testReadsEveryFieldAndRowsInIndexOrderAcrossGapsKeepingTextAsTyped() throws {
        let draft = try RecipeDraft(
            form: form([
                ("_csrf", "token"), ("name", " Pancakes "), ("servings", "4"), ("price", "3,99"),
                ("isAvailable", "true"), ("category", "1"), ("releaseDate", "2024-05-03"),
                ("ingredient-7-quantity", "1 ½"), ("ingredient-7-description", "cups of flour"),
                ("ingredient-2-description", "eggs"), ("side-3", "Fries"), ("side-0", "Salad"),
                ("nutrition-1-name", "Fat"), ("nutrition-1-value", "12 g"), ("nutrition-0-name", "Calories"),
                ("nutrition-0-value", "320 kcal"), ("row-action", "side-add"),
            ]))
        XCTAssertEqual(
            draft,
            RecipeDraft(
                name: " Pancakes ", servings: "4", price: "3,99", isAvailable: true, category: "1",
                releaseDate: "2024-05-03",
                ingredients: [
                    .init(quantity: "", description: "eggs"), .init(quantity: "1 ½", description: "cups of flour"),
                ],
                sideOptions: ["Salad", "Fries"],
                nutrition: [.init(name: "Calories", value: "320 kcal"), .init(name: "Fat", value: "12 g")]))
    }

    func testAnUncheckedCheckboxAndAbsentOptionalFieldsReadAsEmpty() throws {
        XCTAssertEqual(try RecipeDraft(form: form([("name", "")])), RecipeDraft())
    }

    func testAFormWithoutANameFieldIsNotFromOurPage() throws {
        try assertBadRequest([("servings", "4"), ("category", "1")])
    }

    func testTheCheckboxSendsOnlyTrue() throws {
        try assertBadRequest([("name", "x"), ("isAvailable", "on")])
        try assertBadRequest([("name", "x"), ("isAvailable", "")])
    }

    func testMalformedOrTooLargeRowIndexesAreRefused() throws {
        let names = [
            "ingredient-1000-quantity", "ingredient-01-quantity", "ingredient-x-quantity", "ingredient--1-quantity",
            "ingredient-1-amount", "ingredient-1", "ingredient-1-quantity-2", "side-1-x", "side-", "side-٣",
            "nutrition-1", "nutrition-2-key",
        ]
        for name in names {
            try assertBadRequest([("name", "x"), (name, "1")])
        }
        XCTAssertEqual(
            try RecipeDraft(form: form([("name", "x"), ("side-999", "Salad")])).sideOptions, ["Salad"])
    }

    func testAStoredRecipeFillsTheFormInItsOwnTextAndValidatesBackToItself() throws {
        let recipe = Recipe(
            name: "Crème brûlée 🍮", servings: 4, price: Price(cents: 1999), isAvailable: true, category: .dinner,
            ingredients: [
                Ingredient(quantity: 1.5, description: "cups of cream"),
                Ingredient(quantity: 1.0 / 3, description: "cup of sugar"),
                Ingredient(quantity: 0.1, description: "g of vanilla"),
            ],
            sideOptions: ["Berries"], nutritionalInfo: [NutritionEntry(name: "Calories", value: "320 kcal")],
            releaseDate: CalendarDate(year: 2024, month: 2, day: 29))
        let draft = RecipeDraft(recipe: recipe)
        XCTAssertEqual(draft.servings, "4")
        XCTAssertEqual(draft.price, "19.99")
        XCTAssertEqual(draft.category, "2")
        XCTAssertEqual(draft.releaseDate, "2024-2-29", "as the three boxes hold it")
        XCTAssertEqual(draft.ingredients.map(\.quantity), ["1½", "⅓", "0.1"])
        XCTAssertEqual(draft.validate(), .valid(recipe))
    }

    func testARecipeWithoutOptionalsFillsEmptyFields() {
        let draft = RecipeDraft(recipe: Recipe(name: "Toast"))
        XCTAssertEqual(draft, RecipeDraft(name: "Toast"))
    }

    func testBlankRowsAreAddedOnlyToEmptySections() {
        let draft = RecipeDraft(name: "x", sideOptions: ["Salad"]).withBlankRows()
        XCTAssertEqual(draft.ingredients, [.init()])
        XCTAssertEqual(draft.sideOptions, ["Salad"])
        XCTAssertEqual(draft.nutrition, [.init()])
        XCTAssertEqual(draft.withBlankRows(), draft)
    }

    func testEveryFieldHasTheHTMLIdOfItsInput() {
        let ids: [(RecipeDraft.Field, String)] = [
            (.name, "name"), (.servings, "servings"), (.price, "price"), (.isAvailable, "isAvailable"),
            (.category, "category"), (.releaseDate, "releaseDate"), (.ingredientQuantity(3), "ingredient-3-quantity"),
            (.ingredientDescription(0), "ingredient-0-description"), (.sideOption(0), "side-0"),
            (.nutritionName(1), "nutrition-1-name"), (.nutritionValue(2), "nutrition-2-value"),
            (.ingredients, "ingredients"), (.sideOptions, "side-options"), (.nutrition, "nutrition"),
        ]
        for (field, id) in ids {
            XCTAssertEqual(field.htmlId, id)
        }
    }
}
