import Foundation
import XCTest

@testable import Parsnip

/// The row buttons: their form values and what they do to the rows.
final class RecipeDraftRowActionTests: XCTestCase {
    private let rows = RecipeDraft(
        name: "x",
        ingredients: [
            .init(quantity: "1", description: "a"), .init(quantity: "2", description: "b"),
            .init(quantity: "3", description: "c"),
        ],
        sideOptions: ["s0", "s1"], nutrition: [.init(name: "n0", value: "v0"), .init(name: "n1", value: "v1")])

    func testFormValuesRoundTripForEverySectionAndKind() {
        for section in RecipeDraft.Section.allCases {
            for action: RecipeDraft.RowAction in [
                .add(section), .remove(section, 0), .moveUp(section, 12), .moveDown(section, 999),
            ] {
                XCTAssertEqual(RecipeDraft.RowAction(action.formValue), action, action.formValue)
            }
        }
        XCTAssertEqual(RecipeDraft.RowAction("ingredient-add"), .add(.ingredient))
        XCTAssertEqual(RecipeDraft.RowAction("side-2-up"), .moveUp(.side, 2))
        XCTAssertEqual(RecipeDraft.RowAction("nutrition-1-remove"), .remove(.nutrition, 1))
        XCTAssertEqual(RecipeDraft.RowAction("ingredient-0-down"), .moveDown(.ingredient, 0))
    }

    func testUnknownOrMalformedValuesAreNoAction() {
        for value in [
            "", "ingredient", "ingredient-add-1", "ingredients-add", "soup-add", "ingredient-1-left",
            "ingredient-01-up",
            "ingredient-1000-up", "ingredient--1-up", "ingredient-x-up", "side-1", "ingredient-1-up-",
        ] {
            XCTAssertNil(RecipeDraft.RowAction(value), value)
        }
    }

    func testAddAppendsAnEmptyRowToTheRightSection() {
        var draft = rows
        XCTAssertNil(draft.apply(.add(.ingredient)))
        XCTAssertNil(draft.apply(.add(.side)))
        XCTAssertNil(draft.apply(.add(.nutrition)))
        XCTAssertEqual(draft.ingredients, rows.ingredients + [.init()])
        XCTAssertEqual(draft.sideOptions, rows.sideOptions + [""])
        XCTAssertEqual(draft.nutrition, rows.nutrition + [.init()])
    }

    func testAddAtTheRowLimitIsRefusedWithAProblemOnTheSectionAndChangesNothing() throws {
        let full = RecipeDraft(
            ingredients: Array(repeating: .init(), count: 50), sideOptions: Array(repeating: "", count: 20),
            nutrition: Array(repeating: .init(), count: 30))
        var draft = full
        try loadRecipeCatalogues()
        XCTAssertEqual(
            draft.apply(.add(.ingredient)).map { SaidProblem($0) },
            .init(field: .ingredients, message: "A recipe can have at most 50 ingredients"))
        XCTAssertEqual(
            draft.apply(.add(.side)).map { SaidProblem($0) },
            .init(field: .sideOptions, message: "A recipe can have at most 20 side options"))
        XCTAssertEqual(
            draft.apply(.add(.nutrition)).map { SaidProblem($0) },
            .init(field: .nutrition, message: "A recipe can have at most 30 nutrition entries"))
        XCTAssertEqual(draft, full)
    }

    func testRemoveDeletesThatRowAndIgnoresIndexesThatAreNotThere() {
        var draft = rows
        XCTAssertNil(draft.apply(.remove(.ingredient, 1)))
        XCTAssertEqual(draft.ingredients.map(\.description), ["a", "c"])
        XCTAssertNil(draft.apply(.remove(.side, 5)))
        XCTAssertNil(draft.apply(.remove(.nutrition, 0)))
        XCTAssertEqual(draft.sideOptions, ["s0", "s1"])
        XCTAssertEqual(draft.nutrition, [.init(name: "n1", value: "v1")])
    }

    func testMovesSwapWithTheNeighbourAndDoNothingAtTheEnds() {
        var draft = rows
        XCTAssertNil(draft.apply(.moveUp(.ingredient, 2)))
        XCTAssertEqual(draft.ingredients.map(\.description), ["a", "c", "b"])
        XCTAssertNil(draft.apply(.moveDown(.ingredient, 0)))
        XCTAssertEqual(draft.ingredients.map(\.description), ["c", "a", "b"])
        XCTAssertNil(draft.apply(.moveUp(.ingredient, 0)))
        XCTAssertNil(draft.apply(.moveDown(.ingredient, 2)))
        XCTAssertNil(draft.apply(.moveDown(.ingredient, 40)))
        XCTAssertNil(draft.apply(.moveUp(.ingredient, 40)))
        XCTAssertEqual(draft.ingredients.map(\.description), ["c", "a", "b"])
        XCTAssertNil(draft.apply(.moveDown(.side, 0)))
        XCTAssertNil(draft.apply(.moveUp(.nutrition, 1)))
        XCTAssertEqual(draft.sideOptions, ["s1", "s0"])
        XCTAssertEqual(draft.nutrition.map(\.name), ["n1", "n0"])
    }
}
