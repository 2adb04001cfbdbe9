import Foundation
import GRDB
import XCTest

@testable import ParseStore
@testable import Parsnip

/// What book saves leave in the SQLite file: the seed's classes, the `_Join` rows, moved precisely on edit, and
/// nothing at all when a save fails half-way.
final class StoreBookRepositoryStorageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-books-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private struct InjectedFault: Error {}

    /// A repository on a fresh database file, failing at `failingAt` when given.
    private func makeRepository(failingAt step: BookWriteStep? = nil) async throws -> (ParseStore, StoreBookRepository)
    {
        let store = try testStore(at: folder.appendingPathComponent("books.sqlite").path, clock: SteppingClock())
        let repository = try await StoreBookRepository(
            store: store,
            faultInjection: step.map { failing in { @Sendable step in if step == failing { throw InjectedFault() } } })
        return (store, repository)
    }

    /// The `(relatedId, owningId)` rows of a join table, sorted; none when the table does not exist yet.
    private func joinRows(_ table: String, _ store: ParseStore) async throws -> [[String]] {
        try await store.read { reader in
            guard try reader.db.tableExists(table) else { return [] }
            var rows: [[String]] = []
            try reader.db.forEachRow(
                "SELECT \"relatedId\", \"owningId\" FROM \"\(table)\" ORDER BY \"relatedId\", \"owningId\"",
                cached: false
            ) { row in
                if case .text(let related) = row[0], case .text(let owning) = row[1] { rows.append([related, owning]) }
            }
            return rows
        }
    }

    func testASavedBookHasTheSeedsFieldsPointersAndJoinRows() async throws {
        let (store, books) = try await makeRepository()
        defer { try? store.close() }
        let genre = try await books.createEntry(.genre, name: "SF")
        let author = try await books.createEntry(.author, name: "Herbert")
        let publisher = try await books.createEntry(.publisher, name: "Chilton")
        let book = try await books.create(
            BookInput(
                title: "Dune", publishingYear: 1965, genreId: genre.id, isbn: "0441172717", authorIds: [author.id],
                publisherIds: [publisher.id]))
        let id = try XCTUnwrap(book.id)
        let row = try await store.sqliteDatabase("how SQLite stores each value").read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT b.title, b.publishingYear, b.genre, i.value FROM Book b JOIN ISBN i ON i.objectId = b.isbn WHERE b.objectId = ?",
                arguments: [id])
        }
        XCTAssertEqual(row?["title"] as String?, "Dune")
        XCTAssertEqual(row?["publishingYear"] as Double?, 1965)
        XCTAssertEqual(row?["genre"] as String?, genre.id)
        XCTAssertEqual(row?["value"] as String?, "0441172717")
        let schema = try await store.read { try $0.schema("Book") }
        XCTAssertEqual(schema?.fields["genre"], .pointer(targetClass: "Genre"))
        XCTAssertEqual(schema?.fields["isbn"], .pointer(targetClass: "ISBN"))
        XCTAssertEqual(schema?.fields["authors"], .relation(targetClass: "Author"))
        XCTAssertEqual(schema?.fields["publishers"], .relation(targetClass: "Publisher"))
        let genreSchema = try await store.read { try $0.schema("Genre") }
        XCTAssertEqual(genreSchema?.fields["books"], .relation(targetClass: "Book"))
        let authorRows = try await joinRows("_Join:authors:Book", store)
        let publisherRows = try await joinRows("_Join:publishers:Book", store)
        let genreRows = try await joinRows("_Join:books:Genre", store)
        XCTAssertEqual(authorRows, [[author.id, id]])
        XCTAssertEqual(publisherRows, [[publisher.id, id]])
        XCTAssertEqual(genreRows, [[id, genre.id]])
    }

    func testEditingMovesExactlyTheChangedJoinRows() async throws {
        let (store, books) = try await makeRepository()
        defer { try? store.close() }
        let sf = try await books.createEntry(.genre, name: "SF")
        let classic = try await books.createEntry(.genre, name: "Classic")
        var authors: [CatalogueEntry] = []
        for name in ["A", "B", "C"] { authors.append(try await books.createEntry(.author, name: name)) }
        let (a, b, c) = (authors[0].id, authors[1].id, authors[2].id)
        let p = try await books.createEntry(.publisher, name: "P")
        let q = try await books.createEntry(.publisher, name: "Q")
        let other = try await books.create(
            BookInput(
                title: "Other", publishingYear: 2000, genreId: sf.id, isbn: "0306406152", authorIds: [a],
                publisherIds: [p.id]))
        let book = try await books.create(
            BookInput(
                title: "Dune", publishingYear: 1965, genreId: sf.id, isbn: "0441172717", authorIds: [a, b],
                publisherIds: [p.id]))
        let (otherId, id) = (try XCTUnwrap(other.id), try XCTUnwrap(book.id))
        let isbnBefore = try await store.sqliteDatabase("how SQLite stores each value").read { db in
            try String.fetchOne(db, sql: "SELECT isbn FROM Book WHERE objectId = ?", arguments: [id])
        }

        _ = try await books.update(
            id: id,
            with: BookInput(
                title: "Dune", publishingYear: 1965, genreId: classic.id, isbn: "978-0-441-17271-9".filter(\.isNumber),
                authorIds: [b, c], publisherIds: [q.id]))

        let authorRows = try await joinRows("_Join:authors:Book", store)
        XCTAssertEqual(Set(authorRows), [[a, otherId], [b, id], [c, id]])
        let publisherRows = try await joinRows("_Join:publishers:Book", store)
        XCTAssertEqual(Set(publisherRows), [[p.id, otherId], [q.id, id]])
        let genreRows = try await joinRows("_Join:books:Genre", store)
        XCTAssertEqual(Set(genreRows), [[otherId, sf.id], [id, classic.id]])
        let stored = try await store.sqliteDatabase("how SQLite stores each value").read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT b.genre, b.isbn, i.value FROM Book b JOIN ISBN i ON i.objectId = b.isbn WHERE b.objectId = ?",
                arguments: [id])
        }
        XCTAssertEqual(stored?["genre"] as String?, classic.id)
        XCTAssertEqual(stored?["isbn"] as String?, isbnBefore, "the ISBN object is kept and its value changed")
        XCTAssertEqual(stored?["value"] as String?, "9780441172719")
    }

    func testDeletingABookRemovesItsISBNAndEveryJoinRowNamingIt() async throws {
        let (store, books) = try await makeRepository()
        defer { try? store.close() }
        let sf = try await books.createEntry(.genre, name: "SF")
        let a = try await books.createEntry(.author, name: "A")
        let p = try await books.createEntry(.publisher, name: "P")
        let keep = try await books.create(
            BookInput(
                title: "Keep", publishingYear: 2000, genreId: sf.id, isbn: "0306406152", authorIds: [a.id],
                publisherIds: [p.id]))
        let book = try await books.create(
            BookInput(
                title: "Dune", publishingYear: 1965, genreId: sf.id, isbn: "0441172717", authorIds: [a.id],
                publisherIds: [p.id]))
        _ = try await books.delete(id: try XCTUnwrap(book.id))
        let keepId = try XCTUnwrap(keep.id)
        let authorRows = try await joinRows("_Join:authors:Book", store)
        let publisherRows = try await joinRows("_Join:publishers:Book", store)
        let genreRows = try await joinRows("_Join:books:Genre", store)
        XCTAssertEqual(authorRows, [[a.id, keepId]])
        XCTAssertEqual(publisherRows, [[p.id, keepId]])
        XCTAssertEqual(genreRows, [[keepId, sf.id]])
        let left = try await store.sqliteDatabase("how SQLite stores each value").read { db in
            (
                try String.fetchAll(db, sql: "SELECT objectId FROM Book"),
                try String.fetchAll(db, sql: "SELECT value FROM ISBN")
            )
        }
        XCTAssertEqual(left.0, [keepId])
        XCTAssertEqual(left.1, ["0306406152"])
    }

    func testAFailureAtAnyStepOfACreateLeavesTheDatabaseUnchanged() async throws {
        for step in [BookWriteStep.isbnCreated, .bookCreated, .relationsAdded] {
            // A database of its own each time (a new folder, so on PostgreSQL a new schema too).
            try? FileManager.default.removeItem(at: folder)
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-books-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (store, books) = try await makeRepository(failingAt: step)
            let sf = try await books.createEntry(.genre, name: "SF")
            let a = try await books.createEntry(.author, name: "A")
            let p = try await books.createEntry(.publisher, name: "P")
            let input = BookInput(
                title: "Dune", publishingYear: 1965, genreId: sf.id, isbn: "0441172717", authorIds: [a.id],
                publisherIds: [p.id])
            let before = try await databaseDump(store)
            do {
                _ = try await books.create(input)
                XCTFail("the injected fault at \(step) did not stop the save")
            } catch {}
            let after = try await databaseDump(store)
            XCTAssertEqual(after, before, "\(step)")
            // The first save ever: the Book and ISBN classes, their tables and the join tables are not there either.
            XCTAssertFalse(
                after.contains { line in
                    !line.contains("_Search")
                        && (line.contains("Book") || line.contains("ISBN") || line.contains("_Join"))
                }, "\(step)")
            let counts = try await store.read { reader in try ["Book", "ISBN"].map { try reader.count(ParseQuery($0)) }
            }
            XCTAssertEqual(counts, [0, 0])
            try store.close()
        }
    }

    func testAFailureAfterTypedEntriesWereAddedKeepsNoneOfThem() async throws {
        let (store, books) = try await makeRepository(failingAt: .bookCreated)
        defer { try? store.close() }
        let sf = try await books.createEntry(.genre, name: "SF")
        let before = try await databaseDump(store)
        let input = BookInput(
            title: "Dune", publishingYear: 1965, genreId: BookInput.typedNewGenreId, isbn: "0441172717",
            authorIds: [], publisherIds: [],
            newEntryNames: [.genre: "Space opera", .author: "Frank Herbert", .publisher: "Chilton"])
        do {
            _ = try await books.create(input)
            XCTFail("the injected fault did not stop the save")
        } catch {}
        let after = try await databaseDump(store)
        XCTAssertEqual(after, before, "the entries went with the book")
        // Without the fault the same save adds all three with the book, and links the genre typed as it exists.
        let setup = try await StoreBookRepository(store: store)
        var again = input
        again.newEntryNames[.genre] = "  sf "
        let book = try await setup.create(again)
        XCTAssertEqual(book.genre?.id, sf.id)
        XCTAssertEqual(book.authors.map(\.name), ["Frank Herbert"])
        XCTAssertEqual(book.publishers.map(\.name), ["Chilton"])
        let genres = try await setup.entries(.genre)
        XCTAssertEqual(genres.map(\.entry.name), ["SF"])
    }

    func testAFailureInAnEditLeavesTheBookAndItsRowsAsTheyWere() async throws {
        let (store, books) = try await makeRepository(failingAt: .relationsAdded)
        defer { try? store.close() }
        let sf = try await books.createEntry(.genre, name: "SF")
        let classic = try await books.createEntry(.genre, name: "Classic")
        let a = try await books.createEntry(.author, name: "A")
        let b = try await books.createEntry(.author, name: "B")
        // Writes without the hook to set the scene; then the faulty repository edits.
        let setup = try await StoreBookRepository(store: store)
        let book = try await setup.create(
            BookInput(
                title: "Dune", publishingYear: 1965, genreId: sf.id, isbn: "0441172717", authorIds: [a.id],
                publisherIds: []))
        let before = try await databaseDump(store)
        do {
            _ = try await books.update(
                id: try XCTUnwrap(book.id),
                with: BookInput(
                    title: "Changed", publishingYear: 1999, genreId: classic.id, isbn: "0306406152", authorIds: [b.id],
                    publisherIds: []))
            XCTFail("the injected fault did not stop the edit")
        } catch {}
        let after = try await databaseDump(store)
        XCTAssertEqual(after, before)
        // After the failures the same repository saves normally: nothing stale was cached.
        let ok = try await setup.create(
            BookInput(
                title: "Next", publishingYear: 1970, genreId: classic.id, isbn: "0306406152", authorIds: [b.id],
                publisherIds: []))
        let found = try await setup.find(id: try XCTUnwrap(ok.id))
        XCTAssertEqual(found?.authors.map(\.id), [b.id])
    }
}
