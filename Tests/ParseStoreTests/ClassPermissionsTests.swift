import XCTest

@testable import ParseStore

/// Class-level permissions: each operation on a class is open to the entities its map names (everyone when the
/// map leaves it out); the master key is never stopped; a denial is Parse Server's 119 (or 101 when only signed-in
/// users may, and nobody is).
final class ClassPermissionsTests: XCTestCase {
    /// A "Chore" class readable by signed-in users, written only by the editors' role, found by nobody but the
    /// master key; count left out (open).
    private func chores() async throws -> (ParseStore, String) {
        let store = try makeMemoryStore()
        let chores = try await seed(store, "Chore", [["title": "Water the plants"]])
        try await store.write { writer in
            try writer.setClassLevelPermissions(
                "Chore",
                [
                    "find": [:], "get": ["requiresAuthentication": true], "create": ["role:editors": true],
                    "update": ["role:editors": true], "delete": ["role:editors": true], "addField": [:],
                ])
        }
        return (store, chores[0].objectId)
    }

    func testEachOperationIsAllowedOnlyToTheEntitiesItsMapNames() async throws {
        let (store, id) = try await chores()
        let editor = ParseAccess.user("ed00000001", roles: ["editors"])
        let viewer = ParseAccess.user("vi00000001", roles: ["viewers"])
        let denied = { (operation: String) in "Permission denied for action \(operation) on class Chore." }

        await assertParseError(119, denied("find")) {
            _ = try await store.read { try $0.acting(as: editor).find(ParseQuery("Chore")) }
        }
        let counted = try await store.read { try $0.acting(as: .anonymous).count(ParseQuery("Chore")) }
        XCTAssertEqual(counted, 1, "count is left out of the map: open to everyone")

        let got = try await store.read { try $0.acting(as: viewer).fetch("Chore", objectId: id) }
        XCTAssertEqual(got["title"], "Water the plants")
        await assertParseError(101, "Permission denied, user needs to be authenticated.") {
            _ = try await store.read { try $0.acting(as: .anonymous).fetch("Chore", objectId: id) }
        }

        await assertParseError(119, denied("create")) {
            _ = try await store.write { try $0.acting(as: viewer).create("Chore", ["title": "Sweep"]) }
        }
        _ = try await store.write { try $0.acting(as: editor).create("Chore", ["title": "Sweep"]) }
        await assertParseError(119, denied("addField")) {
            _ = try await store.write { try $0.acting(as: editor).create("Chore", ["title": "Mop", "room": "hall"]) }
        }
        await assertParseError(119, denied("update")) {
            _ = try await store.write { try $0.acting(as: viewer).update("Chore", objectId: id, ["title": "x"]) }
        }
        let updated = try await store.write { try $0.acting(as: editor).update("Chore", objectId: id, ["title": "y"]) }
        XCTAssertEqual(updated["title"], "y")
        await assertParseError(119, denied("delete")) {
            try await store.write { try $0.acting(as: .anonymous).delete("Chore", objectId: id) }
        }
        // The master key is never stopped, and a new field by it is allowed.
        let all = try await store.read { try $0.find(ParseQuery("Chore")) }
        XCTAssertEqual(all.count, 2)
        _ = try await store.write { try $0.update("Chore", objectId: id, ["room": "kitchen"]) }
        try await store.write { try $0.delete("Chore", objectId: id) }
    }

    func testOnlyTheMasterKeySetsPermissionsAndABadMapIsRefusedWhole() async throws {
        let (store, _) = try await chores()
        await assertParseError(119, "unauthorized: master key is required") {
            try await store.write { try $0.acting(as: .user("ed00000001")).setClassLevelPermissions("Chore", [:]) }
        }
        await assertParseError(107, "find in class level permissions must map entities to true.") {
            try await store.write { try $0.setClassLevelPermissions("Chore", ["find": ["*": "yes"]]) }
        }
        await assertParseError(107, "destroy is not a valid operation for class level permissions.") {
            try await store.write { try $0.setClassLevelPermissions("Chore", ["destroy": ["*": true]]) }
        }
        await assertParseError(103, "Class Ghost does not exist.") {
            try await store.write { try $0.setClassLevelPermissions("Ghost", [:]) }
        }
        // Nothing changed: find is still closed to everyone but the master key.
        await assertParseError(119, "Permission denied for action find on class Chore.") {
            _ = try await store.read { try $0.acting(as: .anonymous).find(ParseQuery("Chore")) }
        }
    }

