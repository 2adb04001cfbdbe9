import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The book form: what it shows, saving, every rule's 422 with values kept, and adding entries from the form.
final class BookFormTests: XCTestCase {
    func testNewFormHasItsFieldsPickersAndButtons() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let response = try await browser.get("/books/new")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<title>Add a book · Parsnip</title>"))
            XCTAssertEqual(html.occurrences(of: "<h1"), 1)
            XCTAssertTrue(html.contains("<h1>Add a book</h1>"))
            for (id, label) in [
                ("title", "Title"), ("isbn", "ISBN"), ("genre", "Genre"), ("publishingYear", "Publishing year"),
            ] {
                XCTAssertTrue(html.contains(#"<label for="\#(id)">\#(label)</label>"#), label)
            }
            XCTAssertTrue(
                html.contains(
                    #"<p class="hint" id="isbn-hint">Optional (most books from before 1970 have none). 10 or 13 digits; spaces and hyphens are fine.</p>"#
                ))
            XCTAssertTrue(html.contains(#"<input type="number" inputmode="numeric" id="publishingYear""#))
            XCTAssertTrue(html.contains(#"max="2025""#), "next year from the app's clock")
            XCTAssertTrue(html.contains(#"<option value="" selected>No genre</option>"#))
            XCTAssertTrue(html.contains(#"<option value="\#(catalogue.genre)">Science fiction</option>"#))
            XCTAssertTrue(html.contains("<legend>Authors</legend>"))
            XCTAssertTrue(html.contains("<legend>Publishers</legend>"))
            XCTAssertTrue(
                html.contains(
                    #"<input type="checkbox" id="author-\#(catalogue.authors[0])" name="author" value="\#(catalogue.authors[0])"><label for="author-\#(catalogue.authors[0])">Ursula K. Le Guin</label>"#
                ))
            XCTAssertTrue(html.contains(#"name="publisher" value="\#(catalogue.publisher)">"#))
            XCTAssertTrue(html.contains(">Filter authors</label>"))
            XCTAssertTrue(html.contains(">Filter publishers</label>"))
            XCTAssertTrue(
                html.contains(
                    #"<button type="submit" class="button button-secondary" name="find" value="author" formnovalidate data-find-button>Find</button>"#
                ),
                "the filter box works without the script, with its Find button")
            for kind in ["genre", "author", "publisher"] {
                XCTAssertTrue(html.contains(#"<label for="new-\#(kind)">New \#(kind)</label>"#), kind)
                XCTAssertTrue(html.contains(#"name="add-entry" value="\#(kind)" formnovalidate>Add \#(kind)</button>"#))
            }
            XCTAssertTrue(html.contains(#"<button type="submit" class="button">Save book</button>"#))
            XCTAssertTrue(html.contains(#"href="/books">Cancel</a>"#))
            XCTAssertTrue(html.contains(#"<input type="hidden" name="_csrf" value="\#(browser.csrfToken)">"#))
            // Enter in a field saves: the form's first submit button is a hidden copy of "Save book".
            let form = try XCTUnwrap(html.range(of: #"<form class="form book-form""#))
            let firstButton = try XCTUnwrap(html[form.upperBound...].range(of: "<button"))
            XCTAssertTrue(html[firstButton.lowerBound...].hasPrefix(#"<button type="submit" class="visually-hidden""#))
            XCTAssertFalse(html.contains("style="), "no inline style")
            XCTAssertFalse(html.contains("<script>"), "no inline script")
        }
    }

    func testSavingShowsTheBookPageWithItsMessageAndEveryValue() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let form = bookForm(
                genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher],
                [("isbn", " 978 0-06-051275-0 ")])
            try await browser.get("/books/new")
            let response = try await browser.post("/books/new", form: form)
            XCTAssertEqual(response.status, .seeOther)
            let location = try XCTUnwrap(response.headers[.location])
            let html = try await browser.get(location).text
            XCTAssertTrue(html.contains(#"role="status"><p>Added “The Dispossessed”.</p>"#))
            XCTAssertTrue(html.contains("<title>The Dispossessed · Parsnip</title>"))
            XCTAssertTrue(html.contains(#"<h1 class="recipe-title">The Dispossessed</h1>"#))
            XCTAssertTrue(html.contains("<dt>Year</dt><dd>1974</dd>"))
            XCTAssertTrue(
                html.contains(#"<dt>Genre</dt><dd><a href="/genres/\#(catalogue.genre)">Science fiction</a></dd>"#))
            XCTAssertTrue(
                html.contains(
                    #"<dt>ISBN</dt><dd class="isbn"><span class="isbn-form">ISBN-13 978-0-06-051275-0</span>"#))
            XCTAssertTrue(html.contains("<h2>Authors</h2>"))
            XCTAssertTrue(html.contains(#"<li><a href="/authors/\#(catalogue.authors[0])">Ursula K. Le Guin</a></li>"#))
            XCTAssertTrue(html.contains(#"<li><a href="/authors/\#(catalogue.authors[1])">Octavia E. Butler</a></li>"#))
            XCTAssertTrue(html.contains("<h2>Publishers</h2>"))
            XCTAssertTrue(html.contains(#"<li><a href="/publishers/\#(catalogue.publisher)">Harper</a></li>"#))
            XCTAssertTrue(html.contains(">Edit book</a>"))
            XCTAssertTrue(html.contains(">Delete book</a>"))
            XCTAssertTrue(html.contains(#"<a href="/books" aria-current="page">Books</a>"#))
        }
    }

    func testMissingTitleIsRefusedWithEverythingKept() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.get("/books/new")
            let response = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[1]], publishers: [catalogue.publisher],
                    [("title", "   "), ("new-author", "Half typed")]))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertTrue(html.contains(#"<h2 id="error-summary-title">There is a problem</h2>"#))
            XCTAssertTrue(html.contains(##"<li><a href="#title">Enter a title</a></li>"##))
            XCTAssertTrue(
                html.contains(
                    #"<p class="field-error" id="title-error"><span class="visually-hidden">Error:</span> Enter a title</p>"#
                ))
            XCTAssertTrue(html.contains(#"aria-describedby="title-hint title-error" aria-invalid="true""#))
            XCTAssertTrue(html.contains(#"id="isbn" name="isbn" value="978-0-06-051275-0""#))
            XCTAssertTrue(html.contains(#"id="publishingYear" name="publishingYear" value="1974""#))
            XCTAssertTrue(html.contains(#"<option value="\#(catalogue.genre)" selected>Science fiction</option>"#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.authors[1])" checked>"#))
            XCTAssertFalse(html.contains(#"value="\#(catalogue.authors[0])" checked>"#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.publisher)" checked>"#))
            XCTAssertTrue(html.contains(#"name="new-author" value="Half typed""#))
            let long = try await browser.post(
                "/books/new", form: bookForm(genre: catalogue.genre, [("title", String(repeating: "a", count: 201))]))
            XCTAssertEqual(long.status, .unprocessableContent)
            XCTAssertTrue(long.text.contains("Title must be 200 characters or fewer"))
            let list = try await browser.get("/books")
            XCTAssertTrue(list.text.contains("No books yet"))
        }
    }

    func testAnISBNGivenMustHaveAValidCheckDigit() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            for (isbn, message) in [
                ("978-0-06-051275-1", "This is not a valid ISBN — check the digits"),
                ("0-06-051275-9", "This is not a valid ISBN — check the digits"),
                ("12345", "This is not a valid ISBN — check the digits"),
            ] {
                let response = try await browser.post("/books/new", form: bookForm(genre: genre, [("isbn", isbn)]))
                XCTAssertEqual(response.status, .unprocessableContent, isbn)
                XCTAssertTrue(response.text.contains(##"<a href="#isbn">\##(message)</a>"##), isbn)
                XCTAssertTrue(response.text.contains(#"name="isbn" value="\#(isbn)""#), isbn)
                XCTAssertTrue(
                    response.text.contains(#"<input type="text" id="title" name="title" value="The Dispossessed""#))
            }
            // ISBN-10 with a final X, hyphens and a lower-case x.
            let id = try await browser.addBook(bookForm(genre: genre, [("isbn", "0-06-051275-x")]))
            let response1 = try await browser.get("/books/\(id)").text
            XCTAssertTrue(
                response1.contains(
                    #"<dd class="isbn"><span class="isbn-form">ISBN-13 978-0-06-051275-0</span> <span class="isbn-form">ISBN-10 0-06-051275-X</span> </dd>"#
                ), response1)
        }
    }

    func testADuplicateISBNNamesAndLinksTheBookThatHasIt() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let first = try await browser.addBook(bookForm(genre: genre, [("title", "The <Dispossessed>")]))
            let response = try await browser.post(
                "/books/new", form: bookForm(genre: genre, [("title", "Another"), ("isbn", "9780060512750")]))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertTrue(
                html.contains(##"<a href="#isbn">This ISBN is already used by “The &lt;Dispossessed&gt;”</a>"##))
            XCTAssertTrue(
                html.contains(
                    #"This ISBN is already used by <a href="/books/\#(first)">“The &lt;Dispossessed&gt;”</a></p>"#))
            XCTAssertTrue(html.contains(#"name="title" value="Another""#))
            // Editing the book that has it keeps it.
            let own = try await browser.saveBook(first, bookForm(genre: genre, [("title", "Mine")]))
            XCTAssertEqual(own.status, .seeOther)
            let list = try await browser.get("/books")
            XCTAssertTrue(list.text.contains("1 book"))
        }
    }

    func testATitleAloneIsABookAndAGenreGivenMustStillExist() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let alone = try await browser.post("/books/new", form: [("title", "Notebook of recipes"), ("genre", "")])
            XCTAssertEqual(alone.status, .seeOther, alone.text)
            let location = try XCTUnwrap(alone.headers[.location])
            let page = try await browser.get(location).text
            XCTAssertTrue(page.contains("Notebook of recipes"), page)
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains("Notebook of recipes"))
            let form = try await browser.get(location + "/edit").text
            XCTAssertTrue(form.contains(#"<option value="" selected>No genre</option>"#))
            XCTAssertTrue(form.contains(#"<select id="genre" name="genre">"#), "not required")
            let deleted = try await browser.post("\(CatalogueKind.genre.path)/\(genre)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther)
            let gone = try await browser.post("/books/new", form: bookForm(genre: genre))
            XCTAssertEqual(gone.status, .unprocessableContent)
            XCTAssertTrue(gone.text.contains("That genre no longer exists — choose another"))
            XCTAssertTrue(gone.text.contains(#"name="title" value="The Dispossessed""#))
        }
    }

    func testPublishingYearIsAWholeNumberFrom1450ToNextYear() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            for (year, message) in [
                ("nineteen", "Publishing year must be a whole number, like 1969"),
                ("1969.5", "Publishing year must be a whole number, like 1969"),
                ("1449", "Publishing year must be between 1450 and 2025"),
                ("2026", "Publishing year must be between 1450 and 2025"),
            ] {
                let response = try await browser.post(
                    "/books/new", form: bookForm(genre: genre, [("publishingYear", year)]))
                XCTAssertEqual(response.status, .unprocessableContent, year)
                XCTAssertTrue(response.text.contains(##"<a href="#publishingYear">\##(message)</a>"##), year)
                XCTAssertTrue(response.text.contains(#"name="publishingYear" value="\#(year)""#), year)
            }
            try await browser.addBook(bookForm(genre: genre, [("publishingYear", "2025")]))
            try await browser.addBook(bookForm(genre: genre, [("publishingYear", "1450"), ("isbn", "9780441478125")]))
        }
    }

    func testAddingAnAuthorFromTheFormKeepsEverythingAndTicksIt() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.get("/books/new")
            let response = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[0]], publishers: [catalogue.publisher],
                    [("title", "Kindred <draft>"), ("new-author", "  N. K. Jemisin "), ("add-entry", "author")]))
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains(#"role="status"><p>Added author “N. K. Jemisin”</p>"#))
            let newId = try await browser.entryId(.author, "N. K. Jemisin")
            XCTAssertTrue(
                html.contains(#"value="\#(newId)" checked><label for="author-\#(newId)">N. K. Jemisin</label>"#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.authors[0])" checked>"#))
            XCTAssertTrue(html.contains(#"name="title" value="Kindred &lt;draft&gt;""#))
            XCTAssertTrue(html.contains(#"<option value="\#(catalogue.genre)" selected>"#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.publisher)" checked>"#))
            XCTAssertTrue(html.contains(#"name="new-author" value="""#), "the new field is emptied")
            XCTAssertFalse(html.contains("There is a problem"))
            // Saving the form as shown stores both authors.
            let saved = try await browser.post(
                "/books/new",
                form: bookForm(genre: catalogue.genre, authors: [catalogue.authors[0], newId], [("title", "Kindred")]))
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await browser.get(try XCTUnwrap(saved.headers[.location])).text
            XCTAssertTrue(page.contains(">N. K. Jemisin</a></li>"))
        }
    }

    func testAddingAGenreOrPublisherFromTheFormChoosesIt() async throws {
        try await withApp { browser in
            try await browser.get("/books/new")
            let genre = try await browser.post(
                "/books/new", form: bookForm(genre: "", [("new-genre", "Poetry"), ("add-entry", "genre")]))
            XCTAssertEqual(genre.status, .ok)
            let genreId = try await browser.entryId(.genre, "Poetry")
            XCTAssertTrue(genre.text.contains(#"<option value="\#(genreId)" selected>Poetry</option>"#))
            let publisher = try await browser.post(
                "/books/new",
                form: bookForm(genre: genreId, [("new-publisher", "Tor"), ("add-entry", "publisher")]))
            XCTAssertEqual(publisher.status, .ok)
            let publisherId = try await browser.entryId(.publisher, "Tor")
            XCTAssertTrue(publisher.text.contains(#"value="\#(publisherId)" checked><label"#))
        }
    }

    func testAnEntryNameFromTheFormMustBeGivenAndNew() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.get("/books/new")
            let empty = try await browser.post(
                "/books/new",
                form: bookForm(genre: catalogue.genre, [("new-author", " "), ("add-entry", "author")]))
            XCTAssertEqual(empty.status, .unprocessableContent)
            XCTAssertTrue(empty.text.contains(##"<a href="#new-author">Enter a name</a>"##))
            XCTAssertTrue(empty.text.contains(#"aria-invalid="true" aria-describedby="new-author-error""#))
            let duplicate = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: catalogue.genre, authors: [catalogue.authors[1]],
                    [("new-author", "  URSULA k. le guin "), ("add-entry", "author")]))
            XCTAssertEqual(duplicate.status, .unprocessableContent)
            XCTAssertTrue(duplicate.text.contains("This author already exists"))
            XCTAssertTrue(duplicate.text.contains(#"name="new-author" value="  URSULA k. le guin ""#))
            XCTAssertTrue(duplicate.text.contains(#"value="\#(catalogue.authors[1])" checked>"#))
            XCTAssertTrue(duplicate.text.contains(#"name="title" value="The Dispossessed""#))
            let genre = try await browser.post(
                "/books/new", form: bookForm(genre: "", [("new-genre", "science FICTION"), ("add-entry", "genre")]))
            XCTAssertEqual(genre.status, .unprocessableContent)
            XCTAssertTrue(genre.text.contains("This genre already exists"))
            let unknown = try await browser.post(
                "/books/new", form: bookForm(genre: "", [("add-entry", "planet")]))
            XCTAssertEqual(unknown.status, .badRequest)
        }
    }

    func testEditingChangesTheBookAndKeepsItsPage() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let other = try await browser.addEntry(.genre, "Classics")
            let id = try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]))
            let edit = try await browser.get("/books/\(id)/edit")
            XCTAssertEqual(edit.status, .ok)
            let html = edit.text
            XCTAssertTrue(html.contains("<h1>Edit book</h1>"))
            XCTAssertTrue(html.contains(#"<form class="form book-form" method="post" action="/books/\#(id)/edit""#))
            XCTAssertTrue(html.contains(#"name="isbn" value="978-0-06-051275-0""#))
            XCTAssertTrue(html.contains(#"value="\#(catalogue.authors[0])" checked>"#))
            XCTAssertTrue(html.contains(#"<button type="submit" class="button">Save changes</button>"#))
            XCTAssertTrue(html.contains(#"href="/books/\#(id)">Cancel</a>"#))
            XCTAssertTrue(html.contains(#"href="/books/\#(id)/delete">Delete this book</a>"#))

            let saved = try await browser.saveBook(
                id, bookForm(genre: other, authors: [catalogue.authors[1]], [("title", "Changed")]))
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/books/\(id)")
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains(#"role="status"><p>Saved “Changed”.</p>"#))
            XCTAssertTrue(page.contains(">Classics</a>"))
            XCTAssertFalse(page.contains("Ursula K. Le Guin"))
            XCTAssertTrue(page.contains("Octavia E. Butler"))
            XCTAssertTrue(page.contains("No publishers listed."))
            let invalid = try await browser.saveBook(id, bookForm(genre: other, [("title", "")]))
            XCTAssertEqual(invalid.status, .unprocessableContent)
            XCTAssertTrue(invalid.text.contains("<h1>Edit book</h1>"))
            XCTAssertTrue(invalid.text.contains("Enter a title"))
            // Adding an author from the edit form keeps the edit form.
            let add = try await browser.saveBook(
                id, bookForm(genre: other, [("title", "Typed"), ("new-author", "Iain Banks"), ("add-entry", "author")]))
            XCTAssertEqual(add.status, .ok)
            XCTAssertTrue(add.text.contains(#"action="/books/\#(id)/edit""#))
            XCTAssertTrue(add.text.contains(#"name="title" value="Typed""#))
        }
    }

    func testEditingABookDeletedMeanwhileKeepsWhatWasTyped() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            let id = try await browser.addBook(bookForm(genre: genre))
            let base = try await browser.bookEditBase(id)
            try await browser.post("/books/\(id)/delete", form: [])
            let response = try await browser.post(
                "/books/\(id)/edit", form: bookForm(genre: genre, [("title", "Kept")]) + base)
            XCTAssertEqual(response.status, .conflict)
            XCTAssertTrue(response.text.contains("Someone deleted this book "))
            XCTAssertTrue(response.text.contains("while you were editing. Everything you typed is here"))
            XCTAssertTrue(response.text.contains(#"formaction="/books/\#(id)/restore">Restore it with my changes"#))
            XCTAssertTrue(response.text.contains(#"name="title" value="Kept""#))
            XCTAssertTrue(response.text.contains(#"action="/books/new""#))
        }
    }

    func testMalformedBookFormsAreBadRequests() async throws {
        try await withApp { browser in
            try await browser.get("/books/new")
            let noTitle = try await browser.post("/books/new", form: [("isbn", "9780060512750")])
            XCTAssertEqual(noTitle.status, .badRequest)
            let badId = try await browser.post("/books/new", form: bookForm(genre: "not an id!"))
            XCTAssertEqual(badId.status, .badRequest)
            let badAuthor = try await browser.post("/books/new", form: bookForm(genre: "", authors: ["x y"]))
            XCTAssertEqual(badAuthor.status, .badRequest)
        }
    }
}
