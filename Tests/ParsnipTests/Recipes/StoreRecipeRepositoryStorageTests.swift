import Foundation
import GRDB
import XCTest

@testable import ParseStore
@testable import Parsnip

/// What the recipe repository leaves in the SQLite file, and how it reads objects other Parse clients wrote.
final class StoreRecipeRepositoryStorageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-recipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A store on a fresh database file.
    private func makeFileStore() throws -> ParseStore {
        try testStore(at: folder.appendingPathComponent("recipes.sqlite").path, clock: SteppingClock())
    }

    func testEachFieldIsStoredInItsParseEncoding() async throws {
        let store = try makeFileStore()
        defer { try? store.close() }
        let repository = try await StoreRecipeRepository(store: store)
        let created = try await repository.create(everyFieldRecipe)
        let id = try XCTUnwrap(created.id)
        let sqlite = try store.sqliteDatabase("how SQLite stores each value")
        let row = try XCTUnwrap(
            try sqlite.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT name, servings, typeof(servings) AS servingsType, price, typeof(price) AS priceType,
                            CAST(price AS TEXT) AS priceText, isAvailable, typeof(isAvailable) AS isAvailableType,
                            category, typeof(category) AS categoryType, ingredients, sideOptions, nutritionalInfo,
                            releaseDate
                        FROM "Recipe" WHERE objectId = ?
                        """, arguments: [id])
            })
        XCTAssertEqual(row["name"] as String?, "Crème brûlée 焦糖布丁 🍮")
        XCTAssertEqual(row["servings"] as Double?, 4)
        XCTAssertEqual(row["servingsType"] as String?, "real")
        XCTAssertEqual(row["price"] as Double?, 19.99)
        XCTAssertEqual(row["priceType"] as String?, "real")
        XCTAssertEqual(row["priceText"] as String?, "19.99")
        XCTAssertEqual(row["isAvailable"] as Int?, 1)
        XCTAssertEqual(row["isAvailableType"] as String?, "integer")
        XCTAssertEqual(row["category"] as Double?, 2)
        XCTAssertEqual(row["categoryType"] as String?, "real")
        XCTAssertEqual(
            row["ingredients"] as String?,
            #"[{"quantity":1.5,"description":"cups of crème 🥛"},{"quantity":0.3333333333333333,"description":"砂糖"}]"#)
        XCTAssertEqual(row["sideOptions"] as String?, #"["Salade verte","水果 🍓"]"#)
        XCTAssertEqual(row["nutritionalInfo"] as String?, #"{"Énergie ⚡":"320 kcal","脂肪":"12 g"}"#)
        XCTAssertEqual(row["releaseDate"] as String?, "2024-05-03T00:00:00.000Z")
    }

    func testTheSchemaRecordsEachFieldsParseType() async throws {
        let store = try makeFileStore()
        defer { try? store.close() }
        let repository = try await StoreRecipeRepository(store: store)
        _ = try await repository.create(everyFieldRecipe)
        let stored = try await store.sqliteDatabase("how SQLite stores each value").read { db in
            try String.fetchOne(db, sql: "SELECT schema FROM _SCHEMA WHERE className = 'Recipe'")
        }
        let text = try XCTUnwrap(stored)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let fields = try XCTUnwrap(document["fields"] as? [String: [String: Any]])
        let expected = [
            "name": "String", "servings": "Number", "price": "Number", "isAvailable": "Boolean", "category": "Number",
            "ingredients": "Array", "sideOptions": "Array", "nutritionalInfo": "Object", "releaseDate": "Date",
        ]
        for (field, type) in expected {
            XCTAssertEqual(fields[field]?["type"] as? String, type, field)
        }
    }

    func testAPriceOf1999ReadsBackAs1999AfterReopeningTheFile() async throws {
        var store = try makeFileStore()
        let created = try await StoreRecipeRepository(store: store).create(Recipe(name: "x", price: Price(cents: 1999)))
        let id = try XCTUnwrap(created.id)
        try store.close()
        store = try makeFileStore()
        defer { try? store.close() }
        let found = try await StoreRecipeRepository(store: store).find(id: id)
        XCTAssertEqual(found?.recipe.price, Price(cents: 1999))
        XCTAssertEqual(found?.recipe.price?.text, "19.99")
    }

    func testOddObjectsFromOtherParseClientsAreReadWithoutFailing() async throws {
        let store = try testStore(clock: SteppingClock())
        let lateEvening = Date(timeIntervalSince1970: 1_714_694_400 + 23.5 * 3600)
        let odd = try await store.write { writer in
            try writer.create(
                "Recipe",
                [
                    "servings": 2.5, "price": 19.989999, "category": 7,
                    "ingredients": [
                        ["quantity": "two", "description": "eggs"], ["description": "no quantity"], "a string",
                        ["quantity": 2], ["description": "flour", "quantity": 0.5],
                    ],
                    "sideOptions": [1, "Salad", true],
                    "nutritionalInfo": ["Calories": 320, "Fat": "12 g", "Vitamins": ["A", "C"], "Vegan": false],
                    "releaseDate": .date(lateEvening),
                ])
        }
        let bare = try await store.write { writer in
            try writer.create(
                "Recipe", ["price": -1, "category": 1.5, "releaseDate": .date(Date(timeIntervalSince1970: -40e9))])
        }
        let repository = try await StoreRecipeRepository(store: store)
        let found = try await repository.find(id: odd.objectId)
        XCTAssertEqual(
            found?.recipe,
            Recipe(
                id: odd.objectId, name: "", servings: nil, price: Price(cents: 1999), isAvailable: false, category: nil,
                ingredients: [
                    Ingredient(quantity: 2, description: ""), Ingredient(quantity: 0.5, description: "flour"),
                ],
                sideOptions: ["Salad"],
                nutritionalInfo: [
                    NutritionEntry(name: "Calories", value: "320"), NutritionEntry(name: "Fat", value: "12 g"),
                    NutritionEntry(name: "Vegan", value: "false"),
                ],
                releaseDate: CalendarDate(year: 2024, month: 5, day: 3), createdAt: odd.createdAt,
                updatedAt: odd.updatedAt))
        let plain = try await repository.find(id: bare.objectId)
        XCTAssertEqual(
            plain?.recipe,
            Recipe(id: bare.objectId, name: "", createdAt: bare.createdAt, updatedAt: bare.updatedAt))
        for sort in RecipeSort.allCases {
            let page = try await repository.list(RecipeListRequest(sort: sort))
            XCTAssertEqual(page.recipes.count, 2, "\(sort)")
        }
    }

    func testAClassWhoseNameFieldIsANumberStillListsAndFinds() async throws {
        let store = try testStore(clock: SteppingClock())
        let object = try await store.write { writer in try writer.create("Recipe", ["name": 42, "isAvailable": "yes"]) }
        let repository = try await StoreRecipeRepository(store: store)
        let page = try await repository.list(RecipeListRequest(isAvailable: true))
        XCTAssertEqual(page.recipes, [])
        let all = try await repository.list(RecipeListRequest(sort: .name))
        XCTAssertEqual(all.recipes.map(\.id), [object.objectId])
        XCTAssertEqual(all.recipes.first?.name, "")
        XCTAssertEqual(all.recipes.first?.isAvailable, false)
    }
}