    func testPermissionsAreKeptInTheSchemaDocumentAndSurviveReopening() async throws {
        let file = try makeFileStore()
        defer { file.cleanUp() }
        _ = try await seed(file.store, "Chore", [["title": "a"]])
        try await file.store.write { try $0.setClassLevelPermissions("Chore", ["find": ["role:editors": true]]) }
        // A second store on the file has its own schema cache: it reads the permissions from _SCHEMA.
        let reopened = try ParseStore(path: file.path)
        defer { try? reopened.close() }
        await assertParseError(119, "Permission denied for action find on class Chore.") {
            _ = try await reopened.read { try $0.acting(as: .anonymous).find(ParseQuery("Chore")) }
        }
        let editors = try await reopened.read {
            try $0.acting(as: .user("ed00000001", roles: ["editors"])).find(ParseQuery("Chore"))
        }
        XCTAssertEqual(editors.count, 1)
    }

    func testAClassCreatedImplicitlyIsOpenToEveryOperation() async throws {
        let store = try makeMemoryStore()
        let made = try await store.write { try $0.acting(as: .anonymous).create("Open", ["name": "a"]) }
        _ = try await store.write { try $0.acting(as: .anonymous).update("Open", objectId: made.objectId, ["n": 1]) }
        let found = try await store.read { try $0.acting(as: .anonymous).find(ParseQuery("Open")) }
        XCTAssertEqual(found.count, 1)
        try await store.write { try $0.acting(as: .anonymous).delete("Open", objectId: made.objectId) }
    }

    func testTheServersDefaultPermissionsHoldForAClassWhoseSchemaIsReadBackFromTheDatabase() async throws {
        let store = try makeMemoryStore()
        try store.setDefaultClassLevelPermissions(["Private": ["update": [:], "find": [:]]])
        // Made by a write: its schema holds the all-public map Parse writes, which yields to the server's default.
        let made = try await store.write { try $0.create("Private", ["name": "a"]) }
        // Read back from the database, not from the cache (PostgreSQL's jsonb gives the map's keys another order).
        store.context.schemas.invalidate()
        await assertParseError(119) {
            _ = try await store.write {
                try $0.acting(as: .anonymous).update("Private", objectId: made.objectId, ["name": "b"])
            }
        }
        await assertParseError(119) {
            _ = try await store.read { try $0.acting(as: .anonymous).find(ParseQuery("Private")) }
        }
    }

    func testIncludesAndSubQueriesMeetTheirOwnClassesFindPermission() async throws {
        let (store, choreId) = try await chores()
        let pointer = ParseValue.pointer(ParsePointer(className: "Chore", objectId: choreId))
        _ = try await seed(store, "Reminder", [["note": "today", "chore": pointer]])
        let viewer = ParseAccess.user("vi00000001", roles: ["viewers"])
        let denied = "Permission denied for action find on class Chore."

        let plain = try await store.read { try $0.acting(as: viewer).find(ParseQuery("Reminder")) }
        XCTAssertEqual(plain.first?["chore"], pointer, "without include the Pointer is only a Pointer")
        await assertParseError(119, denied) {
            _ = try await store.read { try $0.acting(as: viewer).find(ParseQuery("Reminder").include("chore")) }
        }
        let inQuery: ParseValue = ["$inQuery": ["className": "Chore", "where": ["title": "Water the plants"]]]
        await assertParseError(119, denied) {
            _ = try await store.read {
                try $0.acting(as: viewer).find(ParseQuery("Reminder").where("chore", equalTo: inQuery))
            }
        }
        let select: ParseValue = ["$select": ["query": ["className": "Chore", "where": [:]], "key": "title"]]
        await assertParseError(119, denied) {
            _ = try await store.read {
                try $0.acting(as: viewer).count(ParseQuery("Reminder").where("note", equalTo: select))
            }
        }
        let master = try await store.read {
            try $0.find(ParseQuery("Reminder").include("chore").where("chore", equalTo: inQuery))
        }
        XCTAssertEqual(master.first?["chore"]?.includedObjectValue?["title"], "Water the plants")
    }
}
