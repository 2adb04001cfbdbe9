import Foundation
import XCTest

@testable import Parsnip

/// The book and catalogue pages rendered for a viewer show what is there and no way to add, change or delete;
/// rendered for an editor they keep every control.
final class BookViewerPageTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_714_558_830)
    private let genre = CatalogueEntry(kind: .genre, id: "GenreId001", name: "Science fiction")
    private let author = CatalogueEntry(kind: .author, id: "AuthorId01", name: "Ursula K. Le Guin")

    private func render(_ model: some Sendable, _ template: String) async throws -> String {
        let pages = try await Pages(directory: testSettings().templatesDirectory)
        return String(buffer: pages.renderBody(model, template: template))
    }

    private var book: Book {
        Book(
            id: "BookId0001", title: "The Dispossessed", publishingYear: 1974, genre: genre, isbn: "9780060512750",
            authors: [author], updatedAt: now.addingTimeInterval(-60), updatedBy: "Ana")
    }

    /// The day the pages are shown on, and their "Returned" buttons' token and way back.
    static let loans = BookLoanContext(
        today: CalendarDate(year: 2024, month: 5, day: 1)!, csrfToken: "token", back: "/books")

    func testABooksPageShowsWhoChangedItAndEditControlsOnlyToEditors() async throws {
        let viewer = try await render(
            BookShowPage(book: book, visitor: BookVisitor(canEdit: false), now: now, loans: Self.loans), "books/show")
        XCTAssertTrue(viewer.contains(#"<p class="changed-by">Last changed by Ana, "#))
        XCTAssertTrue(viewer.contains(">Ursula K. Le Guin</a>"))
        XCTAssertFalse(viewer.contains("/books/BookId0001/edit"))
        XCTAssertFalse(viewer.contains("/books/BookId0001/delete"))
        let editor = try await render(
            BookShowPage(book: book, visitor: BookVisitor(canEdit: true), now: now, loans: Self.loans), "books/show")
        XCTAssertTrue(editor.contains(#"href="/books/BookId0001/edit">Edit book</a>"#))
        XCTAssertTrue(editor.contains(#"href="/books/BookId0001/delete">Delete book</a>"#))
    }

    func testTheBookListOffersNoAddButtonToAViewer() async throws {
        let empty = BookListPage(books: [], total: 0, totalWithoutFilters: 0)
        let query = try BookListQuery(FormFields())
        let pages = try await Pages(directory: testSettings().templatesDirectory)
        for canEdit in [false, true] {
            let page = BookIndexPage(
                result: empty, query: query, entries: [:], pageSize: 50, visitor: BookVisitor(canEdit: canEdit),
                pieces: BookListPieces(pages: pages), loans: Self.loans)
            let html = String(buffer: pages.renderBody(page, template: "books/index"))
            XCTAssertTrue(html.contains("No books yet"))
            XCTAssertEqual(html.contains(#"href="/books/new""#), canEdit, "canEdit \(canEdit)")
        }
    }

    func testGenreAuthorAndPublisherPagesOfferNoAddRenameOrDeleteToAViewer() async throws {
        let usage = CatalogueEntryUsage(entry: author, bookCount: 1)
        let books = BookListPage(books: [book], total: 1, totalWithoutFilters: 1)
        for canEdit in [false, true] {
            let visitor = BookVisitor(canEdit: canEdit)
            let list = try await render(
                CatalogueIndexPage(kind: .author, entries: [usage], csrfToken: "t", visitor: visitor), "catalogue/index"
            )
            XCTAssertTrue(list.contains(">Ursula K. Le Guin</a>"))
            XCTAssertEqual(list.contains("Add author"), canEdit, "canEdit \(canEdit)")
            XCTAssertEqual(list.contains("entry-add-form"), canEdit, "canEdit \(canEdit)")
            let show = try await render(
                CatalogueShowPage(
                    usage: usage, books: books, moreURL: nil, csrfToken: "t", visitor: visitor, now: Date()),
                "catalogue/show")
            XCTAssertTrue(show.contains(">The Dispossessed</a>"))
            XCTAssertEqual(show.contains("Rename"), canEdit, "canEdit \(canEdit)")
            XCTAssertEqual(show.contains("Delete this author"), canEdit, "canEdit \(canEdit)")
        }
    }
}
