import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// The owner's Backups page: Back up now makes a file with everything; Restore shows what the backup holds and what
/// it replaces, makes a safety copy, puts the data back and keeps the people; a damaged file is refused.
final class BackupPageTests: XCTestCase {
    /// Settings on a file database in a fresh folder, its backups in `backups/` beside it.
    private func settings(_ database: TemporaryDatabase) -> ParsnipSettings { fileSettings(database.path) }

    /// The names of the backups the page lists, newest first.
    static func listed(_ html: String) -> [String] {
        html.matches(of: /href="\/backups\/([A-Za-z0-9_-]+\.zip)\/restore"/).map { String($0.1) }
    }

    func testBackingUpThenRestoringPutsTheDataBackKeepsThePeopleAndMakesASafetyCopyFirst() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: settings(database)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            let made = try await owner.post("/backups", form: [])
            XCTAssertEqual(made.status, .seeOther, made.text)
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains("Backed up: 1 to-do, 1 person"), page)
            let name = try XCTUnwrap(Self.listed(page).first)

            try await owner.addTodo("Paint the fence")
            try await owner.addPerson("Ben", "battery staple", role: .editor)
            let confirm = try await owner.get("/backups/\(name)/restore").text
            XCTAssertTrue(confirm.contains("<dd>1 to-do, 1 person</dd>"), confirm)
            XCTAssertTrue(confirm.contains("<dd>2 to-dos, 2 people</dd>"), "what it replaces")
            XCTAssertTrue(confirm.contains("People, their roles and passwords stay as they are now"))

            let restored = try await owner.post("/backups/\(name)/restore", form: [])
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            let after = try await owner.get("/backups").text
            XCTAssertTrue(after.contains("Restored the backup from"), after)
            XCTAssertTrue(after.contains("Safety copy before a restore"), "the data before was kept first")
            let todos = try await owner.get("/todos").text
            XCTAssertTrue(todos.contains("Buy oat milk"))
            XCTAssertFalse(todos.contains("Paint the fence"), "the later to-do is gone with the restore")
            // The search index is the restored data's, not the one before.
            let fence = try await owner.get("/todos?q=fence").text
            XCTAssertTrue(fence.contains("No to-dos match “fence”"), fence)
            let milk = try await owner.get("/todos?q=milk%20oat").text
            XCTAssertTrue(milk.contains(#"class="todo-title">Buy oat milk</a>"#), milk)
            let people = try await owner.get("/people").text
            XCTAssertTrue(people.contains("Ben"), "people added since stay")
        }
    }

    func testADamagedBackupIsNotListedAndATamperedOneIsRefusedWithTheDataUntouched() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: settings(database)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            _ = try await owner.post("/backups", form: [])
            let firstPage = try await owner.get("/backups").text
            let name = try XCTUnwrap(Self.listed(firstPage).first)
            let folder = database.directory.appendingPathComponent("backups")
            try Data("not a zip".utf8).write(to: folder.appendingPathComponent("parsnip-backup-junk.zip"))
            let listedNow = Self.listed(try await owner.get("/backups").text)
            XCTAssertEqual(listedNow, [name], "the junk file is not listed")

            // Flip bytes inside the stored database entry: the zip's CRC or the manifest's SHA-256 catches it.
            let file = folder.appendingPathComponent(name)
            var bytes = try Data(contentsOf: file)
            let middle = bytes.count / 3
            for offset in middle..<(middle + 64) { bytes[offset] ^= 0x5A }
            try bytes.write(to: file)
            try await owner.addTodo("Paint the fence")
            let refused = try await owner.post("/backups/\(name)/restore", form: [])
            XCTAssertEqual(refused.status, .seeOther)
            let page = try await owner.get("/backups").text
            XCTAssertTrue(
                page.contains("This backup is damaged") || page.contains("This file is not a Parsnip backup"), page)
            let todos = try await owner.get("/todos").text
            XCTAssertTrue(todos.contains("Paint the fence"), "nothing was changed")
        }
    }

    func testOnlyTheOwnerReachesBackupsAndANameThatIsNotABackupIsNotFound() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: settings(database)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addPerson("Ben", "battery staple", role: .editor)
            let ben = owner.another()
            try await ben.signIn("Ben", "battery staple")
            let refused = try await ben.get("/backups")
            XCTAssertEqual(refused.status, .forbidden)
            for name in ["..%2Fparsnip.sqlite", "parsnip.sqlite", ".hidden.zip", "missing.zip"] {
                let status = try await owner.get("/backups/\(name)/download").status
                XCTAssertEqual(status, .notFound, name)
            }
        }
    }

    func testTheOwnersHomePageSaysWhenThereIsNoBackupOfTheirData() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: settings(database)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let empty = try await owner.get("/").text
            XCTAssertFalse(empty.contains("There is no backup yet"), "nothing to back up yet")
            try await owner.addTodo("Buy oat milk")
            let home = try await owner.get("/").text
            XCTAssertTrue(home.contains("There is no backup yet"), home)
            _ = try await owner.post("/backups", form: [])
            let value = try await owner.get("/").text.contains("There is no backup yet")
            XCTAssertFalse(value)
        }
    }
}

