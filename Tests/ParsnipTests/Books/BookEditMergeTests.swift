import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Two people saving the same book from one loaded form, through the repository: fields merge, sets merge, the
/// same field conflicts and writes nothing, conflict choices save, stale choices conflict again, `updatedBy` is set.
final class BookEditMergeTests: XCTestCase {
    private var store: ParseStore!
    private var books: StoreBookRepository!
    private var ana: SignedInUser!
    private var ben: SignedInUser!
    private var genre: CatalogueEntry!
    private var authors: [CatalogueEntry] = []
    private var dune: Book!

    override func setUp() async throws {
        store = try testStore(clock: SteppingClock())
        books = try await StoreBookRepository(store: store)
        ana = try await addPerson("Ana", to: store)
        ben = try await addPerson("Ben", to: store)
        genre = try await books.createEntry(.genre, name: "Science fiction")
        authors = []
        for name in ["Frank Herbert", "Brian Herbert", "Kevin J. Anderson"] {
            authors.append(try await books.createEntry(.author, name: name))
        }
        dune = try await books.create(input(authors: [authors[0]]), by: ana)
    }

    override func tearDown() async throws {
        try store.close()
    }

    /// Dune as stored in `setUp`, with `changes` applied.
    private func input(
        title: String = "Dune", year: Int = 1965, genreId: String? = nil, authors: [CatalogueEntry]? = nil
    ) -> BookInput {
        BookInput(
            title: title, publishingYear: year, genreId: genreId ?? genre.id, isbn: "9780441172719",
            authorIds: (authors ?? [self.authors[0]]).map(\.id), publisherIds: [])
    }

    private func save(
        _ input: BookInput, from base: EditBase, choices: [String: ConflictChoice] = [:], by user: SignedInUser?
    ) async throws -> EditOutcome<Book> {
        try await books.update(id: try XCTUnwrap(dune.id), with: input, from: base, choices: choices, by: user)
    }

    private func stored() async throws -> Book {
        let found = try await books.find(id: try XCTUnwrap(dune.id))
        return try XCTUnwrap(found)
    }

    func testAnUntouchedFormSavesWithoutMergingAndRecordsWhoSaved() async throws {
        let base = EditBase(book: dune)
        let outcome = try await save(input(title: "Dune Messiah"), from: base, by: ben)
        guard case .saved(let book, let merged) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertNil(merged)
        XCTAssertEqual(book.title, "Dune Messiah")
        XCTAssertEqual(book.updatedBy, "Ben")
    }

    func testDifferentFieldsFromOneBaseAreBothStoredAndTheReportNamesTheOtherPerson() async throws {
        let base = EditBase(book: dune)
        let first = try await save(input(title: "Dune (50th anniversary)"), from: base, by: ana)
        guard case .saved(let afterAna, nil) = first else { return XCTFail("\(first)") }
        let second = try await save(input(year: 2015), from: base, by: ben)
        guard case .saved(let book, let merged?) = second else { return XCTFail("\(second)") }
        XCTAssertEqual(book.title, "Dune (50th anniversary)", "Ana's title is kept")
        XCTAssertEqual(book.publishingYear, 2015, "Ben's year is saved")
        XCTAssertEqual(merged.stamp, ChangeStamp(username: "Ana", at: try XCTUnwrap(afterAna.updatedAt)))
        XCTAssertEqual(merged.fieldLabels, ["Title"])
        let found = try await stored()
        XCTAssertEqual(found.title, "Dune (50th anniversary)")
        XCTAssertEqual(found.publishingYear, 2015)
        XCTAssertEqual(found.updatedBy, "Ben")
    }

    func testTheSameFieldChangedDifferentlyIsAConflictAndNothingIsWritten() async throws {
        let base = EditBase(book: dune)
        _ = try await save(input(title: "Dune, by Ana"), from: base, by: ana)
        let current = try await stored()
        let before = try await databaseDump(store)
        let outcome = try await save(input(title: "Dune, by Ben", year: 1966), from: base, by: ben)
        guard case .conflict(let report) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(report.stamp.username, "Ana")
        XCTAssertEqual(report.version, EditBase(book: current).version)
        XCTAssertFalse(report.choiceMissing)
        XCTAssertEqual(
            report.conflicts,
            [FieldConflict(key: "title", label: "Title", mine: ["Dune, by Ben"], theirs: ["Dune, by Ana"])])
        let after = try await databaseDump(store)
        XCTAssertEqual(after, before, "not even Ben's year is written")
    }

    func testAGenreConflictShowsBothGenresByName() async throws {
        let fantasy = try await books.createEntry(.genre, name: "Fantasy")
        let classics = try await books.createEntry(.genre, name: "Classics")
        let base = EditBase(book: try await stored())
        _ = try await save(input(genreId: fantasy.id), from: base, by: ana)
        let outcome = try await save(input(genreId: classics.id), from: base, by: ben)
        guard case .conflict(let report) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(report.conflicts.map(\.mine), [["Classics"]])
        XCTAssertEqual(report.conflicts.map(\.theirs), [["Fantasy"]])
    }

