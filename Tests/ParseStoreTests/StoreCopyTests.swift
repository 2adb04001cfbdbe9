import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// Copying a whole store into another, SQLite to PostgreSQL and back: every kind of data arrives as it was, each
/// part is counted and checksummed on both sides, a destination holding data is refused, and a copy that does not
/// match is rolled back.
final class StoreCopyTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new SQLite file store in the test's folder.
    private func fileStore(_ name: String) throws -> ParseStore {
        try ParseStore(path: folder.appendingPathComponent(name).path, clock: SteppingClock())
    }

    /// A store in a fresh schema of the test server (`PARSNIP_TEST_POSTGRES_URL`); skipped without one.
    private func postgresStore() throws -> ParseStore {
        guard let url = ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw XCTSkip("Set PARSNIP_TEST_POSTGRES_URL to copy to and from PostgreSQL.")
        }
        let store = try ParseStore(postgresURL: TestBackend.freshSchema(in: url), clock: SteppingClock())
        TestBackend.closeAfterThisTest(store)
        return store
    }

    func testEveryKindOfDataCopiesBetweenTwoSQLiteFiles() async throws {
        let source = try fileStore("source.sqlite")
        defer { try? source.close() }
        let ids = try await fillHousehold(source)
        let copy = try fileStore("copy.sqlite")
        defer { try? copy.close() }

        let report = try await source.copyEverything(to: copy)

        try await assertSameHousehold(copy, as: source, ids: ids)
        XCTAssertEqual(report.objectCounts["Book"], 2)
        XCTAssertEqual(report.objectCounts["_User"], 1)
        XCTAssertEqual(report.parts.first { $0.name == "_Files" }?.rows, 1)
    }

    func testSQLiteToPostgresAndBackKeepsEveryObjectAndChecksum() async throws {
        let postgres = try postgresStore()
        let source = try fileStore("source.sqlite")
        defer { try? source.close() }
        let ids = try await fillHousehold(source)

        let there = try await source.copyEverything(to: postgres)
        try await assertSameHousehold(postgres, as: source, ids: ids)
        let back = try fileStore("back.sqlite")
        defer { try? back.close() }
        let returned = try await postgres.copyEverything(to: back)
        try await assertSameHousehold(back, as: source, ids: ids)

        XCTAssertEqual(there, returned, "every part has the same count and checksum on all three")
        XCTAssertGreaterThan(there.parts.count, 6)
    }

    func testADestinationHoldingObjectsIsRefusedUnlessReplacing() async throws {
        let source = try fileStore("source.sqlite")
        defer { try? source.close() }
        let ids = try await fillHousehold(source)
        let destination = try fileStore("destination.sqlite")
        defer { try? destination.close() }
        let theirs = try await destination.write { try $0.create("TodoListItem", ["title": "Theirs"]) }

        do {
            _ = try await source.copyEverything(to: destination)
            XCTFail("copied over data")
        } catch let refusal as StoreCopyRefusal {
            XCTAssertEqual(refusal, .destinationHoldsData(["TodoListItem": 1]))
            XCTAssertTrue(refusal.message.hasPrefix("The destination already holds 1 object (TodoListItem)"))
        }
        let kept = try await destination.read { try $0.find(ParseQuery("TodoListItem")) }
        XCTAssertEqual(kept.map(\.objectId), [theirs.objectId])

        // A table the store keeps beside the classes (a counter, sign-in marks) is not the household's data.
        try await destination.databaseWriter.write { db in
            try db.execute(sql: #"CREATE TABLE "_KeptBeside" ("n" INTEGER)"#)
            try db.execute(sql: #"INSERT INTO "_KeptBeside" VALUES (7)"#)
        }
        _ = try await source.copyEverything(to: destination, replacing: true)
        try await assertSameHousehold(destination, as: source, ids: ids)
        let gone = try await destination.read { try $0.schema("TodoListItem") }
        XCTAssertNil(gone, "replacing leaves none of what was there")
        let beside = try await destination.read { try $0.db.integer(#"SELECT "n" FROM "_KeptBeside""#) }
        XCTAssertEqual(beside, 7, "tables beside the classes stay")
    }

    func testACopyThatDoesNotMatchIsRolledBackOnEitherBackend() async throws {
        let source = try fileStore("source.sqlite")
        defer { try? source.close() }
        _ = try await fillHousehold(source)
        var destinations = [try fileStore("spoiled.sqlite")]
        if ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"]?.isEmpty == false {
            destinations.append(try postgresStore())
        }
        for destination in destinations {
            XCTAssertThrowsError(
                try source.copyEverythingHere(
                    to: destination, scope: StoreCopier.Scope(settings: true, replacing: false),
                    beforeCheck: { db in try db.execute(#"UPDATE "Book" SET "pages" = "pages" + 1"#) })
            ) { error in
                XCTAssertEqual(error as? StoreCopyRefusal, .mismatch("Book"))
                XCTAssertEqual(
                    (error as? StoreCopyRefusal)?.message,
                    "The copy of Book did not match the original, so nothing was copied.")
            }
            let held = try await destination.objectsHeld()
            XCTAssertEqual(held, [:], "nothing of the copy stayed")
            let books = try await destination.read { try $0.schema("Book") }
            XCTAssertNil(books)
        }
        try? destinations[0].close()
    }

    func testAPostgresStoreBacksUpToAFileAndRestoresFromOneKeepingThePeople() async throws {
        let postgres = try postgresStore()
        let ids = try await fillHousehold(postgres)
        let path = folder.appendingPathComponent("backup.sqlite").path

        try postgres.copy(toFile: path)
        let summary = try ParseStore.summarize(fileAt: path)
        XCTAssertEqual(summary.objectCounts["Book"], 2)
        XCTAssertEqual(summary.objectCounts["_User"], 1)

        // Later changes: a book added, and a person the restore must keep.
        _ = try await postgres.write { try $0.create("Book", ["title": "Added after the backup"]) }
        let newcomer = try await postgres.write { try $0.createUser(username: "Ben", hashedPassword: "hash-ben") }
        let settings = try await postgres.read { try $0.serverSettings() }

        let books = try await postgres.replaceClasses(withThoseInFileAt: path, keeping: ["_User", "_Role"]) {
            try $0.reader.count(ParseQuery("Book"))
        }
        XCTAssertEqual(books, 2, "`then` reads the restored classes in the same transaction")
        let titles = try await postgres.read { try $0.find(ParseQuery("Book").order(by: "title")) }
        XCTAssertEqual(titles.map { $0["title"] }, [.string("Dune"), .string("The Dispossessed")])
        let people = try await postgres.read { try $0.find(ParseQuery("_User").order(by: "username")) }
        XCTAssertEqual(people.map(\.objectId), [ids.user, newcomer.objectId], "the kept class stays as it is")
        let keptSettings = try await postgres.read { try $0.serverSettings() }
        XCTAssertEqual(keptSettings, settings)
        let file = try await postgres.read { try $0.file(named: "cover.jpg") }
        XCTAssertEqual(file?.bytes, Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]))
    }

    func testAColumnNoFieldDescribesArrivesAsTextAndAClassNoStoreMakesIsRefused() async throws {
        let source = try fileStore("old.sqlite")
        defer { try? source.close() }
        _ = try await source.write { try $0.create("Note", ["text": "kept"]) }
        // A column an older Parsnip left behind, holding a number.
        try await source.databaseWriter.write { db in
            try db.execute(sql: #"ALTER TABLE "Note" ADD COLUMN "legacy" INTEGER"#)
            try db.execute(sql: #"UPDATE "Note" SET "legacy" = 42"#)
        }
        var destinations = [try fileStore("copy.sqlite")]
        if ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"]?.isEmpty == false {
            destinations.append(try postgresStore())
        }
        for destination in destinations {
            let report = try await source.copyEverything(to: destination)
            XCTAssertEqual(report.objectCounts["Note"], 1)
            let legacy = try await destination.read { try $0.db.string(#"SELECT "legacy" FROM "Note""#) }
            XCTAssertEqual(legacy, "42")
        }

        try await source.databaseWriter.write { db in
            try db.execute(sql: #"INSERT INTO "_SCHEMA" VALUES ('Bad Name', '{"className":"Bad Name","fields":{}}')"#)
        }
        let fresh = try fileStore("fresh.sqlite")
        defer { try? fresh.close() }
        do {
            _ = try await source.copyEverything(to: fresh)
            XCTFail("copied a class no store makes")
        } catch let error as ParseError {
            XCTAssertEqual(error.message, "The database holds a class Parsnip does not make: Bad Name.")
        }
        let held = try await fresh.objectsHeld()
        XCTAssertEqual(held, [:])
        try? destinations[0].close()
    }

    func testAClassLargerThanAPageAndManyFilesCopyWholeAPageAtATime() async throws {
        let source = try fileStore("large.sqlite")
        defer { try? source.close() }
        try await source.write { writer in
            for number in 0..<2_345 { try writer.create("Note", ["number": .number(Double(number))]) }
            for number in 0..<40 {
                try writer.save(
                    StoredFile(name: "photo-\(number).jpg", contentType: "image/jpeg", bytes: Data([UInt8(number)])))
            }
        }
        let destination =
            ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"]?.isEmpty == false
            ? try postgresStore() : try fileStore("large-copy.sqlite")

        let report = try await source.copyEverything(to: destination)

        XCTAssertEqual(report.objectCounts["Note"], 2_345)
        XCTAssertEqual(report.parts.first { $0.name == "_Files" }?.rows, 40)
        let numbers = try await destination.read { reader in
            try reader.find(ParseQuery("Note").limit(3_000)).compactMap { $0["number"]?.numberValue }
        }
        XCTAssertEqual(Set(numbers), Set((0..<2_345).map(Double.init)))
        let files = try await destination.read { try $0.fileNames() }
        XCTAssertEqual(files.count, 40)
    }

    // MARK: - The household

    /// The objectIds the checks look for.
    private struct Household {
        var user: String
        var role: String
        var books: [String]
        var author: String
    }

    /// Fills `store` with one of everything: a person with a password hash, a role with its members, books with
    /// every field type and an ACL, a Relation, a Pointer, a file, history and trash entries, class-level
    /// permissions and a server setting.
    private func fillHousehold(_ store: ParseStore) async throws -> Household {
        try await store.write { writer in
            let user = try writer.createUser(
                username: "Ana", hashedPassword: "$2b$12$ana-hash", ["email": .string("ana@example.com")])
            let role = try writer.create(
                "_Role",
                operations: [
                    "name": .set(.string("owner")), "users": .addRelation([user.pointer]),
                    "ACL": .set(["*": ["read": true]]),
                ])
            let author = try writer.create("Author", ["name": "Ursula Le Guin"])
            try writer.save(
                StoredFile(
                    name: "cover.jpg", contentType: "image/jpeg", bytes: Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]),
                    preview: Data([1, 2, 3]), previewType: "image/jpeg"))
            let dispossessed = try writer.create(
                "Book",
                operations: [
                    "title": .set("The Dispossessed"), "pages": .set(.number(387)), "rating": .set(.number(4.5)),
                    "read": .set(.boolean(true)),
                    "finishedOn": .set(.date(Date(timeIntervalSince1970: 1_700_000_000.123))),
                    "tags": .set(["sf", "anarchy"]),
                    "notes": .set(["zeta": "last", "alpha": ["nested": 1, "b": [true, false]], "mid": .null]),
                    "author": .set(.pointer(author.pointer)), "authors": .addRelation([author.pointer]),
                    "where": .set(.geoPoint(ParseGeoPoint(latitude: 51.5, longitude: -0.12))),
                    "cover": .set(.file(name: "cover.jpg", url: nil)),
                    "ACL": .set([user.objectId: ["read": true, "write": true], "role:owner": ["read": true]]),
                ])
            let dune = try writer.create("Book", ["title": "Dune", "pages": .number(412), "read": .boolean(false)])
            try writer.setClassLevelPermissions(
                "Book", ["find": ["*": true], "get": ["*": true], "create": ["role:owner": true]])
            _ = try writer.create("_History", ["recordKey": .string("Book/\(dune.objectId)"), "action": "Added"])
            _ = try writer.create("_Trash", ["recordKey": "Book/gone", "objects": [["title": "Gone"]]])
            try writer.setServerSetting("masterKey", to: "the-apps-key")
            return Household(
                user: user.objectId, role: role.objectId, books: [dispossessed.objectId, dune.objectId],
                author: author.objectId)
        }
    }

    /// Fails unless `copy` holds what `original` holds: the same objects (compared as canonical JSON, so key order
    /// does not matter), schemas, password hash, Relation rows, file and setting.
    private func assertSameHousehold(
        _ copy: ParseStore, as original: ParseStore, ids: Household, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        for className in ["_User", "_Role", "Author", "Book", "_History", "_Trash"] {
            let mine = try await original.read { try $0.find(ParseQuery(className).order(by: "objectId")) }
            let theirs = try await copy.read { try $0.find(ParseQuery(className).order(by: "objectId")) }
            XCTAssertEqual(theirs.map(Self.canonical), mine.map(Self.canonical), className, file: file, line: line)
            let schemaMine = try await original.read { try $0.schema(className) }
            let schemaTheirs = try await copy.read { try $0.schema(className) }
            XCTAssertEqual(schemaTheirs, schemaMine, file: file, line: line)
        }
        let permissions: String? = try await copy.read { reader in
            let document = try reader.restSchema("Book")
            return document?.objectValue?["classLevelPermissions"].map { CanonicalJSON.text($0) }
        }
        let expected: ParseValue = ["find": ["*": true], "get": ["*": true], "create": ["role:owner": true]]
        XCTAssertEqual(permissions, CanonicalJSON.text(expected), file: file, line: line)
        let notes = try await copy.read { try $0.fetch("Book", objectId: ids.books[0]) }["notes"]?.objectValue
        XCTAssertEqual(
            notes.map { Array($0.keys) }, ["zeta", "alpha", "mid"], "an Object keeps its keys in the order written",
            file: file, line: line)
        let hash = try await copy.read { try $0.hashedPassword(ofUser: ids.user) }
        XCTAssertEqual(hash, "$2b$12$ana-hash", file: file, line: line)
        let signIn = try await copy.read { try $0.user(named: "ana")?.objectId }
        XCTAssertEqual(signIn, ids.user, file: file, line: line)
        let duplicateRefused = try await copy.write { writer in
            (try? writer.createUser(username: "ANA", hashedPassword: "x")) == nil
        }
        XCTAssertTrue(duplicateRefused, "usernames stay unique", file: file, line: line)
        let authors = try await copy.read { reader in
            try reader.find(
                ParseQuery("Author").related(
                    to: ParsePointer(className: "Book", objectId: ids.books[0]), key: "authors"))
        }
        XCTAssertEqual(authors.map(\.objectId), [ids.author], file: file, line: line)
        let members = try await copy.read { reader in
            try reader.find(
                ParseQuery("_User").related(to: ParsePointer(className: "_Role", objectId: ids.role), key: "users"))
        }
        XCTAssertEqual(members.map(\.objectId), [ids.user], file: file, line: line)
        let seenByAnyone = try await copy.read { reader in
            try reader.acting(as: .entities(["*"])).find(ParseQuery("Book")).map(\.objectId)
        }
        XCTAssertEqual(seenByAnyone, [ids.books[1]], "the ACL still hides the first book", file: file, line: line)
        let cover = try await copy.read { try $0.file(named: "cover.jpg") }
        XCTAssertEqual(cover?.bytes, Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]), file: file, line: line)
        XCTAssertEqual(cover?.preview, Data([1, 2, 3]), file: file, line: line)
        let key = try await copy.read { try $0.serverSetting("masterKey") }
        XCTAssertEqual(key, "the-apps-key", file: file, line: line)
    }

    /// An object as canonical JSON, with its identity and times.
    private static func canonical(_ object: ParseObject) -> String {
        CanonicalJSON.text(
            .object([
                "objectId": .string(object.objectId), "createdAt": .date(object.createdAt),
                "updatedAt": .date(object.updatedAt),
                "fields": .object(.init(uniqueKeysWithValues: object.fields.map { ($0.key, $0.value) })),
            ]))
    }
}
