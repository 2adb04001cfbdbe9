import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A recipe with every field set, in text from several scripts, for round trips.
let everyFieldRecipe = Recipe(
    name: "Crème brûlée 焦糖布丁 🍮", servings: 4, price: Price(cents: 1999), isAvailable: true, category: .dinner,
    ingredients: [
        Ingredient(quantity: 1.5, description: "cups of crème 🥛"), Ingredient(quantity: 1.0 / 3, description: "砂糖"),
    ],
    sideOptions: ["Salade verte", "水果 🍓"],
    nutritionalInfo: [NutritionEntry(name: "Énergie ⚡", value: "320 kcal"), NutritionEntry(name: "脂肪", value: "12 g")],
    releaseDate: CalendarDate(year: 2024, month: 5, day: 3))

/// The recipe repository on the store: round trips, filters, sorts, paging, totals and the stepping order.
final class StoreRecipeRepositoryTests: XCTestCase {
    private func makeRepository(clock: any ParseClock = SteppingClock()) async throws -> StoreRecipeRepository {
        try await StoreRecipeRepository(store: testStore(clock: clock))
    }

    /// `recipe` as the repository returns it: without the identity and timestamps the store assigns.
    private func content(_ recipe: Recipe?) -> Recipe? {
        guard var recipe else { return nil }
        recipe.id = nil
        recipe.createdAt = nil
        recipe.updatedAt = nil
        return recipe
    }

    /// Five recipes whose names sort differently with and without folding case and accents.
    private func seedFive(_ repository: StoreRecipeRepository) async throws -> [String: Recipe] {
        let recipes = [
            Recipe(
                name: "Apple pie", isAvailable: true, category: .breakfast,
                releaseDate: .init(year: 2024, month: 5, day: 3)),
            Recipe(
                name: "banana bread", isAvailable: false, category: .lunch,
                releaseDate: .init(year: 2023, month: 1, day: 1)),
            Recipe(name: "Éclair", isAvailable: true, category: .dinner),
            Recipe(
                name: "cherry tart", isAvailable: false, category: .breakfast,
                releaseDate: .init(year: 2024, month: 5, day: 3)),
            Recipe(name: "apple crumble", isAvailable: true, category: .lunch),
        ]
        var created: [String: Recipe] = [:]
        for recipe in recipes { created[recipe.name] = try await repository.create(recipe) }
        return created
    }

    private func names(_ repository: StoreRecipeRepository, _ request: RecipeListRequest) async throws -> [String] {
        try await repository.list(request).recipes.map(\.name)
    }

    // MARK: Round trips

    func testEveryFieldRoundTripsThroughCreateAndFindWithUnicodeInEveryTextField() async throws {
        let repository = try await makeRepository()
        let created = try await repository.create(everyFieldRecipe)
        XCTAssertEqual(created.id?.count, 10)
        XCTAssertNotNil(created.createdAt)
        XCTAssertEqual(content(created), everyFieldRecipe)
        let found = try await repository.find(id: XCTUnwrap(created.id))
        XCTAssertEqual(found?.recipe, created)
    }

    func testCreateAlwaysMakesANewRecipeWhateverIdItIsGiven() async throws {
        let repository = try await makeRepository()
        let first = try await repository.create(Recipe(name: "Toast", category: .breakfast))
        var copy = first
        copy.name = "Toast again"
        let second = try await repository.create(copy)
        XCTAssertNotEqual(second.id, first.id)
        let page = try await repository.list(RecipeListRequest())
        XCTAssertEqual(page.recipes.map(\.name), ["Toast", "Toast again"])
    }

    /// The list reads what a row shows, exactly as stored, and not the rest (ingredients and the like are most of a
    /// recipe's bytes; no list row shows them).
    func testTheListReadsEveryFieldARowShowsAndNothingElse() async throws {
        let repository = try await makeRepository()
        let created = try await repository.create(everyFieldRecipe)
        let page = try await repository.list(RecipeListRequest())
        let listed = try XCTUnwrap(page.recipes.first)
        XCTAssertEqual(listed.id, created.id)
        XCTAssertEqual(listed.name, created.name)
        XCTAssertEqual(listed.servings, created.servings)
        XCTAssertEqual(listed.price, created.price)
        XCTAssertEqual(listed.isAvailable, created.isAvailable)
        XCTAssertEqual(listed.category, created.category)
        XCTAssertEqual(listed.releaseDate, created.releaseDate)
        XCTAssertEqual(listed.photo, created.photo)
        XCTAssertEqual(
            RecipeFormatting.row(listed), RecipeFormatting.row(created), "the row shows the same as the full recipe")
        XCTAssertTrue(listed.ingredients.isEmpty && listed.sideOptions.isEmpty && listed.nutritionalInfo.isEmpty)
    }

