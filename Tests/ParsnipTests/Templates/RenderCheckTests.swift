import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The test apps compare every page they render with swift-mustache: this proves the comparison runs.
final class RenderCheckTests: XCTestCase {
    func testEveryPageATestAppRendersIsComparedWithSwiftMustache() async throws {
        let check = MustacheRenderCheck()
        var settings = testSettings()
        settings.renderCheck = check
        let app = try await buildApplication(settings)
        try await app.test(.router) { client in
            let browser = Browser(client: client)
            for path in ["/todos", "/todos/new", "/recipes", "/recipes/new", "/books", "/books/new", "/authors"] {
                let response = try await browser.get(path)
                XCTAssertEqual(response.status, .ok, path)
            }
        }
        let counts = check.counts.withLock { $0 }
        XCTAssertGreaterThanOrEqual(counts.compared, 7, "each page, and the rows rendered on their own, are compared")
        XCTAssertEqual(counts.differed, 0)
    }
}
