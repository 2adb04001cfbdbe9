import Foundation
import HTTPTypes
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Setting up, signing in and out, one's own password, the People page with all it leads to, a form carried over an
/// ended sign-in, and their refusals and flash messages — in each of the six languages, with no English sentence of
/// the account catalogue left on a page in another language.
final class AccountPagesInEveryLanguageTests: XCTestCase {
    func testEveryAccountPageSpeaksEachLanguage() async throws {
        let english = try AccountCatalogue.englishSentences(of: ["accounts.json"])
        XCTAssertGreaterThan(english.count, 50, "the English sentences were read")
        for language in Language.allCases {
            try await withApp(settings: signInSettings()) { owner in
                try await Self.walkEveryAccountPage(owner, in: language, without: english)
            }
        }
    }

    /// Every account page, its problems and its flash messages, through the pages, in `language`.
    static func walkEveryAccountPage(_ owner: Browser, in language: Language, without english: Set<String>)
        async throws
    {
        let check = { (html: String, what: String) in
            AccountCatalogue.assertSpeaks(language, html, without: english, what)
        }
        owner.cookies[LanguageChoice.cookieName] = language.rawValue

        // Set-up, with every problem at once, then done.
        let setup = try await owner.get("/setup").text
        check(setup, "the set-up page")
        AccountCatalogue.assertSays(setup, "accounts.setup.lead", in: language, on: "the set-up page")
        let refusedSetup = try await owner.post(
            "/setup", form: [("code", "0000 0000"), ("username", " "), ("password", "short"), ("passwordAgain", "")])
        XCTAssertEqual(refusedSetup.status, .unprocessableContent)
        check(refusedSetup.text, "the refused set-up")
        AccountCatalogue.assertSays(refusedSetup.text, "accounts.setup.code.wrong", in: language, on: "set-up")
        AccountCatalogue.assertSays(refusedSetup.text, "accounts.rule.nameMissing", in: language, on: "set-up")
        AccountCatalogue.assertSays(
            refusedSetup.text, "accounts.rule.passwordTooShort", in: language, counts: ["minimum": 8], on: "set-up")
        let differs = try await owner.post(
            "/setup",
            form: [
                ("code", testSetupCode), ("username", "Ana"), ("password", "correct horse"),
                ("passwordAgain", "correct hose"),
            ])
        AccountCatalogue.assertSays(differs.text, "accounts.rule.repeatDiffers", in: language, on: "set-up")
        try await owner.setUpOwner("Ana", password: "correct horse")
        let welcome = try await owner.get("/").text
        AccountCatalogue.assertSays(welcome, "accounts.setup.welcome", in: language, ["name": "Ana"], on: "the welcome")

        // The People page, with someone added, someone waiting for a role, and a refusal.
        try await owner.addPerson("Ben", "password one", role: .editor)
        let people = try await owner.get("/people").text
        check(people, "the People page")
        AccountCatalogue.assertSays(
            people, "accounts.people.added", in: language, ["name": "Ben", "role": "editor"], on: "the People page")
        AccountCatalogue.assertSays(people, "accounts.people.count", in: language, counts: ["count": 2], on: "People")
        AccountCatalogue.assertSays(people, "role.editor", in: language, on: "the role select")
        AccountCatalogue.assertSays(people, "accounts.household.heading", in: language, on: "the People page")
        try await Self.addNewcomer(owner)
        let withNewcomer = try await owner.get("/people").text
        check(withNewcomer, "the People page with a newcomer")
        AccountCatalogue.assertSays(withNewcomer, "accounts.people.newcomers.lead", in: language, on: "newcomers")
        let refusedPerson = try await owner.post(
            "/people", form: [("username", "ben"), ("password", "password one"), ("role", "viewer")])
        XCTAssertEqual(refusedPerson.status, .unprocessableContent)
        check(refusedPerson.text, "the refused new person")
        AccountCatalogue.assertSays(refusedPerson.text, "accounts.people.nameTaken", in: language, on: "a taken name")
        let noRole = try await owner.post("/people", form: [("username", "Cy"), ("password", "password one")])
        AccountCatalogue.assertSays(noRole.text, "accounts.people.add.roleMissing", in: language, on: "no role")
        let ana = try await owner.personId(anyLanguage: "Ana")
        try await owner.post("/people/\(ana)/role", form: [("role", "viewer")])
        let lastOwner = try await owner.get("/people").text
        check(lastOwner, "the last owner's refusal")
        AccountCatalogue.assertSays(lastOwner, "accounts.people.lastOwner", in: language, on: "the last owner")
        let ben = try await owner.personId(anyLanguage: "Ben")
        try await owner.post("/people/\(ben)/role", form: [("role", "viewer")])
        let changed = try await owner.get("/people").text
        AccountCatalogue.assertSays(
            changed, "accounts.people.roleChanged", in: language, ["name": "Ben", "role": "viewer"], on: "a new role")

        // Ben's new password, then removing him.
        let password = try await owner.get("/people/\(ben)/password").text
        check(password, "the new password page")
        AccountCatalogue.assertSays(password, "accounts.password.lead", in: language, ["name": "Ben"], on: "password")
        let short = try await owner.post("/people/\(ben)/password", form: [("password", "short")])
        check(short.text, "the refused new password")
        try await owner.post("/people/\(ben)/password", form: [("password", "password two")])
        AccountCatalogue.assertSays(
            try await owner.get("/people").text, "accounts.password.saved", in: language, ["name": "Ben"], on: "saved")
        let remove = try await owner.get("/people/\(ben)/remove").text
        check(remove, "the remove question")
        AccountCatalogue.assertSays(remove, "accounts.remove.button", in: language, ["name": "Ben"], on: "remove")
        try await owner.post("/people/\(ben)/remove", form: [])
        AccountCatalogue.assertSays(
            try await owner.get("/people").text, "accounts.people.removed", in: language, ["name": "Ben"], on: "removed"
        )

        // Her own password.
        let own = try await owner.get("/account/password").text
        check(own, "the own password page")
        XCTAssertFalse(own.contains(#"aria-describedby="""#), "a field without hint or error names nothing")
        AccountCatalogue.assertSays(own, "accounts.ownPassword.lead", in: language, ["name": "Ana"], on: "own password")
        let wrongOwn = try await owner.post(
            "/account/password",
            form: [("current", "not it at all"), ("password", "a new horse battery"), ("passwordAgain", "a new")])
        check(wrongOwn.text, "the refused own password")
        AccountCatalogue.assertSays(wrongOwn.text, "accounts.ownPassword.again.differs", in: language, on: "own")
        let notCurrent = try await owner.post(
            "/account/password",
            form: [
                ("current", "not it at all"), ("password", "a new horse battery"),
                ("passwordAgain", "a new horse battery"),
            ])
        AccountCatalogue.assertSays(notCurrent.text, "accounts.ownPassword.current.wrong", in: language, on: "own")

        // Signing out, a wrong sign-in, and a form carried over the ended sign-in.
        let signOut = try await owner.get("/sign-out").text
        check(signOut, "the sign-out page")
        XCTAssertTrue(signOut.contains(#"<strong class="item-name">Ana</strong>"#), "the name stands out")
        try await owner.addTodo("Water the plants")
        let staleToken = owner.csrfToken
        try await owner.post("/sign-out", form: [])
        let signIn = try await owner.get("/sign-in").text
        check(signIn, "the sign-in page")
        AccountCatalogue.assertSays(signIn, "accounts.signOut.done", in: language, on: "signed out")
        let wrong = try await owner.post(
            "/sign-in", form: [("username", "Ana"), ("password", "not the password"), ("next", "/")])
        check(wrong.text, "the refused sign-in")
        AccountCatalogue.assertSays(wrong.text, "accounts.signIn.wrong", in: language, on: "a wrong password")
        let carried = try await owner.post(
            "/todos", form: [("title", "Typed while signed out"), ("_csrf", staleToken)], csrf: false)
        XCTAssertEqual(carried.status, .unauthorized)
        check(carried.text, "the sign-in page keeping a form")
        AccountCatalogue.assertSays(
            carried.text, "accounts.signIn.carried", in: language, ["photo": "kept"], on: "kept")
        let resubmit = try await owner.post(
            "/sign-in",
            form: [
                ("username", "Ana"), ("password", "correct horse"), ("next", "/"),
                (CarriedForm.fieldName, try XCTUnwrap(hiddenValue(named: CarriedForm.fieldName, in: carried.text))),
            ])
        check(resubmit.text, "the page that sends the kept form")
        AccountCatalogue.assertSays(resubmit.text, "accounts.resubmit.button", in: language, on: "resubmit")
    }

    /// Someone who made an account from an app: sign-up opened on the Apps page, then the Parse API's sign-up.
    static func addNewcomer(_ owner: Browser) async throws {
        try await owner.post("/apps/sign-up", form: [("allowed", "yes")])
        let app = ParseClient(client: owner.client)
        let created = try await app.post("/parse/users", json(["username": "Newt", "password": "newcomer password"]))
        XCTAssertEqual(created.status, .created, created.text)
    }

    func testWithoutSigningInOnThisComputerTheOwnPasswordPageSaysSoInEachLanguage() async throws {
        let english = try AccountCatalogue.englishSentences(of: ["accounts.json"])
        try await withApp(settings: signInSettings(requireSignIn: false)) { visitor in
            for language in Language.allCases {
                let page = try await visitor.get(
                    "/account/password", headers: [.acceptLanguage: language.rawValue]
                ).text
                AccountCatalogue.assertSpeaks(language, page, without: english, "the own password page")
                AccountCatalogue.assertSays(
                    page, "accounts.ownPassword.notSignedIn.message", in: language, on: "no password here")
            }
        }
    }

    func testTooManySignInAttemptsSayWhenToTryAgainInTheLanguagesWay() throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
        let until = Date(timeIntervalSince1970: 1_714_558_830)
        let english = AccountWords.tooManyAttempts(until, in: .en)
        XCTAssertTrue(english.hasPrefix("Too many sign-in attempts. Try again after "), english)
        let korean = AccountWords.tooManyAttempts(until, in: .ko)
        XCTAssertTrue(korean.hasPrefix("로그인 시도가 너무 많습니다."), korean)
        XCTAssertNotNil(korean.firstMatch(of: /[0-9]{1,2}:[0-9]{2} 이후에/), korean)
    }
}