    func testUpdateReplacesEveryFieldAndAnUnsetOptionalRemovesTheStoredValue() async throws {
        let store = try testStore(clock: SteppingClock())
        let repository = try await StoreRecipeRepository(store: store)
        var recipe = try await repository.create(everyFieldRecipe)
        let id = try XCTUnwrap(recipe.id)
        recipe.servings = nil
        recipe.price = nil
        recipe.category = nil
        recipe.releaseDate = nil
        recipe.isAvailable = false
        recipe.ingredients = [Ingredient(quantity: 2, description: "eggs")]
        recipe.sideOptions = []
        recipe.nutritionalInfo = []
        let updated = try await repository.update(recipe)
        XCTAssertEqual(content(updated), content(recipe))
        XCTAssertEqual(updated.createdAt, recipe.createdAt)
        XCTAssertGreaterThan(try XCTUnwrap(updated.updatedAt), try XCTUnwrap(recipe.createdAt))
        let object = try await store.read { try $0.fetch("Recipe", objectId: id) }
        for field in ["servings", "price", "category", "releaseDate"] {
            XCTAssertNil(object[field], "\(field) should be unset")
        }
        XCTAssertEqual(object["isAvailable"], .boolean(false))
        XCTAssertEqual(object["sideOptions"], .array([]))
        XCTAssertEqual(object["nutritionalInfo"], .object([:]))
        let found = try await repository.find(id: id)
        XCTAssertEqual(found?.recipe, updated)
    }

    func testUpdateOfAMissingOrUnsavedRecipeIsNotFound() async throws {
        let repository = try await makeRepository()
        do {
            _ = try await repository.update(Recipe(name: "Never saved", category: .lunch))
            XCTFail("an unsaved recipe was updated")
        } catch let error as RecipeRepositoryError {
            XCTAssertEqual(error, .notFound)
        }
        var gone = try await repository.create(Recipe(name: "Gone", category: .lunch))
        _ = try await repository.delete(id: XCTUnwrap(gone.id))
        gone.name = "Back?"
        do {
            _ = try await repository.update(gone)
            XCTFail("a deleted recipe was updated")
        } catch let error as RecipeRepositoryError {
            XCTAssertEqual(error, .notFound)
        }
        let total = try await repository.list(RecipeListRequest()).totalWithoutFilters
        XCTAssertEqual(total, 0)
    }

    func testDeleteReturnsTheRecipeAndItIsGoneFromFindListAndTotals() async throws {
        let repository = try await makeRepository()
        let created = try await seedFive(repository)
        let eclair = try XCTUnwrap(created["Éclair"]?.id)
        let deleted = try await repository.delete(id: eclair)
        XCTAssertEqual(deleted, created["Éclair"])
        let found = try await repository.find(id: eclair)
        XCTAssertNil(found)
        let page = try await repository.list(RecipeListRequest())
        XCTAssertEqual(page.total, 4)
        XCTAssertEqual(page.totalWithoutFilters, 4)
        XCTAssertFalse(page.recipes.map(\.name).contains("Éclair"))
        do {
            _ = try await repository.delete(id: eclair)
            XCTFail("a recipe was deleted twice")
        } catch let error as RecipeRepositoryError {
            XCTAssertEqual(error, .notFound)
        }
        let after = try await repository.list(RecipeListRequest()).totalWithoutFilters
        XCTAssertEqual(after, 4)
    }

    func testRevisionMovesOnEveryWrite() async throws {
        let repository = try await makeRepository()
        var revisions = [repository.revision]
        var recipe = try await repository.create(Recipe(name: "Toast", category: .breakfast))
        revisions.append(repository.revision)
        recipe.name = "Better toast"
        _ = try await repository.update(recipe)
        revisions.append(repository.revision)
        _ = try await repository.delete(id: XCTUnwrap(recipe.id))
        revisions.append(repository.revision)
        XCTAssertEqual(Set(revisions).count, 4, "\(revisions)")
    }

    // MARK: The list

    func testFiltersByCategoryAvailabilityAndNameTextIgnoringCase() async throws {
        let repository = try await makeRepository()
        _ = try await seedFive(repository)
        let breakfast = try await repository.list(RecipeListRequest(category: .breakfast))
        XCTAssertEqual(breakfast.recipes.map(\.name), ["Apple pie", "cherry tart"])
        XCTAssertEqual(breakfast.total, 2)
        XCTAssertEqual(breakfast.totalWithoutFilters, 5)
        let available = try await names(repository, RecipeListRequest(isAvailable: true))
        XCTAssertEqual(available, ["apple crumble", "Apple pie", "Éclair"])
        let unavailable = try await names(repository, RecipeListRequest(isAvailable: false))
        XCTAssertEqual(unavailable, ["banana bread", "cherry tart"])
        let apple = try await names(repository, RecipeListRequest(search: "APPLE"))
        XCTAssertEqual(apple, ["apple crumble", "Apple pie"])
        let accented = try await names(repository, RecipeListRequest(search: "ÉCL"))
        XCTAssertEqual(accented, ["Éclair"])
        let combined = try await repository.list(RecipeListRequest(category: .lunch, isAvailable: true, search: "crum"))
        XCTAssertEqual(combined.recipes.map(\.name), ["apple crumble"])
        XCTAssertEqual(combined.total, 1)
        let none = try await repository.list(RecipeListRequest(category: .dinner, isAvailable: false))
        XCTAssertEqual(none.recipes, [])
        XCTAssertEqual(none.total, 0)
        XCTAssertEqual(none.totalWithoutFilters, 5)
    }

