import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A book's stars, the day it was finished, its reading status "Not said", and its cover photo — on the form and
/// pages, and held by the record rules for every writer.
final class BookRatingAndCoverTests: XCTestCase {
    func testStarsAndTheFinishedDayAreSavedAsNumberAndDateAndShownInStarsAndWords() async throws {
        try await withAppAndStore(settings: testSettings()) { browser, store in
            let genre = try await browser.addEntry(.genre, "Novels")
            let form = try await browser.get("/books/new").text
            XCTAssertTrue(form.contains(#"<input type="radio" id="rating-none" name="rating" value="" checked>"#))
            XCTAssertTrue(
                form.contains(
                    #"<label for="rating-4"><span class="stars" aria-hidden="true">★★★★☆</span> 4 stars</label>"#),
                form)
            let id = try await browser.addBook(
                bookForm(
                    genre: genre,
                    [("rating", "4"), ("finishedOn-day", "3"), ("finishedOn-month", "4"), ("finishedOn-year", "2024")]))
            let (book, schema) = try await store.read { (try $0.fetch("Book", objectId: id), try $0.schema("Book")) }
            XCTAssertEqual(book["rating"], .number(4))
            XCTAssertEqual(book["finishedOn"], .date(Date(timeIntervalSince1970: 1_712_102_400)))
            XCTAssertEqual(schema?.fields["rating"], .number)
            XCTAssertEqual(schema?.fields["finishedOn"], .date)
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(
                page.contains(
                    #"<dd><span class="stars" aria-hidden="true">★★★★☆</span> <span class="visually-hidden">4 stars out of 5</span></dd>"#
                ), page)
            XCTAssertTrue(page.contains("<dt>Finished on</dt><dd>3 April 2024</dd>"))
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains(#"<span class="visually-hidden">4 stars out of 5</span>"#), list)
            let edit = try await browser.get("/books/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"name="rating" value="4" checked>"#))

            // "No rating" takes the stars away again.
            let cleared = try await browser.saveBook(
                id, bookForm(genre: genre, [("rating", "")]))
            XCTAssertEqual(cleared.status, .seeOther)
            let storedrating = try await store.read { try $0.fetch("Book", objectId: id) }
            XCTAssertNil(storedrating["rating"])
        }
    }

    func testTheFormRefusesARatingItCannotSendAndAFinishedDayThatIsNotReal() async throws {
        try await withApp { browser in
            let genre = try await browser.addEntry(.genre, "Novels")
            try await browser.get("/books/new")
            let six = try await browser.post("/books/new", form: bookForm(genre: genre, [("rating", "6")]))
            XCTAssertEqual(six.status, .badRequest)
            let notReal = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: genre,
                    [("finishedOn-day", "31"), ("finishedOn-month", "2"), ("finishedOn-year", "2024"), ("rating", "2")])
            )
            XCTAssertEqual(notReal.status, .unprocessableContent)
            XCTAssertTrue(notReal.text.contains("“Finished on” must be a real date"), notReal.text)
            XCTAssertTrue(notReal.text.contains(#"name="rating" value="2" checked>"#), "the stars chosen are kept")
            let partial = try await browser.post(
                "/books/new", form: bookForm(genre: genre, [("finishedOn-day", "3"), ("finishedOn-year", "2024")]))
            XCTAssertTrue(partial.text.contains("“Finished on” must have a day, a month and a year"))
        }
    }

    func testTheRecordRulesHoldTheNewFieldsForTheParseAPI() async throws {
        try await withParseAPI { world in
            let date = { (iso: String) -> ParseValue in
                .date(ISO8601DateFormatter().date(from: iso.replacingOccurrences(of: ".000", with: ""))!)
            }
            for (body, what) in [
                (["title": ParseValue.string("Six stars"), "rating": .number(6)], "a rating over 5"),
                (["title": .string("Half star"), "rating": .number(3.5)], "a rating that is not whole"),
                (["title": .string("Zero"), "rating": .number(0)], "no stars as a rating"),
                (
                    [
                        "title": .string("Back first"), "lentTo": .string("Bea"),
                        "lentOn": date("2024-05-01T00:00:00.000Z"),
                        "dueBack": date("2024-04-01T00:00:00.000Z"),
                    ], "due back before it was lent"
                ),
                (
                    ["title": .string("Long name"), "lentTo": .string(String(repeating: "B", count: 101))],
                    "a long name"
                ),
            ] {
                let answer = try await world.editor.post(
                    "/parse/classes/Book", json(.object(.init(uniqueKeysWithValues: body.sorted { $0.key < $1.key }))))
                XCTAssertEqual(answer.code, 142, "\(what): \(answer.text)")
            }
            let text = try await world.editor.post(
                "/parse/classes/Book", json(["title": "Text day", "finishedOn": "yesterday"]))
            XCTAssertEqual(text.code, 142, "a day written as text: \(text.text)")
            let good = try await world.editor.post(
                "/parse/classes/Book",
                json(["title": "Five stars", "rating": 5, "finishedOn": date("2024-04-03T00:00:00.000Z")]))
            XCTAssertEqual(good.status, .created, good.text)
        }
    }

    func testANewBookStartsNotReadYetAndNotSaidIsOfferedOnlyForABookThatSaysNone() async throws {
        try await withParseAPI { world in
            let browser = world.browser
            let genre = try await browser.addEntry(.genre, "Novels")
            let form = try await browser.get("/books/new").text
            XCTAssertTrue(form.contains(#"<option value="unread" selected>Not read yet</option>"#), form)
            XCTAssertFalse(form.contains("Not said"))
            let id = try await browser.addBook(bookForm(genre: genre, [("readingStatus", "reading")]))
            let edit = try await browser.get("/books/\(id)/edit").text
            XCTAssertTrue(edit.contains(#"<option value="reading" selected>Reading</option>"#))
            XCTAssertFalse(edit.contains("Not said"))
            // A book an app wrote without a status keeps none through a save of its form.
            let written = try await world.editor.post("/parse/classes/Book", json(["title": "From an app"]))
            let appBook = try XCTUnwrap(written["objectId"]?.stringValue, written.text)
            let appForm = try await browser.get("/books/\(appBook)/edit").text
            XCTAssertTrue(appForm.contains(#"<option value="" selected>Not said</option>"#), appForm)
            let saved = try await browser.saveBook(
                appBook, bookForm(genre: genre, [("title", "From an app"), ("isbn", "")]))
            XCTAssertEqual(saved.status, .seeOther)
            let stored = try await world.editor.get("/parse/classes/Book/\(appBook)").text
            XCTAssertFalse(stored.contains("readingStatus"), stored)
        }
    }

    func testABookFormSentWithItsFileBoxKeepsEveryTickedAuthorAndPublisher() async throws {
        try await withAppAndStore(settings: testSettings()) { browser, store in
            let catalogue = try await browser.addCatalogue()
            try await browser.get("/books/new")
            let sent = try await browser.postMultipart(
                "/books/new",
                fields: bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]),
                files: [(BookCover.fileField, "", [])])
            XCTAssertEqual(sent.status, .seeOther, sent.text)
            let id = String(try XCTUnwrap(sent.headers[.location]).dropFirst("/books/".count))
            let authors = try await store.read { reader in
                try reader.find(
                    ParseQuery("Author").related(to: ParsePointer(className: "Book", objectId: id), key: "authors"))
            }
            XCTAssertEqual(Set(authors.map(\.objectId)), Set(catalogue.authors))
        }
    }

    func testACoverIsUploadedReplacedAndRemovedAndAFileThatIsNoPhotoIsRefusedInWords() async throws {
        try await withAppAndStore(settings: testSettings()) { browser, store in
            let genre = try await browser.addEntry(.genre, "Novels")
            let form = try await browser.get("/books/new").text
            XCTAssertTrue(form.contains(#"enctype="multipart/form-data""#))
            XCTAssertTrue(form.contains(#"<input type="file" id="coverFile" name="coverFile" accept="image/*""#))
            let added = try await browser.postMultipart(
                "/books/new", fields: bookForm(genre: genre),
                files: [(BookCover.fileField, "front cover.png", RecipePhotoTests.png)])
            XCTAssertEqual(added.status, .seeOther)
            let id = String(try XCTUnwrap(added.headers[.location]).dropFirst("/books/".count))
            let first = try await store.read { try $0.fetch("Book", objectId: id) }
            guard case .file(let name, _)? = first["cover"] else { return XCTFail("no cover File: \(first)") }
            XCTAssertTrue(name.hasSuffix("_front_cover.png"), name)
            let page = try await browser.get("/books/\(id)").text
            XCTAssertTrue(
                page.contains(#"<img class="book-cover" src="/covers/\#(name)" alt="Cover of The Dispossessed">"#), page
            )
            let image = try await browser.get("/covers/\(name)")
            XCTAssertEqual(image.status, .ok)
            XCTAssertEqual(image.headers[.contentType], "image/png")
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains(#"src="/covers/\#(name)/small""#))

            // Replaced by another photo.
            let replaced = try await browser.postMultipart(
                "/books/\(id)/edit", fields: bookForm(genre: genre) + browser.bookEditBase(id) + [("cover", name)],
                files: [(BookCover.fileField, "better.jpg", RecipePhotoTests.jpeg)])
            XCTAssertEqual(replaced.status, .seeOther, replaced.text)
            let second = try await store.read { try $0.fetch("Book", objectId: id) }
            guard case .file(let newName, _)? = second["cover"] else { return XCTFail("no cover after replacing") }
            XCTAssertTrue(newName.hasSuffix("_better.jpg"), newName)

            // A file that is no photo is refused beside the field, with everything typed kept.
            let hostile = try await browser.postMultipart(
                "/books/\(id)/edit",
                fields: bookForm(genre: genre, [("title", "Typed title")]) + browser.bookEditBase(id)
                    + [("cover", newName)],
                files: [(BookCover.fileField, "cover.png", Array("<script>alert(1)</script>".utf8))])
            XCTAssertEqual(hostile.status, .unprocessableContent)
            XCTAssertTrue(hostile.text.contains("“cover.png” is not a photo Parsnip can show"), hostile.text)
            XCTAssertTrue(hostile.text.contains(#"value="Typed title""#))
            let large = try await browser.postMultipart(
                "/books/new", fields: bookForm(genre: genre, [("isbn", "")]),
                files: [
                    (
                        BookCover.fileField, "huge.png",
                        RecipePhotoTests.png + Array(repeating: 0, count: PhotoUpload.maximumBytes)
                    )
                ])
            XCTAssertEqual(large.status, .unprocessableContent)
            XCTAssertTrue(large.text.contains("choose a photo of at most 5 MB"))

            // Removed.
            let removed = try await browser.postMultipart(
                "/books/\(id)/edit",
                fields: bookForm(genre: genre) + browser.bookEditBase(id) + [
                    ("cover", newName), ("coverRemove", "true"),
                ],
                files: [])
            XCTAssertEqual(removed.status, .seeOther, removed.text)
            let storedcover = try await store.read { try $0.fetch("Book", objectId: id) }
            XCTAssertNil(storedcover["cover"])
            let plain = try await browser.get("/books/\(id)").text
            XCTAssertFalse(plain.contains("book-cover"))
        }
    }
}