/// Which daily backups and safety copies the folder keeps.
final class BackupRetentionTests: XCTestCase {
    private func listing(_ reason: BackupReason, daysAgo: Double, hour: Double = 3) -> BackupListing {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let date = now.addingTimeInterval(-daysAgo * 86_400 + hour * 3_600)
        return BackupListing(
            url: URL(fileURLWithPath: "/backups/\(reason.rawValue)-\(daysAgo)-\(hour).zip"), bytes: 1,
            manifest: BackupManifest(
                createdAt: date, reason: reason, sha256: "", databaseBytes: 0, objectCounts: [:]))
    }

    func testDailyBackupsKeepTheNewestOfEachOfSevenDaysAndOfFourWeeksAndHandMadeOnesStay() {
        let dailies = (0..<60).map { listing(.daily, daysAgo: Double($0)) }
        let twiceToday = listing(.daily, daysAgo: 0, hour: 1)
        let manual = listing(.manual, daysAgo: 90)
        let removed = BackupRetention.toRemove(dailies + [twiceToday, manual], rules: BackupRules())
        let kept = Set(dailies + [twiceToday, manual]).subtracting(removed)
        XCTAssertTrue(kept.contains(manual), "made by hand: kept")
        XCTAssertFalse(kept.contains(twiceToday), "only the newest of a day")
        XCTAssertTrue(dailies[0..<7].allSatisfy(kept.contains), "the last seven days")
        let older = kept.filter {
            $0.manifest.reason == .daily && $0.manifest.createdAt < dailies[6].manifest.createdAt
        }
        XCTAssertLessThanOrEqual(older.count, 4, "at most one per week beyond, four weeks in all")
        XCTAssertGreaterThanOrEqual(older.count, 2)
        XCTAssertFalse(kept.contains(dailies[59]), "two months ago: gone")
    }

    func testSafetyCopiesKeepTheNewestFive() {
        let copies = (0..<8).map { listing(.beforeRestore, daysAgo: Double($0)) }
        let removed = BackupRetention.toRemove(copies, rules: BackupRules())
        XCTAssertEqual(Set(removed), Set(copies[5...]))
    }
}

/// Files brought to the Backups page: a backup uploaded to restore, a file to import (a dry run first, then the
/// import, then Undo this import), and files that are neither.
final class BackupUploadTests: XCTestCase {
    func testAnUploadedBackupIsKeptAndLeadsToItsRestorePreviewAndAForeignFileIsRefused() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            _ = try await owner.post("/backups", form: [])
            let list = try await owner.get("/backups").text
            let name = try XCTUnwrap(BackupPageTests.listed(list).first)
            let bytes = Array(try await owner.get("/backups/\(name)/download").body.readableBytesView)

            let uploaded = try await owner.postMultipart(
                "/backups/upload", files: [("backup", "from-the-old-laptop.zip", bytes)])
            XCTAssertEqual(uploaded.status, .seeOther)
            let location = try XCTUnwrap(uploaded.headers[.location])
            XCTAssertTrue(location.hasSuffix("-uploaded.zip/restore"), location)
            let preview = try await owner.get(location).text
            XCTAssertTrue(preview.contains("<dd>1 to-do, 1 person</dd>"), preview)

