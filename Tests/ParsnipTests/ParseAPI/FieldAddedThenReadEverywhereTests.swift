import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// On a fresh database file (several reader connections, as when Parsnip runs), a field an app adds to a class
/// after that class was first read shows in every read that follows — the same list URL again (whose answer was
/// cached), a count, a get, an include, `keys`, and the page that lists the records — for every class the apps
/// keep and for a class an app makes.
final class FieldAddedThenReadEverywhereTests: XCTestCase {
    /// Each class with the field its first object is saved with and the field added afterwards.
    static let classes: [(className: String, first: [String: ParseValue], added: String, addedValue: ParseValue)] = [
        ("TodoListItem", ["title": "Water the plants"], "description", "Twice a week"),
        ("Recipe", ["name": "Lentil soup"], "notes", "Better the next day"),
        ("Book", ["title": "The atlas"], "lentTo", "Sam"),
        ("Note", ["text": "Milk"], "colour", "green"),
    ]

    /// The page of each app that shows the added field: the to-do list, a recipe's page, a book's page.
    static func page(of className: String, id: String) -> String? {
        ["TodoListItem": "/todos", "Recipe": "/recipes/\(id)", "Book": "/books/\(id)"][className]
    }

    func testAFieldAddedAfterAClassWasFirstReadShowsInEveryReadThatFollows() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-field-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = signInSettings()
        settings.database = testDatabase(at: folder.appendingPathComponent("fresh.sqlite").path)
        try await withParseAPI(settings: settings) { world in
            let master = world.master
            for entry in Self.classes {
                let path = "/parse/classes/\(entry.className)"
                let made = try await master.post(
                    path,
                    json(
                        .object(
                            .init(
                                uniqueKeysWithValues: entry.first.sorted {
                                    $0.key < $1.key
                                }))))
                let id = try XCTUnwrap(made["objectId"]?.stringValue, made.text)
                let holder = try await master.post(
                    "/parse/classes/Holder\(entry.className)",
                    json(["thing": .pointer(ParsePointer(className: entry.className, objectId: id))]))
                XCTAssertEqual(holder.status, .created, holder.text)
                let holderId = try XCTUnwrap(holder["objectId"]?.stringValue)
                let reads: [(String, String)] = [
                    ("the list", path),
                    ("the list in order", path + "?order=-createdAt"),
                    ("a get", path + "/" + id),
                    ("an include", "/parse/classes/Holder\(entry.className)/\(holderId)?include=thing"),
                    ("keys", path + "?keys=" + entry.added),
                ]
                // Every read once before the field exists, several times so every reader connection has run it.
                for _ in 0..<6 {
                    for (_, url) in reads { _ = try await master.get(url) }
                    if let page = Self.page(of: entry.className, id: id) { _ = try await world.browser.get(page) }
                }
                let added = try await master.put(path + "/" + id, json([entry.added: entry.addedValue]))
                XCTAssertEqual(added.status, .ok, added.text)
                for round in 0..<6 {
                    for (name, url) in reads {
                        let answer = try await master.get(url)
                        // A find's first result, the included object, or the object itself.
                        let value =
                            answer.results.first?[entry.added] ?? answer["thing"]?.includedObjectValue?[entry.added]
                            ?? answer[entry.added]
                        XCTAssertEqual(
                            value, entry.addedValue,
                            "\(entry.className), \(name), read \(round + 1) after adding \(entry.added): \(answer.text)"
                        )
                    }
                    let count = try await master.get(path + "?count=1&limit=0")
                    XCTAssertEqual(count["count"], 1, count.text)
                    if let page = Self.page(of: entry.className, id: id) {
                        let list = try await world.browser.get(page).text
                        XCTAssertTrue(
                            list.contains(entry.addedValue.stringValue ?? ""),
                            "\(entry.className)'s page, read \(round + 1): \(list)")
                    }
                }
            }
        }
    }
}
