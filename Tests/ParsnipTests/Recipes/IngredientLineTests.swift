import XCTest

@testable import Parsnip

/// Pasted lists split into one item a line, and ingredient lines read the way cooks write them.
final class IngredientLineTests: XCTestCase {
    func testANumberedMethodPastedIntoOneBoxIsThreeSteps() {
        XCTAssertEqual(
            IngredientLine.split(pasted: "1. Whisk the eggs.\n2. Rest for 10 minutes.\r\n\n3. Fry until golden."),
            ["Whisk the eggs.", "Rest for 10 minutes.", "Fry until golden."])
    }

    func testEveryKindOfListMarkerGoes() {
        XCTAssertEqual(
            IngredientLine.split(pasted: "1) one\n- two\n• three\n* four\n  12. five  \n–  six\n·seven"),
            ["one", "two", "three", "four", "five", "six", "seven"])
    }

    func testNumbersThatAreQuantitiesAreNotListMarkers() {
        XCTAssertEqual(
            IngredientLine.split(pasted: "1.5 kg potatoes\n2-3 eggs\n1 1/2 tsp salt\n-2 degrees"),
            ["1.5 kg potatoes", "2-3 eggs", "1 1/2 tsp salt", "-2 degrees"])
    }

    func testTextWithoutLineBreaksIsOneItem() {
        XCTAssertEqual(IngredientLine.split(pasted: "  Whisk the eggs  "), ["Whisk the eggs"])
        XCTAssertEqual(IngredientLine.split(pasted: " \n \n"), [])
    }

    func testTheExampleLinesSplitTheirQuantityOff() {
        let cases: [(String, Ingredient)] = [
            ("2-3 eggs", Ingredient(quantity: 2, description: "eggs", quantityMax: 3)),
            ("2–3 eggs", Ingredient(quantity: 2, description: "eggs", quantityMax: 3)),
            ("2 to 3 eggs", Ingredient(quantity: 2, description: "eggs", quantityMax: 3)),
            ("1 litre milk", Ingredient(quantity: 1, description: "litre milk")),
            ("a pinch of salt", Ingredient(quantity: 0, description: "salt", amount: "a pinch")),
            ("½ cup sugar", Ingredient(quantity: 0.5, description: "cup sugar")),
            ("1 1/2 tsp salt", Ingredient(quantity: 1.5, description: "tsp salt")),
            ("250g flour", Ingredient(quantity: 250, description: "g flour")),
            ("- 2 carrots", Ingredient(quantity: 2, description: "carrots")),
            ("une pincée de sel", Ingredient(quantity: 0, description: "sel", amount: "une pincée")),
            ("Salt, to taste", Ingredient(quantity: 0, description: "Salt, to taste")),
            ("cup of flour", Ingredient(quantity: 0, description: "cup of flour")),
        ]
        for (line, ingredient) in cases {
            XCTAssertEqual(IngredientLine.parse(line), ingredient, line)
        }
    }

    func testAQuantityBoxTakesNumbersRangesAndAmountWords() {
        XCTAssertEqual(IngredientLine.amount("1 1/2"), .init(quantity: 1.5, quantityMax: nil, words: nil))
        XCTAssertEqual(IngredientLine.amount("2-3"), .init(quantity: 2, quantityMax: 3, words: nil))
        XCTAssertEqual(IngredientLine.amount("2 – 3"), .init(quantity: 2, quantityMax: 3, words: nil))
        XCTAssertEqual(IngredientLine.amount("2 to 3"), .init(quantity: 2, quantityMax: 3, words: nil))
        XCTAssertEqual(IngredientLine.amount("1,5-2", in: .es), .init(quantity: 1.5, quantityMax: 2, words: nil))
        XCTAssertEqual(IngredientLine.amount("3-3"), .init(quantity: 3, quantityMax: nil, words: nil))
        XCTAssertEqual(IngredientLine.amount("a pinch"), .init(quantity: 0, quantityMax: nil, words: "a pinch"))
        XCTAssertEqual(IngredientLine.amount("to taste")?.words, "to taste")
        XCTAssertEqual(IngredientLine.amount("少々")?.words, "少々")
    }

    func testNonsenseIsNoAmount() {
        for text in ["lots", "plenty", "abc", "1.2.3", "3-2", "-1", "2 kg", "1/0", "a1", ""] {
            XCTAssertNil(IngredientLine.amount(text), text)
        }
    }
}
