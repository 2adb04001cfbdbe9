import Foundation
import HTTPTypes
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// A form sent after its person's sign-in ended — signed out in another tab, or the password changed elsewhere —
/// loses nothing: the sign-in page keeps what was typed, and signing in sends it where it was going. Generated over
/// the add and edit forms of the three apps.
final class EndedSignInKeepsTypedWorkTests: XCTestCase {
    /// Sends `form` to `path` as an open page would after the sign-in ended (with the token it was loaded with),
    /// signs in on the page that answers, and sends on what that page carries; returns that last answer.
    static func sendAfterSignInEnded(
        _ browser: Browser, _ path: String, _ form: [(String, String)], staleToken: String,
        password: String = "correct horse", file: StaticString = #filePath, line: UInt = #line
    ) async throws -> TestResponse {
        let refused = try await browser.post(path, form: form + [("_csrf", staleToken)], csrf: false)
        XCTAssertEqual(refused.status, .unauthorized, "\(path): \(refused.text)", file: file, line: line)
        XCTAssertTrue(
            refused.text.contains("Nothing was saved yet: you are not signed in"), refused.text, file: file,
            line: line)
        let carried = try XCTUnwrap(hiddenValue(named: CarriedForm.fieldName, in: refused.text), file: file, line: line)
        XCTAssertFalse(carried.contains(staleToken), "the old token is not carried", file: file, line: line)
        let signedIn = try await browser.post(
            "/sign-in",
            form: [
                ("username", "Ana"), ("password", password), ("next", "/"), (CarriedForm.fieldName, carried),
            ])
        XCTAssertEqual(signedIn.status, .ok, signedIn.text, file: file, line: line)
        XCTAssertTrue(signedIn.text.contains("data-resubmit"), signedIn.text, file: file, line: line)
        let action = try XCTUnwrap(
            signedIn.text.firstMatch(of: /action="([^"]*)" data-resubmit/)?.1, file: file, line: line)
        XCTAssertEqual(htmlUnescaped(action), path, file: file, line: line)
        return try await browser.post(path, form: hiddenFields(in: signedIn.text))
    }

    func testEveryAppsAddAndEditFormIsSavedAfterSigningInAgain() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner("Ana", password: "correct horse")
            try await browser.addTodo("Water the plants")
            let todoId = try await browser.newestId()
            let recipeId = try await browser.addRecipe()
            let catalogue = try await browser.addCatalogue()
            let bookId = try await browser.addBook(
                bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]))
            // Each form as its open page would send it, with what makes it different from what is stored.
            let forms: [(name: String, load: String, path: String, form: () async throws -> [(String, String)])] = [
                (
                    "a new to-do", "/todos/new", "/todos",
                    { [("title", "Typed while signed out"), ("description", "")] }
                ),
                (
                    "a to-do's edit", "/todos/\(todoId)/edit", "/todos/\(todoId)",
                    {
                        try await [("title", "Typed while signed out"), ("description", "Twice a week")]
                            + browser.loadedVersion(of: "/todos/\(todoId)/edit")
                    }
                ),
                ("a new recipe", "/recipes/new", "/recipes", { recipeForm([("name", "Typed while signed out")]) }),
                (
                    "a recipe's edit", "/recipes/\(recipeId)/edit", "/recipes/\(recipeId)",
                    {
                        try await recipeForm([("name", "Typed while signed out")])
                            + editBaseFields(in: browser.get("/recipes/\(recipeId)/edit").text)
                    }
                ),
                (
                    "a new book", "/books/new", "/books/new",
                    {
                        bookForm(
                            genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher],
                            [("title", "Typed while signed out"), ("isbn", "")])
                    }
                ),
                (
                    "a book's edit", "/books/\(bookId)/edit", "/books/\(bookId)/edit",
                    {
                        try await bookForm(
                            genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher],
                            [("title", "Typed while signed out")])
                            + editBaseFields(in: browser.get("/books/\(bookId)/edit").text)
                    }
                ),
            ]
            for (index, entry) in forms.enumerated() {
                _ = try await browser.get(entry.load)
                var form = try await entry.form()
                form = form.map { $0.0 == "title" || $0.0 == "name" ? ($0.0, "\($0.1) \(index)") : $0 }
                let staleToken = browser.csrfToken
                // Signed out in another tab: the session ends and the browser's form token changes.
                _ = try await browser.get("/sign-out")
                let signedOut = try await browser.post("/sign-out", form: [])
                XCTAssertEqual(signedOut.status, .seeOther, signedOut.text)
                let saved = try await Self.sendAfterSignInEnded(browser, entry.path, form, staleToken: staleToken)
                XCTAssertEqual(saved.status, .seeOther, "\(entry.name) is saved: \(saved.text)")
                let shown = try await browser.get(try XCTUnwrap(saved.headers[.location])).text
                XCTAssertTrue(shown.contains("Typed while signed out \(index)"), "\(entry.name): \(shown)")
            }
        }
    }

    func testAFormFromAnotherSiteIsNotCarriedThroughTheSignIn() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner("Ana", password: "correct horse")
            _ = try await browser.post("/sign-out", form: [])
            let forged = try await browser.post(
                "/todos", form: [("title", "From elsewhere")], origin: "http://evil.example")
            XCTAssertNotEqual(forged.status, .unauthorized, forged.text)
            XCTAssertFalse(forged.text.contains(CarriedForm.fieldName + "\""), forged.text)
            // A carried form sent to the sign-in with an action off this site is dropped, not followed.
            _ = try await browser.get("/sign-in")
            let offSite = #"{"action":"//evil.example/x","fields":[],"droppedFile":false}"#
            let signedIn = try await browser.post(
                "/sign-in",
                form: [("username", "Ana"), ("password", "correct horse"), ("next", "/"), ("carried", offSite)])
            XCTAssertEqual(signedIn.status, .seeOther, signedIn.text)
            XCTAssertEqual(signedIn.headers[.location], "/")
        }
    }

    func testAPasswordTypedInAFormIsNeverCarriedIntoThePage() async throws {
        try await withApp(settings: signInSettings()) { browser in
            try await browser.setUpOwner("Ana", password: "correct horse")
            _ = try await browser.get("/account/password")
            let stale = browser.csrfToken
            _ = try await browser.post("/sign-out", form: [])
            let refused = try await browser.post(
                "/account/password",
                form: [
                    ("currentPassword", "correct horse"), ("password", "new secret words"),
                    ("passwordAgain", "new secret words"), ("_csrf", stale),
                ], csrf: false)
            XCTAssertFalse(refused.text.contains("new secret words"), refused.text)
            XCTAssertFalse(refused.text.contains("correct horse"), refused.text)
        }
    }
}
