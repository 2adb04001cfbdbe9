import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// "Who": a to-do assigned to a household member, said on its row, and the list filtered to "Mine".
final class TodoAssignmentTests: XCTestCase {
    /// Ana (the owner) and Bea (an editor), each with a browser of their own.
    static func household(_ ana: Browser) async throws -> Browser {
        try await ana.setUpOwner()
        try await ana.addPerson("Bea", "bea's password", role: .editor)
        let bea = Browser(client: ana.client)
        try await bea.signIn("Bea", "bea's password")
        return bea
    }

    static func add(_ browser: Browser, _ title: String, who: String) async throws -> TestResponse {
        try await browser.get("/todos/new")
        return try await browser.post("/todos", form: [("title", title), ("description", ""), ("who", who)])
    }

    func testWhoIsOfferedOnlyWhenTheHouseholdHasPeople() async throws {
        try await withApp { browser in
            let open = try await browser.get("/todos/new").text
            XCTAssertFalse(open.contains(#"<select id="who""#), "nobody has an account: nobody to choose")
        }
        try await withApp(settings: signInSettings()) { ana in
            _ = try await Self.household(ana)
            let form = try await ana.get("/todos/new").text
            XCTAssertTrue(form.contains(#"<label for="who">Who</label>"#))
            XCTAssertTrue(form.contains(#"<option value="" selected>Anyone</option>"#))
            XCTAssertTrue(form.contains(#"<option value="Ana">Ana</option>"#))
            XCTAssertTrue(form.contains(#"<option value="Bea">Bea</option>"#))
        }
    }

    func testAnAssignedToDoSaysWhoOnItsRowAndMineListsOnlyTheirs() async throws {
        try await withApp(settings: signInSettings()) { ana in
            let bea = try await Self.household(ana)
            let walk = try await Self.add(ana, "Walk the dog", who: "Bea")
            XCTAssertEqual(walk.status, .seeOther)
            let gas = try await Self.add(ana, "Pay the gas", who: "Ana")
            XCTAssertEqual(gas.status, .seeOther)
            let bread = try await Self.add(ana, "Buy bread", who: "")
            XCTAssertEqual(bread.status, .seeOther)
            let everyone = try await ana.get("/todos").text
            XCTAssertTrue(everyone.contains(#"<p class="todo-who">For Bea</p>"#), everyone)
            XCTAssertTrue(everyone.contains(#"<p class="todo-who">For Ana</p>"#))
            XCTAssertTrue(everyone.contains(#"<a href="/todos?who=me">Mine</a>"#))

            let beas = try await bea.get("/todos?who=me").text
            XCTAssertEqual(TodoGroupsTests.titles(in: beas), ["Walk the dog"])
            XCTAssertTrue(beas.contains(#"<a href="/todos?who=me" aria-current="true">Mine</a>"#))
            XCTAssertTrue(beas.contains(#"id="todo-count">1 to do, 0 done</p>"#), "the count is of hers")
            let anas = try await ana.get("/todos?who=me").text
            XCTAssertEqual(TodoGroupsTests.titles(in: anas), ["Pay the gas"])
            // A search lists everyone's matches, whatever the address says.
            let search = try await bea.get("/todos?who=me&q=gas").text
            XCTAssertEqual(TodoGroupsTests.titles(in: search), ["Pay the gas"])
        }
    }

    func testWhoMustBeSomeoneInTheHousehold() async throws {
        try await withApp(settings: signInSettings()) { ana in
            _ = try await Self.household(ana)
            let refused = try await Self.add(ana, "Fix the gate", who: "Zoe")
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("Choose someone in the household, or Anyone"))
            XCTAssertTrue(refused.text.contains(#"value="Fix the gate""#), "the title is kept")
            XCTAssertTrue(refused.text.contains(#"<option value="Zoe" selected>Zoe</option>"#), "and the choice")
        }
    }

    func testTheHistorySaysWhoATodoWasGivenTo() async throws {
        try await withApp(settings: signInSettings()) { ana in
            _ = try await Self.household(ana)
            let lawn = try await Self.add(ana, "Mow the lawn", who: "")
            XCTAssertEqual(lawn.status, .seeOther)
            let id = try await ana.todoId(titled: "Mow the lawn")
            let edit = try await ana.get("/todos/\(id)/edit").text
            let version = try XCTUnwrap(edit.firstMatch(of: /name="_version" value="([^"]+)"/)?.1)
            let base = try XCTUnwrap(edit.firstMatch(of: /name="_base" value="([^"]+)"/)?.1)
            let saved = try await ana.post(
                "/todos/\(id)",
                form: [
                    ("title", "Mow the lawn"), ("description", ""), ("who", "Bea"), ("_version", String(version)),
                    ("_base", String(base)),
                ])
            XCTAssertEqual(saved.status, .seeOther)
            let history = try await ana.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains("Who"), history)
            XCTAssertTrue(history.contains("Bea"))
        }
    }

    func testMineWorksOnAFreshDatabaseBeforeAnyToDoHasBeenGivenToAnyone() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            let empty = try await ana.get("/todos?who=me")
            XCTAssertEqual(empty.status, .ok, "no to-dos at all")
            try await ana.addTodo("Nobody's yet")
            let none = try await ana.get("/todos?who=me")
            XCTAssertEqual(none.status, .ok, "to-dos, but no assignee field yet")
            XCTAssertFalse(none.text.contains("Nobody's yet"))
            let everyone = try await ana.get("/todos").text
            XCTAssertTrue(everyone.contains(#"class="todo-title">Nobody"#), "everyone's list still shows it")
        }
    }
}
