import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The list page: empty state, count line, search, and keyset paging 50 at a time.
final class TodoListTests: XCTestCase {
    func testEmptyListInvitesTheFirstTodo() async throws {
        try await withApp { browser in
            let list = try await browser.get("/todos")
            XCTAssertEqual(list.status, .ok)
            XCTAssertTrue(list.text.contains("<title>To-do list · Parsnip</title>"))
            XCTAssertTrue(list.text.contains("<h1>To-do list</h1>"))
            XCTAssertTrue(list.text.contains("No to-dos yet"))
            XCTAssertTrue(list.text.contains(#"<a class="button" href="/todos/new">Add your first to-do</a>"#))
            XCTAssertFalse(list.text.contains(#"<label for="q">Search to-dos</label>"#), "no search over nothing")
            XCTAssertFalse(list.text.contains(#"class="todo-list""#))
        }
    }

    func testListShowsNewestFirstWithEditAndDeleteLinksNamingTheItem() async throws {
        try await withApp { browser in
            try await browser.addTodo("First")
            try await browser.addTodo("Second")
            let list = try await browser.get("/todos")
            let html = list.text
            XCTAssertTrue(html.contains(#"<p class="count" id="todo-count">2 to do, 0 done</p>"#))
            let second = try XCTUnwrap(html.range(of: "todo-title\">Second"))
            let first = try XCTUnwrap(html.range(of: "todo-title\">First"))
            XCTAssertLessThan(second.lowerBound, first.lowerBound)
            XCTAssertTrue(html.contains(#"Edit<span class="visually-hidden"> “Second”</span></a>"#))
            XCTAssertTrue(html.contains(#"Delete<span class="visually-hidden"> “First”</span></a>"#))
            XCTAssertFalse(html.contains("Next page"))
            XCTAssertFalse(html.contains("Previous page"))
        }
    }

    func testLongDescriptionIsCutTo120CharactersWithAnEllipsis() async throws {
        try await withApp { browser in
            let description = String(repeating: "abcdefghij", count: 20)
            try await browser.addTodo("Long one", description)
            let list = try await browser.get("/todos")
            let expected = String(description.prefix(119)) + "…"
            XCTAssertTrue(list.text.contains(#"<span class="todo-description">\#(expected)</span>"#))
        }
    }

    func testSearchFindsTextInTitleOrDescriptionIgnoringCase() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy OAT MILK", "")
            try await browser.addTodo("Shopping", "eggs and oat milk")
            try await browser.addTodo("Walk the dog", "before breakfast")
            try await browser.get("/todos")  // shows and clears the "Saved" message
            let result = try await browser.get("/todos?q=Oat+Milk")
            XCTAssertEqual(result.status, .ok)
            let html = result.text
            XCTAssertTrue(html.contains("2 to-dos match “Oat Milk”: 2 to do, 0 done"))
            XCTAssertTrue(html.contains("todo-title\">Buy OAT MILK"))
            XCTAssertTrue(html.contains("todo-title\">Shopping"))
            XCTAssertFalse(html.contains("Walk the dog"))
            XCTAssertTrue(html.contains(#"value="Oat Milk""#), "the search box keeps the text")
            XCTAssertTrue(html.contains(#"<a href="/todos">Clear search</a>"#))

            let one = try await browser.get("/todos?q=DOG")
            XCTAssertTrue(one.text.contains("1 to-do matches “DOG”"))
        }
    }

    func testSearchTreatsRegexCharactersLiterally() async throws {
        try await withApp { browser in
            try await browser.addTodo("Pay 3.50 (cash)")
            try await browser.addTodo("Pay 3450 cash")
            let result = try await browser.get("/todos?q=" + formEncode("3.50 (cash)"))
            XCTAssertTrue(result.text.contains("1 to-do matches “3.50 (cash)”"))
        }
    }

    func testSearchWithNoMatchSaysSoAndOffersToClear() async throws {
        try await withApp { browser in
            try await browser.addTodo("Something")
            let result = try await browser.get("/todos?q=zebra")
            XCTAssertTrue(result.text.contains("No to-dos match “zebra”"))
            XCTAssertTrue(result.text.contains("Clear search"))
            XCTAssertFalse(result.text.contains(#"class="todo-list""#))
        }
    }

    func testPagingPast50ItemsWithNextAndPreviousLinks() async throws {
        try await withApp(clock: SteppingClock()) { browser in
            for number in 1...120 { try await browser.addTodo("Item \(number)") }
            let first = try await browser.get("/todos")
            XCTAssertTrue(first.text.contains(#"<p class="count" id="todo-count">120 to do, 0 done</p>"#))
            XCTAssertTrue(first.text.contains("Page 1 of 3"))
            let firstIds = browser.ids(in: first)
            XCTAssertEqual(firstIds.count, 50)
            XCTAssertTrue(first.text.contains("todo-title\">Item 120<"))
            XCTAssertFalse(first.text.contains("todo-title\">Item 70<"))
            XCTAssertFalse(first.text.contains("Previous page"))
            let nextURL = try XCTUnwrap(Self.link(rel: "next", in: first.text))
            XCTAssertTrue(nextURL.hasPrefix("/todos?after="))

            let second = try await browser.get(nextURL)
            let secondIds = browser.ids(in: second)
            XCTAssertEqual(secondIds.count, 50)
            XCTAssertTrue(Set(firstIds).isDisjoint(with: secondIds))
            XCTAssertTrue(second.text.contains("todo-title\">Item 70<"))
            XCTAssertTrue(second.text.contains("todo-title\">Item 21<"))
            XCTAssertTrue(second.text.contains("Page 2 of 3"))

            let third = try await browser.get(try XCTUnwrap(Self.link(rel: "next", in: second.text)))
            XCTAssertEqual(browser.ids(in: third).count, 20)
            XCTAssertTrue(third.text.contains("todo-title\">Item 1<"))
            XCTAssertNil(Self.link(rel: "next", in: third.text))
            XCTAssertTrue(third.text.contains("Page 3 of 3"))

            let backToSecond = try await browser.get(try XCTUnwrap(Self.link(rel: "prev", in: third.text)))
            XCTAssertEqual(browser.ids(in: backToSecond), secondIds)
            let backToFirst = try await browser.get(try XCTUnwrap(Self.link(rel: "prev", in: backToSecond.text)))
            XCTAssertEqual(browser.ids(in: backToFirst), firstIds)
            XCTAssertNil(Self.link(rel: "prev", in: backToFirst.text))
        }
    }

    func testPagingVisitsEveryItemOnceWhenAllShareOneCreatedAt() async throws {
        try await withApp(pageSize: 4, clock: FrozenClock()) { browser in
            for number in 1...10 { try await browser.addTodo("Tied \(number)") }
            var pages: [[String]] = []
            var response = try await browser.get("/todos")
            pages.append(browser.ids(in: response))
            while let next = Self.link(rel: "next", in: response.text) {
                response = try await browser.get(next)
                pages.append(browser.ids(in: response))
            }
            XCTAssertEqual(pages.map(\.count), [4, 4, 2])
            let all = pages.flatMap { $0 }
            XCTAssertEqual(Set(all).count, 10)
            XCTAssertEqual(all, all.sorted(by: >), "ties are ordered by objectId, newest-first direction")
            let back = try await browser.get(try XCTUnwrap(Self.link(rel: "prev", in: response.text)))
            XCTAssertEqual(browser.ids(in: back), pages[1])
        }
    }

    func testPagingKeepsTheSearch() async throws {
        try await withApp(pageSize: 2, clock: SteppingClock()) { browser in
            for number in 1...5 { try await browser.addTodo("Milk \(number)") }
            try await browser.addTodo("Bread")
            let first = try await browser.get("/todos?q=milk")
            let nextURL = try XCTUnwrap(Self.link(rel: "next", in: first.text))
            XCTAssertTrue(nextURL.contains("q=milk&"), nextURL)
            let second = try await browser.get(nextURL)
            XCTAssertTrue(second.text.contains("5 to-dos match “milk”"))
            XCTAssertTrue(second.text.contains("todo-title\">Milk 3<"))
            XCTAssertTrue(second.text.contains("todo-title\">Milk 2<"))
            XCTAssertFalse(second.text.contains("Bread"))
        }
    }

    func testListNeverShowsAPageFromBeforeTheLastChange() async throws {
        try await withApp { browser in
            try await browser.addTodo("Before")
            try await browser.get("/todos")  // shows and clears the "Saved" message
            let cached = try await browser.get("/todos")
            XCTAssertTrue(cached.text.contains("todo-title\">Before<"))
            let id = try await browser.newestId()

            try await browser.post(
                "/todos/\(id)",
                form: [("title", "After"), ("description", "")] + browser.loadedVersion(of: "/todos/\(id)/edit"))
            try await browser.get("/todos")
            let afterUpdate = try await browser.get("/todos")
            XCTAssertTrue(afterUpdate.text.contains("todo-title\">After<"))
            XCTAssertFalse(afterUpdate.text.contains("todo-title\">Before<"))

            try await browser.post("/todos/\(id)/delete", form: [])
            try await browser.get("/todos")
            let afterDelete = try await browser.get("/todos")
            XCTAssertTrue(afterDelete.text.contains("No to-dos yet"))
        }
    }

    func testMalformedCursorGetsThe400Page() async throws {
        try await withApp { browser in
            for uri in [
                "/todos?after=nonsense", "/todos?before=12-", "/todos?after=-abc", "/todos?after=1-a%2Fb",
                "/todos?after=1-abc&before=1-abc", "/todos?q=%FF",
            ] {
                let response = try await browser.get(uri)
                XCTAssertEqual(response.status, .badRequest, uri)
                XCTAssertTrue(response.text.contains("<h1>Something was wrong with that request</h1>"), uri)
            }
        }
    }

    /// The href of the `<a rel="…">` link in `html`, with `&amp;` decoded.
    static func link(rel: String, in html: String) -> String? {
        guard let relRange = html.range(of: #"rel="\#(rel)" href=""#) else { return nil }
        let rest = html[relRange.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return rest[..<end].replacingOccurrences(of: "&amp;", with: "&")
    }
}
