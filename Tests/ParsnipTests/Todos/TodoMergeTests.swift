import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Two people editing one to-do: changes to different fields merge, changes to the same field ask which to
/// keep, and nothing is ever overwritten unseen.
final class TodoMergeTests: XCTestCase {
    var ana = SignedInUser(objectId: "", username: "Ana", role: .editor)
    var ben = SignedInUser(objectId: "", username: "Ben", role: .owner)

    /// A repository on a fresh in-memory store holding Ana and Ben as `_User`s and one to-do, and the base an edit
    /// form loads it with.
    func repositoryWithOneTodo() async throws -> (StoreTodoRepository, ParseStore, TodoListItem, EditBase) {
        let store = try testStore(clock: SteppingClock())
        ana.objectId = try await store.write { try $0.create("_User", ["username": .string("Ana")]) }.objectId
        ben.objectId = try await store.write { try $0.create("_User", ["username": .string("Ben")]) }.objectId
        let repository = try await StoreTodoRepository(store: store)
        let item = try await repository.create(TodoDraft(title: "Buy milk", description: "Oat"), by: ben)
        let base = EditBase(
            updatedAt: item.updatedAt,
            fields: TodoDraft(title: item.title, description: item.description).fingerprints)
        return (repository, store, item, base)
    }

    /// Saves `draft` over `item` from `base`, failing the test unless it is saved (no conflict).
    func save(
        _ draft: TodoDraft, over item: TodoListItem, from base: EditBase, by user: SignedInUser,
        in repository: StoreTodoRepository
    ) async throws -> TodoListItem {
        let outcome = try await repository.update(id: item.id, with: draft, base: base, choices: [:], by: user)
        guard case .saved(let saved, _) = outcome else {
            XCTFail("expected a save: \(outcome)")
            throw CancellationError()
        }
        return saved
    }

