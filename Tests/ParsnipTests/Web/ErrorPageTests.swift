import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ParseStore
import XCTest

@testable import Parsnip

/// Every failure gets a page in plain words with the right status, and nothing is written.
final class ErrorPageTests: XCTestCase {
    func testUnknownURLGetsThe404PageWithAWayHome() async throws {
        try await withApp { browser in
            for uri in ["/nowhere", "/todos/abc/nothing", "/css/missing.css", "/todos/new/extra"] {
                let response = try await browser.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
                XCTAssertTrue(response.text.contains("<h1>Page not found</h1>"), uri)
                XCTAssertTrue(response.text.contains(#"<a class="button" href="/">Go to the home page</a>"#), uri)
                XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", uri)
            }
        }
    }

    func testUnknownIdGets404OnEditUpdateConfirmAndDelete() async throws {
        try await withApp { browser in
            try await browser.get("/todos")
            for id in ["AbCdE12345", "not-an-id!", String(repeating: "a", count: 40)] {
                let path = "/todos/\(formEncode(id))"
                let edit = try await browser.get("\(path)/edit")
                XCTAssertEqual(edit.status, .notFound, id)
                XCTAssertTrue(edit.text.contains("<h1>Page not found</h1>"))
                let confirm = try await browser.get("\(path)/delete")
                XCTAssertEqual(confirm.status, .notFound, id)
                let update = try await browser.post(path, form: [("title", "Valid"), ("description", "")])
                XCTAssertEqual(update.status, .notFound, id)
                let invalidUpdate = try await browser.post(path, form: [("title", ""), ("description", "")])
                XCTAssertEqual(invalidUpdate.status, .notFound, id)
                let delete = try await browser.post("\(path)/delete", form: [])
                XCTAssertEqual(delete.status, .notFound, id)
                XCTAssertTrue(delete.text.contains("<h1>Page not found</h1>"))
            }
        }
    }

    func testMalformedFormBodiesGetThe400PageAndWriteNothing() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let token = "_csrf=" + browser.csrfToken
            let bodies: [(String, [UInt8])] = [
                ("broken percent escape", Array("title=%ZZ&\(token)".utf8)),
                ("truncated escape", Array("title=abc%2&\(token)".utf8)),
                ("broken UTF-8", Array("title=".utf8) + [0xC3, 0x28] + Array("&\(token)".utf8)),
                ("broken UTF-8 escaped", Array("title=%C3%28&\(token)".utf8)),
                ("duplicate keys", Array("title=a&title=b&\(token)".utf8)),
                ("missing title field", Array("description=x&\(token)".utf8)),
            ]
            for (name, body) in bodies {
                let response = try await browser.postRaw("/todos", body: body)
                XCTAssertEqual(response.status, .badRequest, name)
                XCTAssertTrue(response.text.contains("<h1>Something was wrong with that request</h1>"), name)
                XCTAssertFalse(response.text.contains("UTF"), name)
            }
            let json = try await browser.postRaw(
                "/todos", body: Array(#"{"title":"x"}"#.utf8), contentType: "application/json"
            )
            XCTAssertEqual(json.status, .badRequest)
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("No to-dos yet"))
        }
    }

    func testBodyOver256KiBGetsThe413Page() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let body = "_csrf=\(browser.csrfToken)&title=big&description=" + String(repeating: "x", count: 270_000)
            let response = try await browser.postRaw("/todos", body: Array(body.utf8))
            XCTAssertEqual(response.status, .contentTooLarge)
            XCTAssertTrue(response.text.contains("<h1>That was too much to send</h1>"))
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("No to-dos yet"))
        }
    }

    func testStoreFailureGetsTheGeneric500PageWithoutInternals() async throws {
        let settings = testSettings()
        let pages = try await Pages(directory: settings.templatesDirectory)
        var quietLogger = Logger(label: "test")
        quietLogger.logLevel = .critical
        let store = try testStore()
        let writePath = try await WritePath.counting(store)
        let (router, _) = buildRouter(
            settings: settings, pages: pages, writePath: writePath,
            todos: FailingRepository(), recipes: FailingRecipeRepository(),
            books: FailingBookRepository(), accounts: try memoryAccounts(), backups: .off(writePath, store: store),
            logger: quietLogger
        )
        let app = Application(router: router, logger: quietLogger)
        try await app.test(.router) { client in
            let browser = Browser(client: client)
            for path in [
                "/todos", "/recipes", "/recipes/AbCdE12345", "/recipes/AbCdE12345/edit", "/books", "/books/new",
                "/books/AbCdE12345", "/genres", "/authors/AbCdE12345",
            ] {
                let response = try await browser.get(path)
                XCTAssertEqual(response.status, .internalServerError, path)
                XCTAssertTrue(response.text.contains("<h1>Something went wrong on our side</h1>"), path)
                XCTAssertFalse(response.text.contains("disk on fire"), path)
                XCTAssertFalse(response.text.contains("Failing"), path)
            }
            try await browser.get("/")
            let save = try await browser.post(
                "/recipes", form: [("name", "Soup"), ("category", "1"), ("servings", "2")]
            )
            XCTAssertEqual(save.status, .internalServerError)
            XCTAssertFalse(save.text.contains("disk on fire"))
        }
    }
}

