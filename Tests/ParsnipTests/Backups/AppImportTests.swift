import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Switching in: a Goodreads or Libib library, a Paprika export, a Todoist or Apple Reminders CSV, imported as
/// `parsnip import` does (the Backups page calls the same service): a dry run in plain words that writes nothing, the
/// fields each app's columns map to, duplicates skipped, broken files refused in one sentence, and the safety
/// backup that undoes it.
final class AppImportTests: XCTestCase {
    /// The safety backups its commands make on PostgreSQL, removed after each test.
    private var safetyBackups: CommandSafetyBackups?

    override func setUp() {
        safetyBackups = CommandSafetyBackups()
    }

    override func tearDown() {
        safetyBackups?.removeNew()
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/imports")

    /// A file database with the owner "Ana" (and the `authors` and a book titled `book`, added through the pages),
    /// the fixture `name` copied beside it; `test` gets the database and the file's path.
    private func withHousehold(
        file name: String, authors: [String] = [], book: String? = nil,
        _ test: (TemporaryDatabase, String) async throws -> Void
    ) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            for author in authors { _ = try await owner.addEntry(.author, author) }
            if let book {
                let catalogue = try await owner.addCatalogue()
                _ = try await owner.addBook(bookForm(genre: catalogue.genre, [("title", book)]))
            }
        }
        let copy = database.directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: copy)
        try await test(database, copy.path)
    }

    private func run(_ path: String, into database: TemporaryDatabase, dryRun: Bool) async throws
        -> (report: ImportReport, safety: String?)
    {
        let (report, safety) = try await BackupFiles.importFile(
            path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: dryRun)
        return (report, safety)
    }

    /// Reads the database file: every object of `className`, by `key`.
    private func objects(_ className: String, by key: String, in database: TemporaryDatabase) async throws
        -> [String: ParseObject]
    {
        let store = try testStore(at: database.path)
        defer { try? store.close() }
        let found = try await store.read { reader in try reader.find(ParseQuery(className).limit(-1)) }
        return Dictionary(found.map { ($0[key]?.stringValue ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the `className` entries a book's Relation `key` holds.
    private func related(_ book: ParseObject, _ key: String, _ className: String, in database: TemporaryDatabase)
        async throws -> [String]
    {
        let store = try testStore(at: database.path)
        defer { try? store.close() }
        return try await store.read { reader in
            try reader.find(ParseQuery(className).related(to: book.pointer, key: key).limit(-1))
        }.compactMap { $0["name"]?.stringValue }.sorted()
    }

    func testAGoodreadsDryRunSaysEveryRowInPlainWordsAndWritesNothing() async throws {
        try await withHousehold(file: "goodreads_library_export.csv") { database, path in
            let before = try await objectCounts(at: database.path)
            let (report, safety) = try await run(path, into: database, dryRun: true)
            XCTAssertEqual(report.problems, [])
            XCTAssertNil(safety, "a dry run makes no safety backup")
            XCTAssertEqual(
                report.lines,
                [
                    "Goodreads export: 7 entries in the file.",
                    "Books: 5 to add",
                    "Authors: 5 to add",
                    "Publishers: 4 to add",
                    "Row 4: no title — skipped.",
                    "Row 6: “Mort” appears earlier in the file — skipped.",
                    "Row 8: the date “not a date” cannot be read — left out.",
                    "Row 8: “1234567890” is not a valid ISBN — the book is added without it.",
                ])
            let countsAfter = try await objectCounts(at: database.path)
            XCTAssertEqual(countsAfter, before)
        }
    }

    func testGoodreadsShelvesRatingsDatesISBNsAuthorsAndPublishersBecomeTheBooksFields() async throws {
        try await withHousehold(file: "goodreads_library_export.csv", authors: ["TERRY PRATCHETT"]) { database, path in
            let (report, safety) = try await run(path, into: database, dryRun: false)
            XCTAssertEqual(report.problems, [])
            XCTAssertNotNil(safety)
            XCTAssertTrue(report.lines.contains("Authors: 4 to add"), "Terry Pratchett is reused: \(report.lines)")
            let books = try await objects("Book", by: "title", in: database)
            XCTAssertEqual(books.count, 5)
            let mort = try XCTUnwrap(books["Mort (Discworld, #4)"])
            XCTAssertEqual(mort["readingStatus"], .string("read"))
            XCTAssertEqual(mort["rating"], .number(5))
            XCTAssertEqual(mort["finishedOn"], .date(try XCTUnwrap(CalendarDate(year: 2023, month: 5, day: 14)).date))
            XCTAssertEqual(mort["publishingYear"], .number(1988))
            let isbns = try await objects("ISBN", by: "value", in: database)
            XCTAssertEqual(mort["isbn"]?.pointerValue?.objectId, isbns["9780552131063"]?.objectId, "ISBN13, cleaned")
            let omens = try XCTUnwrap(books["Good Omens: The Nice and Accurate Prophecies of Agnes Nutter, Witch"])
            XCTAssertEqual(omens["readingStatus"], .string("reading"))
            let omensAuthors = try await related(omens, "authors", "Author", in: database)
            XCTAssertEqual(omensAuthors, ["Neil Gaiman", "TERRY PRATCHETT"])
            let omensPublishers = try await related(omens, "publishers", "Publisher", in: database)
            XCTAssertEqual(omensPublishers, ["William Morrow, an imprint of HarperCollins"])
            let prince = try XCTUnwrap(books["Le Petit Prince"])
            XCTAssertEqual(prince["readingStatus"], .string("unread"))
            XCTAssertNil(prince["rating"], "My Rating 0 is no rating")
            let princeAuthors = try await related(prince, "authors", "Author", in: database)
            XCTAssertEqual(princeAuthors, ["Antoine de Saint-Exupéry"])
            let murakami = try XCTUnwrap(books["ノルウェイの森"])
            let murakamiAuthors = try await related(murakami, "authors", "Author", in: database)
            XCTAssertEqual(murakamiAuthors, ["村上 春樹"])
        }
    }

    func testImportingTheSameGoodreadsFileTwiceAddsNoBookTheSecondTime() async throws {
        try await withHousehold(file: "goodreads_library_export.csv") { database, path in
            _ = try await run(path, into: database, dryRun: false)
            let once = try await objectCounts(at: database.path)
            let (again, _) = try await run(path, into: database, dryRun: false)
            XCTAssertEqual(again.problems, [])
            XCTAssertTrue(again.lines.contains("Row 2: “Mort (Discworld, #4)” is here already (same ISBN) — skipped."))
            XCTAssertTrue(
                again.lines.contains("Row 5: “Le Petit Prince” is here already (same title and author) — skipped."))
            XCTAssertFalse(again.lines.contains { $0.hasPrefix("Books:") }, "\(again.lines)")
            let countsAfter = try await objectCounts(at: database.path)
            XCTAssertEqual(countsAfter, once)
        }
    }

    func testALibibExportAddsItsBooksLeavesOutMusicAndReusesAnAuthorHere() async throws {
        try await withHousehold(file: "libib_library.csv", authors: ["Le Guin, Ursula K."]) { database, path in
            let (report, _) = try await run(path, into: database, dryRun: false)
            XCTAssertEqual(report.problems, [])
            XCTAssertTrue(report.lines.contains("Row 4: “music” is not a book — skipped."), "\(report.lines)")
            XCTAssertTrue(report.lines.contains("Row 5: no title — skipped."), "\(report.lines)")
            let books = try await objects("Book", by: "title", in: database)
            XCTAssertEqual(Set(books.keys), ["The Left Hand of Darkness", "Piranesi", "Cien años de soledad"])
            let winter = try XCTUnwrap(books["The Left Hand of Darkness"])
            XCTAssertEqual(winter["readingStatus"], .string("read"))
            XCTAssertEqual(winter["rating"], .number(5))
            XCTAssertEqual(winter["finishedOn"], .date(try XCTUnwrap(CalendarDate(year: 2022, month: 11, day: 3)).date))
            XCTAssertEqual(winter["publishingYear"], .number(1987))
            let winterAuthors = try await related(winter, "authors", "Author", in: database)
            XCTAssertEqual(winterAuthors, ["Le Guin, Ursula K."])
            XCTAssertEqual(books["Piranesi"]?["readingStatus"], .string("reading"))
            XCTAssertNil(books["Piranesi"]?["rating"])
            XCTAssertEqual(books["Cien años de soledad"]?["readingStatus"], .string("unread"))
        }
    }

    func testATodoistProjectBecomesToDosWithDaysRepeatsCommentsAndAMembersName() async throws {
        try await withHousehold(file: "todoist_project.csv") { database, path in
            let (report, _) = try await run(path, into: database, dryRun: false)
            XCTAssertEqual(report.problems, [])
            XCTAssertEqual(
                report.lines,
                [
                    "Todoist export: 7 entries in the file.",
                    "To-dos: 4 to add",
                    "Row 2: the section “Kitchen” — Parsnip has no sections, so its to-dos are added without it.",
                    "Row 5: Ben (14781401) is not in the household — the to-do is for anyone.",
                    "Row 6: Parsnip cannot follow the date “every other week” — the words are kept in the to-do’s "
                        + "description.",
                    "Row 8: no title — skipped.",
                ])
            let todos = try await objects("TodoListItem", by: "title", in: database)
            let milk = try XCTUnwrap(todos["Buy oat milk @groceries"])
            XCTAssertEqual(
                milk["description"],
                .string("Two cartons, \"the blue ones\"\nfrom the corner shop\n\nOr the green ones if there are none"))
            XCTAssertEqual(milk["assignee"], .string("Ana"))
            XCTAssertEqual(milk["dueDate"], .date(try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 15)).date))
            XCTAssertEqual(milk["done"], .boolean(false))
            let bins = try XCTUnwrap(todos["Take the bins out"])
            XCTAssertEqual(bins["repeat"], .string("weekly"))
            XCTAssertNil(bins["assignee"])
            let due = try XCTUnwrap(bins["dueDate"]?.dateValue)
            // 1970-01-05 was a Monday.
            XCTAssertEqual(Int(due.timeIntervalSince1970 / 86_400 - 4) % 7, 0, "the next Monday")
            XCTAssertEqual(todos["Water the plants"]?["description"], .string("Todoist: every other week"))
            XCTAssertNil(todos["Water the plants"]?["dueDate"])
            XCTAssertEqual(
                todos["Réserver le dîner 🍽"]?["dueDate"],
                .date(try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 15)).date))
        }
    }

    func testAnAppleRemindersCSVBecomesToDosAndNamesItsLists() async throws {
        try await withHousehold(file: "reminders.csv") { database, path in
            let (report, _) = try await run(path, into: database, dryRun: false)
            XCTAssertEqual(report.problems, [])
            XCTAssertEqual(
                report.lines,
                [
                    "Apple Reminders export: 4 entries in the file.",
                    "To-dos: 3 to add",
                    "Row 5: the date “someday” cannot be read — left out.",
                    "Row 4: no title — skipped.",
                    "Lists in the file: Home, Errands. Parsnip keeps one list of to-dos, so the lists’ names are not "
                        + "kept.",
                ])
            let todos = try await objects("TodoListItem", by: "title", in: database)
            XCTAssertEqual(todos["Call the plumber"]?["description"], .string("About the kitchen tap, \"dripping\""))
            XCTAssertEqual(
                todos["Call the plumber"]?["dueDate"],
                .date(try XCTUnwrap(CalendarDate(year: 2024, month: 4, day: 2)).date))
            XCTAssertEqual(todos["Renew passport"]?["done"], .boolean(true))
            XCTAssertEqual(
                todos["Renew passport"]?["dueDate"],
                .date(try XCTUnwrap(CalendarDate(year: 2024, month: 4, day: 20)).date))
            XCTAssertEqual(todos["Pick up the dry cleaning"]?["description"], .string("Line one\nLine two"))
        }
    }

    func testAPaprikaExportBecomesRecipesWithIngredientsStepsTimesAndAPhotoAndRefusesAFakePhoto() async throws {
        try await withHousehold(file: "Recipes.paprikarecipes") { database, path in
            let (report, _) = try await run(path, into: database, dryRun: false)
            XCTAssertEqual(report.problems, [])
            XCTAssertEqual(
                report.lines,
                [
                    "Paprika export: 3 entries in the file.",
                    "Recipes: 2 to add",
                    "Photos: 1 to add",
                    "Recipe “Tomato soup”: its photo is not a JPEG, PNG or WebP picture — it is added without a photo.",
                    "Untitled.paprikarecipe: a recipe without a name — skipped.",
                    "Paprika categories not kept: Family, Soups (a recipe’s category in Parsnip is breakfast, lunch or "
                        + "dinner).",
                ])
            let recipes = try await objects("Recipe", by: "name", in: database)
            let pancakes = try XCTUnwrap(recipes["Pancakes"])
            let ingredients = try XCTUnwrap(pancakes["ingredients"]?.arrayValue).compactMap(\.objectValue)
            XCTAssertEqual(
                ingredients.map { $0["quantity"] }, [.number(1.5), .number(2), .number(0.5), .number(1.25), .number(0)])
            XCTAssertEqual(
                ingredients.map { $0["description"]?.stringValue },
                ["cups flour", "eggs", "tsp salt", "cups milk", "Butter, for the pan"])
            XCTAssertEqual(
                pancakes["steps"],
                .array([.string("Mix everything."), .string("Rest 10 minutes."), .string("Fry in butter.")]))
            XCTAssertEqual(pancakes["servings"], .number(4))
            XCTAssertEqual(pancakes["prepMinutes"], .number(10))
            XCTAssertEqual(pancakes["cookMinutes"], .number(65))
            XCTAssertEqual(pancakes["category"], .number(0), "Breakfast")
            XCTAssertEqual(pancakes["source"], .string("Grandma — https://example.org/pancakes"))
            XCTAssertEqual(pancakes["notes"], .string("Sunday mornings, \"best\" with jam"))
            guard case .file(let photo, _) = pancakes["photo"] else { return XCTFail("no photo") }
            let store = try testStore(at: database.path)
            defer { try? store.close() }
            let kept = try await store.read { try $0.file(named: photo) }
            XCTAssertEqual(kept?.contentType, "image/png")
            XCTAssertEqual(kept?.bytes.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
            let soup = try XCTUnwrap(recipes["Tomato soup"])
            XCTAssertNil(soup["photo"])
            XCTAssertEqual(soup["cookMinutes"], .number(45))
            XCTAssertEqual(
                try XCTUnwrap(soup["ingredients"]?.arrayValue).compactMap { $0.objectValue?["quantity"] },
                [.number(6), .number(1), .number(2)])
        }
    }

    func testUndoingAnImportRestoresItsSafetyBackupAndRemovesExactlyWhatItAdded() async throws {
        try await withHousehold(file: "goodreads_library_export.csv", book: "A book from before") { database, path in
            let before = try await objects("Book", by: "title", in: database)
            let authorsBefore = Set(try await objects("Author", by: "name", in: database).keys)
            let (_, safety) = try await run(path, into: database, dryRun: false)
            let imported = try await objects("Book", by: "title", in: database)
            XCTAssertEqual(imported.count, before.count + 5)
            let prepared = try BackupFiles.prepareRestore(
                of: try XCTUnwrap(safety), over: commandDatabase(at: database.path))
            _ = try await BackupFiles.restore(prepared, over: commandDatabase(at: database.path))
            let after = try await objects("Book", by: "title", in: database)
            XCTAssertEqual(Set(after.keys), Set(before.keys))
            XCTAssertEqual(after["A book from before"]?.objectId, before["A book from before"]?.objectId)
            let authorsAfter = try await objects("Author", by: "name", in: database)
            XCTAssertEqual(Set(authorsAfter.keys), authorsBefore)
        }
    }

    func testABrokenFileIsRefusedInOneSentenceAndChangesNothing() async throws {
        try await withHousehold(file: "Recipes.paprikarecipes") { database, path in
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let whole = try Data(contentsOf: URL(fileURLWithPath: path))
            let cut = folder.appendingPathComponent("Cut.paprikarecipes")
            try whole.prefix(whole.count / 2).write(to: cut)
            let unclosed = folder.appendingPathComponent("cut.csv")
            try Data("Book Id,Title,Author l-f,Exclusive Shelf\r\n1,\"Mort,Pratchett".utf8).write(to: unclosed)
            let unknown = folder.appendingPathComponent("bank.csv")
            try Data("Date,Amount,Payee\n2024-01-01,3.50,Bakery\n".utf8).write(to: unknown)
            let huge = folder.appendingPathComponent("huge.csv")
            try Data("TYPE,CONTENT,PRIORITY,INDENT\n".utf8).write(to: huge)
            let handle = try FileHandle(forWritingTo: huge)
            try handle.truncate(atOffset: 200_000_000)
            try handle.close()
            let expected = [
                cut: "Cut.paprikarecipes is damaged or cut short and cannot be opened as a Paprika export. Export it "
                    + "again and import the new file. Nothing was changed.",
                unclosed:
                    "cut.csv ends inside a quoted cell that starts on line 2: it looks cut short. Export it again "
                    + "and import the new file. Nothing was changed.",
                unknown: "bank.csv is a CSV file Parsnip does not recognise: it reads Goodreads and Libib library "
                    + "exports and Todoist and Apple Reminders CSV files, told apart by their first line. Nothing was "
                    + "changed.",
                huge: "huge.csv is too big to import: a Todoist export of over 50 MB is not taken. Nothing was "
                    + "changed.",
            ]
            let before = try await objectCounts(at: database.path)
            for (file, message) in expected {
                do {
                    _ = try await run(file.path, into: database, dryRun: false)
                    XCTFail("\(file.lastPathComponent) was imported")
                } catch let problem as BackupProblem {
                    XCTAssertEqual(problem.message, message)
                }
            }
            let countsAfter = try await objectCounts(at: database.path)
            XCTAssertEqual(countsAfter, before)
        }
    }

    func testTheBackupsPageShowsAnAppsPreviewImportsItAndOffersItsUndo() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let csv = try Array(Data(contentsOf: Self.fixtures.appendingPathComponent("todoist_project.csv")))
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            _ = try await owner.get("/backups")
            let preview = try await owner.postMultipart(
                "/backups/import", fields: [("existing", "skip")], files: [("file", "todoist_project.csv", csv)])
            XCTAssertEqual(preview.status, .ok)
            XCTAssertTrue(preview.text.contains("Todoist export: 7 entries in the file."), preview.text)
            XCTAssertTrue(preview.text.contains("Row 8: no title — skipped."))
            XCTAssertTrue(preview.text.contains("rows that match one are skipped"))
            let listBefore = try await owner.get("/todos").text
            XCTAssertFalse(listBefore.contains("Take the bins out"), "a dry run adds nothing")
            let action = try XCTUnwrap(preview.text.firstMatch(of: /action="(\/backups\/import\/[0-9a-f]{32})"/)).1
            let imported = try await owner.post(String(action), form: [("existing", "skip")])
            XCTAssertEqual(imported.status, .seeOther)
            let backups = try await owner.get("/backups").text
            XCTAssertTrue(backups.contains("Undo this import"))
            let listAfter = try await owner.get("/todos").text
            XCTAssertTrue(listAfter.contains("Take the bins out"))
        }
    }
}
