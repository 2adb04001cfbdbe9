import Foundation
import GRDB
import XCTest
import ZIPFoundation

@testable import ParseStore
@testable import Parsnip

/// A backup file may come from anywhere: through the command and the Backups page alike, nothing from it but table
/// and index definitions ever reaches the database (no trigger, view or virtual table), a zip that would unpack to
/// far more than it says is refused before the disk fills, what a stopped backup or restore left behind is removed at
/// the next start, and saves made right after a restore work.
final class HostileBackupTests: XCTestCase {
    /// The safety backups its commands make on PostgreSQL, removed after each test.
    private var safetyBackups: CommandSafetyBackups?

    override func setUp() {
        safetyBackups = CommandSafetyBackups()
    }

    override func tearDown() {
        safetyBackups?.removeNew()
    }

    /// A real backup of a database holding a to-do — and a trigger and a view planted in it, and a virtual table too
    /// when `virtualTable`.
    static func hostileBackup(in folder: URL, virtualTable: Bool = false) throws -> URL {
        let path = folder.appendingPathComponent("hostile.sqlite").path
        let store = try ParseStore(path: path)
        let backup = folder.appendingPathComponent("parsnip-hostile\(virtualTable ? "-fts" : "").zip")
        do {
            try store.databaseWriter.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE "TodoListItem" ("objectId" TEXT PRIMARY KEY NOT NULL, "createdAt" TEXT NOT NULL,
                            "updatedAt" TEXT NOT NULL, "_rperm" TEXT, "_wperm" TEXT, "title" TEXT);
                        INSERT INTO "_SCHEMA" VALUES ('TodoListItem', '{"className":"TodoListItem","fields":{"title":{"type":"String"}}}');
                        INSERT INTO "TodoListItem" VALUES ('aaaaaaaaaa', '2024-05-01T10:00:00.000Z',
                            '2024-05-01T10:00:00.000Z', NULL, NULL, 'Planted');
                        CREATE TRIGGER "evil" AFTER INSERT ON "TodoListItem" BEGIN
                            UPDATE "TodoListItem" SET "title" = 'taken over'; END;
                        CREATE VIEW "evil_view" AS SELECT * FROM "TodoListItem";
                        """)
                if virtualTable { try db.execute(sql: #"CREATE VIRTUAL TABLE "evil_fts" USING fts5(x)"#) }
            }
            _ = try BackupArchive.make(of: store, to: backup, reason: .manual)
            try store.close()
        } catch {
            try? store.close()
            throw error
        }
        return backup
    }

    /// The triggers, views and virtual tables (other than Parsnip's own search index) in the SQLite file at `path`.
    static func plantedThings(at path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type IN ('trigger', 'view')
                    OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE '\\_Search%' ESCAPE '\\')
                    """)
        }
    }

    /// What `plantedThings` finds in the test database at `path`: in its file on SQLite; on PostgreSQL the tables,
    /// views and triggers of its schema named as the planted ones are (a restore there makes the tables from the
    /// classes' schemas and copies the rows, so none of the file's definitions should arrive).
    static func plantedThingsInTheTestDatabase(at path: String) async throws -> [String] {
        guard TestBackend.isPostgres else { return try plantedThings(at: path) }
        let store = try testStore(at: path)
        defer { try? store.close() }
        return try await store.read { reader in
            var names: [String] = []
            try reader.db.forEachRow(
                """
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relname LIKE 'evil%'
                UNION ALL SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND t.tgname LIKE 'evil%'
                """, cached: false
            ) { row in
                if case .text(let name) = row[0] { names.append(name) }
            }
            return names
        }
    }

    func testTheRestoreCommandCopiesTheDataButNoTriggerOrView() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let backup = try Self.hostileBackup(in: database.directory)
        XCTAssertEqual(
            try Self.plantedThings(at: database.directory.appendingPathComponent("hostile.sqlite").path).sorted(),
            ["evil", "evil_view"], "the backup really holds them")
        let prepared = try BackupFiles.prepareRestore(of: backup.path, over: commandDatabase(at: database.path))
        _ = try await BackupFiles.restore(prepared, over: commandDatabase(at: database.path))
        let planted = try await Self.plantedThingsInTheTestDatabase(at: database.path)
        XCTAssertEqual(planted, [])
        let store = try testStore(at: database.path)
        defer { try? store.close() }
        let titles = try await store.read { try $0.find(ParseQuery("TodoListItem")).map { $0["title"] } }
        XCTAssertEqual(titles, ["Planted"], "the data came back")
        _ = try await store.write { try $0.create("TodoListItem", ["title": "After"]) }
        let after = try await store.read { try $0.find(ParseQuery("TodoListItem").order(by: "title")) }
        XCTAssertEqual(after.map { $0["title"] }, ["After", "Planted"], "no trigger ran on the insert")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: database.directory.path)
            .filter { $0.hasPrefix("restoring-") || $0.hasSuffix(CrashLeftovers.restoringSuffix) }
        XCTAssertEqual(leftovers, [], "nothing of the restore's work is left")
    }

    /// One to-do ("Ours") in the test database at `database`, and a restore of a backup with a virtual table in it
    /// prepared over it.
    private static func oursAndABackupWithAVirtualTable(in database: TemporaryDatabase) async throws
        -> BackupFiles.Prepared
    {
        let store = try testStore(at: database.path)
        _ = try await store.write { try $0.create("TodoListItem", ["title": "Ours"]) }
        try store.close()
        let backup = try hostileBackup(in: database.directory, virtualTable: true)
        return try BackupFiles.prepareRestore(of: backup.path, over: commandDatabase(at: database.path))
    }

    func testTheRestoreCommandRefusesABackupWithAVirtualTableAndChangesNothing() async throws {
        try skipUnlessSQLite(
            "a file's restore, which makes the backup file's own tables (PostgreSQL makes them from the classes' "
                + "schemas: the next test)")
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let prepared = try await Self.oursAndABackupWithAVirtualTable(in: database)
        do {
            _ = try await BackupFiles.restore(prepared, over: commandDatabase(at: database.path))
            XCTFail("a backup with a virtual table was restored")
        } catch {
            XCTAssertTrue(error.message.contains("a definition Parsnip does not make: evil_fts"), error.message)
        }
        let planted = try await Self.plantedThingsInTheTestDatabase(at: database.path)
        XCTAssertEqual(planted, [])
        let reopened = try testStore(at: database.path)
        defer { try? reopened.close() }
        let titles = try await reopened.read { try $0.find(ParseQuery("TodoListItem")).map { $0["title"] } }
        XCTAssertEqual(titles, ["Ours"], "nothing changed")
    }

    func testOnPostgresTheRestoreCommandTakesOnlyTheClassesOfABackupWithAVirtualTable() async throws {
        guard TestBackend.isPostgres else {
            throw XCTSkip("On a file such a backup is refused: the test before.")
        }
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let prepared = try await Self.oursAndABackupWithAVirtualTable(in: database)
        _ = try await BackupFiles.restore(prepared, over: commandDatabase(at: database.path))
        let planted = try await Self.plantedThingsInTheTestDatabase(at: database.path)
        XCTAssertEqual(planted, [], "no table, view or trigger of the file's own")
        let reopened = try testStore(at: database.path)
        defer { try? reopened.close() }
        let titles = try await reopened.read { try $0.find(ParseQuery("TodoListItem")).map { $0["title"] } }
        XCTAssertEqual(titles, ["Planted"], "the backup's data came back")
    }

    func testTheBackupsPageRestoresTheDataButNoTriggerOrViewAndRefusesAVirtualTableInWords() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let folder = database.directory.appendingPathComponent("backups")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let scratch = database.directory.appendingPathComponent("scratch")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let refusedFile = try Self.hostileBackup(in: scratch, virtualTable: true)
            try FileManager.default.moveItem(
                at: refusedFile, to: folder.appendingPathComponent(refusedFile.lastPathComponent))
            try await owner.addTodo("Ours")
            let refused = try await owner.post("/backups/\(refusedFile.lastPathComponent)/restore", form: [])
            XCTAssertLessThan(refused.status.code, 500, refused.text)
            var outcome = refused.text
            if let next = refused.headers[.location] { outcome = try await owner.get(next).text }
            let ours = try await owner.get("/todos").text
            if TestBackend.isPostgres {
                // PostgreSQL makes the tables from the classes' schemas: the file's virtual table never reaches it,
                // and its data comes back.
                XCTAssertTrue(outcome.contains("Restored the backup from"), outcome)
                XCTAssertTrue(ours.contains("Planted") && !ours.contains("Ours"), ours)
            } else {
                XCTAssertTrue(outcome.contains("does not make"), outcome)
                XCTAssertTrue(ours.contains("Ours"), "nothing changed")
            }
            let scratch2 = database.directory.appendingPathComponent("scratch2")
            try FileManager.default.createDirectory(at: scratch2, withIntermediateDirectories: true)
            let backup = try Self.hostileBackup(in: scratch2)
            try FileManager.default.moveItem(at: backup, to: folder.appendingPathComponent(backup.lastPathComponent))
            let restored = try await owner.post("/backups/\(backup.lastPathComponent)/restore", form: [])
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            // Saves made at once after the restore find the search index in place.
            let saved = try await owner.addTodo("Straight after")
            XCTAssertEqual(saved.status, .seeOther, saved.text)
            let list = try await owner.get("/todos?q=straight").text
            XCTAssertTrue(list.contains("Straight after"), list)
        }
        let planted = try await Self.plantedThingsInTheTestDatabase(at: database.path)
        XCTAssertEqual(planted, [])
    }

    func testSavingWhileTheBackupsPageRestoresNeverAnswersAnInternalError() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            for index in 0..<30 { try await owner.addTodo("Before \(index)") }
            _ = try await owner.post("/backups", form: [])
            let listing = try await owner.get("/backups").text
            let name = try XCTUnwrap(BackupPageTests.listed(listing).first)
            let saver = owner.another()
            try await saver.signIn("Ana", "correct horse")
            async let restore = owner.post("/backups/\(name)/restore", form: [])
            var statuses: [UInt] = []
            for index in 0..<20 {
                let answer = try await saver.addTodo("During \(index)")
                statuses.append(UInt(answer.status.code))
            }
            let restored = try await restore
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            XCTAssertFalse(statuses.contains { $0 >= 500 && $0 != 503 }, "\(statuses)")
            let after = try await saver.addTodo("After")
            XCTAssertEqual(after.status, .seeOther)
        }
    }

    func testABackupThatWouldUnpackToFarMoreThanItsSizeIsRefusedBeforeTheDiskFills() throws {
        let folder = try TemporaryDatabase()
        defer { folder.remove() }
        // A manifest that tells the truth about a database of 64 MB of zeros: a thousandfold deflate.
        let zeros = Data(count: 64 * 1024 * 1024)
        let bomb = folder.directory.appendingPathComponent("bomb.zip")
        let archive = try Archive(url: bomb, accessMode: .create)
        let manifest = BackupManifest(
            createdAt: Date(), reason: .manual, sha256: String(repeating: "0", count: 64), databaseBytes: zeros.count,
            objectCounts: [:])
        let manifestData = try BackupManifest.encoder.encode(manifest)
        try archive.addEntry(
            with: BackupArchive.manifestEntry, type: .file, uncompressedSize: Int64(manifestData.count),
            compressionMethod: .deflate
        ) { position, size in manifestData.subdata(in: Int(position)..<Int(position) + size) }
        try archive.addEntry(
            with: manifest.database, type: .file, uncompressedSize: Int64(zeros.count), compressionMethod: .deflate
        ) { position, size in zeros.subdata(in: Int(position)..<Int(position) + size) }
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: bomb.path)[.size] as? Int)
        XCTAssertLessThan(size, 1024 * 1024, "a small file")
        let target = folder.directory.appendingPathComponent("unpack")
        XCTAssertThrowsError(try BackupArchive.unpack(bomb, into: target)) { error in
            XCTAssertEqual(error as? BackupProblem, .damaged)
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        XCTAssertEqual(written, [], "nothing was unpacked")
    }

    func testWhatAStoppedBackupRestoreOrExportLeftIsRemovedAtTheNextStart() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let files = FileManager.default
        let folder = database.directory
        let backups = folder.appendingPathComponent("backups")
        var leftovers = [
            backups.appendingPathComponent(".restoring"),
            backups.appendingPathComponent(".parsnip-2026-11-25.zip.\(UUID().uuidString).partial"),
        ]
        if TestBackend.isPostgres {
            // No database file to work beside: a command's restore unpacks the backup into the backups folder.
            leftovers.append(backups.appendingPathComponent("restoring-\(UUID().uuidString).sqlite"))
        } else {
            leftovers.append(folder.appendingPathComponent("restoring-\(UUID().uuidString).sqlite"))
            leftovers.append(URL(fileURLWithPath: database.path + CrashLeftovers.restoringSuffix))
        }
        let kept = [
            backups.appendingPathComponent("parsnip-2026-11-25.zip"), folder.appendingPathComponent("notes.txt"),
            folder.appendingPathComponent("restoring-notes.sqlite"),
        ]
        try files.createDirectory(at: backups, withIntermediateDirectories: true)
        for url in leftovers + kept { XCTAssertTrue(files.createFile(atPath: url.path, contents: Data("x".utf8))) }
        try await withApp(settings: fileSettings(database.path)) { browser in
            _ = try await browser.get("/health")
        }
        for url in leftovers { XCTAssertFalse(files.fileExists(atPath: url.path), url.lastPathComponent) }
        for url in kept { XCTAssertTrue(files.fileExists(atPath: url.path), url.lastPathComponent) }
    }
}
