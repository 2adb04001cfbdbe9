import Foundation
import XCTest

@testable import ParseStore

/// A PostgreSQL database whose Object columns are `jsonb` keeps working: one the previous Parsnip made has them
/// become `json` at open, losing nothing, so later writes keep their key order; a column an index keeps as `jsonb`
/// is still read and queried, and so are the columns of a database Parsnip did not make (Parse Server's), whose
/// types Parsnip never changes.
final class ObjectColumnConversionTests: XCTestCase {
    private static let info: ParseValue = ["Calories": "320 kcal", "Protein": "12 g", "Fat": "9 g"]

    /// A store on a schema of its own, its Object column `Recipe.info` turned back into `jsonb` and its first-open
    /// mark taken away (as the previous Parsnip made it), then `prepare` run: the address and the soup's objectId.
    private func legacyDatabase(prepare: String? = nil) async throws -> (url: String, soup: String) {
        guard let server = TestBackend.postgresURL else { throw XCTSkip("This test is about PostgreSQL's columns.") }
        let url = TestBackend.freshSchema(in: server)
        let store = try ParseStore(postgresURL: url, clock: FixedClock())
        defer { try? store.close() }
        let soup = try await store.write { try $0.create("Recipe", ["name": "soup", "info": Self.info]) }
        try await store.write { writer in
            try writer.db.execute(#"ALTER TABLE "Recipe" ALTER COLUMN "info" TYPE jsonb USING "info"::jsonb"#)
            // The previous Parsnip kept no such mark: this one marks the databases it opens first.
            try writer.db.execute(
                #"DELETE FROM "_ServerSettings" WHERE "name" = ?"#, [.text(PostgresObjectColumns.keptSetting)])
            if let prepare { try writer.db.execute(prepare) }
        }
        return (url, soup.objectId)
    }

    /// The declared type of `Recipe.info`'s column.
    private func columnType(_ store: ParseStore) async throws -> String? {
        try await store.read { reader in
            try reader.db.string(
                "SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema() "
                    + "AND table_name = 'Recipe' AND column_name = 'info'")
        }
    }

    /// The keys of `object`'s `info` field.
    private func keys(_ object: ParseObject?) -> [String]? {
        object?["info"]?.objectValue.map { Array($0.keys) }
    }

    func testAJSONBObjectColumnBecomesJSONAtOpenAndLaterWritesKeepTheirOrder() async throws {
        let (url, soup) = try await legacyDatabase()
        let store = try ParseStore(postgresURL: url, clock: FixedClock())
        TestBackend.closeAfterThisTest(store)
        let type = try await columnType(store)
        XCTAssertEqual(type, "json")

        let old = try await store.read { try $0.fetch("Recipe", objectId: soup) }
        XCTAssertTrue(try XCTUnwrap(old["info"]).isSame(as: Self.info), "nothing but the order was lost")
        XCTAssertEqual(keys(old), ["Fat", "Protein", "Calories"], "what jsonb held keeps jsonb's order")

        _ = try await store.write { try $0.update("Recipe", objectId: soup, ["info": Self.info]) }
        let updated = try await store.read { try $0.fetch("Recipe", objectId: soup) }
        XCTAssertEqual(keys(updated), ["Calories", "Protein", "Fat"])
        let cake = try await store.write {
            try $0.create("Recipe", ["name": "cake", "info": ["Sugar": "30 g", "Fat": "20 g"]])
        }
        let found = try await store.read { try $0.fetch("Recipe", objectId: cake.objectId) }
        XCTAssertEqual(keys(found), ["Sugar", "Fat"])
        let fat = try await nameSet(store, ParseQuery("Recipe").where("info.Fat", "$exists", true))
        XCTAssertEqual(fat, ["soup", "cake"])
    }

    func testAJSONBObjectColumnAnIndexReadsStaysJSONBAndIsStillReadAndQueried() async throws {
        let (url, soup) = try await legacyDatabase(prepare: #"CREATE INDEX "Recipe_info_plain" ON "Recipe" ("info")"#)
        let store = try ParseStore(postgresURL: url, clock: FixedClock())
        TestBackend.closeAfterThisTest(store)
        let type = try await columnType(store)
        XCTAssertEqual(type, "jsonb")

        let old = try await store.read { try $0.fetch("Recipe", objectId: soup) }
        XCTAssertTrue(try XCTUnwrap(old["info"]).isSame(as: Self.info))
        let cake = try await store.write {
            try $0.create("Recipe", ["name": "cake", "info": ["Sugar": "30 g", "Fat": "20 g"]])
        }
        let byFat = try await nameSet(store, ParseQuery("Recipe").where("info.Fat", equalTo: "20 g"))
        XCTAssertEqual(byFat, ["cake"])
        let whole = try await nameSet(store, ParseQuery("Recipe").where("info", equalTo: Self.info))
        XCTAssertEqual(whole, ["soup"])
        let found = try await store.read { try $0.fetch("Recipe", objectId: cake.objectId) }
        XCTAssertTrue(try XCTUnwrap(found["info"]).isSame(as: ["Sugar": "30 g", "Fat": "20 g"]))
    }

    func testTheObjectColumnsOfADatabaseParsnipDidNotMakeKeepTheirTypeAtEveryOpen() async throws {
        // As Parse Server leaves it: no `_ServerSettings`, an Object column in `jsonb`.
        let (url, soup) = try await legacyDatabase(prepare: #"DROP TABLE "_ServerSettings""#)
        for _ in 0..<2 {
            let store = try ParseStore(postgresURL: url, clock: FixedClock())
            let type = try await columnType(store)
            XCTAssertEqual(type, "jsonb", "Parse Server's own queries on the column need jsonb")
            let old = try await store.read { try $0.fetch("Recipe", objectId: soup) }
            XCTAssertTrue(try XCTUnwrap(old["info"]).isSame(as: Self.info))
            let fat = try await nameSet(store, ParseQuery("Recipe").where("info.Fat", equalTo: "9 g"))
            XCTAssertEqual(fat, ["soup"])
            try store.close()
        }
    }

}
