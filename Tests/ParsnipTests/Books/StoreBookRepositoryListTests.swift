import Foundation
import GRDB
import Synchronization
import XCTest

@testable import ParseStore
@testable import Parsnip

/// The book list: filters, sorts, paging, totals, each book's authors, and a bounded number of SQL statements.
final class StoreBookRepositoryListTests: XCTestCase {
    private var store: ParseStore!
    private var books: StoreBookRepository!

    override func setUp() async throws {
        store = try testStore(clock: SteppingClock())
        books = try await StoreBookRepository(store: store)
    }

    override func tearDown() async throws {
        try store.close()
    }

    /// A valid ISBN-13 for `number` (978 + nine digits + check digit).
    static func isbn(_ number: Int) -> String {
        let body = "978" + String(format: "%09d", number)
        let sum = body.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return body + String((10 - sum % 10) % 10)
    }

    @discardableResult
    private func add(
        _ title: String, year: Int = 2000, genre: CatalogueEntry, authors: [CatalogueEntry] = [],
        publishers: [CatalogueEntry] = [], number: Int
    ) async throws -> Book {
        try await books.create(
            BookInput(
                title: title, publishingYear: year, genreId: genre.id, isbn: Self.isbn(number),
                authorIds: authors.map(\.id), publisherIds: publishers.map(\.id)))
    }

    func testAnEmptyCatalogueListsNothing() async throws {
        let page = try await books.list(BookListRequest(search: "x", authorId: "a", publisherId: "p"))
        XCTAssertEqual(page, BookListPage(books: [], total: 0, totalWithoutFilters: 0))
    }

    func testFiltersBySearchGenreAuthorAndPublisher() async throws {
        let sf = try await books.createEntry(.genre, name: "SF")
        let essays = try await books.createEntry(.genre, name: "Essays")
        let herbert = try await books.createEntry(.author, name: "Herbert")
        let other = try await books.createEntry(.author, name: "Other")
        let chilton = try await books.createEntry(.publisher, name: "Chilton")
        try await add("Dune", genre: sf, authors: [herbert], publishers: [chilton], number: 1)
        try await add("Dune Messiah", genre: sf, authors: [herbert], number: 2)
        try await add("On Dunes", genre: essays, authors: [other], publishers: [chilton], number: 3)
        try await add("Solaris", genre: sf, number: 4)

        func titles(_ request: BookListRequest) async throws -> [String] {
            try await books.list(request).books.map(\.title)
        }
        let search = try await titles(BookListRequest(search: "dUNE"))
        XCTAssertEqual(search, ["Dune", "Dune Messiah", "On Dunes"])
        let byGenre = try await titles(BookListRequest(genreId: sf.id))
        XCTAssertEqual(byGenre, ["Dune", "Dune Messiah", "Solaris"])
        let byAuthor = try await titles(BookListRequest(authorId: herbert.id))
        XCTAssertEqual(byAuthor, ["Dune", "Dune Messiah"])
        let byPublisher = try await titles(BookListRequest(publisherId: chilton.id))
        XCTAssertEqual(byPublisher, ["Dune", "On Dunes"])
        let combined = try await books.list(BookListRequest(search: "dune", genreId: sf.id, publisherId: chilton.id))
        XCTAssertEqual(combined.books.map(\.title), ["Dune"])
        XCTAssertEqual(combined.total, 1)
        XCTAssertEqual(combined.totalWithoutFilters, 4)
        let unknown = try await titles(BookListRequest(authorId: "nobody"))
        XCTAssertEqual(unknown, [])
    }

    func testListItemsCarryGenreISBNAndSortedAuthorsButNoPublishers() async throws {
        let sf = try await books.createEntry(.genre, name: "SF")
        let b = try await books.createEntry(.author, name: "b")
        let a = try await books.createEntry(.author, name: "Á")
        let p = try await books.createEntry(.publisher, name: "P")
        try await add("Dune", genre: sf, authors: [b, a], publishers: [p], number: 7)
        let item = try await books.list(BookListRequest()).books.first
        XCTAssertEqual(item?.genre, sf)
        XCTAssertEqual(item?.isbn, Self.isbn(7))
        XCTAssertEqual(item?.authors, [a, b])
        XCTAssertEqual(item?.publishers, [])
    }

