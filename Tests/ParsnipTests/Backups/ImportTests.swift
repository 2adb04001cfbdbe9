import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Import: export → import into an empty Parsnip gives the same data; a dry run writes nothing and names each
/// problem; any problem stops the whole import; Parse Dashboard files and REST answers are read too.
final class ImportTests: XCTestCase {
    /// The safety backups its commands make on PostgreSQL, removed after each test.
    private var safetyBackups: CommandSafetyBackups?

    override func setUp() {
        safetyBackups = CommandSafetyBackups()
    }

    override func tearDown() {
        safetyBackups?.removeNew()
    }

    /// Every JSON class file of an export, parsed (for comparing two exports canonically: key order aside).
    static func classes(in zip: URL) throws -> [String: NSArray] {
        var classes: [String: NSArray] = [:]
        for (path, text) in try ExportTests.entries(of: zip) where path.hasPrefix("json/") {
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
            classes[String(path.dropFirst(5).dropLast(5))] = try XCTUnwrap(parsed as? NSArray, path)
        }
        return classes
    }

    /// A household with a bit of everything: to-dos, a recipe with every field, a book with its genre, ISBN,
    /// authors and publisher, a deleted to-do in the trash and an edit in a History.
    static func fill(_ owner: Browser) async throws {
        try await owner.setUpOwner("Ana", password: "correct horse")
        try await owner.addTodo("Buy oat milk", "Two cartons\nThe blue ones")
        try await owner.addTodo("Return library books")
        let deleted = try await owner.newestId()
        _ = try await owner.post("/todos/\(deleted)/delete", form: [])
        _ = try await owner.addRecipe(recipeForm())
        let catalogue = try await owner.addCatalogue()
        let book = try await owner.addBook(
            bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]))
        _ = try await owner.saveBook(
            book,
            bookForm(
                genre: catalogue.genre, authors: [catalogue.authors[0]], publishers: [catalogue.publisher],
                [("title", "The Dispossessed: An Ambiguous Utopia")]))
    }

    func testExportThenImportIntoAnEmptyParsnipGivesTheSameObjectsFieldsTypesAndRelationMembers() async throws {
        let (first, second) = (try TemporaryDatabase(), try TemporaryDatabase())
        defer {
            first.remove()
            second.remove()
        }
        // Today's clock: the import keeps History and trash only as long as the keeping rules say, from now.
        var settings = fileSettings(first.path)
        settings.clock = SystemParseClock()
        try await withApp(settings: settings) { owner in try await Self.fill(owner) }
        let original = first.directory.appendingPathComponent("original.zip")
        _ = try await BackupFiles.export(databasePath: commandDatabase(at: first.path), to: original.path)

        let (report, safety) = try await BackupFiles.importFile(
            original.path, into: commandDatabase(at: second.path), className: nil, existing: .skip, dryRun: false)
        XCTAssertEqual(report.problems, [])
        XCTAssertNotNil(safety, "a safety backup comes first")
        let copy = second.directory.appendingPathComponent("copy.zip")
        _ = try await BackupFiles.export(databasePath: commandDatabase(at: second.path), to: copy.path)

        var before = try Self.classes(in: original)
        let after = try Self.classes(in: copy)
        XCTAssertGreaterThan(before["Book"]?.count ?? 0, 0)
        XCTAssertGreaterThan(before["_Trash"]?.count ?? 0, 0, "the trash travels too")
        XCTAssertGreaterThan(before["_History"]?.count ?? 0, 0, "and the History")
        // People are never imported: the copy has none.
        for className in ImportRun.leftOutClasses { before[className] = nil }
        XCTAssertEqual(Set(before.keys), Set(after.keys).subtracting(ImportRun.leftOutClasses))
        for (className, objects) in before {
            XCTAssertEqual(objects, after[className], "\(className) differs after the round trip")
        }
    }

    func testTheCommandLineImportIndexesWhatItImportsInTheSameRun() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
        }
        let file = database.directory.appendingPathComponent("TodoListItem.json")
        try Data(
            #"[{"objectId":"cli0000001","title":"Service the bike","createdAt":"2024-03-02T10:00:00.000Z"}]"#.utf8
        ).write(to: file)
        let (report, _) = try await BackupFiles.importFile(
            file.path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: false)
        XCTAssertEqual(report.problems, [])
        // Read straight from the file, before any server start could index it.
        let store = try testStore(at: database.path)
        defer { try? store.close() }
        let found = try await store.read { reader in
            try reader.searchIds(in: "TodoListItem", for: "bike serv", limit: 10)
        }
        XCTAssertEqual(found, ["cli0000001"])
    }

    func testADryRunWritesNothingAndNamesEachBadRowAndAnyProblemStopsTheWholeImport() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            _ = try await owner.addRecipe(recipeForm())
        }
        let file = database.directory.appendingPathComponent("Recipe.json")
        try Data(
            #"""
            [{"objectId":"good000001","createdAt":"2024-03-02T10:00:00.000Z","updatedAt":"2024-03-02T11:00:00.000Z",
              "name":"Soup","servings":2,"shelf":"top"},
             {"objectId":"bad0000001","name":"Stew","releaseDate":"2024-03-02"}]
            """#.utf8
        ).write(to: file)

        let (dry, _) = try await BackupFiles.importFile(
            file.path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: true)
        XCTAssertEqual(dry.classes.first?.created, 1)
        XCTAssertEqual(
            dry.problems, ["Recipe 2 (objectId bad0000001): releaseDate is not a date (it is text)."])
        XCTAssertEqual(dry.keptFields["Recipe"], ["shelf"], "fields Parsnip does not show are kept")

        let (real, safety) = try await BackupFiles.importFile(
            file.path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: false)
        XCTAssertFalse(real.problems.isEmpty)
        XCTAssertNil(safety, "nothing imported, nothing to undo")
        let counts = try await objectCounts(at: database.path)
        XCTAssertEqual(counts["Recipe"], 1, "all or nothing: the good row was not imported either")
    }

    func testADashboardArrayARESTAnswerAndAnISBNAnotherBookHasAreReadAndChecked() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let catalogue = try await owner.addCatalogue()
            _ = try await owner.addBook(bookForm(genre: catalogue.genre))
        }
        let todos = database.directory.appendingPathComponent("answer.json")
        try Data(
            #"{"results":[{"objectId":"todo000001","title":"Paint the fence","createdAt":"2024-03-02T10:00:00.000Z"}]}"#
                .utf8
        ).write(to: todos)
        let (answer, _) = try await BackupFiles.importFile(
            todos.path, into: commandDatabase(at: database.path), className: "TodoListItem", existing: .skip,
            dryRun: false)
        XCTAssertEqual(answer.problems, [])
        XCTAssertEqual(answer.classes.first?.created, 1)

        let folder = database.directory.appendingPathComponent("dashboard")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The ISBN-10 of "The Dispossessed", whose ISBN-13 is catalogued: the same book.
        try Data(#"[{"objectId":"isbn000001","value":"006051275X"}]"#.utf8)
            .write(to: folder.appendingPathComponent("ISBN.json"))
        try Data(
            #"[{"objectId":"book000001","title":"Dune","isbn":{"__type":"Pointer","className":"ISBN","objectId":"isbn000001"}}]"#
                .utf8
        ).write(to: folder.appendingPathComponent("Book.json"))
        for name in ["ISBN", "Book"] {
            let (report, _) = try await BackupFiles.importFile(
                folder.appendingPathComponent("\(name).json").path, into: commandDatabase(at: database.path),
                className: nil,
                existing: .skip, dryRun: name == "Book")
            if name == "Book" {
                XCTAssertEqual(
                    report.problems,
                    ["Book “Dune” (objectId book000001): This ISBN is already used by “The Dispossessed”."]
                )
            }
        }
    }

    func testAFileThatIsNotParseJSONIsRefusedInOneSentence() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let file = database.directory.appendingPathComponent("Book.json")
        try Data("{not json".utf8).write(to: file)
        do {
            _ = try await BackupFiles.importFile(
                file.path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: true)
            XCTFail("a broken file was read")
        } catch {
            XCTAssertTrue(
                error.message.hasPrefix("Book.json cannot be read as Parse objects: Invalid JSON"), error.message)
        }
    }
}

/// Photos travel with an export: the import shows each recipe with the same bytes, the dry run counts them in the
/// household's words, and a recipe naming a photo nobody has is shown without one, never with a broken image.
final class ImportPhotosTests: XCTestCase {
    /// The safety backups its commands make on PostgreSQL, removed after each test.
    private var safetyBackups: CommandSafetyBackups?

    override func setUp() {
        safetyBackups = CommandSafetyBackups()
    }

    override func tearDown() {
        safetyBackups?.removeNew()
    }

    func testExportThenImportCarriesEveryPhotoByteForByte() async throws {
        let (first, second) = (try TemporaryDatabase(), try TemporaryDatabase())
        defer {
            first.remove()
            second.remove()
        }
        let photos: [[UInt8]] = [RecipePhotoTests.png, RecipePhotoTests.jpeg]
        let recipes = ["Dish 0": photos[0], "Dish 1": photos[1]]
        try await withApp(settings: fileSettings(first.path, requireSignIn: false)) { browser in
            for (index, bytes) in photos.enumerated() {
                let saved = try await RecipePhotoTests.saveNew(
                    browser, recipeForm([("name", "Dish \(index)")]),
                    files: [(RecipePhoto.fileField, "dish \(index).\(index == 0 ? "png" : "jpg")", bytes)])
                XCTAssertEqual(saved.status, .seeOther, saved.text)
            }
        }
        let zip = first.directory.appendingPathComponent("export.zip")
        _ = try await BackupFiles.export(databasePath: commandDatabase(at: first.path), to: zip.path)
        XCTAssertEqual(ExportArchive.manifest(of: zip)?.files?.count, 2, "both photos are in the export")

        let (dry, _) = try await BackupFiles.importFile(
            zip.path, into: commandDatabase(at: second.path), className: nil, existing: .skip, dryRun: true)
        XCTAssertEqual(dry.problems, [])
        XCTAssertTrue(dry.lines.contains("Recipes: 2 to add, 0 to update, 0 to skip (already here)"), "\(dry.lines)")
        XCTAssertTrue(dry.lines.contains("Photos: 2 carried with the records"), "\(dry.lines)")
        XCTAssertFalse(dry.lines.joined().contains("photo\n"), "\(dry.lines)")
        XCTAssertFalse(dry.lines.contains { $0.contains("not shown on the pages") }, "\(dry.lines)")
        XCTAssertFalse(dry.lines.contains { $0.hasPrefix("Recipe:") || $0.hasPrefix("_History") }, "\(dry.lines)")
        let (report, _) = try await BackupFiles.importFile(
            zip.path, into: commandDatabase(at: second.path), className: nil, existing: .skip, dryRun: false)
        XCTAssertEqual(report.problems, [])

        try await withApp(settings: fileSettings(second.path, requireSignIn: false)) { browser in
            let store = try testStore(at: second.path)
            defer { try? store.close() }
            let stored = try await store.read { try $0.find(ParseQuery("Recipe")) }
            XCTAssertEqual(stored.count, 2)
            for recipe in stored {
                let name = try XCTUnwrap(recipe["name"]?.stringValue)
                let page = try await browser.get("/recipes/\(recipe.objectId)").text
                let photo = try RecipePhotoTests.photoName(in: page)
                let served = try await browser.get("/photos/\(photo)")
                XCTAssertEqual(served.status, .ok, name)
                XCTAssertEqual(Array(served.body.readableBytesView), recipes[name], "\(name)'s photo, byte for byte")
            }
        }
    }

    func testARecipeNamingAPhotoNobodyHasShowsWithoutOneAndTheDryRunSaysSo() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path, requireSignIn: false)) { _ in }
        let file = database.directory.appendingPathComponent("Recipe.json")
        try Data(
            #"""
            [{"objectId":"nophoto001","name":"Soup","photo":{"__type":"File","name":"abc_soup.png","url":"http://x/abc_soup.png"}}]
            """#.utf8
        ).write(to: file)
        let (dry, _) = try await BackupFiles.importFile(
            file.path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: true)
        XCTAssertEqual(dry.problems, [])
        XCTAssertTrue(
            dry.lines.contains { $0.contains("its photo abc_soup.png is in neither the file nor Parsnip") },
            "\(dry.lines)")
        _ = try await BackupFiles.importFile(
            file.path, into: commandDatabase(at: database.path), className: nil, existing: .skip, dryRun: false)
        try await withApp(settings: fileSettings(database.path, requireSignIn: false)) { browser in
            let page = try await browser.get("/recipes/nophoto001").text
            XCTAssertTrue(page.contains("Soup"), page)
            XCTAssertFalse(page.contains("/photos/"), "no broken image: \(page)")
            let list = try await browser.get("/recipes").text
            XCTAssertFalse(list.contains("/photos/"), "nor in the list: \(list)")
        }
    }
}
