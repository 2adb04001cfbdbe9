import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// `/parse/schemas` with the master key: read, add and remove fields and classes, set class-level permissions;
/// the household's classes keep their fields.
final class ParseAPISchemasTests: XCTestCase {
    func testSchemasNeedTheMasterKeyAndShowACLNotInternalColumns() async throws {
        try await withParseAPI { world in
            for client in [world.owner, world.anonymous] {
                let refused = try await client.get("/parse/schemas")
                XCTAssertEqual(refused.status, .forbidden)
                XCTAssertEqual(refused.text, #"{"error":"unauthorized: master key is required"}"#)
            }
            _ = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "x"]))
            let todo = try await world.master.get("/parse/schemas/TodoListItem")
            XCTAssertEqual(todo["className"], "TodoListItem")
            let fields = try XCTUnwrap(todo["fields"]?.objectValue)
            XCTAssertEqual(fields["ACL"], ["type": "ACL"])
            XCTAssertEqual(fields["title"], ["type": "String"])
            XCTAssertNil(fields["_rperm"])
            XCTAssertEqual(
                todo["classLevelPermissions"]?.objectValue?["create"], ["role:owner": true, "role:editor": true],
                "the household's default permissions are shown")
            let all = try await world.master.get("/parse/schemas")
            XCTAssertTrue(all.results.contains { $0["className"] == "TodoListItem" })
            let nothing = try await world.master.get("/parse/schemas/Nothing")
            XCTAssertEqual(nothing.code, 103)
        }
    }

    func testAClassIsMadeChangedAndRemovedThroughTheSchemaEndpoint() async throws {
        try await withParseAPI { world in
            let made = try await world.master.post(
                "/parse/schemas/GameScore",
                json([
                    "className": "GameScore",
                    "fields": [
                        "score": ["type": "Number"], "player": ["type": "Pointer", "targetClass": "_User"],
                        "fans": ["type": "Relation", "targetClass": "_User"],
                    ],
                    "classLevelPermissions": ["find": ["*": true], "get": ["*": true], "create": ["role:owner": true]],
                ]))
            XCTAssertEqual(made.status, .ok, made.text)
            XCTAssertEqual(made["fields"]?.objectValue?["player"], ["type": "Pointer", "targetClass": "_User"])
            let existing = try await world.master.post("/parse/schemas/GameScore", json([:]))
            XCTAssertEqual(existing.code, 103)
            let editorCreate = try await world.editor.post("/parse/classes/GameScore", json(["score": 1]))
            XCTAssertEqual(editorCreate.code, 119, "the class's own permissions hold")
            let ownerCreate = try await world.owner.post("/parse/classes/GameScore", json(["score": 1]))
            XCTAssertEqual(ownerCreate.status, .created, ownerCreate.text)

            let changed = try await world.master.put(
                "/parse/schemas/GameScore",
                json([
                    "fields": ["level": ["type": "Number"], "player": ["__op": "Delete"], "fans": ["__op": "Delete"]]
                ]))
            XCTAssertEqual(changed.status, .ok, changed.text)
            let fields = try XCTUnwrap(changed["fields"]?.objectValue)
            XCTAssertNil(fields["player"])
            XCTAssertNil(fields["fans"])
            XCTAssertEqual(fields["level"], ["type": "Number"])
            let readBack = try await world.master.get("/parse/classes/GameScore")
            XCTAssertEqual(readBack.results.first?["score"], 1)
            let twice = try await world.master.put(
                "/parse/schemas/GameScore", json(["fields": ["level": ["type": "String"]]]))
            XCTAssertEqual(twice.code, 255)
            let noTarget = try await world.master.put(
                "/parse/schemas/GameScore", json(["fields": ["ref": ["type": "Pointer"]]]))
            XCTAssertEqual(noTarget.code, 135)

            let notEmpty = try await world.master.delete("/parse/schemas/GameScore")
            XCTAssertEqual(notEmpty.code, 255, notEmpty.text)
            let objects = try await world.master.get("/parse/classes/GameScore")
            for object in objects.results {
                _ = try await world.master.delete("/parse/classes/GameScore/\(object["objectId"]!.stringValue!)")
            }
            let removed = try await world.master.delete("/parse/schemas/GameScore")
            XCTAssertEqual(removed.status, .ok, removed.text)
            let gone = try await world.master.get("/parse/schemas/GameScore")
            XCTAssertEqual(gone.code, 103)
            let again = try await world.master.post("/parse/classes/GameScore", json(["score": "now a string"]))
            XCTAssertEqual(again.status, .created, "the class starts afresh: \(again.text)")
        }
    }

    func testTheHouseholdsClassesKeepTheirFieldsButMayGainFields() async throws {
        try await withParseAPI { world in
            _ = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "x"]))
            let removeField = try await world.master.put(
                "/parse/schemas/TodoListItem", json(["fields": ["title": ["__op": "Delete"]]]))
            XCTAssertEqual(removeField.code, 255)
            let removeClass = try await world.master.delete("/parse/schemas/TodoListItem")
            XCTAssertEqual(removeClass.code, 255)
            let added = try await world.master.put(
                "/parse/schemas/TodoListItem", json(["fields": ["priority": ["type": "Number"]]]))
            XCTAssertEqual(added["fields"]?.objectValue?["priority"], ["type": "Number"])
            let page = try await world.browser.get("/todos")
            XCTAssertTrue(page.text.contains(">x<"), "the pages still work")
        }
    }
}
