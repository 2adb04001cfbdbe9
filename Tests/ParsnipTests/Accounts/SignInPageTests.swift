import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Setting up, signing in and out through the pages, as a person does it.
final class SignInPageTests: XCTestCase {
    func testWithSignInRequiredAndNoOwnerEveryPageLeadsToSetup() async throws {
        try await withApp(settings: signInSettings()) { browser in
            for path in ["/", "/todos", "/people", "/books/new"] {
                let response = try await browser.get(path)
                XCTAssertEqual(response.status, .seeOther, path)
                XCTAssertEqual(response.headers[.location], "/setup", path)
            }
            let signIn = try await browser.get("/sign-in")
            XCTAssertEqual(signIn.headers[.location], "/setup")
            let setup = try await browser.get("/setup")
            XCTAssertEqual(setup.status, .ok)
            XCTAssertTrue(setup.text.contains("<h1>Set up Parsnip</h1>"))
        }
    }

    func testTheHeaderIsTheSameSignedInAndOutAndOnlyAnOwnerHasARowMoreForTheHouseholdPages() async throws {
        /// The header's parts in page order: "brand", "site-nav", "account-bar", "owner-links".
        @Sendable func parts(_ html: String) throws -> [String] {
            let header = try XCTUnwrap(html.components(separatedBy: "</header>").first)
            let names = ["brand", "site-nav", "account-bar", "owner-links"]
            return header.components(separatedBy: #"class=""#).dropFirst().compactMap { piece in
                names.first { piece.hasPrefix($0 + #"""#) }
            }
        }
        try await withApp(settings: signInSettings(requireSignIn: false)) { browser in
            try await browser.setUpOwner("Ana", password: "correct horse")
            try await browser.addPerson("Ben", "battery staple", role: .editor)
            let stranger = browser.another()
            let signedOut = try parts(try await stranger.get("/books").text)
            XCTAssertEqual(signedOut, ["brand", "site-nav", "account-bar"])
            let owner = try parts(try await browser.get("/books").text)
            XCTAssertEqual(owner, signedOut + ["owner-links"])
            let ben = browser.another()
            try await ben.signIn("Ben", "battery staple")
            let editor = try parts(try await ben.get("/todos").text)
            XCTAssertEqual(editor, signedOut)
        }
    }

    func testSetupCreatesTheOwnerSignsThemInAndThenNoLongerExists() async throws {
        try await withApp(settings: signInSettings()) { browser in
            let setup = try await browser.setUpOwner("Ana", password: "correct horse")
            XCTAssertEqual(setup.status, .seeOther)
            XCTAssertEqual(setup.headers[.location], "/")
            let home = try await browser.get("/")
            XCTAssertEqual(home.status, .ok)
            XCTAssertTrue(home.text.contains("Welcome, Ana. You are the owner"))
            XCTAssertTrue(
                home.text.contains(
                    #"<a class="account-name" href="/account/password">Ana<span class="visually-hidden">: change your password</span></a> <span class="account-role">(Owner)</span>"#
                ))
            XCTAssertTrue(home.text.contains(#"<a href="/people">People</a>"#))
            let again = try await browser.get("/setup")
            XCTAssertEqual(again.status, .notFound)
            let stranger = browser.another()
            try await stranger.get("/sign-in")
            let secondOwner = try await stranger.post(
                "/setup",
                form: [
                    ("code", testSetupCode), ("username", "Mallory"), ("password", "password one"),
                    ("passwordAgain", "password one"),
                ])
            XCTAssertEqual(secondOwner.status, .notFound)
        }
    }

    func testSetupFromAnotherDeviceNeedsTheCodeAndExplainsEveryProblemBesideItsField() async throws {
        try await withApp(settings: signInSettings()) { browser in
            let form = try await browser.get("/setup")
            XCTAssertTrue(
                form.text.contains(#"<label for="code">Set-up code</label>"#), "router requests have no address")
            let refused = try await browser.post(
                "/setup",
                form: [("code", "0000 0000"), ("username", " "), ("password", "short"), ("passwordAgain", "short")])
            XCTAssertEqual(refused.status, .unprocessableContent)
            let html = refused.text
            XCTAssertTrue(html.contains("That code does not match"))
            XCTAssertTrue(html.contains("Enter a name"))
            XCTAssertTrue(html.contains("Use at least 8 characters for the password"))
            XCTAssertTrue(html.contains(##"<a href="#code">"##), "the summary links to the field")
            XCTAssertFalse(html.contains("value=\"short\""), "passwords are never sent back")
            let mismatch = try await browser.post(
                "/setup",
                form: [
                    ("code", testSetupCode), ("username", "Ana"), ("password", "correct horse"),
                    ("passwordAgain", "correct hose"),
                ])
            XCTAssertEqual(mismatch.status, .unprocessableContent)
            XCTAssertTrue(mismatch.text.contains("The two passwords are different"))
            XCTAssertTrue(mismatch.text.contains(#"value="Ana""#), "the name is kept")
        }
    }

    func testSetupIsOpenWithoutACodeOnlyFromThisComputer() {
        for local in ["127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.1"] {
            XCTAssertTrue(ThisComputer.isAddress(local), local)
        }
        for remote in [nil, "192.168.1.20", "fd00::2", "::ffff:192.168.1.20", "127.0.0", "1127.0.0.1", "::2", ""] {
            XCTAssertFalse(ThisComputer.isAddress(remote), remote ?? "nil")
        }
        let gate = SetupGate(code: "4821 9930")
        XCTAssertTrue(gate.accepts("4821 9930"))
        XCTAssertTrue(gate.accepts("48219930"))
        XCTAssertTrue(gate.accepts("4821-9930"))
        XCTAssertFalse(gate.accepts("4821 9931"))
        XCTAssertFalse(gate.accepts(""))
        XCTAssertFalse(gate.accepts("4821 9930x"))
        XCTAssertNotNil(SetupGate.newCode().wholeMatch(of: /[0-9]{4} [0-9]{4}/))
    }

    func testSetupOverARealConnectionFromThisComputerNeedsNoCode() async throws {
        let app = try await buildApplication(signInSettings())
        try await app.test(.live) { client in
            let browser = Browser(client: client)
            let form = try await browser.get("/setup")
            XCTAssertEqual(form.status, .ok)
            XCTAssertFalse(form.text.contains(#"<label for="code">"#), "no code is asked for on this computer")
            let setup = try await browser.post(
                "/setup",
                form: [("username", "Ana"), ("password", "correct horse"), ("passwordAgain", "correct horse")])
            XCTAssertEqual(setup.status, .seeOther)
            XCTAssertNotNil(browser.cookies[SessionCookie.name])
        }
    }

    func testTheSessionCookieIsHttpOnlyLaxForTheWholeSiteAndLasts30Days() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner()
            let signIn = try await browser.another().signIn("Ana", "correct horse")
            XCTAssertEqual(signIn.status, .seeOther)
            let cookie = try XCTUnwrap(signIn.headers[values: .setCookie].first { $0.hasPrefix("parsnip_session=") })
            let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertNotNil(parts[0].wholeMatch(of: /parsnip_session=r:[0-9a-f]{32}/), cookie)
            XCTAssertEqual(Set(parts.dropFirst()), ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=2592000"])
        }
    }

    func testSignInGoesToALocalNextPageButNeverToAnotherSite() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner()
            let redirect = try await browser.another().get("/todos?q=milk")
            XCTAssertEqual(redirect.headers[.location], "/sign-in?next=%2Ftodos%3Fq%3Dmilk")
            let local = try await browser.another().signIn("Ana", "correct horse", next: "/todos?q=milk")
            XCTAssertEqual(local.headers[.location], "/todos?q=milk")
            for foreign in ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"] {
                let response = try await browser.another().signIn("Ana", "correct horse", next: foreign)
                XCTAssertEqual(response.headers[.location], "/", foreign)
            }
        }
    }

    func testAWrongPasswordAndAnUnknownNameGetTheSameMessage() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner()
            let wrongPassword = try await browser.another().signIn("Ana", "not the password")
            let unknownName = try await browser.another().signIn("Zed", "not the password")
            for response in [wrongPassword, unknownName] {
                XCTAssertEqual(response.status, .unprocessableContent)
                XCTAssertTrue(response.text.contains("That name and password do not match"))
                XCTAssertFalse(response.text.contains("not the password"))
                XCTAssertFalse(response.headers[values: .setCookie].contains { $0.hasPrefix("parsnip_session=") })
            }
            let withoutName = { (html: String) in
                html.replacingOccurrences(of: #"value="Ana""#, with: "").replacingOccurrences(
                    of: #"value="Zed""#, with: ""
                )
                .replacingOccurrences(of: #"value="[A-Za-z0-9_-]{43}""#, with: "", options: .regularExpression)
            }
            XCTAssertEqual(withoutName(wrongPassword.text), withoutName(unknownName.text))
        }
    }

    func testSignOutEndsTheSessionOnTheServerAndClearsTheCookie() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner()
            let token = try XCTUnwrap(browser.cookies[SessionCookie.name])
            let page = try await browser.get("/sign-out")
            XCTAssertTrue(page.text.contains(#"<form class="form" method="post" action="/sign-out">"#))
            XCTAssertTrue(page.text.contains("You are signed in as"))
            let signOut = try await browser.post("/sign-out", form: [])
            XCTAssertEqual(signOut.status, .seeOther)
            XCTAssertEqual(signOut.headers[.location], "/sign-in")
            XCTAssertTrue(
                signOut.headers[values: .setCookie].contains {
                    $0.hasPrefix("parsnip_session=;") && $0.contains("Max-Age=0")
                })
            XCTAssertNil(browser.cookies[SessionCookie.name])
            // A copy of the old cookie no longer signs anyone in.
            browser.cookies[SessionCookie.name] = token
            let replayed = try await browser.get("/todos")
            XCTAssertEqual(replayed.status, .seeOther)
            XCTAssertEqual(replayed.headers[.location], "/sign-in?next=%2Ftodos")
        }
    }

    func testAViewerSeesNoAddLinksOnTheHomePageAndAnEditorDoes() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Ben", "password one", role: .editor)
            try await owner.addPerson("Vi", "password two", role: .viewer)
            let editor = owner.another()
            try await editor.signIn("Ben", "password one")
            let editorHome = try await editor.get("/").text
            XCTAssertTrue(editorHome.contains(#"<a href="/todos/new">Add to-do</a>"#))
            XCTAssertTrue(
                editorHome.contains(
                    "Ben<span class=\"visually-hidden\">: change your password</span></a> <span class=\"account-role\">(Editor)</span>"
                ))
            XCTAssertFalse(editorHome.contains(#"href="/people""#), "only owners see People")
            let viewer = owner.another()
            try await viewer.signIn("Vi", "password two")
            let viewerHome = try await viewer.get("/").text
            XCTAssertTrue(
                viewerHome.contains(
                    "Vi<span class=\"visually-hidden\">: change your password</span></a> <span class=\"account-role\">(Viewer)</span>"
                ))
            for link in ["/todos/new", "/recipes/new", "/books/new"] {
                XCTAssertFalse(viewerHome.contains("href=\"\(link)\""), link)
            }
        }
    }

    func testWithoutRequireSignInThisComputerStaysOpenAndTheHeaderOffersSignIn() async throws {
        try await withApp(settings: signInSettings(requireSignIn: false)) { browser in
            let home = try await browser.get("/")
            XCTAssertEqual(home.status, .ok)
            XCTAssertTrue(home.text.contains(#"<a href="/sign-in">Sign in</a>"#))
            XCTAssertTrue(home.text.contains(#"<a href="/todos/new">Add to-do</a>"#))
            try await browser.addTodo("Buy oat milk")
            let list = try await browser.get("/todos")
            XCTAssertTrue(list.text.contains("Buy oat milk"))
            let people = try await browser.get("/people")
            XCTAssertEqual(people.headers[.location], "/sign-in?next=%2Fpeople")
        }
    }

    func testSignInIsRequiredWhenListeningBeyondThisComputer() {
        var settings = testSettings()
        XCTAssertFalse(settings.signInRequired, "127.0.0.1 alone stays open")
        settings.requireSignIn = true
        XCTAssertTrue(settings.signInRequired)
        for host in ["0.0.0.0", "::", "192.168.1.20", "fd00::2"] {
            var shared = testSettings()
            shared.host = host
            XCTAssertTrue(shared.signInRequired, host)
        }
        for host in ["127.0.0.1", "::1", "localhost", "[::1]"] {
            var local = testSettings()
            local.host = host
            XCTAssertFalse(local.signInRequired, host)
        }
    }
}
