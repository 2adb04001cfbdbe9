import Foundation
import XCTest

@testable import Parsnip

/// Every record page links to its History; each change is listed newest first in plain words, and undoing a whole
/// change or one field of it is a new change that meets the ordinary merge rules.
final class HistoryTests: XCTestCase {
    /// The revert form actions on a History page, newest change first (one per change, then per field).
    static func undoActions(in html: String) -> [String] {
        var actions: [String] = []
        for match in html.matches(of: /action="(\/[a-z]+\/[A-Za-z0-9]+\/history\/[A-Za-z0-9]+\/revert)"/) {
            let action = String(match.1)
            if !actions.contains(action) { actions.append(action) }
        }
        return actions
    }

    /// Which change's undo button to take.
    enum Which { case newest, oldest }

    /// The revert action of the newest or oldest undoable change on the History page at `path`.
    static func undoAction(_ browser: Browser, _ path: String, _ which: Which) async throws -> String {
        let actions = undoActions(in: try await browser.get(path).text)
        return try XCTUnwrap(which == .newest ? actions.first : actions.last, "no undo button on \(path)")
    }

    /// Saves the to-do `id`'s edit form with `title` and `description`, as loaded now.
    static func editTodo(_ browser: Browser, _ id: String, title: String, description: String) async throws {
        let base = try await browser.loadedVersion(of: "/todos/\(id)/edit")
        let saved = try await browser.post(
            "/todos/\(id)", form: [("title", title), ("description", description)] + base)
        XCTAssertEqual(saved.status, .seeOther, saved.text)
    }

