import Foundation
import XCTest

@testable import Parsnip

/// Every rule of the book form, ISBN check digits, and the catalogue name rules.
final class BookDraftTests: XCTestCase {
    /// 2026-06-15T00:00:00Z: next year is 2027.
    private let now = Date(timeIntervalSince1970: 1_781_481_600)

    private func draft(
        title: String = "Dune", isbn: String = "978-0-441-17271-9", genreId: String = "g1", year: String = "1965",
        authorIds: [String] = [], publisherIds: [String] = []
    ) -> BookDraft {
        BookDraft(
            title: title, isbn: isbn, genreId: genreId, year: year, authorIds: authorIds, publisherIds: publisherIds)
    }

    override func setUpWithError() throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    private func problems(_ draft: BookDraft) -> [BookDraft.Problem] {
        if case .invalid(let problems) = draft.validate(now: now) { return problems }
        return []
    }

    /// The draft's problems as the English page says them: "title: Enter a title".
    private func said(_ draft: BookDraft) -> [String] { problems(draft).map(said) }

    private func said(_ problem: BookDraft.Problem?) -> String {
        problem.map { "\($0.field.rawValue): \($0.message.text(in: .en))" } ?? "none"
    }

    private func input(_ draft: BookDraft) throws -> BookInput {
        guard case .valid(let input) = draft.validate(now: now) else {
            XCTFail("expected a valid draft, got \(problems(draft))")
            throw CancellationError()
        }
        return input
    }

    func testAValidDraftGivesCleanedInputWithoutRepeatedIds() throws {
        let input = try input(
            draft(
                title: "  Dune\t", isbn: " 0-441-17271-7 ", authorIds: ["a2", "a1", "a2"], publisherIds: ["p1", "p1"]))
        XCTAssertEqual(
            input,
            BookInput(
                title: "Dune", publishingYear: 1965, genreId: "g1", isbn: "0441172717", authorIds: ["a2", "a1"],
                publisherIds: ["p1"]))
    }

    func testTitleIsRequiredAndAtMost200Characters() throws {
        XCTAssertEqual(said(draft(title: " \u{7} ")), ["title: Enter a title"])
        XCTAssertEqual(try input(draft(title: String(repeating: "é", count: 200))).title.count, 200)
        XCTAssertEqual(
            said(draft(title: String(repeating: "é", count: 201))), ["title: Title must be 200 characters or fewer"])
    }

    func testISBNAndYearMayBeLeftEmptyForABookWithoutThem() throws {
        let saved = try input(draft(isbn: "  ", year: " "))
        XCTAssertNil(saved.isbn)
        XCTAssertNil(saved.publishingYear)
    }

    func testAnISBN10AndItsISBN13AreTheSameBook() {
        XCTAssertEqual(ISBNText.thirteenDigits("006051275X"), "9780060512750")
        XCTAssertEqual(ISBNText.thirteenDigits("0441013597"), "9780441013593")
        XCTAssertEqual(ISBNText.tenDigits("9780441013593"), "0441013597")
        XCTAssertEqual(ISBNText.tenDigits("9780060512750"), "006051275X")
        XCTAssertNil(ISBNText.tenDigits("9791032305690"), "a 979 ISBN has no 10-digit form")
        XCTAssertEqual(ISBNText.forms("006051275X"), ["9780060512750", "006051275X"])
        XCTAssertEqual(ISBNText.forms("9791032305690"), ["9791032305690"])
        for isbn in ["080442957X", "0441013597", "9780441478125", "9791032305690"] {
            XCTAssertTrue(ISBNText.isValid(ISBNText.thirteenDigits(isbn)), isbn)
            if let ten = ISBNText.tenDigits(ISBNText.thirteenDigits(isbn)) {
                XCTAssertTrue(ISBNText.isValid(ten), isbn)
            }
        }
    }

    func testISBN13AndISBN10WithHyphensAndSpacesAreNormalised() throws {
        XCTAssertEqual(try input(draft(isbn: "978-0-441-17271-9")).isbn, "9780441172719")
        XCTAssertEqual(try input(draft(isbn: "978 0 441 17271 9")).isbn, "9780441172719")
        XCTAssertEqual(try input(draft(isbn: "0-441-17271-7")).isbn, "0441172717")
        // ISBN-10 whose check digit is 10, written X (lower-case x accepted, stored upper-case).
        XCTAssertEqual(try input(draft(isbn: "0-8044-2957-X")).isbn, "080442957X")
        XCTAssertEqual(try input(draft(isbn: "0 8044 2957 x")).isbn, "080442957X")
    }

    func testBadCheckDigitsWrongLengthsAndStrayCharactersAreRefused() {
        let message = "isbn: This is not a valid ISBN — check the digits"
        for bad in [
            "978-0-441-17271-8", "0-441-17271-6", "0-8044-2957-1", "X-8044-2957-0", "978044117271X",
            "97804411727", "978-0-441-17271-9-0", "0441172717a", "0.441.17271.7", "０４４１１７２７１７",
        ] {
            XCTAssertEqual(said(draft(isbn: bad)), [message], bad)
        }
    }

    func testISBNTextChecksDigitsDirectly() {
        XCTAssertTrue(ISBNText.isValid("9780306406157"))
        XCTAssertTrue(ISBNText.isValid("0306406152"))
        XCTAssertFalse(ISBNText.isValid("0306406153"))
        XCTAssertFalse(ISBNText.isValid(""))
        XCTAssertEqual(ISBNText.normalize("0-306-40615-2"), "0306406152")
        XCTAssertEqual(ISBNText.parse("0-306-40615-3"), nil)
    }

    func testAGenreIsOptional() {
        XCTAssertEqual(said(draft(genreId: "")), [])
    }

