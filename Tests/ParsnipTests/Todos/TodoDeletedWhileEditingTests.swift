import Foundation
import XCTest

@testable import Parsnip

/// Saving the edit form of a to-do someone deleted meanwhile loses nothing: the page says who deleted it and when,
/// keeps everything typed, and offers "Save as a new to-do" and "Restore it with my changes".
final class TodoDeletedWhileEditingTests: XCTestCase {
    func testSavingAToDoDeletedMeanwhileSaysWhoDeletedItAndKeepsEverythingTyped() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            _ = try await ana.addPerson("Ben", "ben's password", role: .editor)
            try await ana.addTodo("Buy milk", "Semi-skimmed")
            let id = try await ana.newestId()
            let loaded = try await ana.loadedVersion(of: "/todos/\(id)/edit")
            let ben = ana.another()
            _ = try await ben.signIn("Ben", "ben's password")
            _ = try await ben.post("/todos/\(id)/delete", form: [])

            let saved = try await ana.post(
                "/todos/\(id)", form: [("title", "Buy oat milk"), ("description", "Two cartons\nBarista")] + loaded)
            XCTAssertEqual(saved.status, .conflict)
            XCTAssertTrue(saved.text.contains("Ben deleted this to-do "), saved.text)
            XCTAssertTrue(saved.text.contains("while you were editing."))
            XCTAssertTrue(saved.text.contains(#"value="Buy oat milk""#), "the typed title is kept")
            XCTAssertTrue(saved.text.contains("Two cartons\nBarista"), "the typed description is kept")
            XCTAssertTrue(saved.text.contains(#"<form class="form" method="post" action="/todos" novalidate>"#))
            XCTAssertTrue(saved.text.contains(#"<button type="submit" class="button">Save as a new to-do</button>"#))
            XCTAssertTrue(saved.text.contains(#"formaction="/todos/\#(id)/restore">Restore it with my changes"#))

            let empty = try await ana.post("/todos/\(id)", form: [("title", ""), ("description", "Kept")] + loaded)
            XCTAssertEqual(empty.status, .unprocessableContent, "a problem is shown on the same page")
            XCTAssertTrue(empty.text.contains("Ben deleted this to-do "))
            XCTAssertTrue(empty.text.contains("Kept"))
        }
    }

    func testSaveAsANewToDoAddsItWithTheTypedTextAndLeavesTheDeletedOneInTheTrash() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            let loaded = try await browser.loadedVersion(of: "/todos/\(id)/edit")
            _ = try await browser.post("/todos/\(id)/delete", form: [])
            let page = try await browser.post(
                "/todos/\(id)", form: [("title", "Buy oat milk"), ("description", "")] + loaded)
            XCTAssertEqual(page.status, .conflict)

            let added = try await browser.post("/todos", form: [("title", "Buy oat milk"), ("description", "")])
            XCTAssertEqual(added.status, .seeOther)
            let newId = try await browser.newestId()
            XCTAssertNotEqual(newId, id, "a new to-do")
            let trash = try await browser.get("/trash").text
            XCTAssertTrue(trash.contains("Buy milk"), "the deleted one stays in the trash")
        }
    }

    func testRestoreWithMyChangesBringsTheSameToDoBackWithTheTypedText() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk", "Semi-skimmed")
            let id = try await browser.newestId()
            let loaded = try await browser.loadedVersion(of: "/todos/\(id)/edit")
            _ = try await browser.post("/todos/\(id)/delete", form: [])
            _ = try await browser.post("/todos/\(id)", form: [("title", "Buy oat milk"), ("description", "")] + loaded)

            let restored = try await browser.post(
                "/todos/\(id)/restore", form: [("title", "Buy oat milk"), ("description", "Two cartons")])
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains("Restored “Buy oat milk” with your changes."))
            let edit = try await browser.get("/todos/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"value="Buy oat milk""#), "the same objectId, with the typed title")
            XCTAssertTrue(edit.contains("Two cartons"))
            let trash = try await browser.get("/trash").text
            XCTAssertTrue(trash.contains("The trash is empty."))
            let history = try await browser.get("/todos/\(id)/history").text
            for what in ["Changed", "Restored from the trash", "Deleted (moved to the trash)", "Added"] {
                XCTAssertTrue(history.contains("<strong>\(what)</strong>"), what)
            }
            let again = try await browser.post(
                "/todos/\(id)/restore", form: [("title", "Buy oat milk"), ("description", "")])
            XCTAssertEqual(again.status, .conflict, "restoring twice changes nothing")
            XCTAssertTrue(again.text.contains("Someone else restored this to-do meanwhile"))
        }
    }

    func testWhenTheTrashNoLongerHasItOnlySaveAsNewIsOffered() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            try await ana.addTodo("Buy milk")
            let id = try await ana.newestId()
            let loaded = try await ana.loadedVersion(of: "/todos/\(id)/edit")
            _ = try await ana.post("/todos/\(id)/delete", form: [])
            let emptied = try await ana.post("/trash/empty", form: [])
            XCTAssertEqual(emptied.status, .seeOther)

            let saved = try await ana.post(
                "/todos/\(id)", form: [("title", "Buy oat milk"), ("description", "")] + loaded)
            XCTAssertEqual(saved.status, .conflict)
            XCTAssertTrue(saved.text.contains("This to-do was deleted while you were editing."))
            XCTAssertTrue(saved.text.contains("Save as a new to-do"))
            XCTAssertFalse(saved.text.contains("Restore it with my changes"))
        }
    }
}
