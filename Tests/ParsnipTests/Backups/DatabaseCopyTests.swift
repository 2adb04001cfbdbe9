import Foundation
import Hummingbird
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// Moving a household between a SQLite file and PostgreSQL (`parsnip copy`), and backups across the two: the
/// owner signs in with the same password afterwards, search finds what it found, a destination holding data is
/// refused in one sentence, and a backup made on either database restores on the other.
final class DatabaseCopyTests: XCTestCase {
    private var folder: URL!
    private var workingFolder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A PostgreSQL database's safety backups go in parsnip-backups/ of the working folder: the test's own.
        workingFolder = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
    }

    override func tearDownWithError() throws {
        FileManager.default.changeCurrentDirectoryPath(workingFolder)
        try? FileManager.default.removeItem(at: folder)
    }

    /// A fresh PostgreSQL schema's address on the test server; skipped without `PARSNIP_TEST_POSTGRES_URL`.
    private func postgresAddress() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw XCTSkip("Set PARSNIP_TEST_POSTGRES_URL to copy to and from PostgreSQL.")
        }
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// Runs `test` against an app on `database` (signing in required), closing its store afterwards.
    private func withApp(
        on database: ParsnipSettings.Database, _ test: @escaping @Sendable (Browser) async throws -> Void
    )
        async throws
    {
        var settings = signInSettings()
        settings.database = database
        if case .file(let path) = database {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let built = try await buildRouterAndStore(settings)
        defer { try? built.store.close() }
        try await Application(router: built.router).test(.router) { client in
            try await test(Browser(client: client))
        }
    }

    /// A household on `database`: Ana the owner (password "correct horse") and a to-do to search for.
    private func makeHousehold(on database: ParsnipSettings.Database) async throws {
        try await withApp(on: database) { browser in
            try await browser.setUpOwner()
            try await browser.addTodo("Buy oat milk", "the barista kind")
        }
    }

    /// Fails unless Ana signs in on `database` with her password and the to-do list's search finds the oat milk.
    private func assertHouseholdWorks(on database: ParsnipSettings.Database, line: UInt = #line) async throws {
        try await withApp(on: database) { browser in
            let wrong = try await browser.signIn("Ana", "not her password")
            XCTAssertNotEqual(wrong.headers[.location], "/", line: line)
            let signedIn = try await browser.signIn("Ana", "correct horse")
            XCTAssertEqual(signedIn.status, .seeOther, line: line)
            XCTAssertEqual(signedIn.headers[.location], "/", "her password still signs her in", line: line)
            let found = try await browser.get("/todos?q=oat").text
            XCTAssertTrue(found.contains("Buy oat milk"), "search finds it after the copy", line: line)
            let missed = try await browser.get("/todos?q=espresso").text
            XCTAssertFalse(missed.contains("Buy oat milk"), line: line)
        }
    }

    func testAHouseholdMovesFromAFileToPostgresAndBackInOneCommandEach() async throws {
        let postgres = try postgresAddress()
        let file = folder.appendingPathComponent("parsnip.sqlite").path
        try await makeHousehold(on: .file(file))

        let there = try await DatabaseCopy.copy(from: file, to: postgres, replacing: false)
        let back = folder.appendingPathComponent("back/parsnip.sqlite").path
        let returned = try await DatabaseCopy.copy(from: postgres, to: back, replacing: false)

        XCTAssertEqual(there.lines, returned.lines, "the same counts and checksums both ways")
        try await assertHouseholdWorks(on: .postgres(postgres))
        try await assertHouseholdWorks(on: .file(back))
        XCTAssertEqual(there.lines.first { $0.name == "TodoListItem" }?.rows, 1)
        XCTAssertEqual(there.lines.first { $0.name == "_User" }?.rows, 1)
        XCTAssertTrue(there.contents.hasPrefix("1 to-do"), there.contents)
    }

    func testACopyIntoADatabaseHoldingDataIsRefusedUnlessReplacingAfterASafetyBackup() async throws {
        let source = folder.appendingPathComponent("source/parsnip.sqlite").path
        let destination = folder.appendingPathComponent("destination/parsnip.sqlite").path
        try await makeHousehold(on: .file(source))
        try await withApp(on: .file(destination)) { browser in
            try await browser.setUpOwner("Ben", password: "ben's password")
        }

        do {
            _ = try await DatabaseCopy.copy(from: source, to: destination, replacing: false)
            XCTFail("copied over Ben's household")
        } catch {
            XCTAssertTrue(error.message.hasPrefix("\(destination) already holds "), error.message)
            XCTAssertTrue(
                error.message.hasSuffix(
                    "Add --replace to replace everything in it (a safety backup of it is made first)."))
        }

        let done = try await DatabaseCopy.copy(from: source, to: destination, replacing: true)
        let safety = try XCTUnwrap(done.safetyBackup)
        XCTAssertTrue(FileManager.default.fileExists(atPath: safety))
        XCTAssertTrue(safety.hasPrefix(folder.appendingPathComponent("destination/backups").path))
        try await assertHouseholdWorks(on: .file(destination))
    }

    func testASourceThatIsNotThereChangesNothing() async throws {
        let missing = folder.appendingPathComponent("nothing.sqlite").path
        let destination = folder.appendingPathComponent("new.sqlite").path
        do {
            _ = try await DatabaseCopy.copy(from: missing, to: destination, replacing: false)
            XCTFail("copied nothing into something")
        } catch {
            XCTAssertEqual(error.message, "There is no database at \(missing).")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination))
    }

    func testABackupMadeOnPostgresRestoresOnAFileAndOneMadeOnAFileRestoresOnPostgres() async throws {
        let postgres = try postgresAddress()
        try await makeHousehold(on: .postgres(postgres))
        let backupOfPostgres = folder.appendingPathComponent("from-postgres.zip").path
        _ = try BackupFiles.backUp(databasePath: postgres, to: backupOfPostgres)

        let file = folder.appendingPathComponent("restored/parsnip.sqlite").path
        let prepared = try BackupFiles.prepareRestore(of: backupOfPostgres, over: file)
        XCTAssertTrue(prepared.backup.contents.hasPrefix("1 to-do"), prepared.backup.contents)
        _ = try await BackupFiles.restore(prepared, over: file)
        try await assertHouseholdWorks(on: .file(file))

        // And back: the file's backup over a PostgreSQL database that has since changed.
        let backupOfFile = folder.appendingPathComponent("from-file.zip").path
        _ = try BackupFiles.backUp(databasePath: file, to: backupOfFile)
        let other = try postgresAddress()
        try await withApp(on: .postgres(other)) { browser in
            try await browser.setUpOwner("Ben", password: "ben's password")
            try await browser.addTodo("Only Ben's")
        }
        let again = try BackupFiles.prepareRestore(of: backupOfFile, over: other)
        let safety = try await BackupFiles.restore(again, over: other)
        XCTAssertNotNil(safety, "a safety backup of Ben's database was made first")
        try await assertHouseholdWorks(on: .postgres(other))
        try await withApp(on: .postgres(other)) { browser in
            let ben = try await browser.signIn("Ben", "ben's password")
            XCTAssertNotEqual(ben.headers[.location], "/", "the command's restore replaces the people too")
        }
    }
}
