import Foundation
import Hummingbird
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// The owner's Backups page on a PostgreSQL database: Back up now makes the same archive as on a file, and Restore
/// puts the data back in one transaction with its search index, keeping the people; without `--backups` the
/// backups go in `parsnip-backups/` of the working folder, which the page names.
final class BackupPageOnPostgresTests: XCTestCase {
    /// Settings on a fresh schema of the test server, backups in `folder`; skipped without
    /// `PARSNIP_TEST_POSTGRES_URL`.
    private func settings(backups folder: URL?) throws -> ParsnipSettings {
        guard let url = ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw XCTSkip("Set PARSNIP_TEST_POSTGRES_URL to back up a PostgreSQL database.")
        }
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        var settings = signInSettings(requireSignIn: false)
        settings.database = .postgres(url + (url.contains("?") ? "&" : "?") + "schema=" + schema)
        settings.backups.folder = folder?.path
        return settings
    }

    func testBackingUpThenRestoringOnPostgresPutsTheDataBackWithItsSearchAndKeepsThePeople() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-backups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = try settings(backups: folder)
        let built = try await buildRouterAndStore(settings)
        defer { try? built.store.close() }
        try await withApp(router: built.router) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            let made = try await owner.post("/backups", form: [])
            XCTAssertEqual(made.status, .seeOther, made.text)
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains("Backed up: 1 to-do, 1 person"), page)
            XCTAssertTrue(page.contains(folder.path), "the page says where the backups are")
            let name = try XCTUnwrap(BackupPageTests.listed(page).first)
            let archive = try BackupArchive.manifest(of: folder.appendingPathComponent(name))
            XCTAssertEqual(archive.objectCounts["TodoListItem"], 1, "the same archive as a file's backup")

            try await owner.addTodo("Paint the fence")
            try await owner.addPerson("Ben", "battery staple", role: .editor)
            let restored = try await owner.post("/backups/\(name)/restore", form: [])
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            let after = try await owner.get("/backups").text
            XCTAssertTrue(after.contains("Restored the backup from"), after)
            XCTAssertTrue(after.contains("Safety copy before a restore"), "the data before was kept first")
            let fence = try await owner.get("/todos?q=fence").text
            XCTAssertTrue(fence.contains("No to-dos match “fence”"), fence)
            let milk = try await owner.get("/todos?q=milk%20oat").text
            XCTAssertTrue(milk.contains(#"class="todo-title">Buy oat milk</a>"#), milk)
            let people = try await owner.get("/people").text
            XCTAssertTrue(people.contains("Ben"), "people added since stay")
        }
    }

    func testAPostgresDatabasesBackupsGoInParsnipBackupsOfTheWorkingFolderUnlessNamed() throws {
        let settings = try settings(backups: nil)
        let folder = try XCTUnwrap(backupFolder(settings))
        XCTAssertEqual(
            folder.url.path,
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("parsnip-backups")
                .path)
        var named = settings
        named.backups.folder = "/srv/parsnip/backups"
        XCTAssertEqual(backupFolder(named)?.url.path, "/srv/parsnip/backups")
    }

    /// Runs `test` against `router` through the router test client.
    private func withApp(
        router: Router<ParsnipRequestContext>, _ test: @escaping @Sendable (Browser) async throws -> Void
    ) async throws {
        try await Application(router: router).test(.router) { client in
            try await test(Browser(client: client))
        }
    }
}
