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
            // Knowing the trash item's id does not let anyone else restore it or delete it for good.
            let itemId = try XCTUnwrap(
                ownersTrash.firstMatch(of: /action="\/trash\/([A-Za-z0-9]{10})\/restore"/)?.1, ownersTrash)
            let restored = try await editor.post("/trash/\(itemId)/restore", form: [])
            XCTAssertNotEqual(restored.headers[.location], "/todos/\(privateId)", restored.text)
            let stillGone = try await world.master.get("/parse/classes/TodoListItem/\(privateId)")
            XCTAssertEqual(stillGone.code, 101, "the private to-do stays deleted: \(stillGone.text)")
            let ownersTrashAgain = try await owner.get("/trash").text
            XCTAssertTrue(ownersTrashAgain.contains("Surprise party plan"), "still in its owner's trash")
        }
    }

    /// One record of each app's class, made by the owner's app readable by everyone but changeable by her alone.
    private static let readOnlyRecords:
        [(className: String, path: String, thing: String, fields: [String: ParseValue])] = [
            ("TodoListItem", "/todos", "to-do", ["title": "Fixed shopping list"]),
            ("Recipe", "/recipes", "recipe", ["name": "Grandma’s fixed soup"]),
            ("Book", "/books", "book", ["title": "The fixed atlas"]),
        ]

    func testEveryAppsReadOnlyRecordOffersNoChangesAndRefusesThemInPlainWords() async throws {
        try await withParseAPI { world in
            let me = try await world.owner.get("/parse/users/me")
            let ownerId = try XCTUnwrap(me["objectId"]?.stringValue)
            let editor = world.browser.another()
            _ = try await editor.signIn("Ed", ParseAPIWorld.passwords["Ed"]!)
            for record in Self.readOnlyRecords {
                var fields = record.fields
                fields["ACL"] = .object(["*": ["read": true], ownerId: ["read": true, "write": true]])
                let made = try await world.owner.post(
                    "/parse/classes/\(record.className)",
                    ParseJSON.encode(.object(.init(uniqueKeysWithValues: fields.sorted { $0.key < $1.key }))))
                let id = try XCTUnwrap(made["objectId"]?.stringValue, made.text)
                let name = try XCTUnwrap(record.fields.values.first?.stringValue)
                let page = try await editor.get("\(record.path)/\(id)")
                XCTAssertEqual(page.status, .ok, "\(record.thing): the editor reads it")
                XCTAssertTrue(
                    page.text.contains("An app set this \(record.thing) up so that you can read it but not change"),
                    "\(record.thing): the page says why there are no buttons: \(page.text)")
                XCTAssertFalse(page.text.contains("\(record.path)/\(id)/edit"), "\(record.thing): no Edit link")
                XCTAssertFalse(page.text.contains("\(record.path)/\(id)/delete"), "\(record.thing): no Delete link")
                for form in ["edit", "delete"] {
                    let refused = try await editor.get("\(record.path)/\(id)/\(form)")
                    XCTAssertEqual(refused.status, .forbidden, "\(record.thing) \(form) form: \(refused.text)")
                    XCTAssertTrue(
                        refused.text.contains("Only some people can change this \(record.thing)"), refused.text)
                    XCTAssertTrue(refused.text.contains(name), "it is named: \(refused.text)")
                }
                let deleted = try await editor.post("\(record.path)/\(id)/delete", form: [])
                XCTAssertEqual(deleted.status, .forbidden, "\(record.thing) delete: \(deleted.text)")
                XCTAssertTrue(deleted.text.contains("Nothing was changed"), deleted.text)
                let stored = try await world.master.get("/parse/classes/\(record.className)/\(id)")
                XCTAssertEqual(stored.status, .ok, "\(record.thing) is still there")
                // The owner, whom the ACL names, gets the buttons and the forms as usual.
                let ownersPage = try await world.browser.get("\(record.path)/\(id)")
                XCTAssertTrue(ownersPage.text.contains("\(record.path)/\(id)/edit"), record.thing)
                XCTAssertFalse(ownersPage.text.contains("An app set this"), record.thing)
                let ownersForm = try await world.browser.get("\(record.path)/\(id)/edit")
                XCTAssertEqual(ownersForm.status, .ok, record.thing)
            }
        }
    }

    func testAnEditToAToDoThatBecameReadOnlyWhileItsFormWasOpenIsRefusedInPlainWords() async throws {
        try await withParseAPI { world in
            let me = try await world.owner.get("/parse/users/me")
            let ownerId = try XCTUnwrap(me["objectId"]?.stringValue)
            let made = try await world.owner.post("/parse/classes/TodoListItem", json(["title": "Water the plants"]))
            let id = try XCTUnwrap(made["objectId"]?.stringValue)
            let editor = world.browser.another()
            _ = try await editor.signIn("Ed", ParseAPIWorld.passwords["Ed"]!)
            let loaded = try await editor.loadedVersion(of: "/todos/\(id)/edit")
            let locked = try await world.owner.put(
                "/parse/classes/TodoListItem/\(id)",
                json(["ACL": ["*": ["read": true], .init(stringLiteral: ownerId): ["read": true, "write": true]]]))
            XCTAssertEqual(locked.status, .ok, locked.text)
            let saved = try await editor.post(
                "/todos/\(id)", form: [("title", "Water the plants twice"), ("description", "")] + loaded)
            XCTAssertEqual(saved.status, .forbidden, saved.text)
            XCTAssertTrue(saved.text.contains("“Water the plants” was set up by an app"), saved.text)
            XCTAssertTrue(saved.text.contains("href=\"/todos/\(id)\""), "a way back to the to-do: \(saved.text)")
            let ticked = try await editor.post("/todos/\(id)/done", form: [("done", "1")])
            XCTAssertEqual(ticked.status, .forbidden, ticked.text)
            let stored = try await world.master.get("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(stored["title"], "Water the plants")
            XCTAssertNotEqual(stored["done"], .boolean(true))
        }
    }

    func testTheHistoryOfADeletedPrivateRecordStaysWithThePeopleItsACLNamed() async throws {
        try await withParseAPI { world in
            let (_, privateId, _) = try await Self.seed(world)
            let renamed = try await world.owner.put(
                "/parse/classes/TodoListItem/\(privateId)", json(["description": "Balloons on Friday"]))
            XCTAssertEqual(renamed.status, .ok, renamed.text)
            // Deleted through the owner's page, so every kind of entry is there: added, edited, deleted.
            let owner = world.browser
            let deleted = try await owner.post("/todos/\(privateId)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther, deleted.text)
            let ownersHistory = try await owner.get("/todos/\(privateId)/history")
            XCTAssertEqual(ownersHistory.status, .ok, "the owner still reads it")
            XCTAssertTrue(ownersHistory.text.contains("Balloons on Friday"), ownersHistory.text)
            for name in ["Vi", "Ed"] {
                let person = world.browser.another()
                _ = try await person.signIn(name, ParseAPIWorld.passwords[name]!)
                let history = try await person.get("/todos/\(privateId)/history")
                XCTAssertEqual(history.status, .notFound, "\(name): \(history.text)")
                XCTAssertFalse(history.text.contains("Balloons"), name)
            }
            // Through the API too: the entries answer as the record did.
            let entries = try await world.viewer.get(
                "/parse/classes/_History?where="
                    + (#"{"recordKey":"TodoListItem:\#(privateId)"}"#
                        .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            XCTAssertFalse(entries.text.contains("Balloons"), entries.text)
        }
    }
}
