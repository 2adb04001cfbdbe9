import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// One truth: what an app writes through the API shows at once on the pages and goes through the pages' write path
/// — who changed it, its history, the trash and Undo.
final class ParseAPIOneTruthTests: XCTestCase {
    func testAnAPIWriteShowsAtOnceOnTheListThePagesHadCached() async throws {
        try await withParseAPI { world in
            let before = try await world.browser.get("/todos")
            XCTAssertFalse(before.text.contains("Walk the dog"))
            _ = try await world.browser.get("/todos")
            let created = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Walk the dog"]))
            let id = try XCTUnwrap(created["objectId"]?.stringValue)
            let after = try await world.browser.get("/todos")
            XCTAssertTrue(after.text.contains("Walk the dog"), "the cached list moved on")
            _ = try await world.editor.put("/parse/classes/TodoListItem/\(id)", json(["title": "Walk the cat"]))
            let changed = try await world.browser.get("/todos")
            XCTAssertTrue(changed.text.contains("Walk the cat"))
            let found = try await world.browser.get("/todos?q=cat")
            XCTAssertTrue(found.text.contains("Walk the cat"), "the search index follows API writes")
        }
    }

    /// The recipe and book lists read only the fields their rows show; on a fresh database an app's first record
    /// has only some of those fields as columns, and the lists still show it, then every field as it appears.
    func testTheListsShowAnAppsFirstRecordsWhateverFieldsTheirClassesHaveYet() async throws {
        try await withParseAPI { world in
            _ = try await world.editor.post("/parse/classes/Recipe", json(["name": "Plain toast"]))
            _ = try await world.editor.post("/parse/classes/Book", json(["title": "Untitled notes"]))
            let recipes = try await world.browser.get("/recipes?v=1")
            XCTAssertEqual(recipes.status, .ok)
            XCTAssertTrue(recipes.text.contains("Plain toast"), recipes.text)
            let books = try await world.browser.get("/books?v=1")
            XCTAssertEqual(books.status, .ok)
            XCTAssertTrue(books.text.contains("Untitled notes"), books.text)
            _ = try await world.editor.post("/parse/classes/Recipe", json(["name": "Fancy toast", "servings": 3]))
            _ = try await world.editor.post(
                "/parse/classes/Book", json(["title": "Dated notes", "publishingYear": 1987]))
            let moreRecipes = try await world.browser.get("/recipes?v=2").text
            XCTAssertTrue(moreRecipes.contains("Fancy toast") && moreRecipes.contains("Plain toast"), moreRecipes)
            let moreBooks = try await world.browser.get("/books?v=2").text
            XCTAssertTrue(moreBooks.contains("1987") && moreBooks.contains("Untitled notes"), moreBooks)
        }
    }

    func testARepeatedQueryFollowsChangesMadeOnThePagesAndToRoles() async throws {
        try await withParseAPI { world in
            let path = "/parse/classes/TodoListItem?order=title&keys=title"
            for _ in 0..<2 {
                let empty = try await world.viewer.get(path)
                XCTAssertEqual(empty.results.count, 0)
            }
            try await world.browser.addTodo("Added on a page")
            let one = try await world.viewer.get(path)
            XCTAssertEqual(one.results.map { $0["title"] }, ["Added on a page"], "the kept answer was not reused")
            _ = try await world.viewer.get(path)
            let me = try await world.viewer.get("/parse/users/me")
            let viewerId = try XCTUnwrap(me["objectId"]?.stringValue)
            let removed = try await world.browser.post("/people/\(viewerId)/remove", form: [])
            XCTAssertEqual(removed.status, .seeOther)
            let gone = try await world.viewer.get(path)
            XCTAssertEqual(gone.code, 209, "a removed person's session no longer answers from the cache")
            let edited = try await world.editor.get(path)
            XCTAssertEqual(edited.results.count, 1)
        }
    }

    func testAnAPIChangeIsStampedWithItsPersonAndKeptInTheRecordsHistory() async throws {
        try await withParseAPI { world in
            let created = try await world.owner.post("/parse/classes/TodoListItem", json(["title": "Pay the rent"]))
            let id = try XCTUnwrap(created["objectId"]?.stringValue)
            _ = try await world.editor.put("/parse/classes/TodoListItem/\(id)", json(["title": "Pay the rent today"]))
            let object = try await world.master.get("/parse/classes/TodoListItem/\(id)?include=updatedBy")
            XCTAssertEqual(object["updatedBy"]?.includedObjectValue?["username"], "Ed")
            let history = try await world.browser.get("/todos/\(id)/history")
            XCTAssertEqual(history.status, .ok)
            XCTAssertTrue(history.text.contains("Pay the rent today"), history.text)
            // Every page's header names the signed-in person; the entries are read from the page's main part.
            let entries = try XCTUnwrap(history.text.components(separatedBy: "<main").last)
            XCTAssertTrue(entries.contains("Ed"), entries)
            XCTAssertTrue(
                entries.contains("<strong>Added</strong> · Ana ·"), "the Added entry names who added it: \(entries)")
            XCTAssertTrue(entries.contains("<strong>Changed</strong> · Ed ·"), entries)
        }
    }

    func testAnAPIDeleteGoesToTheTrashAndComesBackFromIt() async throws {
        try await withParseAPI { world in
            let created = try await world.editor.post("/parse/classes/Recipe", json(["name": "Pancakes"]))
            let id = try XCTUnwrap(created["objectId"]?.stringValue)
            _ = try await world.editor.delete("/parse/classes/Recipe/\(id)")
            let trash = try await world.browser.get("/trash")
            XCTAssertTrue(trash.text.contains("Pancakes"), "the trash lists it")
            let items = try await world.store.read { try $0.find(ParseQuery(TrashBin.className)) }
            let item = try XCTUnwrap(items.first)
            let restored = try await world.browser.post("/trash/\(item.objectId)/restore", form: [])
            XCTAssertEqual(restored.status, .seeOther)
            let back = try await world.viewer.get("/parse/classes/Recipe/\(id)")
            XCTAssertEqual(back["name"], "Pancakes", "the same object, under the same objectId")
        }
    }
}
