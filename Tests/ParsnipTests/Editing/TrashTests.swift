import Foundation
import XCTest

@testable import Parsnip

/// Deleting moves things to the trash: the next page offers Undo, the trash lists them, and restoring brings each
/// back exactly, or says in plain words why it cannot yet.
final class TrashTests: XCTestCase {
    /// The first `/trash/<id>/restore` form action on a page: the Undo button, or the newest trash row.
    static func restoreAction(in html: String) throws -> String {
        let match = try XCTUnwrap(
            html.firstMatch(of: /action="(\/trash\/[A-Za-z0-9]+\/restore)"/), "no Undo or Restore")
        return String(match.1)
    }

    func testDeletingAToDoOffersUndoThatBringsTheSameToDoBack() async throws {
        try await withApp { browser in
            try await browser.addTodo("Return library books", "Before Friday")
            let id = try await browser.newestId()
            let before = try await browser.get("/todos/\(id)/edit").text
            _ = try await browser.post("/todos/\(id)/delete", form: [])
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"role="status"><p>Deleted “Return library books”.</p>"#))
            XCTAssertTrue(list.contains(#"<button type="submit" class="button button-secondary">Undo</button>"#))
            XCTAssertFalse(list.contains(#"class="todo-title">Return library books</a>"#))
            let value1 = try await browser.get("/todos/\(id)/edit").status
            XCTAssertEqual(value1, .notFound, "gone while in the trash")

            let undone = try await browser.post(try Self.restoreAction(in: list), form: [])
            XCTAssertEqual(undone.status, .seeOther)
            let back = try await browser.get("/todos").text
            XCTAssertTrue(back.contains(#"role="status"><p>Restored “Return library books”.</p>"#))
            XCTAssertTrue(back.contains(#"class="todo-title">Return library books</a>"#))
            let edit = try await browser.get("/todos/\(id)/edit")
            XCTAssertEqual(edit.status, .ok, "the same objectId again")
            XCTAssertTrue(edit.text.contains("Before Friday"))
            XCTAssertEqual(try hiddenValue("_base", in: edit.text), try hiddenValue("_base", in: before))
            let value2 = try await browser.get("/trash").text.contains("The trash is empty.")
            XCTAssertTrue(value2)
        }
    }

    func testTheTrashListsWhatWasDeletedNewestFirstWithWhoAndRestoreBringsItBack() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let first = try await owner.addRecipe(recipeForm([("name", "Lemon tart")]))
            let second = try await owner.addRecipe(recipeForm([("name", "Pea soup")]))
            _ = try await owner.post("/recipes/\(first)/delete", form: [])
            _ = try await owner.post("/recipes/\(second)/delete", form: [])
            let trash = try await owner.get("/trash").text
            let soup = try XCTUnwrap(trash.range(of: "Pea soup"))
            let tart = try XCTUnwrap(trash.range(of: "Lemon tart"))
            XCTAssertLessThan(soup.lowerBound, tart.lowerBound, "newest first")
            XCTAssertTrue(trash.contains(#"<span class="trash-kind">Recipe</span>"#))
            XCTAssertTrue(trash.contains("Deleted by Ana at "))
            let restore = try XCTUnwrap(trash.firstMatch(of: /action="(\/trash\/[A-Za-z0-9]+\/restore)"/)).1
            let restored = try await owner.post(String(restore), form: [])
            XCTAssertEqual(restored.headers[.location], "/recipes/\(second)")
            let page = try await owner.get("/recipes/\(second)").text
            XCTAssertTrue(page.contains("Pea soup"))
            XCTAssertTrue(page.contains("Restored “Pea soup”."))
            let value3 = try await owner.get("/recipes/\(first)").status
            XCTAssertEqual(value3, .notFound, "the other stays in the trash")
        }
    }

    func testUndoingABookDeleteBringsBackItsAuthorsPublisherGenreAndISBN() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let id = try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]))
            let before = try await browser.get("/books/\(id)").text
            let deleted = try await browser.post("/books/\(id)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther, deleted.text)
            let list = try await browser.get("/books").text
            let authors = try await browser.get("/authors").text
            XCTAssertFalse(authors.contains("1 book"), "while in the trash the book counts nowhere")
            _ = try await browser.post(try Self.restoreAction(in: list), form: [])
            let after = try await browser.get("/books/\(id)").text
            for text in ["Ursula K. Le Guin", "Octavia E. Butler", "Harper", "Science fiction", "978-0-06-051275-0"] {
                XCTAssertTrue(after.contains(text), text)
            }
            XCTAssertEqual(
                before.replacingOccurrences(
                    of: #"(?s)<div class="flash".*?</div>"#, with: "", options: .regularExpression
                )
                .contains("The Dispossessed"), true)
            let value4 = try await browser.get("/genres/\(catalogue.genre)").text.contains("The Dispossessed")
            XCTAssertTrue(value4)
            let value5 = try await browser.get("/authors").text.contains("1 book")
            XCTAssertTrue(value5)
        }
    }

    func testABookWhoseGenreWasDeletedMeanwhileIsNotRestoredAndSaysWhy() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let id = try await browser.addBook(bookForm(genre: catalogue.genre))
            _ = try await browser.post("/books/\(id)/delete", form: [])
            let bookRestore = try Self.restoreAction(in: try await browser.get("/books").text)
            _ = try await browser.post("/genres/\(catalogue.genre)/delete", form: [])
            let refused = try await browser.post(bookRestore, form: [])
            XCTAssertEqual(refused.status, .conflict)
            XCTAssertTrue(refused.text.contains("<h1>“The Dispossessed” cannot be restored yet</h1>"))
            XCTAssertTrue(refused.text.contains("Its genre was deleted too."))
            let value6 = try await browser.get("/books/\(id)").status
            XCTAssertEqual(value6, .notFound, "nothing changed")

            let genreRestore = try Self.restoreAction(in: try await browser.get("/trash").text)
            _ = try await browser.post(genreRestore, form: [])
            let value7 = try await browser.post(bookRestore, form: []).status
            XCTAssertEqual(value7, .seeOther, "genre first, then the book")
            let value8 = try await browser.get("/books/\(id)").text.contains("Science fiction")
            XCTAssertTrue(value8)
        }
    }

    func testOnlyTheOwnerDeletesForeverOrEmptiesTheTrashAndBothAskFirst() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Ed", "password two", role: .editor)
            try await owner.addTodo("Spare keys")
            _ = try await owner.post("/todos/\(try await owner.newestId())/delete", form: [])
            let trash = try await owner.get("/trash").text
            let item = try XCTUnwrap(trash.firstMatch(of: /\/trash\/([A-Za-z0-9]+)\/restore/)).1

            let editor = owner.another()
            try await editor.signIn("Ed", "password two")
            let editorsTrash = try await editor.get("/trash").text
            XCTAssertTrue(editorsTrash.contains("Spare keys"))
            XCTAssertFalse(editorsTrash.contains("Delete forever"))
            let value9 = try await editor.post("/trash/\(item)/delete", form: []).status
            XCTAssertEqual(value9, .forbidden)
            let value10 = try await editor.post("/trash/empty", form: []).status
            XCTAssertEqual(value10, .forbidden)

            let ask = try await owner.get("/trash/\(item)/delete").text
            XCTAssertTrue(ask.contains("<h1>Delete “Spare keys” forever?</h1>"))
            let value11 = try await owner.get("/trash").text.contains("Spare keys")
            XCTAssertTrue(value11, "asking removes nothing")
            let value12 = try await owner.get("/trash/empty").text.contains("<h1>Empty the trash?</h1>")
            XCTAssertTrue(value12)
            _ = try await owner.post("/trash/empty", form: [])
            let value13 = try await owner.get("/trash").text.contains("The trash is empty.")
            XCTAssertTrue(value13)
            let gone = try await owner.post("/trash/\(item)/restore", form: [])
            XCTAssertEqual(gone.headers[.location], "/trash", "an item emptied away cannot come back")
        }
    }
}
