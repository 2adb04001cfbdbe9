import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// AddRelation / RemoveRelation, join tables and Relation stubs.
final class RelationsTests: XCTestCase {
    private static func players(_ ids: String...) -> [ParsePointer] {
        ids.map { ParsePointer(className: "Player", objectId: $0) }
    }

    /// The join table's rows (relatedId, owningId), read with the store's own connection on either backend.
    private func joinRows(_ store: ParseStore, _ table: String = "_Join:opponents:Game") async throws -> [[String]] {
        try await store.read { reader in
            try reader.db.rows(
                "SELECT \"relatedId\", \"owningId\" FROM \(quoteIdentifier(table)) ORDER BY \"relatedId\""
            ).map { [$0["relatedId"].text ?? "", $0["owningId"].text ?? ""] }
        }
    }

    func testAddRelationCreatesJoinRowsAndRegistersTheField() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write { try $0.create("Game", ["title": "final"]) }
        let updated = try await store.write {
            try $0.update(
                "Game", objectId: game.objectId, operations: ["opponents": .addRelation(Self.players("p1", "p2"))])
        }
        let rows = try await joinRows(store)
        XCTAssertEqual(rows, [["p1", game.objectId], ["p2", game.objectId]])
        let schema = try await store.read { try $0.schema("Game") }
        XCTAssertEqual(schema?.fields["opponents"], .relation(targetClass: "Player"))
        XCTAssertEqual(updated["opponents"], .relation(className: "Player"))
    }

    func testAddRelationIsIdempotent() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write { try $0.create("Game", [:]) }
        for _ in 0..<2 {
            _ = try await store.write {
                try $0.update(
                    "Game", objectId: game.objectId, operations: ["opponents": .addRelation(Self.players("p1"))])
            }
        }
        let rows = try await joinRows(store)
        XCTAssertEqual(rows, [["p1", game.objectId]])
    }

    func testRemoveRelationDeletesJoinRowsAndIgnoresAbsentOnes() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write {
            try $0.create("Game", operations: ["opponents": .addRelation(Self.players("p1", "p2"))])
        }
        _ = try await store.write {
            try $0.update(
                "Game", objectId: game.objectId, operations: ["opponents": .removeRelation(Self.players("p1", "zz"))])
        }
        let rows = try await joinRows(store)
        XCTAssertEqual(rows, [["p2", game.objectId]])
    }

    func testAddRelationOnCreateUsesTheNewObjectId() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write {
            try $0.create("Game", operations: ["opponents": .addRelation(Self.players("p1"))])
        }
        let rows = try await joinRows(store)
        XCTAssertEqual(rows, [["p1", game.objectId]])
        XCTAssertEqual(game["opponents"], .relation(className: "Player"))
    }

    func testRelationFieldReadsBackAsStubOnEveryObjectOfTheClass() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Game", operations: ["opponents": .addRelation(Self.players("p1"))]) }
        let other = try await store.write { try $0.create("Game", ["title": "no relations yet"]) }
        let fetched = try await store.read { try $0.fetch("Game", objectId: other.objectId) }
        XCTAssertEqual(fetched["opponents"], .relation(className: "Player"))
    }

    func testMixedTargetClassesInOneOperationThrow111() async throws {
        let store = try makeMemoryStore()
        let mixed = [
            ParsePointer(className: "Player", objectId: "p1"), ParsePointer(className: "Coach", objectId: "c1"),
        ]
        await assertParseError(
            111, "schema mismatch for Game.opponents; expected Relation<Player> but got Relation<Coach>"
        ) {
            try await store.write { try $0.create("Game", operations: ["opponents": .addRelation(mixed)]) }
        }
    }

    func testRelationTargetsMustBeOfTheFieldsTargetClass() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write {
            try $0.create("Game", operations: ["opponents": .addRelation(Self.players("p1"))])
        }
        await assertParseError(
            111, "schema mismatch for Game.opponents; expected Relation<Player> but got Relation<Coach>"
        ) {
            try await store.write {
                try $0.update(
                    "Game", objectId: game.objectId,
                    operations: ["opponents": .addRelation([ParsePointer(className: "Coach", objectId: "c1")])])
            }
        }
    }

    func testRelationStubValueDeclaresTheFieldWithoutJoinRows() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write { try $0.create("Game", ["opponents": .relation(className: "Player")]) }
        XCTAssertEqual(game["opponents"], .relation(className: "Player"))
        let rows = try await joinRows(store)
        XCTAssertEqual(rows, [])
        // Writing the same stub again is a no-op.
        let again = try await store.write {
            try $0.update("Game", objectId: game.objectId, ["opponents": .relation(className: "Player")])
        }
        XCTAssertEqual(again["opponents"], .relation(className: "Player"))
    }

    func testSettingARelationFieldToAPointerThrows111() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write { try $0.create("Game", ["opponents": .relation(className: "Player")]) }
        await assertParseError(
            111, "schema mismatch for Game.opponents; expected Relation<Player> but got Pointer<Player>"
        ) {
            try await store.write {
                try $0.update("Game", objectId: game.objectId, ["opponents": .pointer(Self.players("p1")[0])])
            }
        }
    }

    func testDeletingTheOwnerKeepsItsJoinRowsAsParseDoes() async throws {
        let store = try makeMemoryStore()
        let game = try await store.write {
            try $0.create("Game", operations: ["opponents": .addRelation(Self.players("p1"))])
        }
        try await store.write { try $0.delete("Game", objectId: game.objectId) }
        let rows = try await joinRows(store)
        XCTAssertEqual(rows, [["p1", game.objectId]])
    }

    func testRelationOperationWithAnInvalidPointerThrows106() async throws {
        let store = try makeMemoryStore()
        await assertParseError(106) {
            try await store.write {
                try $0.create(
                    "Game", operations: ["opponents": .addRelation([ParsePointer(className: "Player", objectId: "")])])
            }
        }
    }
}
