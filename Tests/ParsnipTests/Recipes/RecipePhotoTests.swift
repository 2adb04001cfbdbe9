import Foundation
import HTTPTypes
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// A recipe's photo (`photo`, a Parse File): chosen in the editor without any script, kept in the database, served
/// with its type and cache headers, shown on the recipe page and small in the list; anything but a JPEG, PNG or
/// WebP of up to 5 MB is refused in words with everything typed kept.
final class RecipePhotoTests: XCTestCase {
    /// A PNG's signature and some bytes: enough for Parsnip, which tells an image by its first bytes.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<3_000).map { UInt8($0 % 251) }
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 500)
    static let webp: [UInt8] =
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + Array(repeating: 1, count: 64)

    /// The photo name a page's `src="/photos/<name>…"` carries.
    static func photoName(in page: String) throws -> String {
        let start = try XCTUnwrap(page.range(of: #"src="/photos/"#)).upperBound
        let end = try XCTUnwrap(page[start...].firstIndex { $0 == "\"" || $0 == "/" })
        return String(page[start..<end])
    }

    /// Sends the new-recipe form with `files`, as a browser with a file box does.
    static func saveNew(
        _ browser: Browser, _ form: [(String, String)] = recipeForm(),
        files: [(field: String, filename: String, bytes: [UInt8])]
    ) async throws -> TestResponse {
        try await browser.get("/recipes/new")
        return try await browser.postMultipart("/recipes", fields: form, files: files)
    }

    func testAPhotoChosenWithANewRecipeIsKeptAsAParseFileServedAndShown() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, store in
            let saved = try await Self.saveNew(
                browser, files: [(RecipePhoto.fileField, "Sunday pancakes.png", Self.png)])
            XCTAssertEqual(saved.status, .seeOther)
            let id = String(try XCTUnwrap(saved.headers[.location]).dropFirst("/recipes/".count))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<figure class="recipe-photo"><img src="/photos/"#), page)
            XCTAssertTrue(page.contains(#"alt="Photo of Pancakes""#))
            let name = try Self.photoName(in: page)
            XCTAssertTrue(name.hasSuffix("_Sunday_pancakes.png"), name)

            let photo = try await browser.get("/photos/\(name)")
            XCTAssertEqual(photo.status, .ok)
            XCTAssertEqual(photo.headers[.contentType], "image/png")
            XCTAssertEqual(photo.headers[.cacheControl], "private, max-age=31536000, immutable")
            XCTAssertEqual(Array(photo.body.readableBytesView), Self.png)

            let (object, schema) = try await store.read { reader in
                (try reader.fetch("Recipe", objectId: id), try reader.schema("Recipe"))
            }
            XCTAssertEqual(object["photo"], .file(name: name, url: nil))
            XCTAssertEqual(schema?.fields["photo"], .file)
            XCTAssertEqual(schema?.fields["ingredients"], .array, "the seed fields keep their types")
        }
        // The bytes are in the database file itself: they are there after a restart.
        try await withAppAndStore(settings: fileSettings(database.path, requireSignIn: false)) { browser, _ in
            let list = try await browser.get("/recipes").text
            let name = try Self.photoName(in: list)
            let photo = try await browser.get("/photos/\(name)")
            XCTAssertEqual(Array(photo.body.readableBytesView), Self.png)
        }
    }

    func testJPEGAndWebPAreTakenAndTheirTypeComesFromTheirBytesNotTheirName() async throws {
        try await withApp { browser in
            for (bytes, type) in [(Self.jpeg, "image/jpeg"), (Self.webp, "image/webp")] {
                let saved = try await Self.saveNew(browser, files: [(RecipePhoto.fileField, "photo.png", bytes)])
                XCTAssertEqual(saved.status, .seeOther)
                let page = try await browser.get(try XCTUnwrap(saved.headers[.location])).text
                let photo = try await browser.get("/photos/\(try Self.photoName(in: page))")
                XCTAssertEqual(photo.headers[.contentType], type)
            }
        }
    }

    func testAFileThatIsNoPhotoIsRefusedInWordsAndEverythingTypedStays() async throws {
        try await withApp { browser in
            let refused = try await Self.saveNew(
                browser, recipeForm([("name", "Grandma’s soup"), ("notes", "Keep this note")]),
                files: [(RecipePhoto.fileField, "menu.pdf", Array("%PDF-1.7 a menu".utf8))])
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(
                refused.text.contains("“menu.pdf” is not a photo Parsnip can show: choose a JPEG, PNG or WebP image"))
            XCTAssertTrue(refused.text.contains(#"value="Grandma’s soup""#))
            XCTAssertTrue(refused.text.contains("Keep this note</textarea>"))
            XCTAssertTrue(
                refused.text.contains(#"aria-describedby="photoFile-hint photoFile-error" aria-invalid="true""#))
            let list = try await browser.get("/recipes").text
            XCTAssertFalse(list.contains("Grandma"), "nothing was saved")
        }
    }

    func testAPhotoOverFiveMegabytesIsRefusedWithItsSizeAndTheFormKept() async throws {
        try await withApp { browser in
            let large = Self.png + Array(repeating: 0, count: RecipePhoto.maximumBytes)
            let refused = try await Self.saveNew(
                browser, recipeForm([("name", "Big feast")]), files: [(RecipePhoto.fileField, "feast.png", large)])
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(
                refused.text.contains("“feast.png” is 5.0 MB: choose a photo of at most 5 MB, or a smaller copy of it"),
                refused.text)
            XCTAssertTrue(refused.text.contains(#"value="Big feast""#))
        }
    }

    func testAPhotoChosenWithARowButtonStaysWithTheFormUntilItIsSaved() async throws {
        try await withApp { browser in
            try await browser.get("/recipes/new")
            let added = try await browser.postMultipart(
                "/recipes/new", fields: recipeForm([("row-action", "step-add")]),
                files: [(RecipePhoto.fileField, "stew.png", Self.png)])
            XCTAssertEqual(added.status, .ok)
            let name = try Self.photoName(in: added.text)
            XCTAssertTrue(added.text.contains(#"<input type="hidden" name="photo" value="\#(name)">"#))
            XCTAssertTrue(added.text.contains("The photo now: stew.png"))
            XCTAssertTrue(added.text.contains("Choose another photo"))

            // Sent again without choosing a file: the hidden name carries it into the saved recipe.
            let saved = try await browser.postMultipart(
                "/recipes", fields: recipeForm([("photo", name)]), files: [(RecipePhoto.fileField, "", [])])
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await browser.get(try XCTUnwrap(saved.headers[.location])).text
            XCTAssertEqual(try Self.photoName(in: page), name)
        }
    }

    func testRemoveThePhotoTakesItOffTheRecipeAndTheHistorySaysSo() async throws {
        try await withApp { browser in
            let saved = try await Self.saveNew(browser, files: [(RecipePhoto.fileField, "tart.png", Self.png)])
            let path = try XCTUnwrap(saved.headers[.location])
            let editor = try await browser.get("\(path)/edit").text
            XCTAssertTrue(editor.contains(#"enctype="multipart/form-data""#))
            XCTAssertTrue(editor.contains(#"<label for="photoRemove">Remove the photo</label>"#))
            let name = try Self.photoName(in: editor)
            let id = String(path.dropFirst("/recipes/".count))
            let base = try await browser.recipeEditBase(id)
            let updated = try await browser.postMultipart(
                path, fields: base + recipeForm([("photo", name), ("photoRemove", "true")]), files: [])
            XCTAssertEqual(updated.status, .seeOther)
            let page = try await browser.get(path).text
            XCTAssertFalse(page.contains("recipe-photo"))
            let history = try await browser.get("\(path)/history").text
            XCTAssertTrue(
                history.contains(
                    #"<span class="history-label">Photo</span>"# + "\n"
                        + #"<span class="history-values">tart.png <span aria-label="changed to">→</span> "#
                        + #"<span class="none">empty</span></span>"#), history)
        }
    }

    func testTheListShowsTheSmallVersionTheEditorMadeOrElseThePhotoItself() async throws {
        try await withApp { browser in
            let small = Self.jpeg.prefix(40).map { $0 }
            _ = try await Self.saveNew(
                browser, recipeForm([("name", "With small")]),
                files: [(RecipePhoto.fileField, "a.png", Self.png), (RecipePhoto.previewField, "small.jpg", small)])
            _ = try await Self.saveNew(
                browser, recipeForm([("name", "Without small")]), files: [(RecipePhoto.fileField, "b.png", Self.png)])
            let list = try await browser.get("/recipes?sort=name").text
            XCTAssertEqual(list.components(separatedBy: #"<img class="recipe-thumb" src="/photos/"#).count, 3, list)
            let names = list.components(separatedBy: #"<img class="recipe-thumb" src="/photos/"#).dropFirst().map {
                String($0.prefix { $0 != "/" })
            }
            let withSmall = try await browser.get("/photos/\(names[0])/small")
            XCTAssertEqual(Array(withSmall.body.readableBytesView), small)
            XCTAssertEqual(withSmall.headers[.contentType], "image/jpeg")
            let withoutSmall = try await browser.get("/photos/\(names[1])/small")
            XCTAssertEqual(Array(withoutSmall.body.readableBytesView), Self.png)
        }
    }

    func testNamesThatAreNotPhotosAnswerNotFoundAndAFormWithAMalformedNameIsRefused() async throws {
        try await withApp { browser in
            for path in ["/photos/nothing.jpg", "/photos/..%2Fsecret", "/photos/.hidden", "/photos/a%00b.jpg"] {
                let response = try await browser.get(path)
                XCTAssertEqual(response.status, .notFound, path)
            }
            try await browser.get("/recipes/new")
            let forged = try await browser.postMultipart(
                "/recipes", fields: recipeForm([("photo", "../x.jpg")]), files: [])
            XCTAssertEqual(forged.status, .badRequest)
        }
    }
}