    func testYearRunsFrom1450ToNextYearByTheClock() throws {
        XCTAssertEqual(BookDraft.latestYear(now: now), 2027)
        XCTAssertEqual(try input(draft(year: "1450")).publishingYear, 1450)
        XCTAssertEqual(try input(draft(year: " 2027 ")).publishingYear, 2027)
        let range = "publishingYear: Publishing year must be between 1450 and 2027"
        XCTAssertEqual(said(draft(year: "1449")), [range])
        XCTAssertEqual(said(draft(year: "2028")), [range])
        XCTAssertEqual(said(draft(year: "-1965")), [range])
        XCTAssertEqual(said(draft(year: "99999999999999999999999")), [range])
    }

    func testYearMustBeAWholeNumber() {
        let message = "publishingYear: Publishing year must be a whole number, like 1969"
        for bad in ["1965.0", "nineteen", "1e3", "+1965", "١٩٦٥"] {
            XCTAssertEqual(said(draft(year: bad)), [message], bad)
        }
    }

    func testEveryProblemIsReportedInPageOrder() {
        XCTAssertEqual(
            problems(BookDraft(isbn: "123", year: "MCMLXIX")).map(\.field), [.title, .isbn, .publishingYear])
    }

    func testRepositoryRefusalsBecomeMessagesBesideTheirFields() {
        XCTAssertEqual(
            said(BookDraft.problem(for: .isbnUsed(byBookId: "b1", title: "Dune"))),
            "isbn: This ISBN is already used by “Dune”")
        XCTAssertEqual(
            BookDraft.problem(for: .isbnUsed(byBookId: "b1", title: "Dune"))?.message.text(in: .ja),
            "このISBNはすでに「Dune」で使われています")
        XCTAssertEqual(
            said(BookDraft.problem(for: .unknownGenre)), "genre: That genre no longer exists — choose another")
        XCTAssertEqual(BookDraft.problem(for: .unknownEntries(.author))?.field, .authors)
        XCTAssertEqual(BookDraft.problem(for: .unknownEntries(.genre))?.field, .genre)
        XCTAssertEqual(BookDraft.problem(for: .unknownEntries(.publisher))?.field, .publishers)
        XCTAssertNil(BookDraft.problem(for: .bookNotFound))
    }

    func testReadsTheFormWithRepeatedCheckboxes() throws {
        let body = "title=Dune&isbn=0441172717&genre=g1&publishingYear=1965&author=a1&author=a2&publisher=p1&_csrf=t"
        let form = try FormFields(urlEncoded: Array(body.utf8), allowingRepeated: FormFields.repeatableFieldNames)
        XCTAssertEqual(
            try BookDraft(form: form),
            BookDraft(
                title: "Dune", isbn: "0441172717", genreId: "g1", year: "1965", authorIds: ["a1", "a2"],
                publisherIds: ["p1"]))
        let bare = try FormFields(urlEncoded: Array("title=".utf8))
        XCTAssertEqual(try BookDraft(form: bare), BookDraft())
    }

    func testRefusesAFormWithoutTitleOrWithMalformedIds() throws {
        let allowed = FormFields.repeatableFieldNames
        for body in ["isbn=1", "title=x&genre=a%20b", "title=x&author=a1&author=", "title=x&publisher=p.1"] {
            let form = try FormFields(urlEncoded: Array(body.utf8), allowingRepeated: allowed)
            XCTAssertThrowsError(try BookDraft(form: form), body)
        }
    }

    func testTheFormIsFilledFromAStoredBook() {
        let book = Book(
            id: "b1", title: "Dune", publishingYear: 1965, genre: CatalogueEntry(kind: .genre, id: "g1", name: "SF"),
            isbn: "0441172717", authors: [CatalogueEntry(kind: .author, id: "a1", name: "Frank Herbert")],
            publishers: [CatalogueEntry(kind: .publisher, id: "p1", name: "Chilton")])
        XCTAssertEqual(
            BookDraft(book: book),
            BookDraft(
                title: "Dune", isbn: "0-441-17271-7", genreId: "g1", year: "1965", authorIds: ["a1"],
                publisherIds: ["p1"])
        )
    }

    func testCatalogueNamesAreRequiredTrimmedAndAtMost100Characters() {
        XCTAssertEqual(
            CatalogueNameDraft(kind: .genre, name: "  Science fiction ").validate(), .success("Science fiction"))
        XCTAssertEqual(
            CatalogueNameDraft(kind: .author, name: " \t ").validate(),
            .failure(.init(message: Words("books.entry.nameMissing"))))
        XCTAssertEqual(
            CatalogueNameDraft(kind: .author, name: String(repeating: "a", count: 100)).validate(),
            .success(String(repeating: "a", count: 100)))
        XCTAssertEqual(
            CatalogueNameDraft(kind: .publisher, name: String(repeating: "a", count: 101)).validate(),
            .failure(.init(message: Words("books.entry.nameTooLong", counts: ["max": 100]))))
        XCTAssertEqual(
            Words("books.entry.nameTooLong", counts: ["max": 100]).text(in: .en),
            "Name must be 100 characters or fewer")
    }

    func testDuplicateMessagesNameTheKind() {
        XCTAssertEqual(CatalogueNameDraft.duplicateMessage(.genre).text(in: .en), "This genre already exists")
        XCTAssertEqual(CatalogueNameDraft.duplicateMessage(.author).text(in: .en), "This author already exists")
        XCTAssertEqual(
            CatalogueNameDraft.duplicateMessage(.publisher).text(in: .en), "This publisher already exists")
        XCTAssertEqual(CatalogueNameDraft.duplicateMessage(.publisher).text(in: .es), "Esta editorial ya existe")
    }
}
