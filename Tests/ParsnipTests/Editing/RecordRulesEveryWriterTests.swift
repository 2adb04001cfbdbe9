import Foundation
import OrderedCollections
import ParseStore
import XCTest

@testable import ParseStore
@testable import Parsnip

/// Every record rule × every writer: a record that breaks a rule of its class is refused whoever writes it — the
/// Parse API (one object, a batch, a batch in one transaction), an import's dry run, the page form, a restore from
/// the trash and an undo in History — each in its own form (137/142, a report line, a 422 page), and nothing of it
/// is kept. Generated from the table of rules below: a new rule is one more row, walked by every writer.
final class RecordRulesEveryWriterTests: XCTestCase {
    /// What each case starts from: a genre, "The Dispossessed" with ISBN 9780060512750 in it.
    struct Fixture: Sendable {
        let genre: String
    }

    /// One rule, and a record that breaks it.
    struct Case: Sendable {
        let name: String
        let className: String
        /// Parse's code in the API's answer: 137 for a duplicate, 142 for any other rule.
        let code: Int
        /// Words the refusal says, in the API's message and the import's line.
        let words: String
        /// The breaking record's fields; may store what it points to first (an ISBN object) with the master key.
        let fields: @Sendable (Fixture, ParseStore) async throws -> OrderedDictionary<String, ParseValue>
        /// Fields that make it valid: the edit an undo in History would take back.
        let fix: OrderedDictionary<String, ParseValue>
        /// The page form that tries the same, when a page can: its path and fields.
        var page: (@Sendable (Fixture) -> (path: String, form: [(String, String)]))?
        /// Where its records live on the pages (their trash and History), when they are household records.
        var basePath: String?
        /// Mended through the record's edit page rather than the API (History offers to undo what the page changed:
        /// a book's ISBN is its digits there, not the Pointer an app sets).
        var mendsOnPage = false
    }

    static func isbn(_ value: String) -> @Sendable (ParseStore) async throws -> ParseValue {
        { store in
            let object = try await store.write { try $0.create("ISBN", ["value": .string(value)]) }
            return .pointer(object.pointer)
        }
    }

    /// What the book edit page leaves of a mended book: its title, no ISBN, a year.
    static let bookMend: OrderedDictionary<String, ParseValue> = [
        "title": "Dune", "isbn": .null, "publishingYear": 1965,
    ]

    static func genre(_ id: String) -> ParseValue { .pointer(ParsePointer(className: "Genre", objectId: id)) }

