import Foundation
import HTTPTypes
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The quick-add box at the top of the list, the list's order remembered per person, and numbered addresses of
/// the newest-first list.
final class TodoQuickAddTests: XCTestCase {
    /// The quick-add form's fields, as the list page sends them.
    static func quickAdd(_ browser: Browser, _ title: String, back: String = "/todos") async throws -> TestResponse {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/todos") }
        return try await browser.post("/todos", form: [("quick", "1"), ("back", back), ("title", title)])
    }

    func testTheQuickAddBoxAddsAToDoAndComesBackToTheListItWasOn() async throws {
        try await withApp { browser in
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"<form class="quick-add" method="post" action="/todos" data-quick-add>"#))
            XCTAssertTrue(list.contains(#"<label for="quick-title">New to-do</label>"#))
            XCTAssertTrue(list.contains(#"<input type="hidden" name="back" value="/todos">"#))
            let added = try await Self.quickAdd(browser, "  Buy bread  ", back: "/todos?sort=due")
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(added.headers[.location], "/todos?sort=due", "back to the list it was on")
            let after = try await browser.get("/todos?sort=due").text
            XCTAssertTrue(after.contains(#"role="status"><p>Added “Buy bread”.</p>"#))
            XCTAssertTrue(after.contains(#"class="todo-title">Buy bread</a>"#), "trimmed, as the whole form does")
            XCTAssertTrue(after.contains(#"<input type="hidden" name="back" value="/todos?sort=due">"#))
        }
    }

    func testAQuickAddWithAProblemOpensTheWholeFormWithWhatWasTyped() async throws {
        try await withApp { browser in
            let empty = try await Self.quickAdd(browser, "   ")
            XCTAssertEqual(empty.status, .unprocessableContent)
            XCTAssertTrue(empty.text.contains("Enter a title"))
            XCTAssertTrue(empty.text.contains("<h1>Add a to-do</h1>"))
            let long = String(repeating: "x", count: 201)
            let tooLong = try await Self.quickAdd(browser, long)
            XCTAssertEqual(tooLong.status, .unprocessableContent)
            XCTAssertTrue(tooLong.text.contains("Title must be 200 characters or fewer"))
            XCTAssertTrue(tooLong.text.contains(#"value="\#(long)""#), "the typed title is kept")
            let list = try await browser.get("/todos").text
            XCTAssertFalse(list.contains("todo-title"), "nothing was added")
        }
    }

    func testAQuickAddNeverSendsThePersonToAnotherSite() async throws {
        try await withApp { browser in
            for back in ["//evil.example/todos", "https://evil.example", "/todosX", "/recipes", "/todos/../x"] {
                let added = try await Self.quickAdd(browser, "Safe \(back)", back: back)
                XCTAssertEqual(added.status, .seeOther, back)
                XCTAssertEqual(added.headers[.location], "/todos", back)
            }
        }
    }

    func testOnlyEditorsSeeTheQuickAddBoxAndOnlyOnTheOpenList() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Bea", "bea's password", role: .viewer)
            let ownersList = try await owner.get("/todos").text
            XCTAssertTrue(ownersList.contains("quick-add"))
            let done = try await owner.get("/todos?show=done").text
            XCTAssertFalse(done.contains("quick-add"), "the done list adds nothing")
            let viewer = Browser(client: owner.client)
            try await viewer.signIn("Bea", "bea's password")
            let viewersList = try await viewer.get("/todos").text
            XCTAssertFalse(viewersList.contains("quick-add"), "a viewer cannot add")
            let refused = try await Self.quickAdd(viewer, "Sneaky")
            XCTAssertNotEqual(refused.status, .seeOther, "the route refuses a viewer whatever the form says")
        }
    }

    /// Adds "Due first" (due 20 May) and then "Due last" (due 1 June): newest first and by due date disagree.
    static func addTwoDue(_ browser: Browser) async throws {
        try await TodoDueDateTests.addDue(browser, "Due first", "2024-05-20")
        try await TodoDueDateTests.addDue(browser, "Due last", "2024-06-01")
    }

    /// The titles below the groups on `/todos` as `browser`'s person opens it.
    static func order(_ browser: Browser) async throws -> [String] {
        TodoGroupsTests.restTitles(of: try await browser.get("/todos").text)
    }

    static let byDueDate = ["Due first", "Due last"]
    static let newestFirst = ["Due last", "Due first"]
    /// A request sent from one of Parsnip's own pages.
    static let fromOurPage: HTTPFields = [.referer: "http://localhost/todos"]

    func testTheOrderAPersonChoosesIsRememberedForThemAlone() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            try await ana.addPerson("Bea", "bea's password", role: .editor)
            try await Self.addTwoDue(ana)
            let anaOrder = try await Self.order(ana)
            XCTAssertEqual(anaOrder, Self.newestFirst)
            try await ana.get("/todos?sort=due", headers: Self.fromOurPage)
            let reopened = try await ana.get("/todos").text
            XCTAssertTrue(reopened.contains(#"<a href="/todos?sort=due" aria-current="true">By due date</a>"#))
            XCTAssertEqual(TodoGroupsTests.restTitles(of: reopened), Self.byDueDate)
            XCTAssertTrue(
                reopened.contains(#"<a href="/todos?sort=newest">Newest first</a>"#), "newest first is said outright")

            let bea = Browser(client: ana.client)
            try await bea.signIn("Bea", "bea's password")
            let beaOrder = try await Self.order(bea)
            XCTAssertEqual(beaOrder, Self.newestFirst, "Bea's own order")

            // Signing in on another device finds the same order.
            let elsewhere = Browser(client: ana.client)
            try await elsewhere.signIn("Ana", "correct horse")
            let elsewhereOrder = try await Self.order(elsewhere)
            XCTAssertEqual(elsewhereOrder, Self.byDueDate)

            try await ana.get("/todos?sort=newest", headers: Self.fromOurPage)
            let anaOrderAgain = try await Self.order(ana)
            XCTAssertEqual(anaOrderAgain, Self.newestFirst)
        }
    }

    func testALinkOnAnotherSiteCannotChangeTheRememberedOrder() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            try await Self.addTwoDue(ana)
            let elsewhere: [HTTPFields] = [[.referer: "http://evil.example/todos"], [:]]
            for headers in elsewhere {
                let shown = try await ana.get("/todos?sort=due", headers: headers).text
                XCTAssertEqual(TodoGroupsTests.restTitles(of: shown), Self.byDueDate, "the link itself works")
                let reopened = try await ana.get("/todos").text
                XCTAssertEqual(TodoGroupsTests.restTitles(of: reopened), Self.newestFirst, "\(headers)")
            }
        }
    }

    func testANumberedAddressOfTheNewestFirstListShowsThatPage() async throws {
        try await withApp(pageSize: 2) { browser in
            for title in ["One", "Two", "Three", "Four", "Five"] { try await browser.addTodo(title) }
            let second = try await browser.get("/todos?page=2").text
            XCTAssertEqual(TodoGroupsTests.titles(in: second), ["Three", "Two"])
            XCTAssertTrue(second.contains("Page 2 of 3"))
            let previous = try XCTUnwrap(TodoListTests.link(rel: "prev", in: second))
            let first = try await browser.get(previous).text
            XCTAssertEqual(TodoGroupsTests.titles(in: first), ["Five", "Four"])
            let past = try await browser.get("/todos?page=9").text
            XCTAssertTrue(past.contains("There are no more to-dos on this page."), "past the end says so")
        }
    }
}
