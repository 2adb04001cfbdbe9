import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// `ensureIndexWhenFieldsExist`: an index a record rule's lookup needs is made as soon as its fields exist — by
/// whichever write makes them — without making the class on a fresh database, and the lookup then uses it.
final class LaterIndexTests: XCTestCase {
    private var fileStore: TemporaryFileStore!
    private var store: ParseStore { fileStore.store }

    override func setUp() async throws {
        fileStore = try makeFileStore()
    }

    override func tearDown() {
        fileStore.cleanUp()
    }

    private func indexNames() async throws -> [String] {
        try await store.read { reader in
            try String.fetchAll(reader.grdb, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
        }
    }

    func test_aFreshDatabaseGetsNoClass_andTheIndexComesWithTheFieldsFirstWrite() async throws {
        try await store.write { try $0.ensureIndexWhenFieldsExist("Book", on: ["genre"]) }
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertNil(schema, "no class before its first object")
        try await store.write { try $0.create("Book", ["title": .string("Dune")]) }
        let withoutField = try await indexNames()
        XCTAssertFalse(withoutField.contains("Book_genre"), "the field does not exist yet")
        try await store.write { writer in
            let genre = try writer.create("Genre", ["name": .string("SF")])
            try writer.create("Book", ["title": .string("Kindred"), "genre": .pointer(genre.pointer)])
        }
        let names = try await indexNames()
        XCTAssertTrue(names.contains("Book_genre"))
    }

    func test_existingFieldsAreIndexedAtOnce_andALookupByThemSearchesTheIndex() async throws {
        try await store.write { writer in
            for number in 0..<50 { try writer.create("ISBN", ["value": .string("97800000000\(number)")]) }
            try writer.ensureIndexWhenFieldsExist("ISBN", on: ["value"])
        }
        let plan = try await store.read { reader in
            try Row.fetchAll(
                reader.grdb, sql: #"EXPLAIN QUERY PLAN SELECT * FROM "ISBN" WHERE "value" IN (?, ?)"#,
                arguments: ["1", "2"]
            ).map { $0["detail"] as String }.joined(separator: "\n")
        }
        XCTAssertTrue(plan.contains("ISBN_value"), plan)
    }

    func test_aRelationIsNeverIndexed() async throws {
        try await store.write { writer in
            let author = try writer.create("Author", ["name": .string("Le Guin")])
            let book = try writer.create("Book", ["title": .string("The Dispossessed")])
            try writer.update("Book", objectId: book.objectId, operations: ["authors": .addRelation([author.pointer])])
            try writer.ensureIndexWhenFieldsExist("Book", on: ["authors"])
        }
        let names = try await indexNames()
        XCTAssertFalse(names.contains("Book_authors"))
    }

    func test_aClassAlreadyNamedLikeAnIndex_leavesTheIndexOutAndEveryWriteWorks() async throws {
        // An API client made classes whose names the indexes would take.
        try await store.write { writer in
            try writer.create("Book_genre", ["note": .string("mine")])
            try writer.create("Book_title_folded", ["note": .string("mine too")])
            try writer.ensureIndexWhenFieldsExist("Book", on: ["genre"])
            try writer.ensureFoldedOrderIndex("Book", field: "title")
        }
        let book = try await store.write { writer in
            let genre = try writer.create("Genre", ["name": .string("SF")])
            return try writer.create("Book", ["title": .string("Dune"), "genre": .pointer(genre.pointer)])
        }
        let titles = try await store.read { reader in
            try reader.find(ParseQuery("Book").order(by: "title").ignoringCaseAndAccentsInTextOrder()).map(\.objectId)
        }
        XCTAssertEqual(titles, [book.objectId])
        let kept = try await store.read { try $0.count(ParseQuery("Book_genre")) }
        XCTAssertEqual(kept, 1)
    }
}