    static let cases: [Case] = [
        Case(
            name: "a book with the ISBN another book has", className: "Book", code: 137,
            words: "This ISBN is already used by “The Dispossessed”",
            fields: { fixture, store in
                ["title": "Dune", "genre": genre(fixture.genre), "isbn": try await isbn("9780060512750")(store)]
            },
            fix: bookMend,
            page: { fixture in ("/books/new", bookForm(genre: fixture.genre, [("title", "Dune")])) },
            basePath: "/books", mendsOnPage: true),
        Case(
            name: "a book with the ISBN-10 of another book's ISBN-13", className: "Book", code: 137,
            words: "This ISBN is already used by “The Dispossessed”",
            fields: { fixture, store in
                ["title": "Dune", "genre": genre(fixture.genre), "isbn": try await isbn("006051275X")(store)]
            },
            fix: bookMend,
            page: { fixture in
                ("/books/new", bookForm(genre: fixture.genre, [("title", "Dune"), ("isbn", "0-06-051275-X")]))
            },
            basePath: "/books", mendsOnPage: true),
        Case(
            name: "a book whose genre does not exist", className: "Book", code: 142,
            words: "This book’s genre does not exist",
            fields: { _, _ in ["title": "Dune", "genre": genre("nosuchgenre")] },
            fix: ["title": "Dune"],
            page: { _ in ("/books/new", bookForm(genre: "nosuchgenre", [("title", "Dune")], removing: ["isbn"])) },
            basePath: nil),
        Case(
            name: "a book without a title", className: "Book", code: 142, words: "A book needs a title",
            fields: { fixture, _ in ["title": "  ", "genre": genre(fixture.genre)] },
            fix: bookMend,
            page: { fixture in ("/books/new", bookForm(genre: fixture.genre, [("title", "")], removing: ["isbn"])) },

            basePath: "/books", mendsOnPage: true),
        Case(
            name: "a book published before printing", className: "Book", code: 142,
            words: "Publishing year must be a whole number from 1450",
            fields: { fixture, _ in ["title": "Dune", "genre": genre(fixture.genre), "publishingYear": 1200] },
            fix: bookMend,
            page: { fixture in
                ("/books/new", bookForm(genre: fixture.genre, [("publishingYear", "1200")], removing: ["isbn"]))
            },
            basePath: "/books", mendsOnPage: true),
        Case(
            name: "an ISBN not written as its digits", className: "ISBN", code: 142,
            words: "An ISBN must be 10 or 13 digits",
            fields: { _, _ in ["value": "978-0-441-01359-3"] }, fix: [:]),
        Case(
            name: "a to-do without a title", className: "TodoListItem", code: 142, words: "A to-do needs a title",
            fields: { _, _ in ["title": "", "description": "no title"] }, fix: ["title": "Walk the dog"],
            page: { _ in ("/todos", [("title", ""), ("description", "no title")]) }, basePath: "/todos"),
        Case(
            name: "a to-do with a title of 201 characters", className: "TodoListItem", code: 142,
            words: "A to-do’s title must be 200 characters or fewer",
            fields: { _, _ in ["title": .string(String(repeating: "x", count: 201))] }, fix: ["title": "Walk the dog"],
            page: { _ in ("/todos", [("title", String(repeating: "x", count: 201)), ("description", "")]) },
            basePath: "/todos"),
        Case(
            name: "a recipe without a name", className: "Recipe", code: 142, words: "A recipe needs a name",
            fields: { _, _ in ["name": "", "servings": 2] }, fix: ["name": "Soup"],
            page: { _ in ("/recipes", recipeForm([("name", "")])) }, basePath: "/recipes"),
        Case(
            name: "a recipe serving 0", className: "Recipe", code: 142,
            words: "The servings must be a whole number from 1 to 1,000",
            fields: { _, _ in ["name": "Soup", "servings": 0] }, fix: ["servings": 2],
            page: { _ in ("/recipes", recipeForm([("servings", "0")])) }, basePath: "/recipes"),
        Case(
            name: "a recipe ingredient whose range ends below its quantity", className: "Recipe", code: 142,
            words: "The upper end of an ingredient’s range must be more than its quantity and at most 100,000",
            fields: { _, _ in
                ["name": "Soup", "ingredients": [["quantity": 3, "description": "eggs", "quantityMax": 2]]]
            },
            fix: ["ingredients": [["quantity": 2, "description": "eggs", "quantityMax": 3]]], basePath: "/recipes"),
        Case(
            name: "a recipe ingredient whose amount in words is too long", className: "Recipe", code: 142,
            words: "An ingredient’s amount in words must be text of 40 characters or fewer",
            fields: { _, _ in
                let long = ParseValue.string(String(repeating: "a", count: 41))
                return ["name": "Soup", "ingredients": [["quantity": 0, "description": "salt", "amount": long]]]
            },
            fix: ["ingredients": [["quantity": 0, "description": "salt", "amount": "a pinch"]]], basePath: "/recipes"),
        Case(
            name: "a recipe cooked for minus five minutes", className: "Recipe", code: 142,
            words: "Preparation and cooking times must be whole minutes from 0 to 10,080",
            fields: { _, _ in ["name": "Soup", "cookMinutes": -5] }, fix: ["cookMinutes": 70], basePath: "/recipes"),
        Case(
            name: "a genre named as another genre", className: "Genre", code: 137,
            words: "This genre already exists",
            fields: { _, _ in ["name": "science FICTION"] }, fix: ["name": "Fantasy"],
            page: { _ in ("/genres", [("name", "science fiction")]) }, basePath: "/genres"),
    ]