            let foreign = try await owner.postMultipart(
                "/backups/upload", files: [("backup", "holiday.zip", Array("PK not really".utf8))])
            XCTAssertEqual(foreign.status, .seeOther)
            let told = try await owner.get("/backups").text
            XCTAssertTrue(told.contains("This file is not a Parsnip backup."), told)
            let folder = database.directory.appendingPathComponent("backups/.uploads")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            XCTAssertEqual(left, [], "no upload is left waiting")
        }
    }

    func testImportingAFileShowsTheDryRunThenImportsAndOffersUndoThisImport() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let file = Array(
                #"[{"objectId":"imported01","title":"Wash the car","createdAt":"2024-03-02T10:00:00.000Z"}]"#.utf8)
            let preview = try await owner.postMultipart(
                "/backups/import", fields: [("existing", "skip")], files: [("file", "TodoListItem.json", file)])
            XCTAssertEqual(preview.status, .ok, preview.text)
            XCTAssertTrue(preview.text.contains("To-dos: 1 to add, 0 to update, 0 to skip"), preview.text)
            let before = try await owner.get("/todos").text
            XCTAssertFalse(before.contains("Wash the car"), "a dry run changes nothing")

            let action = try XCTUnwrap(preview.text.firstMatch(of: /action="(\/backups\/import\/[0-9a-f]{32})"/)).1
            let imported = try await owner.post(String(action), form: [("existing", "skip")])
            XCTAssertEqual(imported.status, .seeOther, imported.text)
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains("Imported 1 to-do."), page)
            XCTAssertTrue(page.contains(">Undo this import<"), "the safety copy offers the way back")
            let after = try await owner.get("/todos").text
            XCTAssertTrue(after.contains("Wash the car"))
            let found = try await owner.get("/todos?q=car%20wash").text
            XCTAssertTrue(found.contains(#"class="todo-title">Wash the car</a>"#), "imported objects are indexed")
            let again = try await owner.post(String(action), form: [("existing", "skip")])
            XCTAssertEqual(again.status, .seeOther, "the same import twice is refused politely")
        }
    }

    func testABadRowStopsTheImportAndNamesIt() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let file = Array(#"[{"objectId":"bad0000001","name":"Stew","servings":"four"}]"#.utf8)
            let preview = try await owner.postMultipart(
                "/backups/import", fields: [("existing", "skip")], files: [("file", "Recipe.json", file)])
            XCTAssertEqual(preview.status, .unprocessableContent)
            XCTAssertTrue(
                preview.text.contains("Recipe 1 (objectId bad0000001): servings is not a number (it is text)."),
                preview.text)
            XCTAssertFalse(preview.text.contains(">Import</button>"), "no way to import it as it is")
        }
    }
}

/// A backup that cannot be written is remembered, and the owner's home page says so with what to do.
final class BackupFailureTests: XCTestCase {
    func testAFailedBackupIsNamedOnTheOwnersHomePageUntilOneSucceeds() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        // The backups folder cannot be made: a file stands where it should be.
        let blocked = database.directory.appendingPathComponent("blocked")
        try Data("not a folder".utf8).write(to: blocked)
        var settings = fileSettings(database.path)
        settings.backups.folder = blocked.path
        try await withApp(settings: settings) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            let failed = try await owner.post("/backups", form: [])
            XCTAssertEqual(failed.status, .seeOther)
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains("Making the backups folder"), page)
            let home = try await owner.get("/").text
            XCTAssertTrue(home.contains("The last backup failed"), home)
            XCTAssertTrue(home.contains(#"<a href="/backups">Open Backups</a>"#))

            try FileManager.default.removeItem(at: blocked)
            _ = try await owner.post("/backups", form: [])
            let fixed = try await owner.get("/").text
            XCTAssertFalse(fixed.contains("The last backup failed"), "a backup that worked clears the notice")
        }
    }
}
