import Foundation
import GRDB
import Synchronization
import XCTest

@testable import ParseStore

/// Parse's `__op` operators on create and update.
final class OperatorsTests: XCTestCase {
    private func makeCounter(_ store: ParseStore, _ fields: [String: ParseValue] = [:]) async throws -> String {
        try await store.write { try $0.create("Counter", fields).objectId }
    }

    func testIncrementAddsToTheStoredNumber() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["n": 10])
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["n": .increment(-3)])
        }
        XCTAssertEqual(updated["n"], 7)
    }

    func testIncrementOfAMissingFieldStartsFromZero() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store)
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["n": .increment(2.5)])
        }
        XCTAssertEqual(updated["n"], 2.5)
    }

    func testIncrementOnCreateStoresTheAmount() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Counter", operations: ["n": .increment(5)]) }
        XCTAssertEqual(created["n"], 5)
    }

    func testIncrementIsOneSQLUpdateWithoutReadingTheRow() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["n": 1])
        let statements = Mutex<[String]>([])
        _ = try await store.write { writer in
            try store.sqliteDatabase.unsafeReentrantWrite { db in
                db.trace { event in
                    if case .statement(let statement) = event { statements.withLock { $0.append(statement.sql) } }
                }
            }
            return try writer.update("Counter", objectId: id, operations: ["n": .increment(1)])
        }
        let executed = statements.withLock { $0 }
        let touchingCounter = executed.filter { $0.contains("\"Counter\"") }
        XCTAssertEqual(touchingCounter.count, 1, "\(executed)")
        XCTAssertTrue(touchingCounter.first?.hasPrefix("UPDATE") == true, "\(executed)")
        XCTAssertTrue(touchingCounter.first?.contains("COALESCE(\"n\", 0) + ?") == true, "\(executed)")
    }

    func testConcurrentIncrementsOnAFileStoreAreAllCounted() async throws {
        let temporary = try makeFileStore(clock: SystemParseClock())
        defer { temporary.cleanUp() }
        let store = temporary.store
        let id = try await makeCounter(store, ["n": 0])
        let tasks = 200
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    _ = try await store.write {
                        try $0.update("Counter", objectId: id, operations: ["n": .increment(1)])
                    }
                }
            }
            try await group.waitForAll()
        }
        let counter = try await store.read { try $0.fetch("Counter", objectId: id) }
        XCTAssertEqual(counter["n"], .number(Double(tasks)))
    }

    func testIncrementOfANonNumberFieldThrows111() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["name": "x"])
        await assertParseError(111, "schema mismatch for Counter.name; expected String but got Number") {
            try await store.write { try $0.update("Counter", objectId: id, operations: ["name": .increment(1)]) }
        }
    }

    func testAddAppendsKeepingOrderAndDuplicates() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["list": [1, 2]])
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["list": .add([2, 1, 2])])
        }
        XCTAssertEqual(updated["list"], [1, 2, 2, 1, 2])
    }

    func testAddToAMissingFieldStartsFromAnEmptyArray() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store)
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["list": .add(["a"])])
        }
        XCTAssertEqual(updated["list"], ["a"])
    }

    func testAddOnCreateStoresTheItems() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Counter", operations: ["list": .add([3, 3])]) }
        XCTAssertEqual(created["list"], [3, 3])
    }

    func testAddUniqueSkipsValuesAlreadyPresent() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["list": ["a", "b"]])
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["list": .addUnique(["b", "c", "c", "a"])])
        }
        XCTAssertEqual(updated["list"], ["a", "b", "c"])
    }

    func testAddUniqueComparesObjectsIgnoringKeyOrder() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["list": [["x": 1, "y": 2]]])
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["list": .addUnique([["y": 2, "x": 1]])])
        }
        XCTAssertEqual(updated["list"]?.arrayValue?.count, 1)
    }

    func testAddUniqueOnCreateStoresTheItems() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Counter", operations: ["list": .addUnique(["a", "b"])]) }
        XCTAssertEqual(created["list"], ["a", "b"])
    }

    func testRemoveDeletesEveryOccurrence() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["list": [1, 2, 1, 3, 1]])
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["list": .remove([1, 9])])
        }
        XCTAssertEqual(updated["list"], [2, 3])
    }

    func testRemoveMatchesObjectsAndPointersDeeply() async throws {
        let store = try makeMemoryStore()
        let pointer = ParseValue.pointer(ParsePointer(className: "Post", objectId: "p1"))
        let id = try await makeCounter(store, ["list": [["a": 1, "b": [1, 2]], pointer, "keep"]])
        let updated = try await store.write {
            try $0.update("Counter", objectId: id, operations: ["list": .remove([["b": [1, 2], "a": 1], pointer])])
        }
        XCTAssertEqual(updated["list"], ["keep"])
    }

    func testRemoveOnCreateStoresAnEmptyArray() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Counter", operations: ["list": .remove([1])]) }
        XCTAssertEqual(created["list"], [])
    }

    func testDeleteOperatorUnsetsTheField() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["n": 1, "keep": true])
        let updated = try await store.write { try $0.update("Counter", objectId: id, operations: ["n": .delete]) }
        XCTAssertEqual(updated.fields, ["keep": true])
    }

    func testDeleteOperatorOnCreateIsIgnored() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Counter", operations: ["n": .delete, "m": .set(1)]) }
        XCTAssertEqual(created.fields, ["m": 1])
    }

    func testArrayOperatorOnANonArrayFieldThrows111() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["n": 1])
        await assertParseError(111, "schema mismatch for Counter.n; expected Number but got Array") {
            try await store.write { try $0.update("Counter", objectId: id, operations: ["n": .add([1])]) }
        }
    }

    func testSeveralOperatorsApplyInOneUpdate() async throws {
        let store = try makeMemoryStore()
        let id = try await makeCounter(store, ["n": 1, "list": ["a"]])
        let updated = try await store.write {
            try $0.update(
                "Counter", objectId: id,
                operations: ["n": .increment(1), "list": .add(["b"]), "title": .set("t"), "gone": .delete])
        }
        XCTAssertEqual(updated.fields, ["n": 2, "list": ["a", "b"], "title": "t"])
    }
}