    func testEveryRuleIsRefusedByEveryWriterAndNothingOfTheRecordIsKept() async throws {
        for rule in Self.cases {
            try await withParseAPI { world in
                let catalogue = try await world.browser.addCatalogue()
                _ = try await world.browser.addBook(bookForm(genre: catalogue.genre))
                let fixture = Fixture(genre: catalogue.genre)
                try await Self.apiObject(rule, fixture, world)
                try await Self.apiBatch(rule, fixture, world)
                try await Self.importDryRun(rule, fixture, world)
                try await Self.pageForm(rule, fixture, world)
                try await Self.trashRestore(rule, fixture, world)
                try await Self.historyUndo(rule, fixture, world)
            }
        }
    }

    static func count(_ className: String, _ world: ParseAPIWorld) async throws -> Int {
        try await world.store.read { try $0.count(ParseQuery(className)) }
    }

    static func apiObject(_ rule: Case, _ fixture: Fixture, _ world: ParseAPIWorld) async throws {
        let fields = try await rule.fields(fixture, world.store)
        let before = try await count(rule.className, world)
        for caller in [world.editor, world.master] {
            let answer = try await caller.post("/parse/classes/\(rule.className)", json(.object(fields)))
            XCTAssertEqual(answer.code, rule.code, "\(rule.name), API object: \(answer.text)")
            XCTAssertTrue(
                answer["error"]?.stringValue?.contains(rule.words) == true, "\(rule.name), API object: \(answer.text)")
        }
        let after = try await count(rule.className, world)
        XCTAssertEqual(after, before, "\(rule.name), API object: nothing kept")
    }

    static func apiBatch(_ rule: Case, _ fixture: Fixture, _ world: ParseAPIWorld) async throws {
        let fields = try await rule.fields(fixture, world.store)
        let bad: ParseValue = .object([
            "method": "POST", "path": .string("/parse/classes/\(rule.className)"), "body": .object(fields),
        ])
        let good: ParseValue = .object([
            "method": "POST", "path": "/parse/classes/TodoListItem", "body": .object(["title": "Kept only alone"]),
        ])
        let (before, todos) = (try await count(rule.className, world), try await count("TodoListItem", world))
        let each = try await world.editor.post("/parse/batch", json(.object(["requests": .array([bad])])))
        let first = each.json.arrayValue?.first?.objectValue?["error"]?.objectValue
        XCTAssertEqual(first?["code"]?.numberValue, Double(rule.code), "\(rule.name), batch: \(each.text)")
        let together = try await world.editor.post(
            "/parse/batch", json(.object(["requests": .array([good, bad]), "transaction": true])))
        XCTAssertEqual(together.code, rule.code, "\(rule.name), batch in one transaction: \(together.text)")
        let (after, todosAfter) = (try await count(rule.className, world), try await count("TodoListItem", world))
        XCTAssertEqual(after, before, "\(rule.name), batch: nothing kept")
        XCTAssertEqual(todosAfter, todos, "\(rule.name), batch in one transaction: its good request was undone too")
    }

    static func importDryRun(_ rule: Case, _ fixture: Fixture, _ world: ParseAPIWorld) async throws {
        var fields = try await rule.fields(fixture, world.store)
        fields["objectId"] = "imported01"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(json(.array([.object(fields)])).utf8).write(to: file)
        let writePath = try await WritePath.forApps(store: world.store)
        let before = try await count(rule.className, world)
        for dryRun in [true, false] {
            let report = try await ImportRun.run(
                try ImportSource.read(file, className: rule.className), existing: .skip, dryRun: dryRun,
                known: knownClasses, writePath: writePath)
            XCTAssertTrue(
                report.problems.contains { $0.contains("(objectId imported01): \(rule.words)") },
                "\(rule.name), import: \(report.problems)")
        }
        let after = try await count(rule.className, world)
        XCTAssertEqual(after, before, "\(rule.name), import: nothing kept")
    }

