import Foundation
import GRDB
import Synchronization
import XCTest

@testable import ParseStore

/// Files kept inside the database: their bytes come back whole, a File value names them, and the sweep removes a
/// file only after no object has named it for the time allowed.
final class StoredFileTests: XCTestCase {
    /// A clock a test moves by hand.
    final class MovableClock: ParseClock {
        private let state = Mutex(Date(timeIntervalSince1970: 1_714_558_830))
        func now() -> Date { state.withLock { $0 } }
        func advance(days: Double) { state.withLock { $0 = $0.addingTimeInterval(days * 86_400) } }
    }

    private static let day: TimeInterval = 86_400

    private static func photo(_ name: String, size: Int = 3_000) -> StoredFile {
        StoredFile(
            name: name, contentType: "image/jpeg", bytes: Data((0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }),
            preview: Data([0xFF, 0xD8, 0xFF, 0x01]), previewType: "image/jpeg")
    }

    func testAKeptFileComesBackByteForByteWithItsTypeAndPreview() async throws {
        let store = try ParseStore.inMemory()
        let kept = Self.photo("abc_soup.jpg", size: 200_000)
        try await store.write { try $0.save(kept) }
        let read = try await store.read { try $0.file(named: "abc_soup.jpg") }
        XCTAssertEqual(read, kept)
        let missing = try await store.read { try $0.file(named: "nothing.jpg") }
        XCTAssertNil(missing)
    }

    func testSavingTheSameNameTwiceKeepsTheFirstBytes() async throws {
        let store = try ParseStore.inMemory()
        try await store.write { try $0.save(Self.photo("same.jpg", size: 10)) }
        try await store.write { try $0.save(Self.photo("same.jpg", size: 99)) }
        let read = try await store.read { try $0.file(named: "same.jpg") }
        XCTAssertEqual(read?.bytes.count, 10)
    }

    func testTheSweepRemovesAFileNoObjectNamedSinceItWasSavedOnceTheTimeIsUp() async throws {
        let clock = MovableClock()
        let store = try ParseStore.inMemory(clock: clock)
        try await store.write { writer in
            try writer.save(Self.photo("named.jpg"))
            try writer.save(Self.photo("orphan.jpg"))
            _ = try writer.create("Recipe", ["photo": .file(name: "named.jpg", url: nil)])
        }
        clock.advance(days: 29)
        var removed = try await store.write { try $0.sweepFiles(unusedFor: 30 * Self.day) }
        XCTAssertEqual(removed, 0, "a file nobody named is kept for the whole time allowed")
        clock.advance(days: 2)
        removed = try await store.write { try $0.sweepFiles(unusedFor: 30 * Self.day) }
        XCTAssertEqual(removed, 1)
        let orphan = try await store.read { try $0.hasFile(named: "orphan.jpg") }
        let named = try await store.read { try $0.hasFile(named: "named.jpg") }
        XCTAssertFalse(orphan)
        XCTAssertTrue(named, "a file an object names is never removed")
    }

    func testNamingAFileAgainBeforeTheTimeIsUpKeepsIt() async throws {
        let clock = MovableClock()
        let store = try ParseStore.inMemory(clock: clock)
        let recipe = try await store.write { writer in
            try writer.save(Self.photo("first.jpg"))
            return try writer.create("Recipe", ["photo": .file(name: "first.jpg", url: nil)])
        }
        _ = try await store.write { try $0.update("Recipe", objectId: recipe.objectId, ["photo": .null]) }
        try await store.write { _ = try $0.sweepFiles(unusedFor: 30 * Self.day) }
        clock.advance(days: 20)
        // Put back (an undo from the history), then taken away again before any sweep saw it named.
        _ = try await store.write { writer in
            try writer.update("Recipe", objectId: recipe.objectId, ["photo": .file(name: "first.jpg", url: nil)])
        }
        _ = try await store.write { try $0.update("Recipe", objectId: recipe.objectId, ["photo": .null]) }
        clock.advance(days: 15)
        let removed = try await store.write { try $0.sweepFiles(unusedFor: 30 * Self.day) }
        XCTAssertEqual(removed, 0, "naming it again restarted its time")
        let kept = try await store.read { try $0.hasFile(named: "first.jpg") }
        XCTAssertTrue(kept)
    }

    func testFilesTravelWithABackupAndABackupWithoutFilesLeavesAnEmptyFilesTable() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ParseStore(path: folder.appendingPathComponent("main.sqlite").path)
        defer { try? store.close() }
        try await store.write { try $0.save(Self.photo("in-backup.jpg")) }
        let backup = folder.appendingPathComponent("backup.sqlite").path
        try store.copy(toFile: backup)
        try await store.write { try $0.save(Self.photo("after-backup.jpg")) }

        try await store.replaceClasses(withThoseInFileAt: backup, keeping: [])
        let before = try await store.read { try $0.hasFile(named: "in-backup.jpg") }
        let after = try await store.read { try $0.hasFile(named: "after-backup.jpg") }
        XCTAssertTrue(before)
        XCTAssertFalse(after, "a restore brings back the files of its time")

        let old = folder.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: old)
        try await queue.write { db in
            try db.execute(
                sql: #"CREATE TABLE "_SCHEMA" ("className" TEXT PRIMARY KEY NOT NULL, "schema" TEXT NOT NULL)"#)
        }
        try queue.close()
        try await store.replaceClasses(withThoseInFileAt: old, keeping: [])
        let none = try await store.read { try $0.file(named: "in-backup.jpg") }
        XCTAssertNil(none)
        try await store.write { try $0.save(Self.photo("new.jpg")) }
        let saved = try await store.read { try $0.hasFile(named: "new.jpg") }
        XCTAssertTrue(saved, "the files table is there again after restoring a file from before files")
    }

    func testTheFilesTableIsNoParseClass() async throws {
        let store = try ParseStore.inMemory()
        try await store.write { try $0.save(Self.photo("x.jpg")) }
        let counts = try await store.objectCounts()
        XCTAssertNil(counts[StoredFile.table])
        let names = try await store.classNames()
        XCTAssertFalse(names.contains(StoredFile.table))
    }
}
