import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// create / update / delete / fetch, timestamps and ACL storage.
final class WritesTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_714_558_830.456)

    func testCreateReturnsTheStoredObjectWithEveryField() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "Dune", "pages": 412, "read": true]) }
        XCTAssertEqual(book.className, "Book")
        XCTAssertEqual(book.fields, ["title": "Dune", "pages": 412, "read": true])
    }

    func testFetchReturnsExactlyWhatCreateReturned() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write {
            try $0.create("Book", ["title": "Dune", "tags": ["a", 1], "meta": ["z": 1, "a": 2]])
        }
        let fetched = try await store.read { try $0.fetch("Book", objectId: created.objectId) }
        XCTAssertEqual(fetched, created)
    }

    func testCreateTakesOneClockReadingForBothTimestamps() async throws {
        let store = try makeMemoryStore(clock: SteppingClock(start: start, step: 1))
        let book = try await store.write { try $0.create("Book", ["title": "Dune"]) }
        XCTAssertEqual(book.createdAt, book.updatedAt)
        XCTAssertEqual(book.createdAt, ParseDateFormat.date(milliseconds: 1_714_558_830_456))
    }

    func testTimestampsAreTruncatedToMillisecondsAndStoredAsParseDates() async throws {
        let store = try makeMemoryStore(clock: FixedClock(Date(timeIntervalSince1970: 1_714_558_830.456_789)))
        let book = try await store.write { try $0.create("Book", [:]) }
        XCTAssertEqual(book.createdAt, ParseDateFormat.date(milliseconds: 1_714_558_830_456))
        let stored = try rawRead(store) { db in
            try Row.fetchOne(db, sql: "SELECT createdAt, updatedAt FROM Book")!
        }
        XCTAssertEqual(stored["createdAt"] as String, "2024-05-01T10:20:30.456Z")
        XCTAssertEqual(stored["updatedAt"] as String, "2024-05-01T10:20:30.456Z")
    }

    func testUpdateChangesOnlyUpdatedAt() async throws {
        let store = try makeMemoryStore(clock: SteppingClock(start: start, step: 2.5))
        let created = try await store.write { try $0.create("Book", ["title": "Dune"]) }
        let updated = try await store.write { try $0.update("Book", objectId: created.objectId, ["title": "Emma"]) }
        XCTAssertEqual(updated.createdAt, created.createdAt)
        XCTAssertEqual(updated.updatedAt, ParseDateFormat.date(milliseconds: 1_714_558_832_956))
    }

    func testUpdateKeepsFieldsItDoesNotMention() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Book", ["title": "Dune", "pages": 412]) }
        let updated = try await store.write { try $0.update("Book", objectId: created.objectId, ["pages": 500]) }
        XCTAssertEqual(updated.fields, ["title": "Dune", "pages": 500])
    }

    func testUpdateWithNullUnsetsTheFieldSoItReadsBackAbsent() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Book", ["title": "Dune", "subtitle": "x"]) }
        _ = try await store.write { try $0.update("Book", objectId: created.objectId, ["subtitle": nil]) }
        let fetched = try await store.read { try $0.fetch("Book", objectId: created.objectId) }
        XCTAssertNil(fetched["subtitle"])
        XCTAssertEqual(fetched.fields, ["title": "Dune"])
    }

    func testFetchOfMissingObjectThrows101() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", [:]) }
        await assertParseError(101, "Object not found.") {
            try await store.read { try $0.fetch("Book", objectId: "nope123456") }
        }
    }

    func testFetchFromUnknownClassThrows101() async throws {
        let store = try makeMemoryStore()
        await assertParseError(101, "Object not found.") {
            try await store.read { try $0.fetch("Nothing", objectId: "x") }
        }
        await assertParseError(101) { try await store.read { try $0.fetch("bad-name", objectId: "x") } }
    }

    func testUpdateOfMissingObjectThrows101AndAddsNoField() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", ["title": "Dune"]) }
        await assertParseError(101) {
            try await store.write { try $0.update("Book", objectId: "missing", ["brandNew": 1]) }
        }
        await assertParseError(101) { try await store.write { try $0.update("Nope", objectId: "x", ["a": 1]) } }
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertNil(schema?.fields["brandNew"])
    }

    func testDeleteRemovesTheObject() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "Dune"]) }
        try await store.write { try $0.delete("Book", objectId: book.objectId) }
        await assertParseError(101) { try await store.read { try $0.fetch("Book", objectId: book.objectId) } }
    }

    func testDeleteOfMissingObjectThrows101() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", [:]) }
        await assertParseError(101, "Object not found.") {
            try await store.write { try $0.delete("Book", objectId: "missing") }
        }
        await assertParseError(101) { try await store.write { try $0.delete("Unknown", objectId: "missing") } }
    }

    func testFailedWriteBlockKeepsNothing() async throws {
        let store = try makeMemoryStore()
        do {
            _ = try await store.write { writer -> Int in
                try writer.create("Book", ["title": "Dune"])
                throw TestAbort()
            }
            XCTFail("expected the write to fail")
        } catch {}
        let count = try rawRead(store) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'Book'")
        }
        XCTAssertEqual(count, 0)
    }

    func testACLIsStoredAsReadAndWritePermissionArrays() async throws {
        let store = try makeMemoryStore()
        let acl: ParseValue = [
            "*": ["read": true], "u1": ["read": true, "write": true], "role:admins": ["write": true],
        ]
        _ = try await store.write { try $0.create("Book", ["ACL": acl]) }
        let row = try rawRead(store) { db in try Row.fetchOne(db, sql: "SELECT _rperm, _wperm FROM Book")! }
        XCTAssertEqual(row["_rperm"] as String, #"["*","u1"]"#)
        XCTAssertEqual(row["_wperm"] as String, #"["u1","role:admins"]"#)
    }

    func testACLReadsBackFoldedIntoOneMap() async throws {
        let store = try makeMemoryStore()
        let acl: ParseValue = [
            "*": ["read": true], "u1": ["read": true, "write": true], "role:admins": ["write": true],
        ]
        let book = try await store.write { try $0.create("Book", ["ACL": acl, "title": "x"]) }
        let fetched = try await store.read { try $0.fetch("Book", objectId: book.objectId) }
        XCTAssertEqual(fetched["ACL"], acl)
        XCTAssertEqual(book["ACL"], acl)
    }

    func testObjectWithoutACLHasNoACLFieldAndNullPermissions() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "x"]) }
        XCTAssertNil(book["ACL"])
        let nulls = try rawRead(store) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM Book WHERE _rperm IS NULL AND _wperm IS NULL")
        }
        XCTAssertEqual(nulls, 1)
    }

    func testEmptyACLReadsBackAsAnEmptyMap() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["ACL": [:]]) }
        let fetched = try await store.read { try $0.fetch("Book", objectId: book.objectId) }
        XCTAssertEqual(fetched["ACL"], .object([:]))
    }

    func testUpdatingACLToNullMakesTheObjectPublicAgain() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["ACL": ["u1": ["read": true]]]) }
        let updated = try await store.write { try $0.update("Book", objectId: book.objectId, ["ACL": nil]) }
        XCTAssertNil(updated["ACL"])
    }

    func testMalformedACLThrows123() async throws {
        let store = try makeMemoryStore()
        for acl: ParseValue in ["public", ["*": true], ["*": ["read": "yes"]], ["*unresolved": ["read": true]]] {
            await assertParseError(123, "Invalid ACL.") {
                try await store.write { try $0.create("Book", ["ACL": acl]) }
            }
        }
    }

    func testCreateInsideTheSameTransactionIsVisibleToFetch() async throws {
        let store = try makeMemoryStore()
        let fetched = try await store.write { writer in
            let book = try writer.create("Book", ["title": "Dune"])
            return try writer.reader.fetch("Book", objectId: book.objectId)
        }
        XCTAssertEqual(fetched["title"], "Dune")
    }
}
