import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// The book repository through its protocol: saves with Pointers and Relations, edits, deletes, the catalogue, the
/// list's filters, sorts and paging; relation queries read in both directions straight from the store.
final class StoreBookRepositoryTests: XCTestCase {
    private var store: ParseStore!
    private var books: StoreBookRepository!

    override func setUp() async throws {
        store = try testStore(clock: SteppingClock())
        books = try await StoreBookRepository(store: store)
    }

    override func tearDown() async throws {
        try store.close()
    }

    private func add(_ kind: CatalogueKind, _ name: String) async throws -> CatalogueEntry {
        try await books.createEntry(kind, name: name)
    }

    private func input(
        _ title: String, isbn: String = "9780441172719", genre: CatalogueEntry, year: Int = 1965,
        authors: [CatalogueEntry] = [], publishers: [CatalogueEntry] = []
    ) -> BookInput {
        BookInput(
            title: title, publishingYear: year, genreId: genre.id, isbn: isbn, authorIds: authors.map(\.id),
            publisherIds: publishers.map(\.id))
    }

    private func ids(_ query: ParseQuery) async throws -> Set<String> {
        Set(try await store.read { try $0.find(query.limit(-1)) }.map(\.objectId))
    }

    func testCreateThenFindReturnsGenreISBNPublishersSortedByNameAndAuthorsBySurname() async throws {
        let genre = try await add(.genre, "Science fiction")
        let herbert = try await add(.author, "Frank Herbert")
        let anderson = try await add(.author, "kevin Anderson")
        let chilton = try await add(.publisher, "Chilton")
        let created = try await books.create(
            input("Dune", genre: genre, authors: [herbert, anderson], publishers: [chilton]))
        let id = try XCTUnwrap(created.id)
        let found = try await books.find(id: id)
        XCTAssertEqual(found, created)
        XCTAssertEqual(found?.title, "Dune")
        XCTAssertEqual(found?.publishingYear, 1965)
        XCTAssertEqual(found?.genre, genre)
        XCTAssertEqual(found?.isbn, "9780441172719")
        XCTAssertEqual(found?.authors, [anderson, herbert], "filed by surname ignoring case")
        XCTAssertEqual(found?.publishers, [chilton])
        let missing = try await books.find(id: "nope")
        XCTAssertNil(missing)
    }

    func testRelationsReadInBothDirectionsThroughTheStore() async throws {
        let genre = try await add(.genre, "SF")
        let herbert = try await add(.author, "Herbert")
        let asimov = try await add(.author, "Asimov")
        let dune = try await books.create(input("Dune", genre: genre, authors: [herbert]))
        let both = try await books.create(
            input("Anthology", isbn: "0306406152", genre: genre, authors: [herbert, asimov]))
        let (duneId, bothId) = (try XCTUnwrap(dune.id), try XCTUnwrap(both.id))
        // Books of an author: parent-side equality on Book.authors.
        let ofHerbert = ParseQuery("Book").where(
            "authors", equalTo: .pointer(.init(className: "Author", objectId: herbert.id)))
        let ofAsimov = ParseQuery("Book").where(
            "authors", equalTo: .pointer(.init(className: "Author", objectId: asimov.id)))
        let herbertsBooks = try await ids(ofHerbert)
        let asimovsBooks = try await ids(ofAsimov)
        XCTAssertEqual(herbertsBooks, [duneId, bothId])
        XCTAssertEqual(asimovsBooks, [bothId])
        // Authors of a book: $relatedTo on the book's Relation.
        let authorsOfBoth = try await ids(
            ParseQuery("Author").related(to: .init(className: "Book", objectId: bothId), key: "authors"))
        XCTAssertEqual(authorsOfBoth, [herbert.id, asimov.id])
        // The genre's books Relation holds both, and the books point back at the genre.
        let genreBooks = try await ids(
            ParseQuery("Book").related(to: .init(className: "Genre", objectId: genre.id), key: "books"))
        XCTAssertEqual(genreBooks, [duneId, bothId])
        let genresOfDune = try await ids(
            ParseQuery("Genre").where("books", equalTo: .pointer(.init(className: "Book", objectId: duneId))))
        XCTAssertEqual(genresOfDune, [genre.id])
    }

    func testDuplicateISBNIsRefusedNamingTheOtherBookAndNothingIsWritten() async throws {
        let genre = try await add(.genre, "SF")
        let dune = try await books.create(input("Dune", isbn: "0441172717", genre: genre))
        do {
            _ = try await books.create(input("Copy", isbn: "0441172717", genre: genre))
            XCTFail("a used ISBN was accepted")
        } catch let error as BookSaveError {
            XCTAssertEqual(error, .isbnUsed(byBookId: try XCTUnwrap(dune.id), title: "Dune"))
        }
        let isbnCount = try await store.read { try $0.count(ParseQuery("ISBN")) }
        XCTAssertEqual(isbnCount, 1)
        let page = try await books.list(BookListRequest())
        XCTAssertEqual(page.total, 1)
        // Editing a book keeps its own ISBN without a complaint.
        let kept = try await books.update(
            id: try XCTUnwrap(dune.id), with: input("Dune!", isbn: "0441172717", genre: genre))
        XCTAssertEqual(kept.title, "Dune!")
    }