    func testSortsByTitleIgnoringCaseAndAccentsOrByYearNewestFirst() async throws {
        let sf = try await books.createEntry(.genre, name: "SF")
        try await add("zest", year: 1990, genre: sf, number: 1)
        try await add("Éclair", year: 2001, genre: sf, number: 2)
        try await add("apple", year: 1990, genre: sf, number: 3)
        try await add("Banana", year: 2001, genre: sf, number: 4)
        let byTitle = try await books.list(BookListRequest(sort: .title)).books.map(\.title)
        XCTAssertEqual(byTitle, ["apple", "Banana", "Éclair", "zest"])
        let byYear = try await books.list(BookListRequest(sort: .year)).books.map(\.title)
        XCTAssertEqual(byYear, ["Banana", "Éclair", "apple", "zest"])
    }

    func testPagesBySizeWithTotals() async throws {
        let sf = try await books.createEntry(.genre, name: "SF")
        for number in 1...5 { try await add("Book \(number)", genre: sf, number: number) }
        let second = try await books.list(BookListRequest(page: 2, size: 2))
        XCTAssertEqual(second.books.map(\.title), ["Book 3", "Book 4"])
        XCTAssertEqual(second.total, 5)
        let last = try await books.list(BookListRequest(page: 3, size: 2))
        XCTAssertEqual(last.books.map(\.title), ["Book 5"])
        let beyond = try await books.list(BookListRequest(page: Int.max, size: 50))
        XCTAssertEqual(beyond, BookListPage(books: [], total: 5, totalWithoutFilters: 5))
        let filtered = try await books.list(BookListRequest(search: "book 1", page: 1, size: 2))
        XCTAssertEqual(filtered.total, 1)
        XCTAssertEqual(filtered.totalWithoutFilters, 5)
    }

    /// Statements the store runs while `body` runs (the in-memory store has one connection).
    private func statements(_ body: () async throws -> Void) async throws -> [String] {
        let log = Mutex<[String]>([])
        try await store.sqliteDatabase("the statements SQLite runs (GRDB's trace)").writeWithoutTransaction { db in
            db.trace { event in log.withLock { $0.append("\(event)") } }
        }
        try await body()
        try await store.databaseWriter.writeWithoutTransaction { db in db.trace(options: []) }
        // The search index's own statements (FTS5 reading its shadow tables) grow with what it holds; they are not
        // the repository's.
        return log.withLock { $0 }.filter { !$0.contains("'_SearchIndex_") && !$0.contains("\"_SearchIndex_Book_") }
    }

    /// `count` books with `authorsEach` authors each, and the SQL of listing them, unfiltered and by author.
    private func listingStatements(books count: Int, authorsEach: Int) async throws -> (
        all: [String], filtered: [String]
    ) {
        store = try testStore(clock: SteppingClock())
        books = try await StoreBookRepository(store: store)
        let sf = try await books.createEntry(.genre, name: "SF")
        var authors: [CatalogueEntry] = []
        for index in 0..<authorsEach { authors.append(try await books.createEntry(.author, name: "Author \(index)")) }
        let publisher = try await books.createEntry(.publisher, name: "P")
        for number in 0..<count {
            try await add("Book \(number)", genre: sf, authors: authors, publishers: [publisher], number: number)
        }
        var page: BookListPage?
        let all = try await statements { page = try await books.list(BookListRequest()) }
        XCTAssertEqual(page?.books.count, count)
        XCTAssertEqual(page?.books.first?.authors.count, authorsEach)
        XCTAssertEqual(page?.books.first?.genre, sf)
        let filtered = try await statements {
            page = try await books.list(BookListRequest(search: "book", authorId: authors[0].id, sort: .year))
        }
        XCTAssertEqual(page?.books.count, count)
        return (all, filtered)
    }

    func testTheListIssuesTheSameFewStatementsForTwoOrFortyBooks() async throws {
        let small = try await listingStatements(books: 2, authorsEach: 1)
        let large = try await listingStatements(books: 40, authorsEach: 3)
        XCTAssertEqual(small.all.count, large.all.count)
        XCTAssertEqual(small.filtered.count, large.filtered.count)
        // The page, its genres, its ISBN objects, every book's authors; filtered, the count of matches first, and
        // before the count and the page each the index's words that begin with the word searched for.
        let selects = { (sql: [String]) in sql.filter { $0.hasPrefix("SELECT") } }
        XCTAssertEqual(selects(large.all).count, 4, large.all.joined(separator: "\n"))
        XCTAssertEqual(selects(large.filtered).count, 7, selects(large.filtered).joined(separator: "\n"))
        XCTAssertEqual(selects(large.filtered).filter { $0.contains("_SearchWords_Book") }.count, 2)
        XCTAssertEqual(selects(large.all).filter { $0.contains("_Join:authors:Book") }.count, 1)
    }
}
