import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// Every kind of file an app may keep × every type it may claim × every path that serves kept files: the bytes
/// alone decide — a JPEG, PNG, GIF or WebP is shown as itself, anything else (HTML, SVG, JavaScript, text, an image
/// type claimed for a page) is a download — and every answer carries a sandboxing policy, so nothing kept can run as
/// script on Parsnip's origin; the pages' own policy allows script only from `/js/`.
final class StoredFileServingTests: XCTestCase {
    /// A file's bytes and the image type its bytes make it, nil for anything that is not an image Parsnip shows.
    static let files: [(name: String, bytes: [UInt8], image: String?)] = [
        ("photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 16), "image/jpeg"),
        ("photo.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 16), "image/png"),
        ("photo.gif", Array("GIF89a".utf8) + Array(repeating: 0, count: 16), "image/gif"),
        ("photo.webp", Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), "image/webp"),
        ("page.html", Array("<html><script>window.taken = 1</script></html>".utf8), nil),
        ("drawing.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8), nil),
        ("code.js", Array("fetch('/people', {method: 'POST'})".utf8), nil),
        ("notes.txt", Array("plain words".utf8), nil),
    ]

    /// The types an uploader may claim, truthful or not.
    static let claims = ["text/html", "image/svg+xml", "application/javascript", "image/png", ""]

    func testEveryKindOfFileIsServedByItsBytesOnEveryPathWithASandboxingPolicy() async throws {
        try await withParseAPI { world in
            var checked = 0
            for file in Self.files {
                for claim in Self.claims {
                    let kept = try await world.editor.send(
                        .post, "/parse/files/\(file.name)", bytes: file.bytes,
                        contentType: claim.isEmpty ? "application/octet-stream" : claim)
                    XCTAssertEqual(kept.status, .created, kept.text)
                    let name = try XCTUnwrap(kept["name"]?.stringValue)
                    for path in ["/photos/\(name)", "/photos/\(name)/small", "/parse/files/parsnip/\(name)"] {
                        let served = try await world.browser.get(path)
                        let what = "\(file.name) claimed as \(claim) at \(path)"
                        XCTAssertEqual(served.status, .ok, what)
                        XCTAssertEqual(Array(served.body.readableBytesView), file.bytes, what)
                        let policies = served.headers[values: HTTPField.Name("Content-Security-Policy")!]
                        XCTAssertTrue(policies.contains(StoredFileResponse.policy), "\(what): \(policies)")
                        XCTAssertEqual(served.headers[HTTPField.Name("X-Content-Type-Options")!], "nosniff", what)
                        if let image = file.image {
                            XCTAssertEqual(served.headers[.contentType], image, what)
                            XCTAssertNil(served.headers[.contentDisposition], what)
                        } else {
                            XCTAssertEqual(served.headers[.contentType], "application/octet-stream", what)
                            XCTAssertTrue(
                                served.headers[.contentDisposition]?.hasPrefix("attachment") == true, what)
                        }
                        checked += 1
                    }
                }
            }
            XCTAssertEqual(checked, Self.files.count * Self.claims.count * 3)
        }
    }

    func testThePagesPolicyAllowsScriptOnlyFromTheScriptsFolder() async throws {
        try await withParseAPI { world in
            let page = try await world.browser.get("/todos")
            let policy = try XCTUnwrap(page.headers[HTTPField.Name("Content-Security-Policy")!])
            XCTAssertTrue(policy.contains("script-src http://localhost/js/;"), policy)
            XCTAssertFalse(policy.contains("script-src 'self'"), policy)
            let foreign = SecurityHeadersMiddleware<ParsnipRequestContext>.contentSecurityPolicy(
                host: "evil.example/x; script-src *")
            XCTAssertTrue(foreign.contains("script-src 'none';"), "a host that is not a plain name allows no script")
        }
    }
}