    func testUnknownGenreAuthorOrPublisherIsRefused() async throws {
        let genre = try await add(.genre, "SF")
        let ghost = CatalogueEntry(kind: .genre, id: "ghost12345", name: "")
        await assertRefused(input("A", genre: ghost), .unknownGenre)
        await assertRefused(
            input("A", genre: genre, authors: [CatalogueEntry(kind: .author, id: "x", name: "")]),
            .unknownEntries(.author))
        await assertRefused(
            input("A", genre: genre, publishers: [CatalogueEntry(kind: .publisher, id: genre.id, name: "")]),
            .unknownEntries(.publisher))
        let count = try await store.read { try $0.count(ParseQuery("Book")) }
        XCTAssertEqual(count, 0)
    }

    private func assertRefused(_ input: BookInput, _ expected: BookSaveError, line: UInt = #line) async {
        do {
            _ = try await books.create(input)
            XCTFail("accepted", line: line)
        } catch {
            XCTAssertEqual(error as? BookSaveError, expected, line: line)
        }
    }

    func testEditChangesFieldsISBNAuthorsPublishersAndGenre() async throws {
        let sf = try await add(.genre, "SF")
        let classic = try await add(.genre, "Classic")
        let (a, b, c) = (try await add(.author, "A"), try await add(.author, "B"), try await add(.author, "C"))
        let p = try await add(.publisher, "P")
        let created = try await books.create(input("Dune", genre: sf, authors: [a, b], publishers: [p]))
        let id = try XCTUnwrap(created.id)
        let edited = try await books.update(
            id: id, with: input("Dune II", isbn: "0306406152", genre: classic, year: 1970, authors: [b, c]))
        XCTAssertEqual(edited.title, "Dune II")
        XCTAssertEqual(edited.publishingYear, 1970)
        XCTAssertEqual(edited.isbn, "0306406152")
        XCTAssertEqual(edited.genre, classic)
        XCTAssertEqual(edited.authors, [b, c])
        XCTAssertEqual(edited.publishers, [])
        let isbnCount = try await store.read { try $0.count(ParseQuery("ISBN")) }
        XCTAssertEqual(isbnCount, 1, "the ISBN object is updated in place")
        let sfBooks = try await ids(
            ParseQuery("Book").related(to: .init(className: "Genre", objectId: sf.id), key: "books"))
        let classicBooks = try await ids(
            ParseQuery("Book").related(to: .init(className: "Genre", objectId: classic.id), key: "books"))
        XCTAssertEqual(sfBooks, [])
        XCTAssertEqual(classicBooks, [id])
        do {
            _ = try await books.update(id: "gone", with: input("X", genre: sf))
            XCTFail("edited a missing book")
        } catch {
            XCTAssertEqual(error as? BookSaveError, .bookNotFound)
        }
    }

    func testDeleteRemovesTheBookItsISBNAndItsRelationRows() async throws {
        let genre = try await add(.genre, "SF")
        let author = try await add(.author, "A")
        let publisher = try await add(.publisher, "P")
        let created = try await books.create(input("Dune", genre: genre, authors: [author], publishers: [publisher]))
        let deleted = try await books.delete(id: try XCTUnwrap(created.id))
        XCTAssertEqual(deleted, created)
        let counts = try await store.read { reader in
            try ["Book", "ISBN"].map { try reader.count(ParseQuery($0)) }
        }
        XCTAssertEqual(counts, [0, 0])
        let genreBooks = try await ids(
            ParseQuery("Book").related(to: .init(className: "Genre", objectId: genre.id), key: "books"))
        XCTAssertEqual(genreBooks, [])
        let page = try await books.list(BookListRequest())
        XCTAssertEqual(page.totalWithoutFilters, 0)
        do {
            _ = try await books.delete(id: try XCTUnwrap(created.id))
            XCTFail("deleted twice")
        } catch {
            XCTAssertEqual(error as? BookSaveError, .bookNotFound)
        }
    }

    func testCatalogueNamesAreUniqueIgnoringCaseAndSpacesAndStoredTrimmed() async throws {
        let genre = try await add(.genre, "  Science Fiction ")
        XCTAssertEqual(genre.name, "Science Fiction")
        for duplicate in ["science fiction", " SCIENCE FICTION  "] {
            do {
                _ = try await add(.genre, duplicate)
                XCTFail("\(duplicate) accepted")
            } catch {
                XCTAssertEqual(error as? CatalogueError, .duplicate(existingId: genre.id))
            }
        }
        let accented = try await add(.author, "Émile Zola")
        do {
            _ = try await add(.author, "émile zola")
            XCTFail("non-ASCII duplicate accepted")
        } catch {
            XCTAssertEqual(error as? CatalogueError, .duplicate(existingId: accented.id))
        }
        // The same name in another kind, and a name that only contains it, are fine.
        _ = try await add(.publisher, "Science Fiction")
        _ = try await add(.genre, "Science Fiction classics")
        // Renaming to another entry's name is refused; to its own name in another case is allowed.
        let other = try await add(.genre, "Fantasy")
        do {
            _ = try await books.renameEntry(.genre, id: other.id, to: "science fiction")
            XCTFail("rename to a used name accepted")
        } catch {
            XCTAssertEqual(error as? CatalogueError, .duplicate(existingId: genre.id))
        }
        let renamed = try await books.renameEntry(.genre, id: genre.id, to: "science fiction")
        XCTAssertEqual(renamed.name, "science fiction")
        do {
            _ = try await books.renameEntry(.genre, id: "missing", to: "x")
            XCTFail("renamed a missing entry")
        } catch {
            XCTAssertEqual(error as? CatalogueError, .notFound)
        }
    }

