import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The genre, author and publisher pages: list and add, an entry's page with its books, rename and delete.
final class CatalogueTests: XCTestCase {
    func testEachListHasItsAddFormAndEmptyState() async throws {
        try await withApp { browser in
            for kind in CatalogueKind.allCases {
                let response = try await browser.get(kind.path)
                XCTAssertEqual(response.status, .ok, kind.path)
                let html = response.text
                XCTAssertTrue(html.contains("<title>\(kind.pluralTitle(in: .en)) · Parsnip</title>"), kind.path)
                XCTAssertTrue(html.contains("<h1>\(kind.pluralTitle(in: .en))</h1>"), kind.path)
                XCTAssertEqual(html.occurrences(of: "<h1"), 1)
                XCTAssertTrue(html.contains(#"<label for="name">Name</label>"#))
                XCTAssertTrue(html.contains(#"<button type="submit" class="button">Add \#(kind.singular)</button>"#))
                XCTAssertTrue(html.contains("No \(kind.plural) yet"))
                XCTAssertTrue(html.contains(#"<a href="/books" aria-current="page">Books</a>"#))
            }
        }
    }

    func testAddingShowsTheEntryWithItsBookCount() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.addBook(bookForm(genre: catalogue.genre, authors: catalogue.authors))
            let html = try await browser.get("/authors").text
            XCTAssertTrue(html.contains(#"<p class="count">2 authors</p>"#))
            XCTAssertTrue(
                html.contains(
                    #"<li><a href="/authors/\#(catalogue.authors[0])">Ursula K. Le Guin</a> <span class="entry-count">1 book</span></li>"#
                ))
            let publishers = try await browser.get("/publishers").text
            XCTAssertTrue(publishers.contains(#">Harper</a> <span class="entry-count">0 books</span>"#))
            try await browser.post("/genres", form: [("name", "  Poetry  ")])
            let genres = try await browser.get("/genres").text
            XCTAssertTrue(genres.contains(#"role="status"><p>Added genre “Poetry”</p>"#))
            XCTAssertTrue(genres.contains(">Poetry</a>"))
        }
    }

    func testNamesAreRequiredShortAndUniqueIgnoringCaseAndSpaces() async throws {
        try await withApp { browser in
            try await browser.addEntry(.genre, "Science fiction")
            for (name, message) in [
                ("", "Enter a name"), ("   ", "Enter a name"),
                (String(repeating: "n", count: 101), "Name must be 100 characters or fewer"),
                ("  SCIENCE Fiction ", "This genre already exists"),
            ] {
                let response = try await browser.post("/genres", form: [("name", name)])
                XCTAssertEqual(response.status, .unprocessableContent, name)
                let html = response.text
                XCTAssertTrue(html.contains(##"<li><a href="#name">\##(message)</a></li>"##), name)
                XCTAssertTrue(
                    html.contains(
                        #"<p class="field-error" id="name-error"><span class="visually-hidden">Error:</span> \#(message)</p>"#
                    ),
                    name)
                XCTAssertTrue(html.contains(#"name="name" value="\#(name)""#), name)
                XCTAssertTrue(html.contains(#"aria-describedby="name-hint name-error" aria-invalid="true""#), name)
            }
            let author = try await browser.addEntry(.author, "Ursula K. Le Guin")
            let duplicate = try await browser.post("/authors", form: [("name", "ursula k. le guin")])
            XCTAssertTrue(duplicate.text.contains("This author already exists"))
            try await browser.addEntry(.publisher, "Harper")
            let publisher = try await browser.post("/publishers", form: [("name", "HARPER")])
            XCTAssertTrue(publisher.text.contains("This publisher already exists"))
            let response1 = try await browser.get("/authors/\(author)").status
            XCTAssertEqual(response1, .ok)
            let response2 = try await browser.post("/genres", form: []).status
            XCTAssertEqual(response2, .badRequest)
        }
    }

    func testAnEntrysPageListsItsBooksAndRenames() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let book = try await browser.addBook(bookForm(genre: catalogue.genre, authors: catalogue.authors))
            let page = try await browser.get("/authors/\(catalogue.authors[1])")
            XCTAssertEqual(page.status, .ok)
            let html = page.text
            XCTAssertTrue(html.contains("<title>Octavia E. Butler · Parsnip</title>"))
            XCTAssertTrue(html.contains("<h1>Octavia E. Butler</h1>"))
            XCTAssertTrue(html.contains(#"<p class="count">1 book</p>"#))
            XCTAssertTrue(html.contains(#"<li><a href="/books/\#(book)">The Dispossessed</a>"#))
            XCTAssertTrue(html.contains(#"name="name" value="Octavia E. Butler""#))
            XCTAssertTrue(html.contains(#"<button type="submit" class="button">Rename</button>"#))
            XCTAssertTrue(html.contains(#"href="/authors/\#(catalogue.authors[1])/delete">Delete this author</a>"#))

            let clash = try await browser.post(
                "/authors/\(catalogue.authors[1])", form: [("name", " ursula K. LE GUIN")])
            // Another author has the name: the two are offered as one (CatalogueMergeTests).
            XCTAssertEqual(clash.status, .conflict)
            XCTAssertTrue(clash.text.contains("Merge “Octavia E. Butler” into “Ursula K. Le Guin”?"))
            XCTAssertTrue(clash.text.contains("There is already an author called “Ursula K. Le Guin”."))
            let empty = try await browser.post("/authors/\(catalogue.authors[1])", form: [("name", "")])
            XCTAssertTrue(empty.text.contains("Enter a name"))

            let renamed = try await browser.post(
                "/authors/\(catalogue.authors[1])", form: [("name", "octavia e. butler")])
            XCTAssertEqual(renamed.status, .seeOther, "its own name in another case is fine")
            let after = try await browser.get("/authors/\(catalogue.authors[1])").text
            XCTAssertTrue(after.contains(#"role="status"><p>Saved author “octavia e. butler”</p>"#))
            let response3 = try await browser.get("/books/\(book)").text
            XCTAssertTrue(response3.contains(">octavia e. butler</a>"))

            let genre = try await browser.get("/genres/\(catalogue.genre)").text
            XCTAssertTrue(genre.contains(">The Dispossessed</a>"))
            let publisher = try await browser.get("/publishers/\(catalogue.publisher)").text
            XCTAssertTrue(publisher.contains("No books list this publisher yet."))
        }
    }

    func testDeletingAnAuthorSaysHowManyBooksLoseIt() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let first = try await browser.addBook(bookForm(genre: catalogue.genre, authors: catalogue.authors))
            try await browser.addBook(
                bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[0]],
                    [("title", "Other"), ("isbn", "080442957X")]))
            let confirm = try await browser.get("/authors/\(catalogue.authors[0])/delete")
            XCTAssertEqual(confirm.status, .ok)
            XCTAssertTrue(confirm.text.contains("<h1>Delete this author?</h1>"))
            XCTAssertTrue(confirm.text.contains("This author will be removed from 2 books."))
            XCTAssertTrue(confirm.text.contains(#"class="button button-danger">Delete author</button>"#))
            let delete = try await browser.post("/authors/\(catalogue.authors[0])/delete", form: [])
            XCTAssertEqual(delete.status, .seeOther)
            XCTAssertEqual(delete.headers[.location], "/authors")
            let list = try await browser.get("/authors").text
            XCTAssertTrue(list.contains(#"role="status"><p>Deleted author “Ursula K. Le Guin”.</p>"#))
            let book = try await browser.get("/books/\(first)").text
            XCTAssertFalse(book.contains("Ursula K. Le Guin"))
            XCTAssertTrue(book.contains("Octavia E. Butler"))
            let unused = try await browser.get("/publishers/\(catalogue.publisher)/delete").text
            XCTAssertTrue(unused.contains("No books list this publisher."))
        }
    }

    func testDeletingAGenreInUseIsRefusedOrMovesItsBooks() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Science fiction")
            let book = try await browser.addBook(bookForm(genre: genre))
            let alone = try await browser.get("/genres/\(genre)/delete").text
            XCTAssertTrue(alone.contains("1 book uses this genre."))
            // The page's own part (the foot of every page has the language chooser's button).
            let main = alone.components(separatedBy: "<main").last?.components(separatedBy: "</main>").first ?? ""
            XCTAssertFalse(main.contains("<button"), "no other genre: no delete")
            XCTAssertTrue(alone.contains("Add another genre first"))
            let refused = try await browser.post("/genres/\(genre)/delete", form: [])
            XCTAssertEqual(refused.status, .conflict)
            XCTAssertTrue(refused.text.contains("1 book uses this genre."))

            let other = try await browser.addEntry(.genre, "Classics")
            try await browser.addBook(bookForm(genre: genre, [("title", "Second"), ("isbn", "080442957X")]))
            let confirm = try await browser.get("/genres/\(genre)/delete").text
            XCTAssertTrue(confirm.contains("2 books use this genre."))
            XCTAssertTrue(confirm.contains(#"<label for="moveTo">Move its books to</label>"#))
            XCTAssertTrue(confirm.contains(#"<option value="\#(other)" selected>Classics</option>"#))
            XCTAssertFalse(confirm.contains(#"<option value="\#(genre)""#))
            XCTAssertTrue(confirm.contains(">Move books and delete genre</button>"))
            let noTarget = try await browser.post("/genres/\(genre)/delete", form: [])
            XCTAssertEqual(noTarget.status, .conflict)
            let response4 = try await browser.post("/genres/\(genre)/delete", form: [("moveTo", genre)]).status
            XCTAssertEqual(response4, .badRequest)

            let moved = try await browser.post("/genres/\(genre)/delete", form: [("moveTo", other)])
            XCTAssertEqual(moved.status, .seeOther)
            let list = try await browser.get("/genres").text
            XCTAssertTrue(
                list.contains(#"role="status"><p>Moved 2 books to “Classics” and deleted “Science fiction”.</p>"#))
            XCTAssertTrue(list.contains(#">Classics</a> <span class="entry-count">2 books</span>"#))
            let response5 = try await browser.get("/books/\(book)").text
            XCTAssertTrue(response5.contains(">Classics</a>"))
            let response6 = try await browser.get("/genres/\(genre)").status
            XCTAssertEqual(response6, .notFound)
        }
    }

    func testUnknownEntriesGetThe404Page() async throws {
        try await withApp { browser in
            try await browser.get("/genres")
            for kind in CatalogueKind.allCases {
                for id in ["AbCdE12345", "not-an-id!"] {
                    let path = "\(kind.path)/\(formEncode(id))"
                    for uri in [path, "\(path)/delete"] {
                        let response = try await browser.get(uri)
                        XCTAssertEqual(response.status, .notFound, uri)
                        XCTAssertTrue(response.text.contains("<h1>Page not found</h1>"), uri)
                    }
                    let response7 = try await browser.post(path, form: [("name", "x")]).status
                    XCTAssertEqual(response7, .notFound, path)
                    let response8 = try await browser.post("\(path)/delete", form: []).status
                    XCTAssertEqual(response8, .notFound, path)
                }
            }
        }
    }
}
