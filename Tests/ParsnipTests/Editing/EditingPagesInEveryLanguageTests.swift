import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The shared editing pages — History, the conflict page (of a save and of an undo), the unsaved-changes question,
/// the Trash with its questions and refusals — in each of the six languages, with no English sentence of
/// `Locales/en/editing.json` left on a page in another language.
final class EditingPagesInEveryLanguageTests: XCTestCase {
    func testHistoryConflictUnsavedChangesAndTrashPagesSpeakEachLanguage() async throws {
        let english = try AccountCatalogue.englishSentences(of: ["editing.json"])
        XCTAssertGreaterThan(english.count, 60, "the English sentences were read")
        for language in Language.allCases {
            try await withApp(settings: signInSettings()) { ana in
                ana.cookies[LanguageChoice.cookieName] = language.rawValue
                try await ana.setUpOwner()
                try await Self.walkHistoryAndConflicts(ana, in: language, without: english)
                try await Self.walkUnsavedChanges(ana, in: language, without: english)
                try await Self.walkTrash(ana, in: language, without: english)
            }
        }
    }

    /// A to-do changed twice: its History, the conflict page of a save made from before, and the one of undoing
    /// the first change.
    private static func walkHistoryAndConflicts(_ ana: Browser, in language: Language, without english: Set<String>)
        async throws
    {
        let check = { (html: String, what: String) in
            AccountCatalogue.assertSpeaks(language, html, without: english, what)
        }
        let says = { (html: String, key: String, arguments: [String: String], counts: [String: Int], what: String) in
            AccountCatalogue.assertSays(html, key, in: language, arguments, counts: counts, on: what)
        }
        try await ana.addTodo("Buy milk", "Semi-skimmed")
        let id = try await ana.newestId()
        let loaded = try await ana.loadedVersion(of: "/todos/\(id)/edit")
        try await HistoryTests.editTodo(ana, id, title: "Buy oat milk", description: "Two cartons")

        let history = try await ana.get("/todos/\(id)/history").text
        check(history, "the History page")
        says(history, "editing.history.title", ["name": "Buy oat milk"], [:], "the History heading")
        says(history, "editing.history.leadYears", [:], ["years": 1], "the History lead")
        says(history, "editing.history.changed", [:], [:], "a change")
        says(history, "editing.history.added", [:], [:], "the addition")
        says(history, "editing.history.undo", [:], [:], "the undo button")
        says(history, "editing.history.putBack", [:], [:], "a field's put-back button")
        says(history, "errors.readOnly.back", ["kind": "todo"], [:], "the link back")
        says(history, "editing.history.changedTo", [:], [:], "the arrow's words")

        let clash = try await ana.post(
            "/todos/\(id)", form: [("title", "Buy soy milk"), ("description", "Oat")] + loaded)
        XCTAssertEqual(clash.status, .conflict, "\(language): \(clash.text)")
        check(clash.text, "the conflict page")
        says(clash.text, "editing.conflict.heading", ["name": "Ana", "kind": "todo"], [:], "the conflict heading")
        says(clash.text, "editing.conflict.intro", [:], ["count": 2], "the conflict lead")
        says(clash.text, "editing.conflict.keepYours", [:], [:], "the first choice")
        says(clash.text, "editing.conflict.keepSaved", [:], [:], "the second choice")
        says(clash.text, "editing.conflict.save", [:], [:], "the button")
        // One field chosen, the other not: asked again, with what is missing.
        let unchosen = try await ana.post(
            "/todos/\(id)", form: hiddenFields(in: clash.text) + [("\(EditBase.choicePrefix)title", "mine")])
        XCTAssertEqual(unchosen.status, .conflict)
        check(unchosen.text, "the conflict page sent without a choice")
        says(unchosen.text, "editing.conflict.chooseEach", [:], [:], "the missing choice")

        try await HistoryTests.editTodo(ana, id, title: "Buy rice milk", description: "Two cartons")
        let first = try await HistoryTests.undoAction(ana, "/todos/\(id)/history", .oldest)
        let again = try await ana.post(first, form: [])
        XCTAssertEqual(again.status, .conflict, "\(language): the title changed again since")
        check(again.text, "the conflict page of an undo")
        says(again.text, "editing.conflict.againHeading", ["name": "Ana", "kind": "todo"], [:], "its heading")
        says(again.text, "editing.conflict.againIntro", [:], ["count": 1], "its lead")
        says(again.text, "editing.conflict.keepAll", [:], [:], "its way out")

        let newest = try await HistoryTests.undoAction(ana, "/todos/\(id)/history", .newest)
        let undone = try await ana.post(newest, form: [])
        XCTAssertEqual(undone.status, .seeOther, "\(language): \(undone.text)")
        let afterUndo = try await ana.get("/todos/\(id)/history").text
        check(afterUndo, "the History page after an undo")
        XCTAssertTrue(afterUndo.contains(#"<div class="flash" role="status">"#), "\(language): the undo is confirmed")
    }

    /// The recipe editor left for another recipe with a changed name: the question whether to save.
    private static func walkUnsavedChanges(_ ana: Browser, in language: Language, without english: Set<String>)
        async throws
    {
        let ids = try await ana.addRecipes(["Soup", "Pancakes"])
        let editor = try await ana.get("/recipes/\(ids[0])/edit").text
        let form = try XCTUnwrap(FormReplay(editor, submittingTo: "/recipes/\(ids[0])/leave"), "no leave button")
        let typed = form.fields.filter { $0.0 != "name" } + [("name", "Tomato soup")]
        let asked = try await ana.post(
            "/recipes/\(ids[0])/leave", form: typed + [("leave-to", "/recipes/\(ids[1])/edit")])
        XCTAssertEqual(asked.status, .ok)
        AccountCatalogue.assertSpeaks(language, asked.text, without: english, "the unsaved-changes question")
        for key in ["editing.unsaved.heading", "editing.unsaved.stayHint"] {
            AccountCatalogue.assertSays(asked.text, key, in: language, ["name": "Soup"], on: "the question")
        }
        for key in ["editing.unsaved.save", "editing.unsaved.discard", "editing.unsaved.stay"] {
            AccountCatalogue.assertSays(asked.text, key, in: language, on: "the question's answers")
        }
    }

    /// A to-do and a book in the Trash, the book's refused restore, the owner's two questions, the emptying.
    private static func walkTrash(_ ana: Browser, in language: Language, without english: Set<String>) async throws {
        let check = { (html: String, what: String) in
            AccountCatalogue.assertSpeaks(language, html, without: english, what)
        }
        try await ana.addTodo("Spare keys")
        let keys = try await ana.newestId()
        _ = try await ana.post("/todos/\(keys)/delete", form: [])
        let catalogue = try await ana.addCatalogue()
        let book = try await ana.addBook(bookForm(genre: catalogue.genre))
        _ = try await ana.post("/books/\(book)/delete", form: [])
        let bookRestore = try TrashTests.restoreAction(in: try await ana.get("/trash").text)
        _ = try await ana.post("/genres/\(catalogue.genre)/delete", form: [])

        let trash = try await ana.get("/trash").text
        check(trash, "the Trash")
        AccountCatalogue.assertSays(trash, "editing.trash.lead", in: language, counts: ["days": 30], on: "the Trash")
        for kind in ["todo", "book", "genre"] {
            AccountCatalogue.assertSays(trash, "editing.trash.kind", in: language, ["kind": kind], on: "a kind")
        }
        AccountCatalogue.assertSays(
            trash, "editing.trash.restoreNamed", in: language, ["name": "Spare keys"], on: "Restore")
        XCTAssertEqual(
            trash.occurrences(of: #"<li class="trash-item">"#), 3, "\(language): the to-do, the book, its genre")

        let refused = try await ana.post(bookRestore, form: [])
        XCTAssertEqual(refused.status, .conflict)
        check(refused.text, "the refused restore")
        AccountCatalogue.assertSays(
            refused.text, "editing.trash.refusedHeading", in: language, ["name": "The Dispossessed"], on: "refused")

        let gone = try await ana.get("/todos/\(keys)/history").text
        check(gone, "a deleted to-do's History")
        AccountCatalogue.assertSays(gone, "editing.history.gone", in: language, ["kind": "todo"], on: "its History")
        AccountCatalogue.assertSays(gone, "editing.history.deleted", in: language, on: "its deletion")

        let item = try XCTUnwrap(trash.firstMatch(of: /\/trash\/([A-Za-z0-9]+)\/delete/)).1
        let askDelete = try await ana.get("/trash/\(item)/delete").text
        check(askDelete, "the delete-forever question")
        AccountCatalogue.assertSays(askDelete, "editing.trash.confirmDeleteMessage", in: language, on: "the question")
        let askEmpty = try await ana.get("/trash/empty").text
        check(askEmpty, "the empty-the-trash question")
        AccountCatalogue.assertSays(askEmpty, "editing.trash.confirmEmpty", in: language, on: "the question")
        AccountCatalogue.assertSays(askEmpty, "editing.cancel", in: language, on: "the way out")

        _ = try await ana.post("/trash/empty", form: [])
        let emptied = try await ana.get("/trash").text
        check(emptied, "the emptied Trash")
        AccountCatalogue.assertSays(emptied, "editing.trash.emptied", in: language, counts: ["count": 3], on: "emptied")
        AccountCatalogue.assertSays(emptied, "editing.trash.empty", in: language, on: "the empty Trash")
    }
}
