import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import XCTest

@testable import ParseStore
@testable import Parsnip

/// A password is kept only as a bcrypt hash: never in the database (its file, or PostgreSQL's rows), on a page or in
/// the log.
final class AccountSecretTests: XCTestCase {
    private let ownerPassword = "Plum-Tree-Secret-42"
    private let editorPassword = "Quince-Jelly-Secret-7"

    func testTheDatabaseHoldsBcryptHashesAndNeverAPassword() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "parsnip-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("parsnip.sqlite").path
        var settings = signInSettings()
        settings.database = testDatabase(at: path)
        let (ownerPassword, editorPassword) = (self.ownerPassword, self.editorPassword)
        try await withApp(settings: settings) { browser in
            try await browser.setUpOwner("Ana", password: ownerPassword)
            try await browser.addPerson("Ben", editorPassword, role: .editor)
            try await browser.another().signIn("Ben", editorPassword)
            let id = try await browser.personId("Ben")
            try await browser.post("/people/\(id)/password", form: [("password", editorPassword + "!")])
        }
        let store = try testStore(at: path)
        defer { try? store.close() }
        // Every byte of the file and its journal on SQLite; every row of every table on PostgreSQL.
        var everyByte = Data()
        if TestBackend.isPostgres {
            everyByte.append(Data(try await storedContent(store).joined(separator: "\n").utf8))
        } else {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                everyByte.append(try Data(contentsOf: folder.appendingPathComponent(file)))
            }
        }
        XCTAssertGreaterThan(everyByte.count, 4096, "the database was written")
        for secret in [ownerPassword, editorPassword, editorPassword + "!"] {
            XCTAssertNil(everyByte.range(of: Data(secret.utf8)), "\(secret) is in the database")
        }
        let hashes = try await store.read { reader in
            var hashes: [String] = []
            try reader.db.forEachRow(#"SELECT "_hashed_password" FROM "_User" ORDER BY "username""#) { row in
                if case .text(let hash) = row[0] { hashes.append(hash) }
            }
            return hashes
        }
        XCTAssertEqual(hashes.count, 2)
        for hash in hashes { XCTAssertNotNil(hash.wholeMatch(of: /\$2[aby]\$04\$[.\/A-Za-z0-9]{53}/), hash) }
    }

    func testNoPageEverShowsAPassword() async throws {
        let (ownerPassword, editorPassword) = (self.ownerPassword, self.editorPassword)
        try await withApp(settings: signInSettings()) { browser in
            var pages: [String] = []
            pages.append(try await browser.setUpOwner("Ana", password: ownerPassword).text)
            pages.append(try await browser.addPerson("Ben", editorPassword, role: .editor).text)
            let tooShort = try await browser.post(
                "/people", form: [("username", "Cleo"), ("password", "Quince"), ("role", "viewer")])
            XCTAssertEqual(tooShort.status, .unprocessableContent)
            pages.append(tooShort.text)
            let id = try await browser.personId("Ben")
            for path in ["/", "/people", "/people/\(id)/password", "/people/\(id)/remove", "/sign-out"] {
                pages.append(try await browser.get(path).text)
            }
            pages.append(try await browser.another().signIn("Ben", editorPassword + "x").text)
            for html in pages {
                XCTAssertFalse(html.contains(ownerPassword))
                XCTAssertFalse(html.contains(editorPassword))
                XCTAssertFalse(html.contains("Quince"), "a refused password is not put back in the form")
                XCTAssertFalse(html.contains("$2b$"), "no hash reaches a page")
            }
        }
    }

    func testTheLogNeverShowsAPasswordEvenAtTraceLevel() async throws {
        let lines = LogLines()
        var logger = Logger(label: "Parsnip") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .trace
        let settings = signInSettings()
        let accounts = StoreAccountRepository(
            door: StoreDoor(store: try testStore(clock: settings.clock)), passwordHashCost: testPasswordHashCost,
            clock: settings.clock)
        let store = try testStore()
        let writePath = try await WritePath.counting(store)
        let (router, _) = buildRouter(
            settings: settings, pages: try await Pages(directory: settings.templatesDirectory),
            writePath: writePath, todos: FailingRepository(),
            recipes: FailingRecipeRepository(), books: FailingBookRepository(),
            accounts: accounts, backups: .off(writePath, store: store), logger: logger)
        let app = Application(router: router, logger: logger)
        let (ownerPassword, editorPassword) = (self.ownerPassword, self.editorPassword)
        try await app.test(.router) { client in
            let browser = Browser(client: client)
            try await browser.setUpOwner("Ana", password: ownerPassword)
            try await browser.addPerson("Ben", editorPassword, role: .editor)
            try await browser.another().signIn("Ben", editorPassword)
            try await browser.another().signIn("Ben", ownerPassword)
            try await browser.get("/todos")
        }
        let logged = lines.all.joined(separator: "\n")
        XCTAssertTrue(logged.contains("A sign-in was refused"), "the log was captured: \(logged)")
        XCTAssertTrue(logged.contains("Request failed"), "the failing to-do list was logged")
        XCTAssertFalse(logged.contains(ownerPassword))
        XCTAssertFalse(logged.contains(editorPassword))
        XCTAssertFalse(logged.contains("$2b$"))
    }
}

/// Every line a `CapturingLogHandler` was given, with its metadata.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A log handler that keeps every message and its metadata in memory, so a test can read what was logged.
struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.append("\(event.level) \(event.message) \(all) \(event.source)")
    }
}
