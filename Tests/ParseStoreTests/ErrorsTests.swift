import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// One `ParseError` type: user mistakes get Parse's codes, and SQLite errors never escape.
final class ErrorsTests: XCTestCase {
    func testNamesWithSQLMetacharactersAreRejectedBeforeSQL() async throws {
        let store = try makeMemoryStore()
        await assertParseError(103) { try await store.write { try $0.create("Bo\"ok; DROP TABLE x", [:]) } }
        await assertParseError(105) { try await store.write { try $0.create("Book", ["a\" TEXT, \"b": 1]) } }
    }

    func testObjectIdWithOddCharactersIsJustNotFound() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", [:]) }
        await assertParseError(101) { try await store.read { try $0.fetch("Book", objectId: "' OR 1=1 --") } }
        await assertParseError(101) { try await store.write { try $0.update("Book", objectId: "\"", ["a": 1]) } }
    }

    func testSQLiteFailureSurfacesAsParseError1WithoutAStorageFailure() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "x"]) }
        // Break the storage behind the store's back: the table disappears while the schema remains.
        try rawWrite(store) { db in try db.execute(sql: "DROP TABLE \"Book\"") }
        do {
            _ = try await store.read { try $0.fetch("Book", objectId: book.objectId) }
            XCTFail("expected a failure")
        } catch let error as ParseError {
            XCTAssertEqual(error.code, .internalServerError)
            // Only busy, full and read-only storage say so; any other SQLite failure stays a plain code 1.
            XCTAssertNil(error.storageFailure)
        } catch {
            XCTFail("a non-Parse error escaped: \(error)")
        }
    }

    func testUnreadableStoredSchemaSurfacesAsParseError1() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["title": "x"]) }
        try rawWrite(store) { db in
            try db.execute(sql: "UPDATE _SCHEMA SET schema = '{not json' WHERE className = 'Book'")
        }
        let other = try ParseStore(database: store.sqliteDatabase, clock: FixedClock())
        await assertParseError(1) { try await other.read { try $0.schema("Book") } }
    }

    func testMistakesGetTheirOwnCodesNotCode1() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["n": 1]) }
        let cases: [(Int, @Sendable (ParseWriter) throws -> Void)] = [
            (103, { _ = try $0.create("9", [:]) }),
            (105, { _ = try $0.create("Book", ["length": 1]) }),
            (111, { _ = try $0.create("Book", ["n": "one"]) }),
            (121, { _ = try $0.create("Book", ["o": ["a.b": 1]]) }),
            (123, { _ = try $0.create("Book", ["ACL": 5]) }),
            (101, { _ = try $0.update("Book", objectId: "nope", ["n": 2]) }),
            (101, { try $0.delete("Book", objectId: "nope") }),
            (107, { _ = try $0.update("Book", objectId: book.objectId, operations: ["n": .increment(.infinity)]) }),
        ]
        for (code, body) in cases {
            await assertParseError(code) { try await store.write { try body($0) } }
        }
    }
}
