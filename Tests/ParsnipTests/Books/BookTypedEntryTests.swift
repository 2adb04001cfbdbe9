import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// A name typed into "New author", "New publisher" or "New genre" and then "Save book" pressed instead of its own
/// "Add" button: the save adds it (or links the entry that already has the name) with the book, in one go, and
/// says so; a name that cannot be added keeps the whole form back.
final class BookTypedEntryTests: XCTestCase {
    /// The page a save redirected to.
    private static func followed(_ browser: Browser, _ response: TestResponse) async throws -> String {
        XCTAssertEqual(response.status, .seeOther, "the save was refused: \(response.text.prefix(300))")
        return try await browser.get(try XCTUnwrap(response.headers[.location])).text
    }

    func testSaveBookAddsATypedAuthorAndListsItOnTheBook() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.get("/books/new")
            let saved = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[0]],
                    [("title", "Dune"), ("isbn", "978-0-441-17271-9"), ("new-author", "  Frank Herbert ")]))
            let page = try await Self.followed(browser, saved)
            XCTAssertTrue(page.contains(#"role="status"><p>Added “Dune”. Added the new author “Frank Herbert”.</p>"#))
            let herbert = try await browser.entryId(.author, "Frank Herbert")
            XCTAssertTrue(page.contains(#"<li><a href="/authors/\#(herbert)">Frank Herbert</a></li>"#))
            XCTAssertTrue(page.contains(">Ursula K. Le Guin</a></li>"), "the ticked author stays")
            let authors = try await browser.get("/authors").text
            XCTAssertEqual(authors.occurrences(of: ">Frank Herbert</a>"), 1)
        }
    }

    func testSaveBookLinksTheAuthorAlreadyNamedSoInsteadOfAddingASecond() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let before = try await browser.get("/authors").text
            try await browser.get("/books/new")
            let saved = try await browser.post(
                "/books/new", form: bookForm(genre: catalogue.genre, [("new-author", "  URSULA k. le guin ")]))
            let page = try await Self.followed(browser, saved)
            XCTAssertTrue(
                page.contains(
                    "Added “The Dispossessed”. The author “Ursula K. Le Guin” was already in the catalogue, "
                        + "so the book uses that one."))
            XCTAssertTrue(
                page.contains(#"<li><a href="/authors/\#(catalogue.authors[0])">Ursula K. Le Guin</a></li>"#))
            let after = try await browser.get("/authors").text
            XCTAssertEqual(after.occurrences(of: "<a href=\"/authors/"), before.occurrences(of: "<a href=\"/authors/"))
        }
    }

    func testSaveBookWithATypedGenreAndPublisherAndNoGenreChosenAddsBoth() async throws {
        try await withApp { browser in
            try await browser.get("/books/new")
            let saved = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: "", [("new-genre", "Space opera"), ("new-publisher", "Chilton"), ("new-author", "   ")]))
            let page = try await Self.followed(browser, saved)
            XCTAssertTrue(
                page.contains(
                    "Added “The Dispossessed”. Added the new genre “Space opera”. Added the new publisher “Chilton”."))
            let genre = try await browser.entryId(.genre, "Space opera")
            XCTAssertTrue(page.contains(#"<dt>Genre</dt><dd><a href="/genres/\#(genre)">Space opera</a></dd>"#))
            XCTAssertTrue(page.contains(">Chilton</a></li>"))
            XCTAssertTrue(page.contains("No authors"), "a box of spaces is an empty box")
        }
    }

    func testSaveChangesOnAnEditAddsTheTypedPublisherWithTheEdit() async throws {
        try await withApp { browser in
            let (id, catalogue) = try await browser.addCatalogueBook()
            let saved = try await browser.saveBook(
                id,
                bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[0]],
                    [("publishingYear", "1975"), ("new-publisher", "Ace Books")]))
            let page = try await Self.followed(browser, saved)
            XCTAssertTrue(page.contains("Saved “The Dispossessed”. Added the new publisher “Ace Books”."))
            XCTAssertTrue(page.contains("<dt>Year</dt><dd>1975</dd>"))
            XCTAssertTrue(page.contains(">Ace Books</a></li>"))
        }
    }

    func testATypedNameThatCannotBeAddedComesBackWith422AndEverythingKept() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.get("/books/new")
            let long = String(repeating: "n", count: CatalogueNameDraft.maximumLength + 1)
            let response = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[1]], publishers: [catalogue.publisher],
                    [("title", "Kindred"), ("new-author", long), ("new-publisher", "Beacon Press")]))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertTrue(html.contains(##"<li><a href="#new-author">Name must be 100 characters or fewer</a></li>"##))
            XCTAssertTrue(
                html.contains(
                    #"<p class="field-error" id="new-author-error"><span class="visually-hidden">Error:</span> Name must be 100 characters or fewer</p>"#
                ))
            XCTAssertTrue(html.contains(#"name="new-author" value="\#(long)""#))
            XCTAssertTrue(html.contains(#"name="new-publisher" value="Beacon Press""#))
            XCTAssertTrue(html.contains(#"name="title" value="Kindred""#))
            XCTAssertTrue(html.contains(#"name="isbn" value="978-0-06-051275-0""#))
            XCTAssertTrue(html.contains(#"<option value="\#(catalogue.genre)" selected>Science fiction</option>"#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.authors[1])" checked>"#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.publisher)" checked>"#))
            // Nothing at all was saved: neither the book nor the other, valid, name.
            let books = try await browser.get("/books").text
            XCTAssertTrue(books.contains("No books yet"))
            let publishers = try await browser.get("/publishers").text
            XCTAssertFalse(publishers.contains("Beacon Press"))
        }
    }

    func testASaveRefusedForItsISBNAddsNoneOfTheTypedNames() async throws {
        try await withApp { browser in
            let (_, catalogue) = try await browser.addCatalogueBook()
            try await browser.get("/books/new")
            let response = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: "", [("title", "Copy"), ("new-genre", "Space opera"), ("new-author", "Frank Herbert")]))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssertTrue(response.text.contains("This ISBN is already used by"))
            XCTAssertTrue(response.text.contains(#"name="new-author" value="Frank Herbert""#))
            XCTAssertTrue(response.text.contains(#"name="new-genre" value="Space opera""#))
            let authors = try await browser.get("/authors").text
            XCTAssertFalse(authors.contains("Frank Herbert"))
            let genres = try await browser.get("/genres").text
            XCTAssertFalse(genres.contains("Space opera"))
            XCTAssertTrue(genres.contains(#">Science fiction</a>"#), "the catalogue of \(catalogue.genre) is listed")
        }
    }

    func testATypedGenreBothChangedIsAChoiceThatAddsItOnlyWhenKept() async throws {
        try await withApp { ana in
            let (id, catalogue) = try await ana.addCatalogueBook()
            let ben = Browser(client: ana.client)
            let anaBase = try await ana.bookEditBase(id)
            let classics = try await ben.addEntry(.genre, "Classics")
            let benSaved = try await ben.saveBook(id, bookForm(genre: classics, authors: [catalogue.authors[0]]))
            XCTAssertEqual(benSaved.status, .seeOther)
            let conflict = try await ana.post(
                "/books/\(id)/edit",
                form: bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]], [("new-genre", "Space opera")])
                    + anaBase)
            XCTAssertEqual(conflict.status, .conflict)
            XCTAssertTrue(conflict.text.contains("Space opera (a new genre)"))
            let asked = try await ana.get("/genres").text
            XCTAssertFalse(asked.contains("Space opera"), "asking added nothing")
            // Keeping the saved genre leaves the typed one unadded.
            let theirs = try await ana.post(
                "/books/\(id)/edit", form: hiddenFields(in: conflict.text) + [("_pick_genre", "theirs")])
            let page = try await Self.followed(ana, theirs)
            XCTAssertTrue(page.contains(">Classics</a></dd>"))
            XCTAssertFalse(page.contains("Space opera"))
            let genres = try await ana.get("/genres").text
            XCTAssertFalse(genres.contains("Space opera"))
            // Keeping the typed one adds it.
            let mine = try await ana.post(
                "/books/\(id)/edit", form: hiddenFields(in: conflict.text) + [("_pick_genre", "mine")])
            XCTAssertEqual(mine.status, .conflict, "Ana's choice was made before her own save: asked again")
            let again = try await ana.post(
                "/books/\(id)/edit", form: hiddenFields(in: mine.text) + [("_pick_genre", "mine")])
            let kept = try await Self.followed(ana, again)
            XCTAssertTrue(kept.contains(">Space opera</a></dd>"))
            XCTAssertTrue(kept.contains("Added the new genre “Space opera”."))
        }
    }
}
