import Foundation
import GRDB
import HummingbirdTesting
import XCTest

@testable import ParseStore
@testable import Parsnip

/// The to-do search box: every word, any order, by word beginnings, ignoring case and accents, through the search
/// index — which follows every change in its own transaction (add, edit, tick, delete, restore from the trash, an
/// import, a restored backup) and is brought up to date at open when others wrote without it.
final class TodoSearchTests: XCTestCase {
    private static func titles(_ browser: Browser, _ search: String) async throws -> [String] {
        let html = try await browser.get("/todos?q=" + formEncode(search)).text
        return html.components(separatedBy: #"class="todo-title">"#).dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    func testAnyWordsInAnyOrderByTheirBeginningIgnoringCaseAndAccents() async throws {
        try await withApp { browser in
            try await browser.addTodo("Buy parsnips for Sunday roast")
            try await browser.addTodo("Bœuf bourguignon", "Ask the butcher for shin")
            try await browser.addTodo("Call the dentist")
            let roast = try await Self.titles(browser, "roast parsnips")
            XCTAssertEqual(roast, ["Buy parsnips for Sunday roast"])
            let prefix = try await Self.titles(browser, "PARSN")
            XCTAssertEqual(prefix, ["Buy parsnips for Sunday roast"])
            let boeuf = try await Self.titles(browser, "Boeuf")
            XCTAssertEqual(boeuf, ["Bœuf bourguignon"])
            let description = try await Self.titles(browser, "butcher shin")
            XCTAssertEqual(description, ["Bœuf bourguignon"])
            let page = try await browser.get("/todos?q=dent").text
            XCTAssertTrue(page.contains("1 to-do matches “dent”"), page)
        }
    }

    func testTheIndexFollowsEditsTicksDeletesAndTheTrash() async throws {
        try await withApp { browser in
            try await browser.addTodo("Call the dentist")
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            let counts = try await browser.get("/todos?q=milk").text
            XCTAssertTrue(counts.contains("1 to-do matches “milk”: 1 to do, 0 done"), counts)

            let editor = try await browser.get("/todos/\(id)/edit").text
            let version = try XCTUnwrap(TodoSearchTests.hidden("_version", in: editor))
            let base = try XCTUnwrap(TodoSearchTests.hidden("_base", in: editor))
            let saved = try await browser.post(
                "/todos/\(id)",
                form: [
                    ("title", "Buy oat milk"), ("description", "the barista one"), ("_version", version),
                    ("_base", base),
                ])
            XCTAssertEqual(saved.status, .seeOther)
            let barista = try await Self.titles(browser, "barista")
            XCTAssertEqual(barista, ["Buy oat milk"])

            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")])
            let ticked = try await browser.get("/todos?q=milk").text
            XCTAssertTrue(ticked.contains("1 to-do matches “milk”: 0 to do, 1 done"), ticked)

            let deleted = try await browser.post("/todos/\(id)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther)
            let gone = try await browser.get("/todos?q=milk").text
            XCTAssertTrue(gone.contains("No to-dos match “milk”"))

            let trash = try await browser.get("/trash").text
            let restore = try XCTUnwrap(TodoSearchTests.formAction(containing: "/restore", in: trash))
            let restored = try await browser.post(restore, form: [])
            XCTAssertEqual(restored.status, .seeOther)
            let back = try await browser.get("/todos?q=milk").text
            XCTAssertTrue(back.contains("1 to-do matches “milk”: 0 to do, 1 done"), back)
        }
    }

    func testSearchResultsPageNewestFirstWithoutRepeatingOrSkipping() async throws {
        try await withApp(pageSize: 3) { browser in
            for number in 1...8 { try await browser.addTodo("Soup number \(number)") }
            try await browser.addTodo("Bread")
            var seen: [String] = []
            var address: String? = "/todos?q=soup"
            var last = ""
            while let next = address {
                last = try await browser.get(next).text
                seen += last.components(separatedBy: #"class="todo-title">"#).dropFirst().map {
                    String($0.prefix { $0 != "<" })
                }
                address = TodoListTests.link(rel: "next", in: last)
            }
            XCTAssertEqual(seen, (1...8).reversed().map { "Soup number \($0)" })
            XCTAssertTrue(last.contains("Page 3 of 3"), last)
            let previous = try XCTUnwrap(TodoListTests.link(rel: "prev", in: last))
            let back = try await browser.get(previous).text
            XCTAssertTrue(back.contains("Soup number 5"), back)
            XCTAssertTrue(back.contains("Soup number 3"), back)
        }
    }

    func testObjectsWrittenWithoutTheIndexAreFoundAfterTheNextStart() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            try await browser.addTodo("Indexed by Parsnip")
            // Another program writes to the class without the index.
            _ = try await store.write { try $0.create("TodoListItem", ["title": .string("Written by another app")]) }
            let before = try await Self.titles(browser, "another")
            XCTAssertEqual(before, [], "not yet: nobody told the index")
        }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, _ in
            let after = try await Self.titles(browser, "another")
            XCTAssertEqual(after, ["Written by another app"])
            let indexed = try await Self.titles(browser, "indexed")
            XCTAssertEqual(indexed, ["Indexed by Parsnip"])
        }
    }

    func testAThousandsStrongClassWrittenWithoutTheIndexIsIndexedInBulkAtOpenSayingHowFarItIs() async throws {
        let store = try testStore(clock: SteppingClock())
        defer { try? store.close() }
        let count = SearchableClass.bulkThreshold + 2_000
        _ = try await store.write { writer in
            for number in 0..<count {
                let title = number == 4_321 ? "Renew the passport for Zoë" : "Chore number \(number)"
                _ = try writer.create("TodoListItem", ["title": .string(title), "done": .boolean(number % 3 == 0)])
            }
        }
        let lines = LockedValue<[String]>([])
        let writePath = try await WritePath(
            store: store, countedClasses: [StoreTodoRepository.className],
            searchable: [StoreTodoRepository.searchable], progress: { line in lines.withLock { $0.append(line) } })
        XCTAssertEqual(
            lines.withLock { $0 },
            [
                "Building the search index of TodoListItem: 12,000 of 12,000, merging it…"
            ])
        let repository = StoreTodoRepository(writePath: writePath)
        let found = try await repository.page(
            TodoPageRequest(search: "zoe passp", part: .open, sort: .newest, position: .first, size: 10))
        XCTAssertEqual(found.items.map(\.title), ["Renew the passport for Zoë"])
        let chores = try await repository.page(
            TodoPageRequest(
                search: "chore", part: .open, sort: .newest, position: .first, size: 10, countLimit: 100_000))
        XCTAssertEqual(chores.openCount, 8_000 - 1)
        XCTAssertEqual(chores.doneCount, 4_000)
        // FTS5's merging is back to its defaults for the saves that follow (SQLite's index alone has such settings).
        if !TestBackend.isPostgres {
            let settings = try await store.databaseWriter.read { db in
                try Row.allRows(of: "_SearchIndex_TodoListItem_config", in: db)
            }
            XCTAssertTrue(settings.contains { $0["k"] == "automerge" && $0["v"] == 4 }, "\(settings)")
            XCTAssertTrue(settings.contains { $0["k"] == "crisismerge" && $0["v"] == 16 }, "\(settings)")
        }
    }

    static func hidden(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: #"name="\#(name)" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]).replacingOccurrences(
            of: "&quot;", with: "\""
        )
        .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func formAction(containing part: String, in html: String) -> String? {
        var rest = Substring(html)
        while let range = rest.range(of: #"action=""#) {
            let after = rest[range.upperBound...]
            let action = String(after[..<(after.firstIndex(of: "\"") ?? after.endIndex)])
            if action.contains(part) { return action }
            rest = after
        }
        return nil
    }
}
