import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// A new author or publisher typed a letter or two from an existing one: the form comes back with everything typed
/// and asks "Did you mean …?"; either answer goes on with the save, without a script.
final class BookNearNameTests: XCTestCase {
    /// A typed book using the new `kind` name `typed`, with every other field filled.
    static func typedBook(genre: String, _ kind: CatalogueKind, _ typed: String) -> [(String, String)] {
        bookForm(
            genre: genre,
            [
                ("title", "Mort"), ("publishingYear", "1987"),
                ("readingStatus", "reading"), ("lentTo", "Sam"), ("new-\(kind.singular)", typed),
            ])
    }

    /// Every near spelling asked about, per kind: the stored name and what is typed.
    static let nearCases: [(CatalogueKind, String, [String])] = [
        (.author, "Terry Pratchett", ["Terry Prachett", "terry pratchet", "Pratchet, Terry", "Tery Pratchett"]),
        (.publisher, "Transworld", ["Transwrold", "transworlds", "Trans world"]),
    ]

    func testANearNameIsAskedAboutWithEverythingTypedKeptAndNothingSaved() async throws {
        for (kind, stored, typedNames) in Self.nearCases {
            try await withApp { browser in
                let genre = try await browser.addEntry(.genre, "Fantasy")
                let existing = try await browser.addEntry(kind, stored)
                for typed in typedNames {
                    try await browser.get("/books/new")
                    let form = Self.typedBook(genre: genre, kind, typed)
                    let asked = try await browser.post("/books/new", form: form)
                    XCTAssertEqual(asked.status, .ok, typed)
                    let html = asked.text
                    XCTAssertTrue(html.contains("Did you mean “\(stored)”?"), typed)
                    XCTAssertTrue(
                        html.contains(#"name="near-use-\#(kind.singular)" value="\#(existing)""#), "use \(typed)")
                    XCTAssertTrue(html.contains(#"name="near-keep-\#(kind.singular)" value="\#(typed)""#), typed)
                    for (name, value) in form where name != "genre" {
                        XCTAssertTrue(
                            html.contains(#"name="\#(name)" value="\#(value)""#)
                                || html.contains(#"value="\#(value)" selected"#), "\(name) kept for \(typed)")
                    }
                    let books = try await browser.get("/books").text
                    XCTAssertFalse(books.contains(">Mort</a>"), "nothing saved while asking")
                }
            }
        }
    }

    func testUsingTheExistingOneSavesTheBookWithIt() async throws {
        for (kind, stored, typedNames) in Self.nearCases {
            try await withApp { browser in
                let genre = try await browser.addEntry(.genre, "Fantasy")
                let existing = try await browser.addEntry(kind, stored)
                try await browser.get("/books/new")
                let answered = try await browser.post(
                    "/books/new",
                    form: Self.typedBook(genre: genre, kind, typedNames[0])
                        + [("near-then", "save"), ("near-use-\(kind.singular)", existing)])
                XCTAssertEqual(answered.status, .seeOther, answered.text.prefix(400).description)
                let page = try await browser.get(try XCTUnwrap(answered.headers[.location])).text
                XCTAssertTrue(page.contains(#"<a href="\#(kind.path)/\#(existing)">\#(stored)</a>"#))
                let list = try await browser.get(kind.path).text
                XCTAssertFalse(list.contains(">\(typedNames[0])</a>"), "no new entry")
            }
        }
    }

    func testAddingItAsTypedSavesTheBookWithANewOneAndIsNotAskedAgain() async throws {
        for (kind, stored, typedNames) in Self.nearCases {
            try await withApp { browser in
                let genre = try await browser.addEntry(.genre, "Fantasy")
                try await browser.addEntry(kind, stored)
                try await browser.get("/books/new")
                let typed = typedNames[0]
                // The answer sent with a problem elsewhere: the form comes back keeping it, not asking again.
                let refused = try await browser.post(
                    "/books/new",
                    form: Self.typedBook(genre: genre, kind, typed).filter { $0.0 != "title" }
                        + [("near-then", "save"), ("near-keep-\(kind.singular)", typed), ("title", "")])
                XCTAssertEqual(refused.status, .unprocessableContent)
                XCTAssertFalse(refused.text.contains("Did you mean"))
                XCTAssertTrue(
                    refused.text.contains(#"<input type="hidden" name="keep-\#(kind.singular)" value="\#(typed)">"#))
                let saved = try await browser.post(
                    "/books/new", form: Self.typedBook(genre: genre, kind, typed) + [("keep-\(kind.singular)", typed)])
                XCTAssertEqual(saved.status, .seeOther, saved.text.prefix(400).description)
                let page = try await browser.get(try XCTUnwrap(saved.headers[.location])).text
                XCTAssertTrue(page.contains(">\(typed)</a>"))
                let id = try await browser.entryId(kind, typed)
                XCTAssertFalse(id.isEmpty)
            }
        }
    }

    func testTheAddButtonAsksToo() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Fantasy")
            let existing = try await browser.addEntry(.author, "Terry Pratchett")
            try await browser.get("/books/new")
            let form = Self.typedBook(genre: genre, .author, "Terry Prachett")
            let asked = try await browser.post("/books/new", form: form + [("add-entry", "author")])
            XCTAssertEqual(asked.status, .ok)
            XCTAssertTrue(asked.text.contains(#"<input type="hidden" name="near-then" value="add">"#))
            // "Use": the form again with the existing one ticked and the box emptied; no book yet.
            let used = try await browser.post(
                "/books/new", form: form + [("near-then", "add"), ("near-use-author", existing)])
            XCTAssertEqual(used.status, .ok)
            XCTAssertTrue(used.text.contains(#"value="\#(existing)" checked"#))
            XCTAssertTrue(used.text.contains(#"name="new-author" value="""#))
            // "Add as new": the author is added and ticked; still no book.
            let kept = try await browser.post(
                "/books/new", form: form + [("near-then", "add"), ("near-keep-author", "Terry Prachett")])
            XCTAssertEqual(kept.status, .ok)
            XCTAssertTrue(kept.text.contains("Added author “Terry Prachett”"))
            let books = try await browser.get("/books").text
            XCTAssertFalse(books.contains(">Mort</a>"))
        }
    }
}
