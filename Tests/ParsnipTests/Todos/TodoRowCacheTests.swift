import Foundation
import XCTest

@testable import Parsnip

/// The list's rows are rendered once per what they show and reused: a row never shows a stale to-do, another
/// visitor's rights or another visitor's form token.
final class TodoRowCacheTests: XCTestCase {
    func testARowShowsTheToDoAsItIsNowAfterEveryChange() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            let before = try await browser.get("/todos?q=milk&v=1").text
            XCTAssertTrue(before.contains(#"class="todo-title">Buy milk</a>"#), before)
            try await HistoryTests.editTodo(browser, id, title: "Buy oat milk", description: "Two cartons")
            let edited = try await browser.get("/todos?q=milk&v=2").text
            XCTAssertTrue(edited.contains(#"class="todo-title">Buy oat milk</a>"#), edited)
            XCTAssertTrue(edited.contains("Two cartons"), edited)
            XCTAssertFalse(edited.contains(#">Buy milk</a>"#), edited)
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let ticked = try await browser.get("/todos?q=milk&v=3").text
            XCTAssertTrue(ticked.contains(#"<li class="todo todo-done">"#), ticked)
            XCTAssertTrue(ticked.contains(#"aria-pressed="true""#), ticked)
        }
    }

    func testAViewerAfterAnEditorGetsRowsWithoutButtonsAndTheEditorKeepsThem() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addTodo("Water the tomato plants")
            _ = try await owner.addPerson("Ben", "ben's password", role: .viewer)
            let viewer = owner.another()
            _ = try await viewer.signIn("Ben", "ben's password")
            for address in ["/todos", "/todos?q=tomato"] {
                let ownersList = try await owner.get(address).text
                XCTAssertTrue(ownersList.contains("tick-form"), address)
                let viewersList = try await viewer.get(address).text
                XCTAssertTrue(viewersList.contains("Water the tomato plants"), address)
                XCTAssertFalse(viewersList.contains("tick-form"), address)
                XCTAssertFalse(viewersList.contains("/edit\">Edit"), address)
                let ownersAgain = try await owner.get(address).text
                XCTAssertTrue(ownersAgain.contains("tick-form"), address)
            }
        }
    }

    func testARowRenderedWithOneVisitorsOwnTokenIsNeverShownToAnother() async throws {
        try await withApp { ana in
            try await ana.addTodo("Call grandma")
            // The page after adding carries a one-time message, so it is rendered with Ana's own token.
            let withMessage = try await ana.get("/todos").text
            XCTAssertTrue(withMessage.contains("value=\"\(ana.csrfToken)\""), "Ana's rows hold her token")
            let ben = ana.another()
            let bensList = try await ben.get("/todos").text
            XCTAssertTrue(bensList.contains("Call grandma"))
            XCTAssertFalse(ana.csrfToken.isEmpty)
            XCTAssertFalse(bensList.contains(ana.csrfToken), "Ben's page never holds Ana's token")
        }
    }

    func testTheWayBackKeepsOnlyTheListsOwnParameters() async throws {
        try await withApp { browser in
            try await browser.addTodo("Book the dentist")
            let list = try await browser.get("/todos?utm=mail&q=dentist&v=7").text
            XCTAssertTrue(list.contains(#"name="back" value="/todos?q=dentist""#), list)
            let id = try await browser.newestId()
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let done = try await browser.get("/todos?x=y&show=done&page=1").text
            XCTAssertTrue(done.contains(#"name="back" value="/todos?show=done&amp;page=1""#), done)
        }
    }
}
