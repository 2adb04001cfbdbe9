import HTTPTypes
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// A POST is accepted only with the form's token equal to the cookie and an Origin (or Referer) of this server.
final class CSRFTests: XCTestCase {
    func testFirstGetSetsAStrictHttpOnlyTokenCookieAndLaterGetsDoNotReplaceIt() async throws {
        try await withApp { browser in
            let first = try await browser.get("/todos/new")
            let cookie = try XCTUnwrap(first.headers[values: .setCookie].first { $0.hasPrefix("parsnip_csrf=") })
            XCTAssertTrue(cookie.contains("HttpOnly"))
            XCTAssertTrue(cookie.contains("SameSite=Strict"))
            XCTAssertTrue(cookie.contains("Path=/"))
            XCTAssertEqual(browser.csrfToken.count, 43)
            let second = try await browser.get("/todos")
            XCTAssertFalse(second.headers[values: .setCookie].contains { $0.hasPrefix("parsnip_csrf=") })
        }
    }

    func testMissingTokenIsRefusedWith403AndNothingWritten() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let response = try await browser.post(
                "/todos", form: [("title", "Sneaky"), ("description", "")], csrf: false,
                headers: [.referer: "http://localhost/todos/new"]
            )
            XCTAssertEqual(response.status, .forbidden)
            XCTAssertTrue(response.text.contains("<h1>This form has expired</h1>"))
            XCTAssertTrue(response.text.contains(#"href="/todos/new">Reload the form</a>"#))
            try await Self.assertNothingWritten(browser)
        }
    }

    func testWrongTokenIsRefusedWith403AndNothingWritten() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let wrong = String(repeating: "A", count: 43)
            let response = try await browser.post(
                "/todos", form: [("title", "Sneaky"), ("description", ""), ("_csrf", wrong)], csrf: false
            )
            XCTAssertEqual(response.status, .forbidden)
            try await Self.assertNothingWritten(browser)
        }
    }

    func testTokenWithoutCookieIsRefused() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let token = browser.csrfToken
            browser.cookies = [:]
            let response = try await browser.post(
                "/todos", form: [("title", "Sneaky"), ("description", ""), ("_csrf", token)], csrf: false
            )
            XCTAssertEqual(response.status, .forbidden)
            try await Self.assertNothingWritten(browser)
        }
    }

    func testForeignOriginIsRefusedEvenWithAValidToken() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            for origin in ["http://evil.example", "null", "http://localhost.evil.example", "http://localhost:9999"] {
                let response = try await browser.post(
                    "/todos", form: [("title", "Sneaky"), ("description", "")], origin: origin)
                XCTAssertEqual(response.status, .forbidden, origin)
            }
            try await Self.assertNothingWritten(browser)
        }
    }

    func testNoOriginIsRefusedUnlessTheRefererIsThisServer() async throws {
        try await withApp { browser in
            try await browser.get("/todos/new")
            let bare = try await browser.post("/todos", form: [("title", "Sneaky"), ("description", "")], origin: nil)
            XCTAssertEqual(bare.status, .forbidden)
            let foreign = try await browser.post(
                "/todos", form: [("title", "Sneaky"), ("description", "")], origin: nil,
                headers: [.referer: "http://evil.example/todos/new"]
            )
            XCTAssertEqual(foreign.status, .forbidden)
            try await Self.assertNothingWritten(browser)
            let ours = try await browser.post(
                "/todos", form: [("title", "Fine"), ("description", "")], origin: nil,
                headers: [.referer: "http://localhost/todos/new"]
            )
            XCTAssertEqual(ours.status, .seeOther)
        }
    }

    func testDeleteWithoutTokenIsRefusedAndKeepsTheItem() async throws {
        try await withApp { browser in
            try await browser.addTodo("Precious")
            let id = try await browser.newestId()
            let response = try await browser.post("/todos/\(id)/delete", form: [], csrf: false)
            XCTAssertEqual(response.status, .forbidden)
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("todo-title\">Precious"))
        }
    }

    static func assertNothingWritten(_ browser: Browser, file: StaticString = #filePath, line: UInt = #line)
        async throws
    {
        let list = try await browser.get("/todos")
        XCTAssertTrue(list.text.contains("No to-dos yet"), "a refused POST wrote something", file: file, line: line)
    }
}
