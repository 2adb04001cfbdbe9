import Foundation
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// What the forms leave in the database file: Parse class `TodoListItem` with String fields, as the seed stores it.
final class TodoStorageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `test` against an app on a database file, then returns the file's path for inspection.
    private func withFileApp(_ test: @escaping @Sendable (Browser) async throws -> Void) async throws -> String {
        let path = folder.appendingPathComponent("todos.sqlite").path
        var settings = testSettings()
        settings.database = testDatabase(at: path)
        let app = try await buildApplication(settings)
        try await app.test(.router) { client in try await test(Browser(client: client)) }
        return path
    }

    func testFormSaveStoresStringFieldsInTodoListItemAndLocksTheirTypes() async throws {
        let path = try await withFileApp { browser in
            let created = try await browser.addTodo("Buy oat milk", "Two cartons")
            XCTAssertEqual(created.status, .seeOther)
        }
        let store = try testStore(at: path)
        defer { try? store.close() }
        let (items, schema) = try await store.read { reader in
            (try reader.find(ParseQuery("TodoListItem")), try reader.schema("TodoListItem"))
        }
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?["title"], .string("Buy oat milk"))
        XCTAssertEqual(items.first?["description"], .string("Two cartons"))
        XCTAssertEqual(items.first?.objectId.count, 10)
        XCTAssertEqual(schema?.fields["title"], .string)
        XCTAssertEqual(schema?.fields["description"], .string)
    }

    func testEmptyDescriptionIsLeftUnsetAndClearingItOnEditRemovesIt() async throws {
        let path = try await withFileApp { browser in
            try await browser.addTodo("No details")
            try await browser.addTodo("Had details", "Will be cleared")
            let id = try await browser.newestId()
            let cleared = try await browser.post(
                "/todos/\(id)",
                form: [("title", "Had details"), ("description", "")] + browser.loadedVersion(of: "/todos/\(id)/edit"))
            XCTAssertEqual(cleared.status, .seeOther)
        }
        let store = try testStore(at: path)
        defer { try? store.close() }
        let items = try await store.read { reader in try reader.find(ParseQuery("TodoListItem")) }
        XCTAssertEqual(items.count, 2)
        for item in items {
            XCTAssertNil(item["description"], "\(item["title"] ?? .null) should have no description field")
        }
        let withDescription = try await store.read { reader in
            try reader.count(ParseQuery("TodoListItem").where("description", "$exists", true))
        }
        XCTAssertEqual(withDescription, 0)
    }

    func testTheNewFieldsHaveTheirParseTypesInTheSchemaAndTheSeedFieldsAreUnchanged() async throws {
        let path = try await withFileApp { browser in
            try await browser.get("/todos/new")
            try await browser.post(
                "/todos",
                form: [("title", "Renew the insurance"), ("description", "Call first"), ("dueDate", "2024-06-30")])
            let id = try await browser.newestId()
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
        }
        let store = try testStore(at: path)
        defer { try? store.close() }
        let (item, schema) = try await store.read { reader in
            (try reader.find(ParseQuery("TodoListItem")).first, try reader.schema("TodoListItem"))
        }
        XCTAssertEqual(schema?.fields["title"], .string)
        XCTAssertEqual(schema?.fields["description"], .string)
        XCTAssertEqual(schema?.fields["done"], .boolean)
        XCTAssertEqual(schema?.fields["completedAt"], .date)
        XCTAssertEqual(schema?.fields["dueDate"], .date)
        XCTAssertEqual(item?["title"], .string("Renew the insurance"))
        XCTAssertEqual(item?["done"], .boolean(true))
        XCTAssertEqual(item?["dueDate"], .date(Date(timeIntervalSince1970: 1_719_705_600)))
    }

    func testAToDoMadeByTheSeedAppWithoutTheNewFieldsListsAsOpen() async throws {
        let path = folder.appendingPathComponent("seed.sqlite").path
        let seeded = try testStore(at: path)
        try await seeded.write { writer in
            _ = try writer.create("TodoListItem", operations: ["title": .set(.string("Made by the iOS app"))])
        }
        try seeded.close()
        var settings = testSettings()
        settings.database = testDatabase(at: path)
        try await withApp(settings: settings) { browser in
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"class="todo-title">Made by the iOS app</a>"#))
            XCTAssertTrue(list.contains("1 to do, 0 done"))
        }
    }
}