/// A repository whose every call fails the way a broken disk would.
struct FailingRepository: TodoRepository {
    struct DiskError: Error, CustomStringConvertible {
        var description: String { "SQLite error 10: disk on fire at /secret/path" }
    }

    var revision: Int { 0 }
    func page(_ request: TodoPageRequest) async throws -> TodoPage { throw DiskError() }
    func dueCounts(on day: CalendarDate) async throws -> TodoDueCounts { throw DiskError() }
    func find(id: String) async throws -> TodoListItem? { throw DiskError() }
    func create(_ draft: TodoDraft, by user: SignedInUser?) async throws -> TodoListItem { throw DiskError() }
    func update(
        id: String, with draft: TodoDraft, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<TodoListItem> { throw DiskError() }
    func setDone(_ done: Bool, id: String, by user: SignedInUser?) async throws -> TodoListItem {
        throw DiskError()
    }
    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<TodoListItem> { throw DiskError() }
    func addAll(titles: [String], linkedTo recipeId: String, of recipeClass: String, by user: SignedInUser?)
        async throws -> Int
    { throw DiskError() }
    func deletion(id: String) async throws -> DeletedWhileEditing { throw DiskError() }
    func restore(id: String, with draft: TodoDraft, by user: SignedInUser?) async throws
        -> RestoreWithChanges<TodoListItem>
    { throw DiskError() }
}

/// A recipe repository whose every call fails the way a broken disk would.
struct FailingRecipeRepository: RecipeRepository {
    var revision: Int { 0 }
    func list(_ request: RecipeListRequest) async throws -> RecipeListPage { throw FailingRepository.DiskError() }
    func find(id: String, in list: RecipeListRequest?) async throws -> RecipeInOrder? {
        throw FailingRepository.DiskError()
    }
    func create(_ recipe: Recipe, by user: SignedInUser?) async throws -> Recipe { throw FailingRepository.DiskError() }
    func update(
        _ recipe: Recipe, from base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<Recipe> { throw FailingRepository.DiskError() }
    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<Recipe> {
        throw FailingRepository.DiskError()
    }
    func deletion(id: String) async throws -> DeletedWhileEditing { throw FailingRepository.DiskError() }
    func restore(_ recipe: Recipe, by user: SignedInUser?) async throws -> RestoreWithChanges<Recipe> {
        throw FailingRepository.DiskError()
    }
    func keepPhoto(_ photo: StoredFile) async throws { throw FailingRepository.DiskError() }
    func photo(named name: String) async throws -> StoredFile? { throw FailingRepository.DiskError() }
}

/// A book repository whose every call fails the way a broken disk would.
struct FailingBookRepository: BookRepository {
    var revision: Int { 0 }
    func list(_ request: BookListRequest) async throws -> BookListPage { throw FailingRepository.DiskError() }
    func find(id: String) async throws -> Book? { throw FailingRepository.DiskError() }
    func create(_ input: BookInput, by user: SignedInUser?) async throws -> Book { throw FailingRepository.DiskError() }
    func update(
        id: String, with input: BookInput, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<Book> { throw FailingRepository.DiskError() }
    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<Book> {
        throw FailingRepository.DiskError()
    }
    func markReturned(id: String, by user: SignedInUser?) async throws -> Book { throw FailingRepository.DiskError() }
    func keepCover(_ cover: StoredFile) async throws { throw FailingRepository.DiskError() }
    func cover(named name: String) async throws -> StoredFile? { throw FailingRepository.DiskError() }
    func entries(_ kind: CatalogueKind) async throws -> [CatalogueEntryUsage] { throw FailingRepository.DiskError() }
    func entryIds(_ kind: CatalogueKind, matching search: String) async throws -> Set<String> {
        throw FailingRepository.DiskError()
    }
    func entry(_ kind: CatalogueKind, id: String) async throws -> CatalogueEntryUsage? {
        throw FailingRepository.DiskError()
    }
    func createEntry(_ kind: CatalogueKind, name: String, by user: SignedInUser?) async throws -> CatalogueEntry {
        throw FailingRepository.DiskError()
    }
    func renameEntry(_ kind: CatalogueKind, id: String, to name: String, by user: SignedInUser?) async throws
        -> CatalogueEntry
    {
        throw FailingRepository.DiskError()
    }
    func renameEntry(
        _ kind: CatalogueKind, id: String, to name: String, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<CatalogueEntry> {
        throw FailingRepository.DiskError()
    }
    func deleteEntry(_ kind: CatalogueKind, id: String, moveBooksTo: String?, by user: SignedInUser?) async throws
        -> Deletion<CatalogueEntry>
    {
        throw FailingRepository.DiskError()
    }
    func mergeEntry(_ kind: CatalogueKind, id: String, into keptId: String, by user: SignedInUser?) async throws
        -> CatalogueMerge
    {
        throw FailingRepository.DiskError()
    }
    func deletion(id: String) async throws -> DeletedWhileEditing { throw FailingRepository.DiskError() }
    func restore(id: String, with input: BookInput, by user: SignedInUser?) async throws -> RestoreWithChanges<Book> {
        throw FailingRepository.DiskError()
    }
}
