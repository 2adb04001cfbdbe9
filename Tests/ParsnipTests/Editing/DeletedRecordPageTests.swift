import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The address of a deleted record says who deleted it, when, that it is in the trash, and offers Restore to those
/// who may edit — for every kind of record and every page of it but its History, which stays readable.
final class DeletedRecordPageTests: XCTestCase {
    func testEveryPageOfEveryKindOfDeletedRecordSaysItIsInTheTrash() async throws {
        try await withApp { browser in
            try await browser.addTodo("Renew the passport")
            let todo = try await browser.todoId(titled: "Renew the passport")
            let recipe = try await browser.addRecipe()
            let catalogue = try await browser.addCatalogue()
            let book = try await browser.addBook(bookForm(genre: catalogue.genre, authors: catalogue.authors))
            let spare = try await browser.addEntry(.publisher, "Gollancz")
            let deletions: [(path: String, kind: String, pages: [String])] = [
                ("/todos/\(todo)", "to-do", ["", "/edit", "/delete"]),
                ("/recipes/\(recipe)", "recipe", ["", "/edit"]),
                ("/books/\(book)", "book", ["", "/edit"]),
                ("/publishers/\(spare)", "publisher", [""]),
            ]
            for deletion in deletions {
                let deleted = try await browser.post(deletion.path + "/delete", form: [])
                XCTAssertEqual(deleted.status, .seeOther, deletion.path)
                for page in deletion.pages {
                    let shown = try await browser.get(deletion.path + page)
                    XCTAssertEqual(shown.status, .notFound, deletion.path + page)
                    XCTAssertTrue(
                        shown.text.contains("<h1>This \(deletion.kind) was deleted</h1>"), deletion.path + page)
                    XCTAssertTrue(shown.text.contains("Someone deleted it at 10:20."), deletion.path + page)
                    XCTAssertTrue(shown.text.contains("It is in the trash, where it can be restored as it was."))
                    XCTAssertTrue(shown.text.contains(">Restore it</button>"), deletion.path + page)
                    XCTAssertEqual(shown.headers[.cacheControl], "no-store")
                }
                // Its History stays readable, the deletion last.
                let history = try await browser.get(deletion.path + "/history")
                XCTAssertEqual(history.status, .ok, deletion.path)
            }
        }
    }

    func testRestoreOnTheDeletedPageBringsItBack() async throws {
        try await withApp { browser in
            try await browser.addTodo("Call the plumber")
            let id = try await browser.todoId(titled: "Call the plumber")
            try await browser.post("/todos/\(id)/delete", form: [])
            // A browser that never had a form of this Parsnip (a link opened on another device) gets one here.
            let elsewhere = Browser(client: browser.client)
            let gone = try await elsewhere.get("/todos/\(id)").text
            let action = try XCTUnwrap(gone.firstMatch(of: /<form method="post" action="(\/trash\/[^"]+\/restore)"/)?.1)
            let restored = try await elsewhere.post(String(action), form: [])
            XCTAssertEqual(restored.status, .seeOther)
            let back = try await browser.get("/todos/\(id)")
            XCTAssertEqual(back.status, .ok)
            XCTAssertTrue(back.text.contains("Call the plumber"))
        }
    }

    func testAViewerIsToldWhoDeletedItButOfferedNoRestore() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            try await ana.addPerson("Bea", "bea's password", role: .viewer)
            try await ana.addTodo("Mend the fence")
            let id = try await ana.todoId(titled: "Mend the fence")
            try await ana.post("/todos/\(id)/delete", form: [])
            let bea = Browser(client: ana.client)
            try await bea.signIn("Bea", "bea's password")
            let page = try await bea.get("/todos/\(id)").text
            XCTAssertTrue(page.contains("Ana deleted it at 10:20."), page)
            XCTAssertFalse(page.contains("Restore it"))
            XCTAssertTrue(page.contains("Someone who can edit can restore it from the trash."))
        }
    }

    func testAnAddressThatNeverHeldARecordIsTheOrdinaryNotFoundPage() async throws {
        try await withApp { browser in
            for path in ["/todos/AbCdE12345", "/books/AbCdE12345/edit", "/genres/AbCdE12345", "/nowhere/AbCdE12345"] {
                let page = try await browser.get(path)
                XCTAssertEqual(page.status, .notFound, path)
                XCTAssertTrue(page.text.contains("<h1>Page not found</h1>"), path)
            }
        }
    }
}