    func testEntriesAreSortedIgnoringCaseAndAccentsWithBookCounts() async throws {
        let sf = try await add(.genre, "sf")
        let essays = try await add(.genre, "Éssais")
        _ = try await add(.genre, "Art")
        let a = try await add(.author, "A")
        let b = try await add(.author, "b")
        _ = try await books.create(input("One", genre: sf, authors: [a, b]))
        _ = try await books.create(input("Two", isbn: "0306406152", genre: sf, authors: [a]))
        let genres = try await books.entries(.genre)
        XCTAssertEqual(genres.map(\.entry.name), ["Art", "Éssais", "sf"])
        XCTAssertEqual(genres.map(\.bookCount), [0, 0, 2])
        let authors = try await books.entries(.author)
        XCTAssertEqual(authors.map(\.bookCount), [2, 1])
        let one = try await books.entry(.author, id: b.id)
        XCTAssertEqual(one?.entry, b)
        XCTAssertEqual(one?.bookCount, 1)
        let none = try await books.entry(.genre, id: essays.id)
        XCTAssertEqual(none?.bookCount, 0)
        let missing = try await books.entry(.publisher, id: "missing")
        XCTAssertNil(missing)
    }

    func testDeletingAnAuthorOrPublisherRemovesItFromEveryBook() async throws {
        let genre = try await add(.genre, "SF")
        let (a, b) = (try await add(.author, "A"), try await add(.author, "B"))
        let p = try await add(.publisher, "P")
        let one = try await books.create(input("One", genre: genre, authors: [a, b], publishers: [p]))
        let two = try await books.create(input("Two", isbn: "0306406152", genre: genre, authors: [a], publishers: [p]))
        let deleted = try await books.deleteEntry(.author, id: a.id, moveBooksTo: nil)
        XCTAssertEqual(deleted, a)
        _ = try await books.deleteEntry(.publisher, id: p.id, moveBooksTo: nil)
        let first = try await books.find(id: try XCTUnwrap(one.id))
        let second = try await books.find(id: try XCTUnwrap(two.id))
        XCTAssertEqual(first?.authors, [b])
        XCTAssertEqual(first?.publishers, [])
        XCTAssertEqual(second?.authors, [])
        let ofA = try await ids(
            ParseQuery("Book").where("authors", equalTo: .pointer(.init(className: "Author", objectId: a.id))))
        XCTAssertEqual(ofA, [])
    }

    func testDeletingAGenreInUseIsRefusedUnlessItsBooksMove() async throws {
        let sf = try await add(.genre, "SF")
        let classic = try await add(.genre, "Classic")
        let one = try await books.create(input("One", genre: sf))
        let two = try await books.create(input("Two", isbn: "0306406152", genre: sf))
        for target in [nil, sf.id, "missing"] as [String?] {
            do {
                _ = try await books.deleteEntry(.genre, id: sf.id, moveBooksTo: target)
                XCTFail("a genre in use was deleted (move to \(target ?? "nil"))")
            } catch {
                XCTAssertEqual(error as? CatalogueError, .inUse(bookCount: 2))
            }
        }
        _ = try await books.deleteEntry(.genre, id: sf.id, moveBooksTo: classic.id)
        for book in [one, two] {
            let found = try await books.find(id: try XCTUnwrap(book.id))
            XCTAssertEqual(found?.genre, classic)
        }
        let classicBooks = try await ids(
            ParseQuery("Book").related(to: .init(className: "Genre", objectId: classic.id), key: "books"))
        XCTAssertEqual(classicBooks, Set([one.id, two.id].compactMap { $0 }))
        let genres = try await books.entries(.genre)
        XCTAssertEqual(genres, [CatalogueEntryUsage(entry: classic, bookCount: 2)])
        // An unused genre simply goes.
        let empty = try await add(.genre, "Empty")
        _ = try await books.deleteEntry(.genre, id: empty.id, moveBooksTo: nil)
        do {
            _ = try await books.deleteEntry(.genre, id: empty.id, moveBooksTo: nil)
            XCTFail("deleted twice")
        } catch {
            XCTAssertEqual(error as? CatalogueError, .notFound)
        }
    }

    func testRevisionMovesOnEveryWrite() async throws {
        let start = books.revision
        let genre = try await add(.genre, "SF")
        _ = try await books.create(input("One", genre: genre))
        XCTAssertEqual(books.revision, start + 2)
    }
}
