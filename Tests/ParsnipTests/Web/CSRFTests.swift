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
            // An origin on a name Parsnip does not answer to is refused with the host check's 400; an origin on
            // one of its own names that is not this page's origin meets the CSRF check's 403.
            for (origin, status) in [
                ("http://evil.example", HTTPResponse.Status.badRequest), ("http://localhost.evil.example", .badRequest),
                ("null", .forbidden), ("http://localhost:9999", .forbidden), ("http://127.0.0.1", .forbidden),
            ] {
                let response = try await browser.post(
                    "/todos", form: [("title", "Sneaky"), ("description", "")], origin: origin)
                XCTAssertEqual(response.status, status, origin)
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

    func testSigningInSettingUpAndSigningOutEachHandTheBrowserANewToken() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.get("/setup")
            var previous = browser.csrfToken
            let setUp = try await browser.setUpOwner()
            XCTAssertEqual(setUp.status, .seeOther)
            XCTAssertNotEqual(browser.csrfToken, previous, "set-up rotated the token")
            previous = browser.csrfToken
            try await browser.get("/sign-out")
            let signedOut = try await browser.post("/sign-out", form: [])
            XCTAssertEqual(signedOut.status, .seeOther)
            XCTAssertNotEqual(browser.csrfToken, previous, "signing out rotated the token")
            // A token someone planted before the sign-in (or read over the owner's shoulder) is now worthless.
            let planted = browser.csrfToken
            let signedIn = try await browser.signIn("Ana", "correct horse")
            XCTAssertEqual(signedIn.status, .seeOther)
            XCTAssertNotEqual(browser.csrfToken, planted, "signing in rotated the token")
            let stale = try await browser.post(
                "/todos", form: [("title", "With the planted token"), ("_csrf", planted)], csrf: false)
            XCTAssertEqual(stale.status, .forbidden)
            let fresh = try await browser.post("/todos", form: [("title", "With the new token")])
            XCTAssertEqual(fresh.status, .seeOther, "the new token works at once, before any page is loaded")
        }
    }

    static func assertNothingWritten(_ browser: Browser, file: StaticString = #filePath, line: UInt = #line)
        async throws
    {
        let list = try await browser.get("/todos")
        XCTAssertTrue(list.text.contains("No to-dos yet"), "a refused POST wrote something", file: file, line: line)
    }
}