    static func pageForm(_ rule: Case, _ fixture: Fixture, _ world: ParseAPIWorld) async throws {
        guard let page = rule.page?(fixture) else { return }
        _ = try await world.browser.get(page.path == "/todos" ? "/todos/new" : page.path)
        let before = try await count(rule.className, world)
        let answer = try await world.browser.post(page.path, form: page.form)
        XCTAssertEqual(answer.status, .unprocessableContent, "\(rule.name), page: \(answer.text.prefix(300))")
        XCTAssertTrue(answer.text.contains("class=\"field-error\"") || answer.text.contains("error"), rule.name)
        let after = try await count(rule.className, world)
        XCTAssertEqual(after, before, "\(rule.name), page: nothing kept")
    }

    /// A record that breaks the rule, stored around the rules (as data from before them would be), deleted to the
    /// trash: putting it back is refused and it stays out.
    static func trashRestore(_ rule: Case, _ fixture: Fixture, _ world: ParseAPIWorld) async throws {
        guard rule.basePath != nil else { return }
        let fields = try await rule.fields(fixture, world.store)
        let object = try await world.store.write {
            try $0.create(rule.className, Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) }))
        }
        let deleted = try await world.master.delete("/parse/classes/\(rule.className)/\(object.objectId)")
        XCTAssertEqual(deleted.status, .ok, "\(rule.name), trash: \(deleted.text)")
        let item = try await world.store.read {
            try $0.first(
                ParseQuery(TrashBin.className).where(
                    TrashBin.recordKey, equalTo: .string("\(rule.className):\(object.objectId)")))
        }
        let trashId = try XCTUnwrap(item?.objectId, "\(rule.name): the delete put it in the trash")
        let restored = try await world.browser.post("/trash/\(trashId)/restore", form: [])
        XCTAssertNotEqual(restored.status, .seeOther, "\(rule.name), trash: \(restored.text.prefix(300))")
        XCTAssertTrue(
            restored.text.contains("Nothing was changed"), "\(rule.name), trash: \(restored.text.prefix(600))")
        let back = try await world.store.read {
            try $0.count(ParseQuery(rule.className).where("objectId", equalTo: .string(object.objectId)))
        }
        XCTAssertEqual(back, 0, "\(rule.name), trash: it stays out")
    }

    /// A record that breaks the rule, stored around the rules, then mended through the API: undoing the mend in
    /// History is refused and the mended values stay.
    static func historyUndo(_ rule: Case, _ fixture: Fixture, _ world: ParseAPIWorld) async throws {
        guard let basePath = rule.basePath else { return }
        let fields = try await rule.fields(fixture, world.store)
        let object = try await world.store.write {
            try $0.create(rule.className, Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) }))
        }
        let record = "\(basePath)/\(object.objectId)"
        if rule.mendsOnPage {
            let base = try await world.browser.loadedVersion(of: "\(record)/edit")
            let form = bookForm(genre: fixture.genre, [("title", "Dune"), ("isbn", ""), ("publishingYear", "1965")])
            let mended = try await world.browser.post("\(record)/edit", form: form + base)
            XCTAssertEqual(mended.status, .seeOther, "\(rule.name), history: \(mended.text.prefix(300))")
        } else {
            let mended = try await world.editor.put(
                "/parse/classes/\(rule.className)/\(object.objectId)", json(.object(rule.fix)))
            XCTAssertEqual(mended.status, .ok, "\(rule.name), history: \(mended.text)")
        }
        let undo = try await HistoryTests.undoAction(world.browser, "\(basePath)/\(object.objectId)/history", .newest)
        let answer = try await world.browser.post(undo, form: [])
        XCTAssertEqual(answer.status, .seeOther, "\(rule.name), history: \(answer.text.prefix(300))")
        let history = try await world.browser.get("\(record)/history").text
        XCTAssertTrue(history.contains("Nothing was changed"), "\(rule.name), history: the refusal is said")
        let now = try await world.store.read { try $0.fetch(rule.className, objectId: object.objectId) }
        for (key, value) in rule.fix {
            // Compared as documents: PostgreSQL keeps an Object's keys in an order of its own.
            let kept = now[key] ?? .null
            XCTAssertTrue(kept.isSame(as: value), "\(rule.name), history: the mend stays: \(kept)")
        }
    }

    /// The books of `genre` by its `books` relation, as an app lists them.
    static func genreBooks(_ genreId: String, _ world: ParseAPIWorld) async throws -> [String] {
        let related = try await world.viewer.get(
            "/parse/classes/Book?where="
                + queryValue(json(["$relatedTo": ["object": genre(genreId), "key": "books"]])))
        return related.results.compactMap { $0["objectId"]?.stringValue }
    }

    func testAGenresBooksFollowItsBooksGenreWhoeverWritesAndAWriteSayingOtherwiseIsRefused() async throws {
        try await withParseAPI { world in
            let first = try await world.editor.post("/parse/classes/Genre", json(["name": "Poetry"]))
            let second = try await world.editor.post("/parse/classes/Genre", json(["name": "Plays"]))
            let (poetry, plays) = (
                try XCTUnwrap(first["objectId"]?.stringValue), try XCTUnwrap(second["objectId"]?.stringValue)
            )
            let made = try await world.editor.post(
                "/parse/classes/Book", json(["title": "Leaves of Grass", "genre": Self.genre(poetry)]))
            let book = try XCTUnwrap(made["objectId"]?.stringValue, made.text)
            var listed = try await Self.genreBooks(poetry, world)
            XCTAssertEqual(listed, [book], "saving the book put it in its genre's books")
            // The tutorial's next step adds it to its genre's books itself: nothing more to do, no error.
            let adding: ParseValue = [
                "books": [
                    "__op": "AddRelation", "objects": [.pointer(ParsePointer(className: "Book", objectId: book))],
                ]
            ]
            let add = json(adding)
            let same = try await world.editor.put("/parse/classes/Genre/\(poetry)", add)
            XCTAssertEqual(same.status, .ok, same.text)
            let moved = try await world.editor.put("/parse/classes/Book/\(book)", json(["genre": Self.genre(plays)]))
            XCTAssertEqual(moved.status, .ok, moved.text)
            listed = try await Self.genreBooks(poetry, world)
            XCTAssertEqual(listed, [], "moved out of its old genre's books")
            listed = try await Self.genreBooks(plays, world)
            XCTAssertEqual(listed, [book], "and into the new one's")
            // Listing it under a genre it does not have is refused, alone or in a batch.
            let wrong = try await world.editor.put("/parse/classes/Genre/\(poetry)", add)
            XCTAssertEqual(wrong.code, 142, wrong.text)
            let batch = try await world.editor.post(
                "/parse/batch",
                json([
                    "requests": [["method": "PUT", "path": .string("/parse/classes/Genre/\(poetry)"), "body": adding]]
                ]))
            let answer = batch.json.arrayValue?.first?.objectValue?["error"]?.objectValue
            XCTAssertEqual(answer?["code"]?.numberValue, 142, batch.text)
            listed = try await Self.genreBooks(poetry, world)
            XCTAssertEqual(listed, [], "nothing kept")
            // A genre a book has is not deleted from under it.
            let gone = try await world.editor.delete("/parse/classes/Genre/\(plays)")
            XCTAssertEqual(gone.code, 142, gone.text)
            XCTAssertTrue(gone["error"]?.stringValue?.contains("while a book has it") == true, gone.text)
            // Deleting the book takes it out of its genre's books.
            let deleted = try await world.editor.delete("/parse/classes/Book/\(book)")
            XCTAssertEqual(deleted.status, .ok, deleted.text)
            listed = try await Self.genreBooks(plays, world)
            XCTAssertEqual(listed, [])
            let emptied = try await world.editor.delete("/parse/classes/Genre/\(plays)")
            XCTAssertEqual(emptied.status, .ok, emptied.text)
        }
    }
}
