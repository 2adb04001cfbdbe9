import HTTPTypes
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The parts every page shares: home, health, security headers, static files and their boundaries.
final class SiteTests: XCTestCase {
    func testHealthAnswersOkAsJSON() async throws {
        try await withApp { browser in
            let response = try await browser.get("/health")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.text, #"{"status":"ok"}"#)
            XCTAssertEqual(response.headers[.contentType], "application/json")
        }
    }

    func testHomePageLeadsToTheTodoListAndHasTheLandmarks() async throws {
        try await withApp { browser in
            let response = try await browser.get("/")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<h1>Parsnip</h1>"))
            XCTAssertTrue(html.contains(#"<a href="/todos">To-do list</a>"#))
            XCTAssertTrue(html.contains(#"<a href="/books">Books</a>"#))
            XCTAssertTrue(html.contains(##"<a class="skip-link" href="#main">Skip to main content</a>"##))
            XCTAssertTrue(html.contains(#"<a class="brand" href="/">Parsnip</a>"#))
            XCTAssertTrue(html.contains("<header"))
            XCTAssertTrue(html.contains("<nav"))
            XCTAssertTrue(html.contains(#"<main id="main""#))
            XCTAssertEqual(html.components(separatedBy: "<h1").count - 1, 1, "one h1")
            XCTAssertFalse(html.contains("style="), "no inline style")
            XCTAssertFalse(html.contains("<script>"), "no inline script")
        }
    }

    func testSecurityHeadersAreOnPagesErrorPagesRedirectsAndFiles() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let responses = [
                try await browser.get("/"),
                try await browser.get("/nowhere"),
                try await browser.get("/css/parsnip.css"),
                try await browser.get("/health"),
                try await browser.addTodo("Headers"),
            ]
            for response in responses {
                XCTAssertEqual(
                    response.headers[HTTPField.Name("Content-Security-Policy")!],
                    "default-src 'self'; script-src http://localhost/js/; style-src 'self'; img-src 'self' data:; "
                        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
                )
                XCTAssertEqual(response.headers[HTTPField.Name("X-Content-Type-Options")!], "nosniff")
                XCTAssertEqual(response.headers[HTTPField.Name("Referrer-Policy")!], "same-origin")
                XCTAssertEqual(response.headers[HTTPField.Name("X-Frame-Options")!], "DENY")
            }
        }
    }

    func testStylesheetAndScriptAreServedWithTheirContentTypes() async throws {
        try await withApp { browser in
            let css = try await browser.get("/css/parsnip.css")
            XCTAssertEqual(css.status, .ok)
            XCTAssertEqual(css.headers[.contentType], "text/css")
            XCTAssertTrue(css.text.contains("prefers-color-scheme"))
            let script = try await browser.get("/js/parsnip.js")
            XCTAssertEqual(script.status, .ok)
            XCTAssertTrue(script.headers[.contentType]?.contains("javascript") ?? false)
        }
    }

    func testPathTraversalNeverLeavesThePublicFolder() async throws {
        try await withApp { browser in
            let attempts = [
                "/css/../../Package.swift", "/css/../Package.swift", "/../Package.swift",
                "/css/%2e%2e/%2e%2e/Package.swift", "/css/%2E%2E%2F%2E%2E%2FPackage.swift",
                "/css/..%2f..%2fPackage.swift", "/%2e%2e/Package.swift", "/css/%252e%252e/Package.swift",
                "/css/....//....//Package.swift", "/css/..%5c..%5cPackage.swift", "//etc/passwd",
                "/css/%00../Package.swift", "/css/../../Templates/layout.mustache",
            ]
            for uri in attempts {
                let response = try await browser.get(uri)
                XCTAssertTrue([.badRequest, .notFound].contains(response.status), "\(uri): \(response.status)")
                XCTAssertFalse(response.text.contains("PackageDescription"), uri)
                XCTAssertFalse(response.text.contains("root:"), uri)
                XCTAssertFalse(response.text.contains("{{"), uri)
                XCTAssertTrue(response.text.contains("<h1>"), "\(uri) gets an error page")
            }
        }
    }
}

/// HEAD works wherever GET does, so link checkers and monitors get a real answer.
final class HeadRequestTests: XCTestCase {
    func testHeadOnAPageAnswersOkWithoutABody() async throws {
        try await withApp { browser in
            let response = try await browser.client.execute(uri: "/todos", method: .head)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.body.readableBytes, 0)
        }
    }
}
