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
