import Foundation
import XCTest

@testable import Parsnip

/// The restore page names what a restore would take away: the records added since the backup and those changed
/// since, the first 20 of each, then how many more.
final class RestorePreviewTests: XCTestCase {
    func testTheRestorePageNamesWhatWouldBeLostAndWhatWouldGoBack() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            try await owner.addTodo("Phone the vet")
            let recipe = try await owner.addRecipe()
            _ = try await owner.post("/backups", form: [])
            let backups = try await owner.get("/backups").text
            let name = try XCTUnwrap(BackupPageTests.listed(backups).first)

            try await owner.addTodo("Paint the fence")
            for number in 1...22 { try await owner.addTodo("Later chore \(number)") }
            let vet = try await owner.todoId(titled: "Phone the vet")
            try await owner.post("/todos/\(vet)/done", form: [("done", "1"), ("back", "/todos")])
            try await owner.post("/recipes/\(recipe)/delete", form: [])

            let page = try await owner.get("/backups/\(name)/restore").text
            XCTAssertTrue(page.contains("<p>These 23 were added since and would be lost:</p>"), page)
            XCTAssertTrue(page.contains("<li>to-do “Later chore 22”</li>"), "newest first")
            XCTAssertEqual(page.matches(of: /<li>to-do “[^”]*”<\/li>/).count, 21, "the first 20 lost, 1 changed")
            XCTAssertTrue(page.contains("<p>and 3 more</p>"))
            XCTAssertTrue(page.contains("<p>This was changed since and would go back to how it was:</p>"))
            XCTAssertTrue(page.contains("<li>to-do “Phone the vet”</li>"))
            XCTAssertFalse(page.contains("Buy oat milk"), "unchanged since: not named")
        }
    }

    func testABackupOfTheDataAsItIsNamesNothing() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            _ = try await owner.post("/backups", form: [])
            let backups = try await owner.get("/backups").text
            let name = try XCTUnwrap(BackupPageTests.listed(backups).first)
            let page = try await owner.get("/backups/\(name)/restore").text
            XCTAssertFalse(page.contains("restore-losses"), page)
        }
    }
}
