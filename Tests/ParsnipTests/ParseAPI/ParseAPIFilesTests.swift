import Foundation
import HTTPTypes
import NIOCore
import ParseStore
import XCTest

@testable import Parsnip

/// Parse's files through the API: an editor keeps a photo, anyone with its URL reads it (images as themselves,
/// anything else as a download), and objects read back with each File's URL.
final class ParseAPIFilesTests: XCTestCase {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 60)

    func testAnEditorKeepsAFileUnderANewNameAndItsURLServesTheBytesWithoutKeys() async throws {
        try await withParseAPI { world in
            let kept = try await world.editor.send(
                .post, "/parse/files/pancakes.jpg", bytes: Self.jpeg,
                contentType: "image/jpeg")
            XCTAssertEqual(kept.status, .created, kept.text)
            let name = try XCTUnwrap(kept["name"]?.stringValue)
            XCTAssertNotNil(name.wholeMatch(of: /[0-9a-f]{32}_pancakes\.jpg/), name)
            let url = try XCTUnwrap(kept["url"]?.stringValue)
            XCTAssertEqual(url, "http://localhost/parse/files/parsnip/\(name)")
            XCTAssertEqual(kept.headers[.location], url)

            let served = try await world.browser.client.execute(
                uri: "/parse/files/parsnip/\(name)", method: .get, headers: [:])
            XCTAssertEqual(served.status, .ok)
            XCTAssertEqual(served.headers[.contentType], "image/jpeg")
            XCTAssertEqual(served.headers[.xContentTypeOptions], "nosniff")
            XCTAssertEqual(Array(served.body.readableBytesView), Self.jpeg)
            let wrongApp = try await world.browser.client.execute(
                uri: "/parse/files/other/\(name)", method: .get, headers: [:])
            XCTAssertEqual(wrongApp.status, .notFound)
        }
    }

    func testAFileThatIsNotAnImageIsServedOnlyAsADownload() async throws {
        try await withParseAPI { world in
            let kept = try await world.editor.send(
                .post, "/parse/files/page.html", body: "<script>alert(1)</script>", contentType: "text/html")
            let name = try XCTUnwrap(kept["name"]?.stringValue, kept.text)
            let served = try await world.browser.client.execute(
                uri: "/parse/files/parsnip/\(name)", method: .get, headers: [:])
            XCTAssertEqual(served.headers[.contentType], "application/octet-stream")
            XCTAssertEqual(served.headers[.contentDisposition], "attachment; filename=\"\(name)\"")
            XCTAssertTrue(
                served.headers[values: HTTPField.Name("Content-Security-Policy")!].contains(StoredFileResponse.policy))
        }
    }

    func testOnlyEditorsOwnersAndTheMasterKeyKeepFilesAndNamesAreChecked() async throws {
        try await withParseAPI { world in
            for client in [world.viewer, world.anonymous] {
                let refused = try await client.send(.post, "/parse/files/a.jpg", body: "x", contentType: "image/jpeg")
                XCTAssertEqual(refused.code, 119, refused.text)
            }
            let badName = try await world.editor.send(
                .post, "/parse/files/.hidden", body: "x", contentType: "image/jpeg")
            XCTAssertEqual(badName.code, 122)
            let empty = try await world.editor.send(.post, "/parse/files/a.jpg", body: "", contentType: "image/jpeg")
            XCTAssertEqual(empty.code, 130)
            let master = try await world.master.send(.post, "/parse/files/a.txt", body: "x", contentType: "text/plain")
            XCTAssertEqual(master.status, .created)
            for (name, client) in [("editor", world.editor), ("owner", world.owner)] {
                let kept = try await client.send(.post, "/parse/files/b.jpg", body: "x", contentType: "image/jpeg")
                XCTAssertEqual(kept.status, .created, "\(name): \(kept.text)")
                XCTAssertNotNil(kept["name"]?.stringValue, kept.text)
            }
        }
    }

    func testAnObjectsFileReadsBackWithItsURL() async throws {
        try await withParseAPI { world in
            let kept = try await world.editor.send(
                .post, "/parse/files/pancakes.jpg", bytes: Self.jpeg,
                contentType: "image/jpeg")
            let name = try XCTUnwrap(kept["name"]?.stringValue)
            let recipe = try await world.editor.post(
                "/parse/classes/Recipe",
                json(["name": "Pancakes", "photo": ["__type": "File", "name": .string(name)]]))
            let id = try XCTUnwrap(recipe["objectId"]?.stringValue, recipe.text)
            let fetched = try await world.viewer.get("/parse/classes/Recipe/\(id)")
            XCTAssertEqual(
                fetched["photo"], .file(name: name, url: "http://localhost/parse/files/parsnip/\(name)"), fetched.text)
            let found = try await world.viewer.get("/parse/classes/Recipe")
            XCTAssertEqual(found.results.first?["photo"], fetched["photo"])
        }
    }
}