    func testSortsByNameIgnoringCaseAndAccents() async throws {
        let repository = try await makeRepository()
        _ = try await seedFive(repository)
        let sorted = try await names(repository, RecipeListRequest(sort: .name))
        XCTAssertEqual(sorted, ["apple crumble", "Apple pie", "banana bread", "cherry tart", "Éclair"])
    }

    func testSortsByReleaseDateNewestFirstThenNameWithUndatedRecipesLast() async throws {
        let repository = try await makeRepository()
        _ = try await seedFive(repository)
        let sorted = try await names(repository, RecipeListRequest(sort: .releaseDate))
        XCTAssertEqual(sorted, ["Apple pie", "cherry tart", "banana bread", "apple crumble", "Éclair"])
    }

    func testPagesBySizeFromPageOneAndFarPagesAreEmpty() async throws {
        let repository = try await makeRepository()
        _ = try await seedFive(repository)
        var pages: [[String]] = []
        for page in 1...4 {
            let listed = try await repository.list(RecipeListRequest(page: page, size: 2))
            XCTAssertEqual(listed.total, 5)
            pages.append(listed.recipes.map(\.name))
        }
        XCTAssertEqual(pages, [["apple crumble", "Apple pie"], ["banana bread", "cherry tart"], ["Éclair"], []])
        let pageZero = try await names(repository, RecipeListRequest(page: 0, size: 2))
        XCTAssertEqual(pageZero, pages[0])
        let farAway = try await repository.list(RecipeListRequest(page: .max, size: 50))
        XCTAssertEqual(farAway.recipes, [])
        XCTAssertEqual(farAway.total, 5)
    }

    func testAnEmptyStoreListsNothing() async throws {
        let repository = try await makeRepository()
        let page = try await repository.list(RecipeListRequest(category: .lunch, search: "x", sort: .releaseDate))
        XCTAssertEqual(page, RecipeListPage(recipes: [], total: 0, totalWithoutFilters: 0))
    }

    // MARK: Stepping order

    func testFindGivesNeighboursAndPositionOldestFirstWithNoneBeyondTheEnds() async throws {
        let repository = try await makeRepository()
        var ids: [String] = []
        for name in ["First", "Second", "Third"] {
            let created = try await repository.create(Recipe(name: name, category: .lunch))
            ids.append(try XCTUnwrap(created.id))
        }
        let first = try await repository.find(id: ids[0])
        XCTAssertEqual(first?.previousId, nil)
        XCTAssertEqual(first?.nextId, ids[1])
        XCTAssertEqual(first?.position, 1)
        XCTAssertEqual(first?.total, 3)
        let middle = try await repository.find(id: ids[1])
        XCTAssertEqual(middle?.previousId, ids[0])
        XCTAssertEqual(middle?.nextId, ids[2])
        XCTAssertEqual(middle?.position, 2)
        let last = try await repository.find(id: ids[2])
        XCTAssertEqual(last?.previousId, ids[1])
        XCTAssertEqual(last?.nextId, nil)
        XCTAssertEqual(last?.position, 3)
        XCTAssertEqual(last?.total, 3)
    }

    func testRecipesCreatedInTheSameMillisecondStepInObjectIdOrder() async throws {
        let repository = try await makeRepository(clock: FrozenClock())
        var ids: [String] = []
        for index in 0..<6 {
            let created = try await repository.create(Recipe(name: "R\(index)", category: .lunch))
            ids.append(try XCTUnwrap(created.id))
        }
        var walked: [String] = []
        var next: String? = ids.sorted().first
        while let id = next, walked.count < 10 {
            let found = try await repository.find(id: id)
            XCTAssertEqual(found?.position, walked.count + 1)
            walked.append(id)
            next = found?.nextId
        }
        XCTAssertEqual(walked, ids.sorted())
        let last = try await repository.find(id: XCTUnwrap(ids.sorted().last))
        XCTAssertEqual(last?.previousId, ids.sorted()[4])
    }

    func testFindOfAnUnknownIdIsNilEvenBeforeAnyRecipeExists() async throws {
        let repository = try await makeRepository()
        let beforeAny = try await repository.find(id: "AbCdE12345")
        XCTAssertNil(beforeAny)
        _ = try await repository.create(Recipe(name: "Toast", category: .breakfast))
        for id in ["AbCdE12345", "", "'; DROP TABLE Recipe; --"] {
            let found = try await repository.find(id: id)
            XCTAssertNil(found, id)
        }
    }
}
