import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// Replacing a store's classes with another file's: everything but the kept classes is swapped in one transaction,
/// Relation rows and indexes included; a file that defines anything but tables and indexes changes nothing.
final class ReplaceClassesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEveryClassButTheKeptOnesIsSwappedWithItsRelationRows() async throws {
        let source = try ParseStore(path: folder.appendingPathComponent("source.sqlite").path)
        let author = try await source.write { try $0.create("Author", ["name": .string("Ursula Le Guin")]) }
        let book = try await source.write { writer in
            try writer.create(
                "Book",
                operations: ["title": .set(.string("The Dispossessed")), "authors": .addRelation([author.pointer])])
        }
        _ = try await source.write { try $0.create("Keep", ["note": .string("from the file")]) }
        try source.close()

        let store = try ParseStore(path: folder.appendingPathComponent("target.sqlite").path)
        defer { try? store.close() }
        _ = try await store.write { try $0.create("Book", ["title": .string("Dune")]) }
        _ = try await store.write { try $0.create("Keep", ["note": .string("stays")]) }
        try await store.replaceClasses(
            withThoseInFileAt: folder.appendingPathComponent("source.sqlite").path, keeping: ["Keep"])

        let books = try await store.read { try $0.find(ParseQuery("Book")) }
        XCTAssertEqual(books.map(\.objectId), [book.objectId])
        let authors = try await store.read { reader in
            try reader.find(ParseQuery("Author").related(to: book.pointer, key: "authors"))
        }
        XCTAssertEqual(authors.map(\.objectId), [author.objectId], "the Relation rows came along")
        let kept = try await store.read { try $0.find(ParseQuery("Keep")) }
        XCTAssertEqual(kept.map { $0["note"] }, [.string("stays")])
    }

    func testAFileWithAVirtualTableIsRefusedAndNothingChanges() async throws {
        let path = folder.appendingPathComponent("crafted.sqlite").path
        let crafted = try ParseStore(path: path)
        _ = try await crafted.write { try $0.create("Book", ["title": .string("Planted")]) }
        try crafted.close()
        let queue = try DatabaseQueue(path: path)
        try await queue.write { try $0.execute(sql: "CREATE VIRTUAL TABLE \"Sneaky\" USING fts5(body)") }
        try queue.close()

        let store = try ParseStore(path: folder.appendingPathComponent("target.sqlite").path)
        defer { try? store.close() }
        _ = try await store.write { try $0.create("Book", ["title": .string("Dune")]) }
        do {
            try await store.replaceClasses(withThoseInFileAt: path, keeping: [])
            XCTFail("a virtual table was copied")
        } catch let error as ParseError {
            XCTAssertTrue(error.message.contains("a definition Parsnip does not make"), error.message)
        }
        let titles = try await store.read { try $0.find(ParseQuery("Book")).map { $0["title"] } }
        XCTAssertEqual(titles, [.string("Dune")], "nothing changed")
    }
}
