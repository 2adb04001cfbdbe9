import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Two people editing one book through the pages (two browsers on one app): merged saves say so, a clash gets
/// the 409 choice page that keeps everything typed, choosing saves, and forms carry what they were loaded with.
final class BookConflictPageTests: XCTestCase {
    func testTheEditFormCarriesTheStoredVersionAndTheTokensASaveComputes() async throws {
        try await withApp { browser in
            let (id, catalogue) = try await browser.addCatalogueBook()
            let html = try await browser.get("/books/\(id)/edit").text
            XCTAssertTrue(html.contains(#"<p class="changed-by">Last changed at "#), "byline under the heading")
            let version = try XCTUnwrap(Int64(try hiddenValue("_version", in: html)))
            let base = try hiddenValue("_base", in: html)
            XCTAssertTrue(base.contains("authors=\(catalogue.authors[0]);"), base)
            XCTAssertTrue(base.contains("publishers=;"), base)
            let typed = bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]])
            let body = typed.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
            let fields = try FormFields(urlEncoded: Array(body.utf8), allowingRepeated: FormFields.repeatableFieldNames)
            guard case .valid(let input) = try BookDraft(form: fields).validate(now: Date()) else {
                return XCTFail("the default form is valid")
            }
            XCTAssertEqual(
                base, EditBase(version: version, fields: BookFieldValues(input: input).tokens).fieldsText,
                "an untouched form's tokens are the stored book's")
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(page.contains(#"<p class="changed-by">Last changed at "#))
        }
    }

    func testDifferentAuthorsTickedByTwoPeopleAreBothKeptWithAMessage() async throws {
        try await withApp { ana in
            let (id, catalogue) = try await ana.addCatalogueBook()
            let ben = Browser(client: ana.client)
            let anaBase = try await ana.bookEditBase(id)
            let benBase = try await ben.bookEditBase(id)
            let herbert = try await ana.addEntry(.author, "Frank Herbert")
            var response = try await ana.post(
                "/books/\(id)/edit",
                form: bookForm(genre: catalogue.genre, authors: [catalogue.authors[0], herbert]) + anaBase)
            XCTAssertEqual(response.status, .seeOther)
            response = try await ben.post(
                "/books/\(id)/edit",
                form: bookForm(genre: catalogue.genre, authors: catalogue.authors, [("title", "Ben's")]) + benBase)
            XCTAssertEqual(response.status, .seeOther)
            let page = try await ben.get("/books/\(id)").text
            XCTAssertTrue(page.contains("Saved “Ben&#39;s”. Someone changed Authors at "), page)
            XCTAssertTrue(page.contains(" while you were editing; both changes are kept."))
            for name in ["Ursula K. Le Guin", "Octavia E. Butler", "Frank Herbert"] {
                XCTAssertTrue(page.contains(">\(name)</a></li>"), name)
            }
        }
    }

    func testTheSameFieldChangedByBothGetsAChoicePageThatKeepsEverythingTyped() async throws {
        try await withApp { ana in
            let (id, catalogue) = try await ana.addCatalogueBook()
            let ben = Browser(client: ana.client)
            let benBase = try await ben.bookEditBase(id)
            try await ana.saveBook(id, bookForm(genre: catalogue.genre, [("title", "Ana's title")]))
            let anaVersion = try await ana.bookEditBase(id)[0].1
            let typed = bookForm(
                genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher],
                [("title", "Ben's <title>"), ("publishingYear", "1975")])
            let conflict = try await ben.post("/books/\(id)/edit", form: typed + benBase)
            XCTAssertEqual(conflict.status, .conflict)
            let html = conflict.text
            XCTAssertTrue(html.contains("changed this book while you were editing it"))
            XCTAssertTrue(html.contains("<legend>Title</legend>"))
            XCTAssertFalse(html.contains("<legend>Publishing year</legend>"), "only Ben changed the year")
            XCTAssertTrue(html.contains(#"<span class="conflict-line">Ben&#39;s &lt;title&gt;</span>"#))
            XCTAssertTrue(html.contains(#"<span class="conflict-line">Ana&#39;s title</span>"#))
            XCTAssertTrue(html.contains(#"name="_pick_title" value="mine" required"#))
            let replay = hiddenFields(in: html)
            XCTAssertEqual(
                replay.filter { !$0.0.hasPrefix("_") }.map { "\($0.0)=\($0.1)" }.sorted(),
                typed.map { "\($0.0)=\($0.1)" }.sorted(), "every typed field, the repeated author checkboxes included")
            XCTAssertEqual(try hiddenValue("_version", in: html), anaVersion, "the version the page showed")
            XCTAssertEqual(try hiddenValue("_base", in: html), benBase[1].1, "the base the form was loaded with")
            let unchanged = try await ben.get("/books/\(id)").text
            XCTAssertTrue(unchanged.contains("Ana&#39;s title"), "nothing of Ben's was written")
            XCTAssertFalse(unchanged.contains("1975"))

            let saved = try await ben.post("/books/\(id)/edit", form: replay + [("_pick_title", "mine")])
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await ben.get("/books/\(id)").text
            // Ana's form had no author ticked: her removal of Le Guin stands beside Ben's added Butler.
            XCTAssertTrue(
                page.contains(#"role="status"><p>Saved “Ben&#39;s &lt;title&gt;”. Someone changed Authors at "#))
            XCTAssertTrue(page.contains(" while you were editing; both changes are kept.</p>"))
            XCTAssertTrue(page.contains("<dd>1975</dd>"))
            XCTAssertTrue(page.contains(">Octavia E. Butler</a></li>"))
            XCTAssertFalse(page.contains(">Ursula K. Le Guin</a></li>"))
            XCTAssertTrue(page.contains(">Harper</a></li>"))
        }
    }

    func testChoosingTheSavedValueKeepsItAndSavesTheRest() async throws {
        try await withApp { ana in
            let (id, catalogue) = try await ana.addCatalogueBook()
            let ben = Browser(client: ana.client)
            let benBase = try await ben.bookEditBase(id)
            try await ana.saveBook(id, bookForm(genre: catalogue.genre, [("title", "Ana's title")]))
            let typed = bookForm(genre: catalogue.genre, [("title", "Ben's title"), ("publishingYear", "1980")])
            let conflict = try await ben.post("/books/\(id)/edit", form: typed + benBase)
            let saved = try await ben.post(
                "/books/\(id)/edit", form: hiddenFields(in: conflict.text) + [("_pick_title", "theirs")])
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await ben.get("/books/\(id)").text
            XCTAssertTrue(page.contains("Saved “Ana&#39;s title”."))
            XCTAssertTrue(page.contains("<dd>1980</dd>"))
        }
    }

    func testAChoiceMadeAfterAnotherSaveGetsAFreshChoicePage() async throws {
        try await withApp { ana in
            let (id, catalogue) = try await ana.addCatalogueBook()
            let ben = Browser(client: ana.client)
            let benBase = try await ben.bookEditBase(id)
            try await ana.saveBook(id, bookForm(genre: catalogue.genre, [("title", "Ana's title")]))
            let typed = bookForm(genre: catalogue.genre, [("title", "Ben's title")])
            let conflict = try await ben.post("/books/\(id)/edit", form: typed + benBase)
            try await ana.saveBook(id, bookForm(genre: catalogue.genre, [("title", "Ana's second title")]))
            let stale = try await ben.post(
                "/books/\(id)/edit", form: hiddenFields(in: conflict.text) + [("_pick_title", "mine")])
            XCTAssertEqual(stale.status, .conflict)
            XCTAssertTrue(stale.text.contains("Ana&#39;s second title"))
            XCTAssertFalse(stale.text.contains("There is a problem"), "not a missing choice: a newer save")
            let page = try await ben.get("/books/\(id)").text
            XCTAssertTrue(page.contains("Ana&#39;s second title"))
        }
    }

    func testAnEditWithoutItsVersionOrBaseIsABadRequestAndChangesNothing() async throws {
        try await withApp { browser in
            let (id, catalogue) = try await browser.addCatalogueBook()
            let base = try await browser.bookEditBase(id)
            let form = bookForm(genre: catalogue.genre, [("title", "Unseen")])
            for sent in [form, form + [base[0]], form + [base[1]], form + [base[0], ("_base", "title")]] {
                let response = try await browser.post("/books/\(id)/edit", form: sent)
                XCTAssertEqual(response.status, .badRequest)
            }
            let page = try await browser.get("/books/\(id)").text
            XCTAssertFalse(page.contains("Unseen"))
        }
    }

    func testAFormShownAgainKeepsThePostedVersionAndBase() async throws {
        try await withApp { ana in
            let (id, catalogue) = try await ana.addCatalogueBook()
            let ben = Browser(client: ana.client)
            let benBase = try await ben.bookEditBase(id)
            try await ana.saveBook(
                id, bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]], [("title", "Ana's title")]))
            let invalid = try await ben.post(
                "/books/\(id)/edit", form: bookForm(genre: catalogue.genre, [("publishingYear", "nineteen")]) + benBase)
            XCTAssertEqual(invalid.status, .unprocessableContent)
            XCTAssertEqual(
                hiddenFields(in: invalid.text).filter { $0.0 != "cover" && !$0.0.hasSuffix("-shown") }.map(\.1),
                benBase.map(\.1))
            let added = try await ben.post(
                "/books/\(id)/edit",
                form: bookForm(genre: catalogue.genre, [("new-author", "Iain Banks"), ("add-entry", "author")])
                    + benBase)
            XCTAssertEqual(added.status, .ok)
            XCTAssertEqual(
                hiddenFields(in: added.text).filter { $0.0 != "cover" && !$0.0.hasSuffix("-shown") }.map(\.1),
                benBase.map(\.1))
            // Saving the form shown again merges with Ana's title instead of overwriting it.
            let saved = try await ben.post(
                "/books/\(id)/edit",
                form: bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]], [("publishingYear", "1990")])
                    + benBase)
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await ben.get("/books/\(id)").text
            XCTAssertTrue(page.contains("Ana&#39;s title"))
            XCTAssertTrue(page.contains("Someone changed Title at "), page)
        }
    }
}
