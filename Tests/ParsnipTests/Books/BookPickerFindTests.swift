import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The author and publisher pickers' "Find": without a script, the button sends the book form back with everything
/// typed and the list narrowed to the names holding every typed word; ticked ones always stay.
final class BookPickerFindTests: XCTestCase {
    /// The author names a form page lists, in order.
    static func authorNames(_ html: String) -> [String] {
        html.matches(of: /<label for="author-[A-Za-z0-9]+">([^<]+)<\/label>/).map { String($0.1) }
    }

    /// Authors with names sharing beginnings.
    static let names = [
        "Terry Pratchett", "Pratchett, Rhianna", "Terry Brooks", "Philip Pullman", "Patricia Highsmith", "Neil Gaiman",
        "Ursula K. Le Guin", "Émile Zola",
    ]

    /// What was typed, and the names "Find" must show for it (besides the ticked one).
    static let searches: [(String, [String])] = [
        ("prat", ["Pratchett, Rhianna", "Terry Pratchett"]),
        ("terry", ["Terry Brooks", "Terry Pratchett"]),
        ("TER PRAT", ["Terry Pratchett"]),
        ("emile", ["Émile Zola"]),
        ("p", ["Pratchett, Rhianna", "Terry Pratchett", "Philip Pullman", "Patricia Highsmith"]),
        ("zz", []),
    ]

    func testFindNarrowsThePickerAndKeepsEverythingTypedOnTheNewBookForm() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Fantasy")
            var ids: [String: String] = [:]
            for name in Self.names { ids[name] = try await browser.addEntry(.author, name) }
            let publisher = try await browser.addEntry(.publisher, "Transworld")
            let ticked = ids["Neil Gaiman"]!
            let typed: [(String, String)] = [
                ("title", "Good Omens"), ("isbn", "978-0-06-051275-0"), ("publishingYear", "1990"),
                ("readingStatus", "read"), ("lentTo", "Sam"), ("new-publisher", "Gollancz"), ("new-genre", "Comedy"),
            ]
            try await browser.get("/books/new")
            for (search, expected) in Self.searches {
                let found = try await browser.post(
                    "/books/new",
                    form: bookForm(genre: genre, authors: [ticked], publishers: [publisher], typed)
                        + [("find-author", search), ("find", "author")])
                XCTAssertEqual(found.status, .ok, search)
                let html = found.text
                let shown = Self.authorNames(html)
                let expectedShown = Self.names.filter { expected.contains($0) || $0 == "Neil Gaiman" }
                XCTAssertEqual(Set(shown), Set(expectedShown), search)
                XCTAssertTrue(
                    html.contains(#"value="\#(ticked)" checked"#), "the ticked author stays ticked: \(search)")
                XCTAssertTrue(html.contains(#"value="\#(publisher)" checked"#), search)
                XCTAssertTrue(html.contains(#"name="find-author" value="\#(search)""#), search)
                for (name, value) in typed {
                    XCTAssertTrue(
                        html.contains(#"name="\#(name)" value="\#(value)""#)
                            || html.contains(#"value="\#(value)" selected"#),
                        "\(name) kept for \(search)")
                }
                XCTAssertEqual(html.contains(#"<p class="hint" data-filter-empty>"#), expected.isEmpty, search)
                let books = try await browser.get("/books").text
                XCTAssertFalse(books.contains(">Good Omens</a>"), "Find saves nothing")
            }
        }
    }

    func testFindOnTheEditFormKeepsItsBaseAndAnEmptyFindShowsEveryone() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Fantasy")
            for name in Self.names { try await browser.addEntry(.author, name) }
            let id = try await browser.addBook(bookForm(genre: genre))
            let base = try await browser.bookEditBase(id)
            let found = try await browser.post(
                "/books/\(id)/edit",
                form: bookForm(genre: genre, [("title", "Renamed")]) + base + [
                    ("find-author", "pull"), ("find", "author"),
                ])
            XCTAssertEqual(found.status, .ok)
            XCTAssertEqual(Self.authorNames(found.text), ["Philip Pullman"])
            XCTAssertTrue(found.text.contains(#"name="title" value="Renamed""#))
            for (name, value) in base { XCTAssertEqual(try hiddenValue(name, in: found.text), value) }
            let all = try await browser.post(
                "/books/\(id)/edit", form: bookForm(genre: genre) + base + [("find-author", ""), ("find", "author")])
            XCTAssertEqual(Self.authorNames(all.text).count, Self.names.count)
            // The form after a Find carries the words it was narrowed by, and its Save saves as usual.
            XCTAssertTrue(found.text.contains(#"name="find-author-shown" value="pull""#))
            let saved = try await browser.post(
                "/books/\(id)/edit",
                form: bookForm(genre: genre, [("title", "Renamed")]) + base + [
                    ("find-author", "pull"), ("find-author-shown", "pull"),
                ])
            XCTAssertEqual(saved.status, .seeOther)
        }
    }

    /// Without a script, Enter in a Find box sends the form with its first button (Save): words the picker has not
    /// been narrowed to yet mean Find, on the new and the edit form, for authors and publishers.
    func testEnterInAFindBoxFindsInsteadOfSaving() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Fantasy")
            for name in Self.names { try await browser.addEntry(.author, name) }
            try await browser.addEntry(.publisher, "Transworld")
            try await browser.addEntry(.publisher, "Gollancz")
            let id = try await browser.addBook(bookForm(genre: genre))
            let base = try await browser.bookEditBase(id)
            try await browser.get("/books/new")
            for (kind, typed, shownBefore) in [
                ("author", "pull", ""), ("author", "pull", "prat"), ("publisher", "goll", ""),
            ] {
                let fields = [("find-\(kind)", typed), ("find-\(kind)-shown", shownBefore)]
                let new = try await browser.post(
                    "/books/new", form: bookForm(genre: genre, [("title", "Nation")]) + fields)
                XCTAssertEqual(new.status, .ok, "\(kind) \(typed)")
                XCTAssertTrue(new.text.contains(#"name="title" value="Nation""#))
                XCTAssertTrue(new.text.contains(#"name="find-\#(kind)-shown" value="\#(typed)""#))
                if kind == "author" { XCTAssertEqual(Self.authorNames(new.text), ["Philip Pullman"]) }
                let edit = try await browser.post(
                    "/books/\(id)/edit", form: bookForm(genre: genre, [("title", "Nation")]) + base + fields)
                XCTAssertEqual(edit.status, .ok, "\(kind) \(typed)")
                XCTAssertTrue(edit.text.contains(#"name="title" value="Nation""#))
            }
            let books = try await browser.get("/books").text
            XCTAssertFalse(books.contains(">Nation</a>"), "Enter in a Find box saves nothing")
        }
    }
}
