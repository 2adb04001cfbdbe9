import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// The pages decide what a person may see and change by the same ACLs as the Parse API: a record an app kept to its
/// owner is not listed, found, counted or shown to anyone else, and a record others may only read cannot be changed
/// or deleted through the page forms — while the person the ACL names sees and changes it as usual.
final class PagesFollowACLsTests: XCTestCase {
    /// Three to-dos made by the owner's app: private to her, readable by all but written only by her, and shared.
    private static func seed(_ world: ParseAPIWorld) async throws -> (
        ownerId: String, privateId: String, readOnlyId: String
    ) {
        let me = try await world.owner.get("/parse/users/me")
        let ownerId = try XCTUnwrap(me["objectId"]?.stringValue)
        let privateOne = try await world.owner.post(
            "/parse/classes/TodoListItem",
            json([
                "title": "Surprise party plan", "ACL": [.init(stringLiteral: ownerId): ["read": true, "write": true]],
            ]))
        let readOnly = try await world.owner.post(
            "/parse/classes/TodoListItem",
            json([
                "title": "Fixed shopping list",
                "ACL": ["*": ["read": true], .init(stringLiteral: ownerId): ["read": true, "write": true]],
            ]))
        _ = try await world.owner.post("/parse/classes/TodoListItem", json(["title": "Shared chores"]))
        return (
            ownerId, try XCTUnwrap(privateOne["objectId"]?.stringValue, privateOne.text),
            try XCTUnwrap(readOnly["objectId"]?.stringValue, readOnly.text)
        )
    }

    func testARecordAnAppKeptPrivateIsNotListedFoundCountedOrShownToOthersOnThePages() async throws {
        try await withParseAPI { world in
            let (_, privateId, _) = try await Self.seed(world)
            // A change, so the private to-do has History entries to hide.
            let renamed = try await world.owner.put(
                "/parse/classes/TodoListItem/\(privateId)", json(["description": "Balloons on Friday"]))
            XCTAssertEqual(renamed.status, .ok, renamed.text)
            for (name, role) in [("Vi", "viewer"), ("Ed", "editor")] {
                let person = world.browser.another()
                _ = try await person.signIn(name, ParseAPIWorld.passwords[name]!)
                let list = try await person.get("/todos").text
                XCTAssertTrue(list.contains("Shared chores"), "\(role): \(list)")
                XCTAssertTrue(list.contains("Fixed shopping list"), role)
                XCTAssertFalse(list.contains("Surprise party"), "\(role) does not see the private to-do listed")
                XCTAssertFalse(list.contains("3 to-dos"), "\(role)'s count leaves it out")
                let search = try await person.get("/todos?q=surprise").text
                XCTAssertFalse(search.contains("Surprise party plan"), "\(role) does not find it")
                XCTAssertTrue(search.contains("No to-dos match"), search)
                let page = try await person.get("/todos/\(privateId)")
                XCTAssertEqual(page.status, .notFound, "\(role) cannot open it")
                XCTAssertFalse(page.text.contains("Surprise party"))
                let history = try await person.get("/todos/\(privateId)/history")
                XCTAssertEqual(history.status, .notFound, "\(role) cannot read its history")
                let home = try await person.get("/").text
                XCTAssertFalse(home.contains("Surprise party"), role)
            }
            let owner = world.browser
            let list = try await owner.get("/todos").text
            XCTAssertTrue(list.contains("Surprise party plan"), "the person the ACL names sees it")
            let search = try await owner.get("/todos?q=surprise").text
            XCTAssertTrue(search.contains("Surprise party plan"), search)
            let page = try await owner.get("/todos/\(privateId)")
            XCTAssertEqual(page.status, .ok)
        }
    }

    func testARecordOthersMayOnlyReadCannotBeChangedOrDeletedThroughTheForms() async throws {
        try await withParseAPI { world in
            let (_, privateId, readOnlyId) = try await Self.seed(world)
            let editor = world.browser.another()
            _ = try await editor.signIn("Ed", ParseAPIWorld.passwords["Ed"]!)
            let loaded = try await editor.loadedVersion(of: "/todos/\(readOnlyId)/edit")
            let edited = try await editor.post(
                "/todos/\(readOnlyId)", form: [("title", "Changed by Ed"), ("description", "")] + loaded)
            XCTAssertNotEqual(edited.status, .seeOther, edited.text)
            let deleted = try await editor.post("/todos/\(readOnlyId)/delete", form: [])
            XCTAssertNotEqual(deleted.status, .seeOther, deleted.text)
            let deletedPrivate = try await editor.post("/todos/\(privateId)/delete", form: [])
            XCTAssertNotEqual(deletedPrivate.status, .seeOther, deletedPrivate.text)
            let ticked = try await editor.post("/todos/\(readOnlyId)/done", form: [("done", "true")])
            XCTAssertNotEqual(ticked.status, .seeOther, ticked.text)
            for (id, title) in [(readOnlyId, "Fixed shopping list"), (privateId, "Surprise party plan")] {
                let stored = try await world.master.get("/parse/classes/TodoListItem/\(id)")
                XCTAssertEqual(stored["title"], .string(title), "unchanged and not deleted: \(stored.text)")
                XCTAssertNotEqual(stored["done"], .boolean(true))
            }
            // The owner, whom the ACLs name, changes it through the same form.
            let owner = world.browser
            let ownerLoaded = try await owner.loadedVersion(of: "/todos/\(readOnlyId)/edit")
            let saved = try await owner.post(
                "/todos/\(readOnlyId)", form: [("title", "Changed by Ana"), ("description", "")] + ownerLoaded)
            XCTAssertEqual(saved.status, .seeOther, saved.text)
            let stored = try await world.master.get("/parse/classes/TodoListItem/\(readOnlyId)")
            XCTAssertEqual(stored["title"], "Changed by Ana")
            // Deleted, the private one is in the trash for its owner only.
            let gone = try await world.owner.delete("/parse/classes/TodoListItem/\(privateId)")
            XCTAssertEqual(gone.status, .ok, gone.text)
            let editorsTrash = try await editor.get("/trash").text
            XCTAssertFalse(editorsTrash.contains("Surprise party plan"), editorsTrash)
            let ownersTrash = try await owner.get("/trash").text
            XCTAssertTrue(ownersTrash.contains("Surprise party plan"), ownersTrash)
        }
    }
}
