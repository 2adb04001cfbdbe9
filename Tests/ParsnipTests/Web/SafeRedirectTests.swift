import Foundation
import XCTest

@testable import Parsnip

/// After signing in, `next` leads only to a page of this site, judged as a browser reads the URL: tabs and
/// newlines dropped, ends trimmed, backslashes read as slashes.
final class SafeRedirectTests: XCTestCase {
    /// What browsers read as another site once they have cleaned the URL.
    static let foreign = [
        "//evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\t//evil.example",
        " //evil.example", "\u{0}//evil.example", "/\\evil.example", "\\\\evil.example", "\\/evil.example",
        "/\t\\evil.example", "https://evil.example/", "http:evil.example",
        "javascript:alert(1)", "evil.example", "", "\t", "/" + String(repeating: "a", count: 2_001),
    ]

    func testEveryNextThatABrowserReadsAsAnotherSiteGoesHome() {
        for next in Self.foreign {
            XCTAssertEqual(SafeRedirect.safeNext(next), "/", next.debugDescription)
        }
        XCTAssertEqual(SafeRedirect.safeNext(nil), "/")
    }

    func testPathsOnThisSiteAreKeptAsTheBrowserWillReadThem() {
        XCTAssertEqual(SafeRedirect.safeNext("/todos?q=milk"), "/todos?q=milk")
        XCTAssertEqual(SafeRedirect.safeNext("/"), "/")
        XCTAssertEqual(SafeRedirect.safeNext("/to\tdos"), "/todos", "a tab is dropped, as the browser drops it")
        XCTAssertEqual(SafeRedirect.safeNext("/books\\new"), "/books/new", "a backslash is a slash")
        XCTAssertEqual(SafeRedirect.safeNext("/%2F%2Fevil.example"), "/%2F%2Fevil.example", "encoded: a path here")
        XCTAssertEqual(SafeRedirect.safeNext("/%09/evil.example"), "/%09/evil.example", "encoded: a path here")
        XCTAssertEqual(SafeRedirect.safeNext("/todos?q=crème brûlée"), "/todos?q=cr%C3%A8me%20br%C3%BBl%C3%A9e")
        XCTAssertEqual(SafeRedirect.safeNext("/todos?q=\"<b>\""), "/todos?q=%22%3Cb%3E%22")
        // Other control characters stay in the path, where browsers percent-encode them.
        XCTAssertEqual(SafeRedirect.safeNext("/\u{1F}/evil.example"), "/%1F/evil.example")
    }

    func testTheSignInPageAndItsFormSendEveryForeignNextHome() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner()
            // The query of the finding: "/sign-in?next=/%09/evil.example" decodes to "/\t/evil.example".
            for query in ["/%09/evil.example", "/%0A/evil.example", "/%0d%0a/evil.example", "/%5Cevil.example"] {
                let signedIn = try await browser.get("/sign-in?next=" + query)
                XCTAssertEqual(signedIn.status, .seeOther, query)
                XCTAssertEqual(signedIn.headers[.location], "/", query)
            }
            for next in Self.foreign {
                let visitor = browser.another()
                let form = try await visitor.get("/sign-in?next=" + PercentEncoding.encode(next))
                XCTAssertEqual(form.status, .ok)
                XCTAssertFalse(form.text.contains("evil.example"), "the form does not carry \(next.debugDescription)")
                let response = try await visitor.signIn("Ana", "correct horse", next: next)
                XCTAssertEqual(response.headers[.location], "/", next.debugDescription)
            }
        }
    }
}
