import Foundation
import GRDB
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// What the recipe editor leaves in the database file: class `Recipe`, each field in its Parse encoding and type.
final class RecipeStorageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "parsnip-recipe-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `test` against an app on a database file and returns the file's path once the app has stopped.
    private func withFileApp(_ test: @escaping @Sendable (Browser) async throws -> Void) async throws -> String {
        let path = folder.appendingPathComponent("recipes.sqlite").path
        var settings = testSettings()
        settings.database = testDatabase(at: path)
        let app = try await buildApplication(settings)
        try await app.test(.router) { client in try await test(Browser(client: client)) }
        return path
    }

    func testTheFormStoresEveryFieldInItsParseEncodingAndLocksTheSchemaTypes() async throws {
        let ids = IdBox()
        let path = try await withFileApp { browser in
            ids.value = try await browser.addRecipe(
                recipeForm([
                    ("name", "Crème brûlée 焦糖布丁 🍮"), ("servings", "4"), ("price", "19,99"), ("category", "2"),
                    ("releaseDate", "2024-05-03"),
                    ("ingredient-0-quantity", "1 1/2"), ("ingredient-0-description", "cups of crème 🥛"),
                    ("ingredient-1-quantity", "⅓"), ("ingredient-1-description", "砂糖"),
                    ("ingredient-2-quantity", ""), ("ingredient-2-description", ""),
                    ("side-0", "Salade verte"), ("side-1", "水果 🍓"),
                    ("nutrition-0-name", "Énergie ⚡"), ("nutrition-0-value", "320 kcal"),
                    ("nutrition-1-name", "脂肪"), ("nutrition-1-value", "12 g"),
                    ("nutrition-2-name", "Calcium"), ("nutrition-2-value", "80 mg"),
                ]))
        }
        let id = try XCTUnwrap(ids.value)
        try skipUnlessSQLite("how SQLite stores each value")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let row = try XCTUnwrap(
            try queue.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT name, servings, typeof(servings) AS servingsType, CAST(price AS TEXT) AS priceText,
                            typeof(price) AS priceType, isAvailable, category, ingredients, sideOptions,
                            nutritionalInfo, releaseDate
                        FROM "Recipe" WHERE objectId = ?
                        """, arguments: [id])
            })
        XCTAssertEqual(row["name"] as String?, "Crème brûlée 焦糖布丁 🍮")
        XCTAssertEqual(row["servings"] as Double?, 4)
        XCTAssertEqual(row["servingsType"] as String?, "real")
        XCTAssertEqual(row["priceText"] as String?, "19.99", "exactly 19.99, never 19.989999")
        XCTAssertEqual(row["priceType"] as String?, "real")
        XCTAssertEqual(row["isAvailable"] as Int?, 1)
        XCTAssertEqual(row["category"] as Double?, 2)
        XCTAssertEqual(
            row["ingredients"] as String?,
            #"[{"quantity":1.5,"description":"cups of crème 🥛"},{"quantity":0.3333333333333333,"description":"砂糖"}]"#)
        XCTAssertEqual(row["sideOptions"] as String?, #"["Salade verte","水果 🍓"]"#)
        XCTAssertEqual(
            row["nutritionalInfo"] as String?, #"{"Énergie ⚡":"320 kcal","脂肪":"12 g","Calcium":"80 mg"}"#,
            "keys in the order entered")
        XCTAssertEqual(row["releaseDate"] as String?, "2024-05-03T00:00:00.000Z")

        let storedSchema = try await queue.read { db in
            try String.fetchOne(db, sql: "SELECT schema FROM _SCHEMA WHERE className = 'Recipe'")
        }
        let schemaText = try XCTUnwrap(storedSchema)
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(schemaText.utf8)) as? [String: Any])
        let fields = try XCTUnwrap(schema["fields"] as? [String: [String: Any]])
        let expected = [
            "name": "String", "servings": "Number", "price": "Number", "isAvailable": "Boolean", "category": "Number",
            "ingredients": "Array", "sideOptions": "Array", "nutritionalInfo": "Object", "releaseDate": "Date",
        ]
        for (field, type) in expected {
            XCTAssertEqual(fields[field]?["type"] as? String, type, field)
        }

        // Read back through the store as any Parse client would: the Date is a Parse Date at midnight UTC.
        let store = try testStore(at: path)
        defer { try? store.close() }
        let object = try await store.read { reader in try reader.fetch("Recipe", objectId: id) }
        XCTAssertEqual(object["releaseDate"], .date(Date(timeIntervalSince1970: 1_714_694_400)))
        XCTAssertEqual(object["price"], .number(19.99))
    }

    func testUpdatingWithEmptyOptionalFieldsRemovesThemAndKeepsTheRestExact() async throws {
        let ids = IdBox()
        let path = try await withFileApp { browser in
            let id = try await browser.addRecipe()
            ids.value = id
            let updated = try await browser.updateRecipe(
                id,
                recipeForm(
                    [
                        ("servings", ""), ("price", ""), ("releaseDate", ""), ("ingredient-0-quantity", ""),
                        ("ingredient-0-description", ""), ("side-0", ""), ("nutrition-0-name", ""),
                        ("nutrition-0-value", ""),
                    ], removing: ["isAvailable"]))
            XCTAssertEqual(updated.status, .seeOther)
        }
        let id = try XCTUnwrap(ids.value)
        try skipUnlessSQLite("how SQLite stores each value")
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let row = try XCTUnwrap(
            try queue.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT servings, price, releaseDate, isAvailable, ingredients, sideOptions, nutritionalInfo
                        FROM "Recipe" WHERE objectId = ?
                        """, arguments: [id])
            })
        XCTAssertTrue(row.hasNull(atIndex: 0), "servings unset")
        XCTAssertTrue(row.hasNull(atIndex: 1), "price unset")
        XCTAssertTrue(row.hasNull(atIndex: 2), "releaseDate unset")
        XCTAssertEqual(row["isAvailable"] as Int?, 0)
        XCTAssertEqual(row["ingredients"] as String?, "[]")
        XCTAssertEqual(row["sideOptions"] as String?, "[]")
        XCTAssertEqual(row["nutritionalInfo"] as String?, "{}")
    }
}

/// Carries an id out of a `@Sendable` test closure.
private final class IdBox: @unchecked Sendable {
    // @unchecked Sendable: written once inside the app's test closure, read after it has returned.
    var value: String?
}
