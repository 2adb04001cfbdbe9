import Foundation
import GRDB
import Synchronization
import XCTest

@testable import ParseStore

/// Schema on write: type locks, name rules, the one-GeoPoint rule, and the schema cache.
final class SchemaTests: XCTestCase {
    func testFirstWriteLocksTheFieldType() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["pages": 412]) }
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertEqual(schema?.fields["pages"], .number)
    }

    func testWritingAnotherTypeFails111WithParseMessage() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["pages": 412]) }
        await assertParseError(111, "schema mismatch for Book.pages; expected Number but got String") {
            try await store.write { try $0.create("Book", ["pages": "many"]) }
        }
        await assertParseError(111, "schema mismatch for Book.pages; expected Number but got Boolean") {
            try await store.write { try $0.update("Book", objectId: book.objectId, ["pages": true]) }
        }
    }

    func testPointerMismatchNamesBothTargetClasses() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write {
            try $0.create("Book", ["author": .pointer(ParsePointer(className: "Author", objectId: "a1"))])
        }
        await assertParseError(111, "schema mismatch for Book.author; expected Pointer<Author> but got Pointer<Genre>")
        {
            try await store.write {
                try $0.create("Book", ["author": .pointer(ParsePointer(className: "Genre", objectId: "g1"))])
            }
        }
    }

    func testNullAndDeleteNeverCreateFields() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "x", "ghost": nil]) }
        _ = try await store.write {
            try $0.update("Book", objectId: book.objectId, operations: ["ghost2": .delete, "ghost3": .set(nil)])
        }
        _ = try await store.write { try $0.create("Book", operations: ["ghost4": .delete]) }
        let fields = try await store.read { try $0.schema("Book")?.fields }
        XCTAssertEqual(Set(fields?.keys ?? [:].keys), ["objectId", "createdAt", "updatedAt", "ACL", "title"])
    }

    func testSchemaShowsDefaultFieldsWithACLInsteadOfPermissionColumns() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", [:]) }
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertEqual(schema?.fields, ["objectId": .string, "createdAt": .date, "updatedAt": .date, "ACL": .acl])
    }

    func testSchemaOfAClassNeverWrittenIsNil() async throws {
        let store = try makeMemoryStore()
        let schema = try await store.read { try $0.schema("Never") }
        XCTAssertNil(schema)
    }

    func testInvalidClassNamesThrow103WithParseMessage() async throws {
        let store = try makeMemoryStore()
        for name in [
            "1abc", "a-b", "_Custom", "", "Bo\"ok", "sqlite_master", "café", String(repeating: "a", count: 64),
        ] {
            await assertParseError(
                103,
                "Invalid classname: \(name), classnames can only have alphanumeric characters and _, "
                    + "and must start with an alpha character "
            ) { try await store.write { try $0.create(name, [:]) } }
        }
    }

    func testClassNameOf63BytesAndSystemClassesAreAccepted() async throws {
        let store = try makeMemoryStore()
        let long = String(repeating: "a", count: 63)
        for name in [long, "_User", "_Role", "_Session", "A_b_9"] {
            let object = try await store.write { try $0.create(name, ["x": 1]) }
            XCTAssertEqual(object.className, name)
        }
    }

    func testInvalidFieldNamesThrow105() async throws {
        let store = try makeMemoryStore()
        for name in ["_x", "1a", "a-b", "length", "className", "$k", "a.b", "", String(repeating: "f", count: 64)] {
            await assertParseError(105, "Invalid field name: \(name).") {
                try await store.write { try $0.create("Book", [name: 1]) }
            }
        }
    }

    func testReservedFieldNamesInAWriteBodyThrow105() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", [:]) }
        for name in ["objectId", "createdAt", "updatedAt", "id"] {
            await assertParseError(105, "\(name) is an invalid field name.") {
                try await store.write { try $0.create("Book", [name: "x"]) }
            }
            await assertParseError(105) {
                try await store.write { try $0.update("Book", objectId: book.objectId, [name: "x"]) }
            }
        }
    }

    func testFieldNameOf63BytesIsAccepted() async throws {
        let store = try makeMemoryStore()
        let name = String(repeating: "f", count: 63)
        let book = try await store.write { try $0.create("Book", [name: 1]) }
        XCTAssertEqual(book[name], 1)
    }

    func testNestedObjectKeysWithDollarOrDotThrow121() async throws {
        let store = try makeMemoryStore()
        let bad: [ParseValue] = [["a.b": 1], ["$set": 1], ["ok": ["deep.er": 1]], [["x$": 1]], ["__op": "Delete"]]
        for value in bad {
            await assertParseError(121) { try await store.write { try $0.create("Book", ["meta": value]) } }
        }
    }

    func testSecondGeoPointFieldThrows111() async throws {
        let store = try makeMemoryStore()
        let here = ParseValue.geoPoint(ParseGeoPoint(latitude: 1, longitude: 2))
        _ = try await store.write { try $0.create("Place", ["location": here]) }
        await assertParseError(111, "there can only be one geopoint field in a class") {
            try await store.write { try $0.create("Place", ["other": here]) }
        }
    }

    func testTwoNewGeoPointFieldsInOneWriteThrow111() async throws {
        let store = try makeMemoryStore()
        let here = ParseValue.geoPoint(ParseGeoPoint(latitude: 1, longitude: 2))
        await assertParseError(111) { try await store.write { try $0.create("Place", ["a": here, "b": here]) } }
    }

    func testFieldNamesDifferingOnlyInCaseAreRejectedWith105() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["title": "x"]) }
        await assertParseError(105) { try await store.write { try $0.create("Book", ["Title": "y"]) } }
        await assertParseError(105) { try await store.write { try $0.create("Book", ["objectid": "y"]) } }
        await assertParseError(105) { try await store.write { try $0.create("Other", ["ab": 1, "AB": 2]) } }
    }

    func testClassNamesDifferingOnlyInCaseAreRejectedWith103() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", [:]) }
        await assertParseError(103) { try await store.write { try $0.create("book", [:]) } }
        await assertParseError(103) { try await store.write { try $0.create("Book_createdAt", [:]) } }
    }

    func testClassAndFieldNamesAreCaseSensitiveInLookups() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "x"]) }
        await assertParseError(101) { try await store.read { try $0.fetch("book", objectId: book.objectId) } }
    }

    func testRolledBackTransactionLeavesNoPhantomField() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["title": "x"]) }
        do {
            _ = try await store.write { writer -> Int in
                try writer.create("Book", ["pages": 10])
                XCTAssertEqual(try writer.reader.schema("Book")?.fields["pages"], .number)
                throw TestAbort()
            }
        } catch {}
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertNil(schema?.fields["pages"])
        // The field was never kept, so another type may claim it.
        let book = try await store.write { try $0.create("Book", ["pages": "many"]) }
        XCTAssertEqual(book["pages"], "many")
    }

    func testRolledBackTransactionLeavesNoPhantomClass() async throws {
        let store = try makeMemoryStore()
        do {
            _ = try await store.write { writer -> Int in
                try writer.create("Fresh", ["a": 1])
                throw ParseError(.invalidJSON, "abort")
            }
        } catch {}
        let schema = try await store.read { try $0.schema("Fresh") }
        XCTAssertNil(schema)
        let fresh = try await store.write { try $0.create("Fresh", ["a": "text"]) }
        XCTAssertEqual(fresh["a"], "text")
    }

    func testFailedWriteBeforeAnyDDLKeepsTheCacheUsable() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["pages": 1]) }
        await assertParseError(111) { try await store.write { try $0.create("Book", ["pages": "x", "extra": 1]) } }
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertNil(schema?.fields["extra"])
        XCTAssertEqual(schema?.fields["pages"], .number)
    }

    func testCommittedFieldIsVisibleToReadersOfAFileStore() async throws {
        let temporary = try makeFileStore()
        defer { temporary.cleanUp() }
        let store = temporary.store
        _ = try await store.read { try $0.schema("Book") }
        let book = try await store.write { try $0.create("Book", ["title": "x"]) }
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertEqual(schema?.fields["title"], .string)
        let fetched = try await store.read { try $0.fetch("Book", objectId: book.objectId) }
        XCTAssertEqual(fetched["title"], "x")
    }

    func testSchemaChangedByAnotherConnectionIsNoticed() async throws {
        let temporary = try makeFileStore()
        defer { temporary.cleanUp() }
        let first = temporary.store
        let book = try await first.write { try $0.create("Book", ["title": "x"]) }
        _ = try await first.read { try $0.fetch("Book", objectId: book.objectId) }
        let second = try ParseStore(path: temporary.path, clock: FixedClock())
        _ = try await second.write { try $0.update("Book", objectId: book.objectId, ["pages": 3]) }
        try second.close()
        let fetched = try await first.read { try $0.fetch("Book", objectId: book.objectId) }
        XCTAssertEqual(fetched["pages"], 3)
        let schema = try await first.read { try $0.schema("Book") }
        XCTAssertEqual(schema?.fields["pages"], .number)
    }

    func testWritesToAKnownClassNeitherReadNorRewriteTheSchemaTable() async throws {
        let temporary = try makeFileStore()
        defer { temporary.cleanUp() }
        let store = temporary.store
        let book = try await store.write { try $0.create("Book", ["title": "x", "pages": 1]) }
        let statements = Mutex<[String]>([])
        _ = try await store.write { writer in
            let traced = try writer.reader.grdb
            traced.trace { event in
                if case .statement(let statement) = event { statements.withLock { $0.append(statement.sql) } }
            }
            defer { traced.trace(options: [], nil) }
            try writer.create("Book", ["title": "y", "pages": 2])
            return try writer.update("Book", objectId: book.objectId, operations: ["pages": .increment(1)])
        }
        let executed = statements.withLock { $0 }
        XCTAssertFalse(executed.isEmpty)
        XCTAssertFalse(executed.contains { $0.contains("_SCHEMA") }, "\(executed)")
    }

    func testSchemaCacheForgetsPendingFieldsOnRollbackEvenWithoutTheFacade() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["title": "x"]) }
        XCTAssertThrowsError(
            try rawWrite(store) { db in
                try ParseWriter(db: SQLiteConnection(db), context: store.context).create("Book", ["pages": 1])
                throw TestAbort()
            })
        let fields = try rawRead(store) { db in
            try store.context.schemas.schema("Book", in: SQLiteConnection(db))?.fields
        }
        XCTAssertEqual(fields?["title"], .string)
        XCTAssertNil(fields?["pages"])
    }
}