    func testARecipesHistoryListsEachPriceChangeNewestFirstWithWhoAndWhen() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            let id = try await ana.addRecipe(recipeForm([("name", "Pea soup"), ("price", "3.50")]))
            try await ana.updateRecipe(id, recipeForm([("name", "Pea soup"), ("price", "4.00")]))
            try await ana.updateRecipe(id, recipeForm([("name", "Pea soup"), ("price", "4.25")]))
            let recipe = try await ana.get("/recipes/\(id)").text
            XCTAssertTrue(recipe.contains(#"<a href="/recipes/\#(id)/history">History</a>"#), "linked from its page")

            let history = try await ana.get("/recipes/\(id)/history")
            XCTAssertEqual(history.status, .ok)
            XCTAssertTrue(history.text.contains("History of “Pea soup”"))
            let newest = try XCTUnwrap(history.text.range(of: #"4.00 <span aria-label="changed to">→</span> 4.25"#))
            let older = try XCTUnwrap(history.text.range(of: #"3.50 <span aria-label="changed to">→</span> 4.00"#))
            let added = try XCTUnwrap(history.text.range(of: "<strong>Added</strong> · Ana"))
            XCTAssertLessThan(newest.lowerBound, older.lowerBound, "newest first")
            XCTAssertLessThan(older.lowerBound, added.lowerBound, "the creation last")
            XCTAssertTrue(history.text.contains(#"<strong>Changed</strong> · Ana · <span class="history-when">"#))
            XCTAssertEqual(Self.undoActions(in: history.text).count, 2, "each edit can be undone, not the creation")
        }
    }

    func testUndoingTheFirstPriceChangeAfterASecondOneAsksWhichPriceToKeepAndThenPutsItBack() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            let id = try await ana.addRecipe(recipeForm([("name", "Pea soup"), ("price", "3.50")]))
            try await ana.updateRecipe(id, recipeForm([("name", "Pea soup"), ("price", "4.00")]))
            try await ana.updateRecipe(id, recipeForm([("name", "Pea soup"), ("price", "4.25")]))
            let first = try await Self.undoAction(ana, "/recipes/\(id)/history", .oldest)

            let asked = try await ana.post(first, form: [])
            XCTAssertEqual(asked.status, .conflict, "the price changed again since: the person chooses")
            XCTAssertTrue(asked.text.contains("Ana changed this recipe again since"))
            XCTAssertTrue(asked.text.contains(#"<span class="conflict-line">3.50</span>"#))
            XCTAssertTrue(asked.text.contains(#"<span class="conflict-line">4.25</span>"#))
            let unchanged = try await ana.get("/recipes/\(id)").text
            XCTAssertTrue(unchanged.contains("4.25"), "nothing is written before the choice")

            let chosen = try await ana.post(first, form: hiddenFields(in: asked.text) + [("_pick_price", "mine")])
            XCTAssertEqual(chosen.status, .seeOther, chosen.text)
            XCTAssertEqual(chosen.headers[.location], "/recipes/\(id)/history")
            let history = try await ana.get("/recipes/\(id)/history").text
            XCTAssertTrue(history.contains("Put back Price of “Pea soup”."))
            XCTAssertTrue(history.contains("<strong>Undid the change of "), "the revert is a new change")
            XCTAssertTrue(history.contains(#"4.25 <span aria-label="changed to">→</span> 3.50"#))
            XCTAssertTrue(history.contains(#"3.50 <span aria-label="changed to">→</span> 4.00"#), "never rewritten")
            let value = try await ana.get("/recipes/\(id)").text.contains("3.50")
            XCTAssertTrue(value)
        }
    }

    func testKeepingTheNewerValueOnTheRevertQuestionChangesNothing() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe(recipeForm([("price", "3.50")]))
            try await browser.updateRecipe(id, recipeForm([("price", "4.00")]))
            try await browser.updateRecipe(id, recipeForm([("price", "4.25")]))
            let first = try await Self.undoAction(browser, "/recipes/\(id)/history", .oldest)
            let asked = try await browser.post(first, form: [])
            let kept = try await browser.post(first, form: hiddenFields(in: asked.text) + [("_pick_price", "theirs")])
            XCTAssertEqual(kept.status, .seeOther)
            let history = try await browser.get("/recipes/\(id)/history").text
            XCTAssertTrue(history.contains("Nothing was put back: “Pancakes” keeps the values saved later."), history)
            XCTAssertFalse(history.contains("<strong>Undid"), "no change was made")
        }
    }

    func testUndoingAToDoChangeNobodyChangedSincePutsBackEveryFieldItChanged() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk", "Semi-skimmed")
            let id = try await browser.newestId()
            try await Self.editTodo(browser, id, title: "Buy oat milk", description: "Two cartons")
            let edit = try await browser.get("/todos/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"<a href="/todos/\#(id)/history">History</a>"#))

            let history = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains(#"Buy milk <span aria-label="changed to">→</span> Buy oat milk"#))
            let undo = try XCTUnwrap(Self.undoActions(in: history).first)
            let undone = try await browser.post(undo, form: [])
            XCTAssertEqual(undone.status, .seeOther, undone.text)
            let again = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(again.contains("Put back Title and Description of “Buy milk”."), again)
            let after = try await browser.get("/todos/\(id)/edit").text
            XCTAssertTrue(after.contains(#"value="Buy milk""#))
            XCTAssertTrue(after.contains("Semi-skimmed"))
        }
    }

    func testPuttingBackOneFieldOfAChangeKeepsItsOtherFields() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk", "Semi-skimmed")
            let id = try await browser.newestId()
            try await Self.editTodo(browser, id, title: "Buy oat milk", description: "Two cartons")
            let history = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains(#"<input type="hidden" name="field" value="description">"#))
            let undo = try XCTUnwrap(Self.undoActions(in: history).first)
            let undone = try await browser.post(undo, form: [("field", "description")])
            XCTAssertEqual(undone.status, .seeOther, undone.text)
            let after = try await browser.get("/todos/\(id)/edit").text
            XCTAssertTrue(after.contains(#"value="Buy oat milk""#), "the title stays as changed")
            XCTAssertTrue(after.contains("Semi-skimmed"), "the description is back")
            let unknown = try await browser.post(undo, form: [("field", "colour")])
            XCTAssertEqual(unknown.status, .badRequest)
        }
    }

    func testUndoingAnEditThatAddedAnAuthorRemovesOnlyThatAuthorAndKeepsLaterChanges() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let (leGuin, butler) = (catalogue.authors[0], catalogue.authors[1])
            let id = try await browser.addBook(bookForm(genre: catalogue.genre, authors: [leGuin]))
            let base = try await browser.loadedVersion(of: "/books/\(id)/edit")
            let added = try await browser.post(
                "/books/\(id)/edit", form: bookForm(genre: catalogue.genre, authors: [leGuin, butler]) + base)
            XCTAssertEqual(added.status, .seeOther, added.text)
            let laterBase = try await browser.loadedVersion(of: "/books/\(id)/edit")
            _ = try await browser.post(
                "/books/\(id)/edit",
                form: bookForm(
                    genre: catalogue.genre, authors: [leGuin, butler], publishers: [catalogue.publisher])
                    + laterBase)

            let book = try await browser.get("/books/\(id)").text
            XCTAssertTrue(book.contains(#"<a href="/books/\#(id)/history">History</a>"#))
            let history = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(history.contains(#"<span class="visually-hidden">added: </span>Octavia E. Butler"#))
            XCTAssertTrue(history.contains(#"<span class="visually-hidden">added: </span>Harper"#))
            let addingButler = try XCTUnwrap(Self.undoActions(in: history).last)
            let undone = try await browser.post(addingButler, form: [])
            XCTAssertEqual(undone.status, .seeOther, undone.text)
            let after = try await browser.get("/books/\(id)").text
            XCTAssertFalse(after.contains("Octavia E. Butler"), "the author that change added is gone")
            XCTAssertTrue(after.contains("Ursula K. Le Guin"))
            XCTAssertTrue(after.contains("Harper"), "the later change stays")
            let again = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(again.contains(#"<span class="visually-hidden">removed: </span>Octavia E. Butler"#))
        }
    }

    func testUndoingAGenreChangeWhenTheOldGenreIsGoneSaysSoAndChangesNothing() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let poetry = try await browser.addEntry(.genre, "Poetry")
            let id = try await browser.addBook(bookForm(genre: poetry))
            let base = try await browser.loadedVersion(of: "/books/\(id)/edit")
            _ = try await browser.post("/books/\(id)/edit", form: bookForm(genre: catalogue.genre) + base)
            let deleted = try await browser.post("/genres/\(poetry)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther, deleted.text)

            let undo = try await Self.undoAction(browser, "/books/\(id)/history", .newest)
            let refused = try await browser.post(undo, form: [])
            XCTAssertEqual(refused.status, .seeOther)
            let history = try await browser.get("/books/\(id)/history").text
            XCTAssertTrue(history.contains("The genre “Poetry” no longer exists, so it cannot be put back."), history)
            XCTAssertTrue(history.contains("Nothing was changed."))
            let value = try await browser.get("/books/\(id)").text.contains("Science fiction")
            XCTAssertTrue(value)
        }
    }

    func testWhoAddedARecordStaysInItsHistoryAfterSomeoneElseChangesIt() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            _ = try await ana.addPerson("Ben", "ben's password", role: .editor)
            try await ana.addTodo("Buy milk")
            let id = try await ana.newestId()
            let unchanged = try await ana.get("/todos/\(id)/history").text
            XCTAssertTrue(unchanged.contains("<strong>Added</strong> · Ana · "), "a record never changed")

            let ben = ana.another()
            _ = try await ben.signIn("Ben", "ben's password")
            try await Self.editTodo(ben, id, title: "Buy oat milk", description: "")
            let history = try await ben.get("/todos/\(id)/history").text
            let changed = try XCTUnwrap(history.range(of: "<strong>Changed</strong> · Ben · "))
            let added = try XCTUnwrap(history.range(of: "<strong>Added</strong> · Ana · "), "still Ana's addition")
            XCTAssertLessThan(changed.lowerBound, added.lowerBound, "the addition is the oldest entry")
            XCTAssertEqual(history.occurrences(of: "<strong>Added</strong>"), 1)
        }
    }

    func testAViewerReadsTheHistoryWithoutUndoButtonsAndCannotUndo() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            _ = try await ana.addPerson("Ben", "ben's password", role: .viewer)
            try await ana.addTodo("Buy milk")
            let id = try await ana.newestId()
            try await Self.editTodo(ana, id, title: "Buy oat milk", description: "")
            let undo = try await Self.undoAction(ana, "/todos/\(id)/history", .newest)

            let ben = ana.another()
            _ = try await ben.signIn("Ben", "ben's password")
            let history = try await ben.get("/todos/\(id)/history")
            XCTAssertEqual(history.status, .ok)
            XCTAssertTrue(history.text.contains(#"Buy milk <span aria-label="changed to">→</span> Buy oat milk"#))
            XCTAssertTrue(Self.undoActions(in: history.text).isEmpty, "no undo for a viewer")
            let refused = try await ben.post(undo, form: [])
            XCTAssertEqual(refused.status, .forbidden)
            let value = try await ana.get("/todos/\(id)/edit").text.contains(#"value="Buy oat milk""#)
            XCTAssertTrue(value)
        }
    }

    func testADeletedRecordsHistoryStaysReadableButNothingCanBePutBackUntilItIsRestored() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            try await Self.editTodo(browser, id, title: "Buy oat milk", description: "")
            let undo = try await Self.undoAction(browser, "/todos/\(id)/history", .newest)
            _ = try await browser.post("/todos/\(id)/delete", form: [])

            let history = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains("History of “Buy oat milk”"))
            XCTAssertTrue(history.contains("This to-do is deleted. Restore it from the Trash"))
            XCTAssertTrue(history.contains("<strong>Deleted (moved to the trash)</strong>"))
            XCTAssertTrue(Self.undoActions(in: history).isEmpty)
            let refused = try await browser.post(undo, form: [])
            XCTAssertEqual(refused.status, .seeOther)
            let told = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(told.contains("This to-do was deleted, so nothing can be put back."))
        }
    }

    func testHistoryAndRevertAnswerNotFoundOrBadRequestForWhatDoesNotFit() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            try await browser.addTodo("Post letters")
            let other = try await browser.newestId()
            try await Self.editTodo(browser, other, title: "Post parcels", description: "")
            let otherUndo = try await Self.undoAction(browser, "/todos/\(other)/history", .newest)
            let changeId = String(try XCTUnwrap(otherUndo.firstMatch(of: /history\/([A-Za-z0-9]+)\/revert/)).1)

            let missing = try await browser.get("/todos/NoSuchTodo1/history")
            XCTAssertEqual(missing.status, .notFound)
            let foreign = try await browser.post("/todos/\(id)/history/\(changeId)/revert", form: [])
            XCTAssertEqual(foreign.status, .notFound, "a change of another to-do")
            let asRecipe = try await browser.post("/recipes/\(other)/history/\(changeId)/revert", form: [])
            XCTAssertEqual(asRecipe.status, .notFound, "a to-do's change is no recipe's")
            let history = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains("<strong>Added</strong>"))
            XCTAssertTrue(Self.undoActions(in: history).isEmpty, "a creation is undone by deleting, not here")
        }
    }
}

/// Genres, authors and publishers have a History too: their renames, and putting an old name back.
final class CatalogueEntryHistoryTests: XCTestCase {
    func testAnAuthorsRenameIsListedAndItsOldNameCanBePutBackUnlessAnotherAuthorHasIt() async throws {
        try await withApp { browser in
            let id = try await browser.addEntry(.author, "Ursula Le Guin")
            let renamed = try await browser.post("/authors/\(id)", form: [("name", "Ursula K. Le Guin")])
            XCTAssertEqual(renamed.status, .seeOther, renamed.text)
            let page = try await browser.get("/authors/\(id)").text
            XCTAssertTrue(page.contains(#"<a href="/authors/\#(id)/history">History</a>"#))
            let history = try await browser.get("/authors/\(id)/history").text
            XCTAssertTrue(history.contains(#"Ursula Le Guin <span aria-label="changed to">→</span> Ursula K. Le Guin"#))
            let undo = try await HistoryTests.undoAction(browser, "/authors/\(id)/history", .newest)

            let other = try await browser.addEntry(.author, "Ursula Le Guin")
            let refused = try await browser.post(undo, form: [])
            XCTAssertEqual(refused.status, .seeOther)
            let told = try await browser.get("/authors/\(id)/history").text
            XCTAssertTrue(told.contains("Another author is called “Ursula Le Guin” now"), told)

            _ = try await browser.post("/authors/\(other)/delete", form: [])
            let undone = try await browser.post(undo, form: [])
            XCTAssertEqual(undone.status, .seeOther)
            let back = try await browser.get("/authors/\(id)/history").text
            XCTAssertTrue(back.contains("Put back Name of “Ursula Le Guin”."), back)
            XCTAssertTrue(back.contains("<strong>Undid the change of "))
        }
    }
}