    func testAuthorsAddedByBothPeopleAreAllKept() async throws {
        let base = EditBase(book: dune)
        _ = try await save(input(authors: [authors[0], authors[1]]), from: base, by: ana)
        let outcome = try await save(input(authors: [authors[0], authors[2]]), from: base, by: ben)
        guard case .saved(let book, let merged?) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(Set(book.authors.map(\.id)), Set(authors.map(\.id)))
        XCTAssertEqual(merged.fieldLabels, ["Authors"])
    }

    func testAnAuthorOnePersonRemovedIsRemovedThoughTheOtherKeptIt() async throws {
        _ = try await books.update(id: try XCTUnwrap(dune.id), with: input(authors: [authors[0], authors[1]]))
        let base = EditBase(book: try await stored())
        _ = try await save(input(authors: [authors[0]]), from: base, by: ana)
        let outcome = try await save(input(title: "Dune!", authors: [authors[0], authors[1]]), from: base, by: ben)
        guard case .saved(let book, let merged?) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(book.authors.map(\.id), [authors[0].id], "Ana's removal stands")
        XCTAssertEqual(book.title, "Dune!")
        XCTAssertEqual(merged.fieldLabels, ["Authors"])
    }

    func testChoosingMineOrTheirsOnTheConflictPageSavesThatValue() async throws {
        for (choice, expected) in [(ConflictChoice.mine, "Ben's Dune"), (.theirs, "Ana's Dune")] {
            let base = EditBase(book: try await stored())
            _ = try await save(input(title: "Ana's Dune"), from: base, by: ana)
            let conflict = try await save(input(title: "Ben's Dune", year: 1970), from: base, by: ben)
            guard case .conflict(let report) = conflict else { return XCTFail("\(conflict)") }
            // The conflict page sends the version it showed with the original base.
            let shown = EditBase(version: report.version, fields: base.fields)
            let outcome = try await save(
                input(title: "Ben's Dune", year: 1970), from: shown, choices: ["title": choice], by: ben)
            guard case .saved(let book, let merged) = outcome else { return XCTFail("\(outcome)") }
            XCTAssertEqual(book.title, expected, "\(choice)")
            XCTAssertEqual(book.publishingYear, 1970, "the rest of Ben's form is saved")
            XCTAssertNil(merged, "the chosen field is not reported as merged")
            _ = try await books.update(id: try XCTUnwrap(dune.id), with: input())
        }
    }

    func testAChoiceForAVersionSavedOverSinceGivesAFreshConflict() async throws {
        let base = EditBase(book: dune)
        _ = try await save(input(title: "Ana's Dune"), from: base, by: ana)
        let conflict = try await save(input(title: "Ben's Dune"), from: base, by: ben)
        guard case .conflict(let first) = conflict else { return XCTFail("\(conflict)") }
        // Ana saves again while Ben is choosing.
        let current = EditBase(book: try await stored())
        _ = try await save(input(title: "Ana's Dune, again"), from: current, by: ana)
        let shown = EditBase(version: first.version, fields: base.fields)
        let stale = try await save(input(title: "Ben's Dune"), from: shown, choices: ["title": .mine], by: ben)
        guard case .conflict(let second) = stale else { return XCTFail("\(stale)") }
        XCTAssertGreaterThan(second.version, first.version)
        XCTAssertFalse(second.choiceMissing, "the choice was for an older version, not missing")
        XCTAssertEqual(second.conflicts.map(\.theirs), [["Ana's Dune, again"]])
        let kept = try await stored()
        XCTAssertEqual(kept.title, "Ana's Dune, again")
    }

    func testUpdatedByNamesTheSignedInPersonAndIsUnsetWithoutSignIn() async throws {
        XCTAssertEqual(dune.updatedBy, "Ana", "set on create")
        let outcome = try await save(input(title: "Dune!"), from: EditBase(book: dune), by: nil)
        guard case .saved(let book, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertNil(book.updatedBy)
        let id = try XCTUnwrap(dune.id)
        let raw = try await store.read { try $0.fetch("Book", objectId: id) }
        XCTAssertNil(raw.fields["updatedBy"], "no older name is credited with the change")
        var children = input(title: "Children of Dune")
        children.isbn = "0306406152"
        let anonymous = try await books.create(children, by: nil)
        XCTAssertNil(anonymous.updatedBy)
    }

    func testTheISBNInUseRefusalStillAppliesToAMergedSave() async throws {
        let other = try await books.create(
            BookInput(
                title: "Other", publishingYear: 1970, genreId: genre.id, isbn: "0306406152", authorIds: [],
                publisherIds: []))
        var typed = input()
        typed.isbn = "0306406152"
        do {
            _ = try await save(typed, from: EditBase(book: dune), by: ben)
            XCTFail("a used ISBN was accepted")
        } catch let error as BookSaveError {
            XCTAssertEqual(error, .isbnUsed(byBookId: try XCTUnwrap(other.id), title: "Other"))
        }
    }
}
