import Foundation
import XCTest

@testable import ParseStore
@testable import Parsnip

/// A search's open list counts its matches only up to a limit (1,000): past it the page says "More than 1,000
/// to-dos match", shows no "Page 2 of N", and still pages on and leads to the done ones; at or below the limit, and
/// in the views that number their pages (the done ones, by due date), every count is exact.
final class TodoSearchCountLimitTests: XCTestCase {
    /// A repository over `open` and `done` to-dos titled "Soup …", and a few others.
    private func repository(open: Int, done: Int) async throws -> StoreTodoRepository {
        let store = try testStore(clock: SteppingClock())
        _ = try await store.write { writer in
            for number in 0..<(open + done) {
                _ = try writer.create(
                    "TodoListItem", ["title": .string("Soup number \(number)"), "done": .boolean(number >= open)])
            }
            for number in 0..<3 { _ = try writer.create("TodoListItem", ["title": .string("Bread \(number)")]) }
        }
        return try await StoreTodoRepository(store: store)
    }

    private func request(_ part: TodoListPart = .open, sort: TodoSort = .newest) -> TodoPageRequest {
        TodoPageRequest(search: "soup", part: part, sort: sort, size: 50, recentlyDoneCount: 3, countLimit: 3)
    }

    func testPastTheLimitTheOpenListSaysMoreThanAndCountsTheDoneOnesExactlyWhenFew() async throws {
        let todos = try await repository(open: 6, done: 2)
        let page = try await todos.page(request())
        XCTAssertEqual(page.matchesMoreThan, 3)
        XCTAssertEqual(page.items.count, 6, "the page still lists every open match")
        XCTAssertEqual(page.openCount, 6, "at least what the page shows")
        XCTAssertEqual(page.doneCount, 2)
        XCTAssertEqual(page.recentlyDone.count, 2)
    }

    func testPastTheLimitManyDoneOnesAreCountedOnlyToTheLimitPlusOne() async throws {
        let todos = try await repository(open: 2, done: 5)
        let page = try await todos.page(request())
        XCTAssertEqual(page.matchesMoreThan, 3)
        XCTAssertEqual(page.doneCount, 4)
        XCTAssertEqual(page.openCount, 2)
        XCTAssertEqual(page.items.count, 2)
    }

    func testPastTheLimitWithEveryMatchDoneTheOpenListIsKnownToBeEmpty() async throws {
        let todos = try await repository(open: 0, done: 5)
        let page = try await todos.page(request())
        XCTAssertEqual(page.matchesMoreThan, 3)
        XCTAssertEqual(page.openCount, 0)
        XCTAssertEqual(page.total, 0, "the empty state says everything that matches is done")
    }

    func testAtTheLimitAndInTheNumberedViewsEveryCountIsExact() async throws {
        let atLimit = try await repository(open: 2, done: 1).page(request())
        XCTAssertNil(atLimit.matchesMoreThan)
        XCTAssertEqual([atLimit.openCount, atLimit.doneCount], [2, 1])
        let todos = try await repository(open: 6, done: 2)
        for view in [request(.done), request(.open, sort: .due)] {
            let page = try await todos.page(view)
            XCTAssertNil(page.matchesMoreThan, "\(view.part) \(view.sort)")
            XCTAssertEqual([page.openCount, page.doneCount], [6, 2], "\(view.part) \(view.sort)")
        }
    }

    func testThePageSaysMoreThanAThousandWithoutPageNumbersAndStillPagesOn() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let limit = TodoPageRequest.searchCountLimit
        let store = try testStore(at: database.path, clock: SteppingClock())
        _ = try await store.write { writer in
            for number in 0..<(limit + 5) {
                _ = try writer.create(
                    "TodoListItem", ["title": .string("Soup number \(number)"), "done": .boolean(number < 2)])
            }
        }
        try store.close()
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, _ in
            let page = try await browser.get("/todos?q=soup").text
            XCTAssertTrue(page.contains("More than 1,000 to-dos match “soup”"), page)
            XCTAssertFalse(page.contains("Page 1 of"), "no page count past the limit")
            XCTAssertTrue(page.contains("Done (2)"), "a few done ones are still counted exactly")
            let next = try XCTUnwrap(TodoListTests.link(rel: "next", in: page))
            let second = try await browser.get(next).text
            XCTAssertTrue(second.contains("More than 1,000 to-dos match “soup”"), second)
            XCTAssertNotNil(TodoListTests.link(rel: "prev", in: second))
        }
    }

    func testEveryLanguageSaysMoreThanWithItsOwnWords() throws {
        try useTheCatalogues()
        XCTAssertEqual(
            TodoFormatting.countLine(open: 0, done: 0, search: "soup", moreThan: 1_000),
            "More than 1,000 to-dos match “soup”")
        let lines = Language.allCases.map { language in
            TodoFormatting.countLine(open: 0, done: 0, search: "soup", moreThan: 1_000, in: language)
        }
        for (language, line) in zip(Language.allCases, lines) {
            XCTAssertFalse(line.contains("todos."), "\(language): \(line)")
            XCTAssertTrue(line.contains("soup"), "\(language): \(line)")
            XCTAssertTrue(line.contains("1"), "\(language): \(line)")
        }
        XCTAssertEqual(Set(lines).count, Language.allCases.count, "each language has its own words")
    }
}
