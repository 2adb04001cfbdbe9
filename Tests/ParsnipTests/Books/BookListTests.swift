import Foundation
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// The book list: empty state, table, count, search, filters, sort and paging.
final class BookListTests: XCTestCase {
    func testEmptyListOffersOnlyTheFirstBookThenTheFiltersComeWithIt() async throws {
        try await withApp { browser in
            let response = try await browser.get("/books")
            XCTAssertEqual(response.status, .ok)
            let empty = response.text
            XCTAssertTrue(empty.contains("<title>Books · Parsnip</title>"))
            XCTAssertTrue(empty.contains("<h1>Books</h1>"))
            XCTAssertFalse(empty.contains(#"href="/books/new">Add book</a>"#), "one action on an empty list")
            XCTAssertTrue(empty.contains("No books yet"))
            XCTAssertTrue(empty.contains(#"<a class="button" href="/books/new">Add your first book</a>"#))
            for link in [
                #"href="/genres">Genres</a>"#, #"href="/authors">Authors</a>"#, #"href="/publishers">Publishers</a>"#,
            ] {
                XCTAssertTrue(empty.contains(link), link)
            }
            XCTAssertFalse(empty.contains(#"aria-label="Filter books""#), "no filters over nothing")
            XCTAssertFalse(empty.contains("<table"))

            let catalogue = try await browser.addCatalogue()
            _ = try await browser.addBook(bookForm(genre: catalogue.genre))
            let html = try await browser.get("/books").text
            XCTAssertTrue(html.contains(#"<a class="button" href="/books/new">Add book</a>"#))
            for (id, label) in [
                ("q", "Search books"), ("genre", "Genre"), ("author", "Author"), ("publisher", "Publisher"),
                ("sort", "Sort by"),
            ] {
                XCTAssertTrue(html.contains(#"<label for="\#(id)">\#(label)</label>"#), label)
            }
            XCTAssertTrue(html.contains(#"<option value="" selected>All genres</option>"#))
            XCTAssertTrue(html.contains(#"name="authorName" value="" list="author-names""#))
            XCTAssertTrue(html.contains(#"<option value="" selected>All publishers</option>"#))
            XCTAssertTrue(html.contains(#"<option value="title" selected>Title (A–Z)</option>"#))
            XCTAssertTrue(html.contains(#"<option value="year">Year (newest first)</option>"#))
            XCTAssertTrue(html.contains(">Show books</button>"))
            XCTAssertFalse(html.contains("Clear filters"))
        }
    }

    func testTableShowsTitleYearGenreISBNAndAuthors() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let id = try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: catalogue.authors, [("title", "Kindred & <Others>")]))
            try await browser.addBook(
                bookForm(genre: catalogue.genre, [("title", "Alone"), ("isbn", "0-8044-2957-X")]))
            let html = try await browser.get("/books").text
            XCTAssertTrue(html.contains(#"<p class="count">2 books</p>"#))
            XCTAssertTrue(
                html.contains(
                    #"<tr><th scope="col">Title</th><th scope="col" class="number">Year</th><th scope="col">Genre</th><th scope="col">ISBN</th><th scope="col">Authors</th></tr>"#
                ))
            XCTAssertTrue(html.contains(#"<a href="/books/\#(id)">Kindred &amp; &lt;Others&gt;</a>"#))
            XCTAssertTrue(html.contains(#"<td data-label="Year" class="number">1974</td>"#))
            XCTAssertTrue(html.contains(#"<td data-label="Genre">Science fiction</td>"#))
            XCTAssertTrue(html.contains(#"<td data-label="ISBN" class="isbn">978-0-06-051275-0</td>"#))
            XCTAssertTrue(html.contains(#"<td data-label="ISBN" class="isbn">0-8044-2957-X</td>"#))
            XCTAssertTrue(
                html.contains(
                    #"<td data-label="Authors" class="book-authors">Octavia E. Butler, Ursula K. Le Guin</td>"#))
            XCTAssertTrue(html.contains(#"<td data-label="Authors" class="book-authors">—</td>"#))
            let alone = try XCTUnwrap(html.range(of: ">Alone</a>"))
            let kindred = try XCTUnwrap(html.range(of: ">Kindred"))
            XCTAssertLessThan(alone.lowerBound, kindred.lowerBound, "title A–Z")
        }
    }

    func testAPhoneGetsEachBookAsTitleAndOneLineAndTheFilterButtonCountsTheFiltersInUse() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            try await browser.addBook(bookForm(genre: catalogue.genre, authors: catalogue.authors))
            let html = try await browser.get("/books").text
            XCTAssertTrue(
                html.contains(
                    #"<span class="row-summary">Octavia E. Butler, Ursula K. Le Guin · 1974 · Science fiction</span>"#),
                html)
            XCTAssertTrue(html.contains(#"<summary class="button button-secondary filter-toggle">Filter</summary>"#))
            // The search box stays in sight; a search is not one of the filters behind the button, nor is the order.
            let searched = try await browser.get("/books?q=kindred&sort=year").text
            XCTAssertTrue(searched.contains(">Filter</summary>"))
            let two = try await browser.get("/books?genre=\(catalogue.genre)&shelf=unread&q=x").text
            XCTAssertTrue(two.contains(">Filter (2)</summary>"), two)
            let four = try await browser.get(
                "/books?genre=\(catalogue.genre)&shelf=lent&authorName=Butler&publisher=\(catalogue.publisher)"
            ).text
            XCTAssertTrue(four.contains(">Filter (4)</summary>"))
        }
    }

    func testSearchAndFiltersNarrowTheListAndKeepTheirValues() async throws {
        try await withApp { browser in
            let catalogue = try await browser.addCatalogue()
            let other = try await browser.addEntry(.genre, "Poetry")
            try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]], publishers: [catalogue.publisher]))
            try await browser.addBook(
                bookForm(genre: other, authors: [catalogue.authors[1]], [("title", "Kindred"), ("isbn", "080442957X")]))
            try await browser.addBook(bookForm(genre: other, [("title", "Odes"), ("isbn", "9780441478125")]))

            let byAuthor = try await browser.get("/books?author=\(catalogue.authors[1])").text
            XCTAssertTrue(byAuthor.contains("1 of 3 books matches"))
            XCTAssertTrue(byAuthor.contains(">Kindred</a>"))
            XCTAssertFalse(byAuthor.contains(">The Dispossessed</a>"))
            XCTAssertTrue(byAuthor.contains(#"name="authorName" value="Octavia E. Butler""#))

            // Typed into the author box: the beginning of any word of a name, any case, accents or not.
            let typed = try await browser.get("/books?authorName=BUTLER").text
            XCTAssertTrue(typed.contains("1 of 3 books matches"), typed)
            XCTAssertTrue(typed.contains(">Kindred</a>"))
            XCTAssertTrue(typed.contains(#"name="authorName" value="BUTLER""#))
            // The same search as every box: words by their beginning ("u" begins Ursula, and is inside Butler).
            let beginning = try await browser.get("/books?authorName=" + formEncode("u")).text
            XCTAssertTrue(beginning.contains(">The Dispossessed</a>"), beginning)
            XCTAssertFalse(beginning.contains(">Kindred</a>"))
            let nobody = try await browser.get("/books?authorName=Tolkien").text
            XCTAssertTrue(nobody.contains("No books match these filters"))
            XCTAssertTrue(byAuthor.contains(#"<a href="/books">Clear filters</a>"#))

            let byGenre = try await browser.get("/books?genre=\(other)&sort=year").text
            XCTAssertTrue(byGenre.contains("2 of 3 books match"))
            XCTAssertTrue(byGenre.contains(#"<a href="/books?sort=year">Clear filters</a>"#))
            XCTAssertTrue(byGenre.contains(#"<option value="year" selected>"#))

            let byPublisher = try await browser.get("/books?publisher=\(catalogue.publisher)").text
            XCTAssertTrue(byPublisher.contains("1 of 3 books matches"))
            XCTAssertTrue(byPublisher.contains(">The Dispossessed</a>"))

            let search = try await browser.get("/books?q=KIND").text
            XCTAssertTrue(search.contains("1 of 3 books matches"), search)
            XCTAssertTrue(search.contains(#"name="q" value="KIND""#))

            let none = try await browser.get("/books?q=%3Cnothing%3E").text
            XCTAssertTrue(none.contains("No books match these filters"))
            XCTAssertTrue(none.contains(#"value="&lt;nothing&gt;""#))
        }
    }

    func testSortByYearIsNewestFirst() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            try await browser.addBook(bookForm(genre: genre, [("title", "Old"), ("publishingYear", "1600")]))
            try await browser.addBook(
                bookForm(genre: genre, [("title", "New"), ("publishingYear", "2020"), ("isbn", "080442957X")]))
            let html = try await browser.get("/books?sort=year").text
            let new = try XCTUnwrap(html.range(of: ">New</a>"))
            let old = try XCTUnwrap(html.range(of: ">Old</a>"))
            XCTAssertLessThan(new.lowerBound, old.lowerBound)
        }
    }

    func testPagingKeepsTheFilters() async throws {
        try await withApp(pageSize: 2) { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            for (title, isbn) in [("A", "9780060512750"), ("B", "080442957X"), ("C", "9780441478125")] {
                try await browser.addBook(bookForm(genre: genre, [("title", title), ("isbn", isbn)]))
            }
            let first = try await browser.get("/books?genre=\(genre)").text
            XCTAssertTrue(first.contains("Page 1 of 2"))
            XCTAssertTrue(first.contains(#"rel="next" href="/books?genre=\#(genre)&amp;page=2">Next page</a>"#))
            XCTAssertFalse(first.contains("Previous page"))
            let second = try await browser.get("/books?genre=\(genre)&page=2").text
            XCTAssertTrue(second.contains("Page 2 of 2"))
            XCTAssertTrue(second.contains(">C</a>"))
            XCTAssertTrue(second.contains(#"rel="prev" href="/books?genre=\#(genre)">Previous page</a>"#))
            let beyond = try await browser.get("/books?page=9").text
            XCTAssertTrue(beyond.contains("There are no more books on this page."))
        }
    }

    func testMalformedQueriesAreBadRequests() async throws {
        try await withApp { browser in
            for query in ["sort=price", "page=0", "page=x", "genre=not%20an%20id", "author=%ZZ", "q=a&q=b"] {
                let response = try await browser.get("/books?\(query)")
                XCTAssertEqual(response.status, .badRequest, query)
            }
        }
    }

    func testTheListIsServedFromItsCacheUntilAWriteThroughThePagesMovesTheRevision() async throws {
        try await withAppAndStore(settings: testSettings()) { browser, store in
            let genre = try await browser.addEntry(.genre, "Novels")
            let empty = try await browser.get("/books").text
            XCTAssertTrue(empty.contains("No books yet"))
            // Written around the pages: on a file (one server, the revision does not move) the cached list is still
            // served; on a database servers share, every writer is followed, so the list shows it at once.
            _ = try await store.write { writer in
                let book = try writer.create(
                    "Book",
                    [
                        "title": "Written elsewhere",
                        "genre": .pointer(ParsePointer(className: "Genre", objectId: genre)),
                    ])
                // As a Parse app writes it: the genre's `books` too (the rules refuse a genre out of step).
                try writer.update("Genre", objectId: genre, operations: ["books": .addRelation([book.pointer])])
            }
            let cached = try await browser.get("/books").text
            if store.mayBeShared {
                XCTAssertTrue(cached.contains("Written elsewhere"), "a write by any other writer is followed")
            } else {
                XCTAssertTrue(cached.contains("No books yet"), "the list came from its cache")
            }
            // A change through the pages moves the revision: the list is made again, with both changes.
            try await browser.post("/genres/\(genre)", form: [("name", "Stories")])
            let fresh = try await browser.get("/books").text
            XCTAssertTrue(fresh.contains("Written elsewhere"), fresh)
            XCTAssertTrue(fresh.contains(#"<td data-label="Genre">Stories</td>"#), fresh)
        }
    }
}