    func testSavesToDifferentFieldsMergeAndReportWhoChangedWhat() async throws {
        let (repository, _, item, base) = try await repositoryWithOneTodo()
        let first = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy oat milk", description: "Oat"), base: base, choices: [:],
            by: ana)
        guard case .saved(_, nil) = first else { return XCTFail("the first save should not merge: \(first)") }
        let second = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy milk", description: "Two litres"), base: base, choices: [:],
            by: ben)
        guard case .saved(let saved, let merged?) = second else { return XCTFail("expected a merge: \(second)") }
        XCTAssertEqual(saved.title, "Buy oat milk")
        XCTAssertEqual(saved.description, "Two litres")
        XCTAssertEqual(merged.stamp.username, "Ana")
        XCTAssertEqual(merged.fieldLabels, ["Title"])
        let stored = try await repository.find(id: item.id)
        XCTAssertEqual(stored?.title, "Buy oat milk")
        XCTAssertEqual(stored?.description, "Two litres")
        XCTAssertEqual(stored?.changedBy, "Ben")
    }

    func testSavesToTheSameFieldConflictAndWriteNothing() async throws {
        let (repository, store, item, base) = try await repositoryWithOneTodo()
        _ = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy oat milk", description: "Oat"), base: base, choices: [:],
            by: ana)
        let before = try await store.read { try $0.fetch(StoreTodoRepository.className, objectId: item.id) }
        let second = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy soy milk", description: "Oat"), base: base, choices: [:],
            by: ben)
        guard case .conflict(let report) = second else { return XCTFail("expected a conflict: \(second)") }
        XCTAssertEqual(report.conflicts.map(\.key), ["title"])
        XCTAssertEqual(report.conflicts.first?.mine, ["Buy soy milk"])
        XCTAssertEqual(report.conflicts.first?.theirs, ["Buy oat milk"])
        XCTAssertEqual(report.stamp.username, "Ana")
        XCTAssertEqual(report.version, EditBase.version(of: before.updatedAt))
        XCTAssertFalse(report.choiceMissing)
        let after = try await store.read { try $0.fetch(StoreTodoRepository.className, objectId: item.id) }
        XCTAssertEqual(after, before, "a conflict writes nothing")
    }

    func testChoosingOnTheConflictPageSavesEachPick() async throws {
        let (repository, _, item, base) = try await repositoryWithOneTodo()
        let anas = try await save(
            TodoDraft(title: "Buy oat milk", description: "From the shop"), over: item, from: base, by: ana,
            in: repository)
        // Ben saw the conflict page for Ana's version and picks his title and her description.
        let shown = EditBase(version: EditBase.version(of: anas.updatedAt), fields: base.fields)
        let outcome = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy soy milk", description: "From the market"), base: shown,
            choices: ["title": .mine, "description": .theirs], by: ben)
        guard case .saved(let saved, _) = outcome else { return XCTFail("expected a save: \(outcome)") }
        XCTAssertEqual(saved.title, "Buy soy milk")
        XCTAssertEqual(saved.description, "From the shop")
    }

    func testAChoiceMadeForAnOlderVersionAsksAgain() async throws {
        let (repository, _, item, base) = try await repositoryWithOneTodo()
        let anas = try await save(
            TodoDraft(title: "Buy oat milk", description: "Oat"), over: item, from: base, by: ana, in: repository)
        let shown = EditBase(version: EditBase.version(of: anas.updatedAt), fields: base.fields)
        // Ana saves again before Ben sends his choice.
        let anasBase = EditBase(
            updatedAt: anas.updatedAt, fields: TodoDraft(title: anas.title, description: anas.description).fingerprints)
        _ = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy rice milk", description: "Oat"), base: anasBase, choices: [:],
            by: ana)
        let outcome = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy soy milk", description: "Oat"), base: shown,
            choices: ["title": .mine], by: ben)
        guard case .conflict(let report) = outcome else { return XCTFail("expected a new conflict: \(outcome)") }
        XCTAssertEqual(report.conflicts.first?.theirs, ["Buy rice milk"])
        XCTAssertFalse(report.choiceMissing)
        let stored = try await repository.find(id: item.id)
        XCTAssertEqual(stored?.title, "Buy rice milk")
    }

    func testSendingTheConflictPageWithoutAChoiceSaysSo() async throws {
        let (repository, _, item, base) = try await repositoryWithOneTodo()
        let anas = try await save(
            TodoDraft(title: "Buy oat milk", description: "Oat"), over: item, from: base, by: ana, in: repository)
        let shown = EditBase(version: EditBase.version(of: anas.updatedAt), fields: base.fields)
        let outcome = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy soy milk", description: "Soy"), base: shown,
            choices: ["description": .mine], by: ben)
        guard case .conflict(let report) = outcome else { return XCTFail("expected a conflict: \(outcome)") }
        XCTAssertTrue(report.choiceMissing)
    }

    func testUpdatedByIsSetForAPersonAndUnsetForAnAnonymousSave() async throws {
        let (repository, store, item, base) = try await repositoryWithOneTodo()
        let signed = try await store.read { try $0.fetch(StoreTodoRepository.className, objectId: item.id) }
        XCTAssertEqual(signed["updatedBy"], .pointer(ParsePointer(className: "_User", objectId: ben.objectId)))
        _ = try await repository.update(
            id: item.id, with: TodoDraft(title: "Buy milk", description: "Oat, 2 l"), base: base, choices: [:],
            by: nil)
        let anonymous = try await store.read { try $0.fetch(StoreTodoRepository.className, objectId: item.id) }
        XCTAssertNil(anonymous["updatedBy"], "an anonymous save credits nobody")
        let found = try await repository.find(id: item.id)
        XCTAssertNil(found?.changedBy)
    }

    // MARK: Pages

    func testTwoBrowsersEditingDifferentFieldsBothKeepTheirChange() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk", "Oat")
            let id = try await browser.newestId()
            let loaded = try await browser.loadedVersion(of: "/todos/\(id)/edit")
            let other = Browser(client: browser.client)
            let otherLoaded = try await other.loadedVersion(of: "/todos/\(id)/edit")
            let first = try await other.post(
                "/todos/\(id)", form: [("title", "Buy oat milk"), ("description", "Oat")] + otherLoaded)
            XCTAssertEqual(first.status, .seeOther)
            let second = try await browser.post(
                "/todos/\(id)", form: [("title", "Buy milk"), ("description", "Two litres")] + loaded)
            XCTAssertEqual(second.status, .seeOther)
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("Someone changed Title "), list.text)
            XCTAssertTrue(list.text.contains("both changes are kept"))
            XCTAssertTrue(list.text.contains("todo-title\">Buy oat milk<"))
            XCTAssertTrue(list.text.contains("Two litres"))
        }
    }

    func testTheSameFieldGetsTheConflictPageAndChoosingSaves() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk", "Oat")
            let id = try await browser.newestId()
            let loaded = try await browser.loadedVersion(of: "/todos/\(id)/edit")
            let other = Browser(client: browser.client)
            try await other.post(
                "/todos/\(id)",
                form: [("title", "Buy <oat> milk"), ("description", "Oat")]
                    + other.loadedVersion(of: "/todos/\(id)/edit"))
            let conflict = try await browser.post(
                "/todos/\(id)", form: [("title", "Buy soy milk"), ("description", "Oat & more")] + loaded)
            XCTAssertEqual(conflict.status, .conflict)
            let page = conflict.text
            XCTAssertTrue(page.contains("Someone changed this to-do while you were editing it"))
            XCTAssertTrue(page.contains("<legend>Title</legend>"))
            XCTAssertTrue(page.contains("Buy soy milk"))
            XCTAssertTrue(page.contains("Buy &lt;oat&gt; milk"), "the saved value, escaped")
            XCTAssertTrue(page.contains(#"name="_pick_title" value="mine" required"#))
            XCTAssertFalse(page.contains("_pick_description"), "only the field both changed asks")
            XCTAssertEqual(hiddenValue(named: "description", in: page), "Oat & more", "what was typed is kept")
            XCTAssertEqual(hiddenValue(named: "_base", in: page), loaded[1].1, "the original base travels on")
            XCTAssertNotEqual(hiddenValue(named: "_version", in: page), loaded[0].1)

            let replay = [
                ("title", hiddenValue(named: "title", in: page) ?? ""),
                ("description", hiddenValue(named: "description", in: page) ?? ""),
                ("_version", hiddenValue(named: "_version", in: page) ?? ""),
                ("_base", hiddenValue(named: "_base", in: page) ?? ""),
                ("_pick_title", "theirs"),
            ]
            let chosen = try await browser.post("/todos/\(id)", form: replay)
            XCTAssertEqual(chosen.status, .seeOther)
            let edit = try await browser.get("/todos/\(id)/edit")
            XCTAssertTrue(edit.text.contains(#"value="Buy &lt;oat&gt; milk""#))
            XCTAssertTrue(edit.text.contains("Oat &amp; more</textarea>"))
        }
    }

    func testAnEditWithoutItsLoadedVersionIsRefusedAndChangesNothing() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            let response = try await browser.post(
                "/todos/\(id)", form: [("title", "Overwritten"), ("description", "")])
            XCTAssertEqual(response.status, .badRequest)
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("todo-title\">Buy milk<"))
        }
    }

    func testTheEditPageSaysWhenTheToDoWasLastChanged() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            let edit = try await browser.get("/todos/\(id)/edit")
            XCTAssertTrue(edit.text.contains(#"<p class="changed-by">Last changed "#), edit.text)
        }
    }
}
