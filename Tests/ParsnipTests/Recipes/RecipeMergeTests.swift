import Foundation
import XCTest

@testable import ParseStore
@testable import Parsnip

/// Two people saving one recipe from the same loaded copy, through the repository: different fields are merged,
/// the same field changed differently is a conflict that writes nothing until a fresh choice settles it.
final class RecipeMergeTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    /// A store, its recipe repository, a stored recipe ("Pancakes", `everyFieldRecipe`'s fields otherwise),
    /// the edit base both people loaded, and two signed-in people, Ana and Ben, who exist as `_User`s.
    private struct Kitchen {
        let store: ParseStore
        let repository: StoreRecipeRepository
        let loaded: Recipe
        let base: EditBase
        let ana: SignedInUser
        let ben: SignedInUser
    }

    private func makeKitchen() async throws -> Kitchen {
        let store = try testStore(clock: SteppingClock())
        let repository = try await StoreRecipeRepository(store: store)
        let (anaId, benId) = try await store.write { writer in
            (
                try writer.create("_User", ["username": .string("Ana")]).objectId,
                try writer.create("_User", ["username": .string("Ben")]).objectId
            )
        }
        var recipe = everyFieldRecipe
        recipe.name = "Pancakes"
        let loaded = try await repository.create(recipe)
        return Kitchen(
            store: store, repository: repository, loaded: loaded, base: RecipeEditField.base(of: loaded),
            ana: SignedInUser(objectId: anaId, username: "Ana", role: .editor),
            ben: SignedInUser(objectId: benId, username: "Ben", role: .editor))
    }

    /// Saves `change` applied to the loaded recipe, from `base`, and returns the outcome.
    private func save(
        _ kitchen: Kitchen, by user: SignedInUser?, from base: EditBase? = nil,
        choices: [String: ConflictChoice] = [:], _ change: (inout Recipe) -> Void
    ) async throws -> EditOutcome<Recipe> {
        var typed = kitchen.loaded
        change(&typed)
        return try await kitchen.repository.update(typed, from: base ?? kitchen.base, choices: choices, by: user)
    }

    /// Every row of every table, as text: to prove that nothing was written.
    private func dump(_ store: ParseStore) async throws -> String {
        try await storedContent(store).joined(separator: "\n")
    }

    private func stored(_ kitchen: Kitchen) async throws -> Recipe {
        let found = try await kitchen.repository.find(id: XCTUnwrap(kitchen.loaded.id))
        return try XCTUnwrap(found?.recipe)
    }

    // MARK: Merged

    func testSavesOfDifferentFieldsAreMergedAndTheReportNamesThePersonAndTheirFields() async throws {
        let kitchen = try await makeKitchen()
        let first = try await save(kitchen, by: kitchen.ana) {
            $0.servings = 6
            $0.price = Price(cents: 250)
        }
        guard case .saved(_, let firstMerge) = first else { return XCTFail("Ana's save was refused: \(first)") }
        XCTAssertNil(firstMerge, "nobody saved before Ana")

        let second = try await save(kitchen, by: kitchen.ben) { $0.name = "Soup" }
        guard case .saved(let saved, let merged) = second else { return XCTFail("Ben's save was refused: \(second)") }
        let report = try XCTUnwrap(merged)
        XCTAssertEqual(report.stamp.username, "Ana")
        XCTAssertEqual(report.fieldLabels, ["Servings", "Price"])
        XCTAssertEqual(saved.name, "Soup")
        XCTAssertEqual(saved.servings, 6, "Ana's servings are kept")
        XCTAssertEqual(saved.price, Price(cents: 250), "Ana's price is kept")
        XCTAssertEqual(saved.lastChangedBy, "Ben")
        let now = try await stored(kitchen)
        XCTAssertEqual(now.name, "Soup")
        XCTAssertEqual(now.servings, 6)
        XCTAssertEqual(now.ingredients, kitchen.loaded.ingredients, "untouched fields stay as they were")
    }

    func testTheSameChangeOnBothSidesIsNeitherAConflictNorNews() async throws {
        let kitchen = try await makeKitchen()
        _ = try await save(kitchen, by: kitchen.ana) { $0.servings = 6 }
        let second = try await save(kitchen, by: kitchen.ben) { $0.servings = 6 }
        guard case .saved(let saved, let merged) = second else { return XCTFail("\(second)") }
        XCTAssertNil(merged)
        XCTAssertEqual(saved.servings, 6)
    }

    // MARK: Conflicts

    func testTheSameFieldChangedDifferentlyIsAConflictThatWritesNothing() async throws {
        let kitchen = try await makeKitchen()
        _ = try await save(kitchen, by: kitchen.ana) { $0.servings = 6 }
        let afterAna = try await stored(kitchen)
        let before = try await dump(kitchen.store)
        let revision = kitchen.repository.revision

        let outcome = try await save(kitchen, by: kitchen.ben) {
            $0.servings = 8
            $0.name = "Soup"
        }
        guard case .conflict(let report) = outcome else { return XCTFail("Ben's save went through: \(outcome)") }
        XCTAssertEqual(report.stamp.username, "Ana")
        XCTAssertEqual(report.version, EditBase.version(of: try XCTUnwrap(afterAna.updatedAt)))
        XCTAssertFalse(report.choiceMissing)
        XCTAssertEqual(
            report.conflicts, [FieldConflict(key: "servings", label: "Servings", mine: ["8"], theirs: ["6"])])
        let after = try await dump(kitchen.store)
        XCTAssertEqual(after, before, "a conflict writes nothing, not even Ben's name change")
        XCTAssertEqual(kitchen.repository.revision, revision, "cached pages stay valid")
    }

    func testConflictChoicesOfMineAndTheirsAreSaved() async throws {
        for (choice, servings) in [(ConflictChoice.mine, 8), (.theirs, 6)] {
            let kitchen = try await makeKitchen()
            _ = try await save(kitchen, by: kitchen.ana) { $0.servings = 6 }
            let conflict = try await save(kitchen, by: kitchen.ben) {
                $0.servings = 8
                $0.name = "Soup"
            }
            guard case .conflict(let report) = conflict else { return XCTFail("\(conflict)") }
            // The conflict page sends the version it showed with the original field tokens.
            let shown = EditBase(version: report.version, fields: kitchen.base.fields)
            let outcome = try await save(kitchen, by: kitchen.ben, from: shown, choices: ["servings": choice]) {
                $0.servings = 8
                $0.name = "Soup"
            }
            guard case .saved(let saved, let merged) = outcome else { return XCTFail("\(choice): \(outcome)") }
            XCTAssertNil(merged, "a chosen value is not reported as news")
            XCTAssertEqual(saved.servings, servings, "\(choice)")
            XCTAssertEqual(saved.name, "Soup", "\(choice): the rest of what Ben typed is saved")
            let now = try await stored(kitchen)
            XCTAssertEqual(now.servings, servings)
        }
    }

    func testAChoiceMadeForAVersionSinceReplacedGivesAFreshConflict() async throws {
        let kitchen = try await makeKitchen()
        _ = try await save(kitchen, by: kitchen.ana) { $0.servings = 6 }
        let conflict = try await save(kitchen, by: kitchen.ben) { $0.servings = 8 }
        guard case .conflict(let first) = conflict else { return XCTFail("\(conflict)") }
        // Ana saves again while Ben is choosing.
        let current = try await stored(kitchen)
        let anaAgain = try await save(kitchen, by: kitchen.ana, from: RecipeEditField.base(of: current)) {
            $0.servings = 10
        }
        guard case .saved(let anaSaved, _) = anaAgain else { return XCTFail("\(anaAgain)") }

        let shown = EditBase(version: first.version, fields: kitchen.base.fields)
        let stale = try await save(kitchen, by: kitchen.ben, from: shown, choices: ["servings": .mine]) {
            $0.servings = 8
        }
        guard case .conflict(let fresh) = stale else { return XCTFail("a stale choice was saved: \(stale)") }
        XCTAssertEqual(fresh.version, EditBase.version(of: try XCTUnwrap(anaSaved.updatedAt)))
        XCTAssertNotEqual(fresh.version, first.version)
        XCTAssertEqual(fresh.conflicts.map(\.theirs), [["10"]], "the page shows what is stored now")
        XCTAssertFalse(fresh.choiceMissing, "the choice was not missing, it was out of date")
        let now = try await stored(kitchen)
        XCTAssertEqual(now.servings, 10)
    }

    func testSendingTheConflictPageWithoutAChoiceForAFieldSaysSo() async throws {
        let kitchen = try await makeKitchen()
        _ = try await save(kitchen, by: kitchen.ana) { $0.servings = 6 }
        let conflict = try await save(kitchen, by: kitchen.ben) { $0.servings = 8 }
        guard case .conflict(let report) = conflict else { return XCTFail("\(conflict)") }
        let shown = EditBase(version: report.version, fields: kitchen.base.fields)
        let again = try await save(kitchen, by: kitchen.ben, from: shown, choices: ["price": .mine]) {
            $0.servings = 8
        }
        guard case .conflict(let missing) = again else { return XCTFail("\(again)") }
        XCTAssertTrue(missing.choiceMissing)
    }

    // MARK: Ingredients, one field of rows

    func testIngredientsChangedDifferentlyOnBothSidesAreAConflictShownAsLines() async throws {
        let kitchen = try await makeKitchen()
        _ = try await save(kitchen, by: kitchen.ana) {
            $0.ingredients = [Ingredient(quantity: 2, description: "cups flour")]
        }
        let outcome = try await save(kitchen, by: kitchen.ben) {
            $0.ingredients.append(Ingredient(quantity: 0.5, description: "cup of milk"))
        }
        guard case .conflict(let report) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(report.conflicts.map(\.key), ["ingredients"])
        XCTAssertEqual(report.conflicts.first?.label, "Ingredients")
        XCTAssertEqual(report.conflicts.first?.theirs, ["2 cups flour"])
        XCTAssertEqual(report.conflicts.first?.mine, ["1½ cups of crème 🥛", "⅓ 砂糖", "½ cup of milk"])
    }

    func testIngredientsChangedOnOneSideAreKeptWhenTheOtherChangesSomethingElse() async throws {
        let kitchen = try await makeKitchen()
        _ = try await save(kitchen, by: kitchen.ana) { $0.ingredients.removeFirst() }
        let outcome = try await save(kitchen, by: kitchen.ben) { $0.sideOptions = ["Chips"] }
        guard case .saved(let saved, let merged) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(merged?.fieldLabels, ["Ingredients"])
        XCTAssertEqual(saved.ingredients, [Ingredient(quantity: 1.0 / 3, description: "砂糖")])
        XCTAssertEqual(saved.sideOptions, ["Chips"])
    }

    // MARK: Who saved

    func testUpdatedByIsSetForAPersonAndUnsetForASaveWithoutSigningIn() async throws {
        let kitchen = try await makeKitchen()
        let id = try XCTUnwrap(kitchen.loaded.id)
        let created = try await kitchen.repository.create(Recipe(name: "Toast", category: .breakfast), by: kitchen.ana)
        XCTAssertEqual(created.lastChangedBy, "Ana")
        XCTAssertNil(kitchen.loaded.lastChangedBy, "created without signing in")

        _ = try await save(kitchen, by: kitchen.ben) { $0.servings = 2 }
        let byBen = try await kitchen.store.read { try $0.fetch("Recipe", objectId: id) }
        XCTAssertEqual(byBen["updatedBy"], .pointer(ParsePointer(className: "_User", objectId: kitchen.ben.objectId)))
        let foundBen = try await stored(kitchen)
        XCTAssertEqual(foundBen.lastChangedBy, "Ben")

        _ = try await save(kitchen, by: nil, from: RecipeEditField.base(of: foundBen)) { $0.servings = 3 }
        let byNobody = try await kitchen.store.read { try $0.fetch("Recipe", objectId: id) }
        XCTAssertNil(byNobody["updatedBy"], "an older name is never credited with a change made without signing in")
        let foundNobody = try await stored(kitchen)
        XCTAssertNil(foundNobody.lastChangedBy)
    }

    // MARK: Tokens

    func testAnUntouchedFieldTypedBackGivesTheTokenItWasLoadedWithEvenForUntidyStoredValues() async throws {
        let store = try testStore(clock: SteppingClock())
        let repository = try await StoreRecipeRepository(store: store)
        // As another Parse client might store it: spaces around text, a long decimal for a third, 19.99 as a Double.
        let id = try await store.write { writer in
            try writer.create(
                "Recipe",
                [
                    "name": .string("  Soup  "), "servings": .number(4), "price": .number(19.99),
                    "isAvailable": .boolean(true), "category": .number(1),
                    "ingredients": .array([
                        .object(["quantity": .number(0.333333333333), "description": .string(" onion ")])
                    ]),
                    "sideOptions": .array([.string("Bread ")]),
                    "nutritionalInfo": .object(["Calories": .number(320)]),
                    "releaseDate": .date(Date(timeIntervalSince1970: 1_714_694_400 + 3_600)),
                    "steps": .array([.string(" Chop the onion "), .string("Simmer")]),
                    "notes": .string(" Better the next day \n"), "source": .string(" Grandma's book "),
                    "prepMinutes": .number(20), "cookMinutes": .number(70),
                ]
            ).objectId
        }
        let found = try await repository.find(id: id)
        let stored = try XCTUnwrap(found?.recipe)
        let loaded = RecipeEditField.tokens(of: stored)
        guard case .valid(let typedBack) = RecipeDraft(recipe: stored).validate() else {
            return XCTFail("the editor's own text of the recipe did not validate")
        }
        XCTAssertEqual(RecipeEditField.tokens(of: typedBack), loaded)
        XCTAssertEqual(Set(loaded.keys), Set(RecipeEditField.allCases.map(\.key)))
        XCTAssertEqual(Set(loaded.values).count, loaded.count, "different fields, different tokens")
    }
}
