import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// The household's own accounts through the API: log in with the Parsnip name and password, `me`, log out, sign-up
/// only when allowed and without a role, and the pages' sign-in throttle.
final class ParseAPIUsersTests: XCTestCase {
    func testLogInAnswersTheUserWithASessionTokenAndNeverAPasswordHash() async throws {
        try await withParseAPI { world in
            for answer in [
                try await world.anonymous.post(
                    "/parse/login", json(["username": "ed", "password": "editor password 1"])),
                try await world.anonymous.get(
                    "/parse/login?username=Ed&password=" + queryValue("editor password 1")),
            ] {
                XCTAssertEqual(answer.status, .ok, answer.text)
                XCTAssertEqual(answer["username"], "Ed", "the name matches ignoring case")
                XCTAssertNotNil(answer["sessionToken"]?.stringValue?.wholeMatch(of: /r:[0-9a-f]{32}/))
                XCTAssertNotNil(answer["objectId"])
                XCTAssertFalse(answer.text.contains("password"), answer.text)
                XCTAssertFalse(answer.text.contains("$2b$"), answer.text)
            }
            let me = try await world.editor.get("/parse/users/me")
            XCTAssertEqual(me["username"], "Ed")
            XCTAssertEqual(me["sessionToken"]?.stringValue, world.editor.sessionToken)
            let session = try await world.editor.get("/parse/sessions/me")
            XCTAssertEqual(session["sessionToken"]?.stringValue, world.editor.sessionToken)
            XCTAssertEqual(session["user"]?.pointerValue?.objectId, me["objectId"]?.stringValue)
        }
    }

    /// Passwords that read as JSON — a number, an object, an array, `true`, `null`, a quoted string, a number
    /// too large for a Double — and one in several scripts: each logs in through `GET /login`'s query (whose
    /// values are text, never JSON) and `POST /login`'s body; a wrong one does not.
    func testGetLogInReadsThePasswordAsTheTextSentWhateverItLooksLike() async throws {
        try await withParseAPI { world in
            let passwords = [
                "12345678", #"{"a":1234}"#, "[1,2,3,4]", "  true  ", "null    ", #""quoted""#, "1e999999",
                "pässwörd ✓ 密码", "0.50000000",
            ]
            for (number, password) in passwords.enumerated() {
                let name = "Tester\(number)"
                let made = try await world.master.post(
                    "/parse/users", json(["username": .string(name), "password": .string(password)]))
                XCTAssertEqual(made.status, .created, "\(password): \(made.text)")
                let viaQuery = try await world.anonymous.get(
                    "/parse/login?username=\(name)&password=" + queryValue(password))
                XCTAssertEqual(viaQuery.status, .ok, "GET with \(password): \(viaQuery.text)")
                XCTAssertEqual(viaQuery["username"], .string(name), viaQuery.text)
                let viaBody = try await world.anonymous.post(
                    "/parse/login", json(["username": .string(name), "password": .string(password)]))
                XCTAssertEqual(viaBody.status, .ok, "POST with \(password): \(viaBody.text)")
            }
            // One wrong attempt only: more from one address are slowed down (and answered 429).
            let wrong = try await world.anonymous.get("/parse/login?username=Tester0&password=12345678x")
            XCTAssertEqual(wrong.code, 101, "a wrong password: \(wrong.text)")
        }
    }

    func testWrongOrMissingCredentialsGetParsesCodes() async throws {
        try await withParseAPI { world in
            let wrong = try await world.anonymous.post(
                "/parse/login", json(["username": "Ed", "password": "not the password"]))
            XCTAssertEqual(wrong.status, .notFound)
            XCTAssertEqual(wrong.json, ["code": 101, "error": "Invalid username/password."])
            let nobody = try await world.anonymous.post(
                "/parse/login", json(["username": "Nobody", "password": "not the password"]))
            XCTAssertEqual(nobody.json, wrong.json, "an unknown name answers as a wrong password")
            let answer1 = try await world.anonymous.post("/parse/login", json(["password": "x"]))
            XCTAssertEqual(answer1.code, 200)
            let answer2 = try await world.anonymous.post("/parse/login", json(["username": "Ed"]))
            XCTAssertEqual(answer2.code, 201)
            let answer3 = try await world.anonymous.get("/parse/users/me")
            XCTAssertEqual(answer3.code, 209)
        }
    }

    func testLogOutEndsTheSessionForTheAPIAndThePages() async throws {
        try await withParseAPI { world in
            let out = try await world.editor.post("/parse/logout", "{}")
            XCTAssertEqual(out.status, .ok)
            XCTAssertEqual(out.text, "{}")
            let after = try await world.editor.get("/parse/users/me")
            XCTAssertEqual(after.code, 209)
            let viewer = try await world.viewer.get("/parse/users/me")
            XCTAssertEqual(viewer["username"], "Vi", "other sessions go on")
        }
    }

    func testSignUpIsOffUnlessAllowedAndGivesNoHouseholdRole() async throws {
        try await withParseAPI { world in
            let body = json(["username": "Newcomer", "password": "newcomer password", "email": "n@example.com"])
            let refused = try await world.anonymous.post("/parse/users", body)
            XCTAssertEqual(refused.code, 119)
            XCTAssertTrue(refused["error"]?.stringValue?.contains("turned off") == true)

            let created = try await world.master.post("/parse/users", body)
            XCTAssertEqual(created.status, .created, created.text)
            let id = try XCTUnwrap(created["objectId"]?.stringValue)
            XCTAssertEqual(created.headers[.location], "http://localhost/parse/users/\(id)")
            XCTAssertNotNil(created["createdAt"])
            let newcomer = world.anonymous.session(try XCTUnwrap(created["sessionToken"]?.stringValue))
            let me = try await newcomer.get("/parse/users/me")
            XCTAssertEqual(me["email"], "n@example.com")
            XCTAssertEqual(me["ACL"], [.init(stringLiteral: id): ["read": true, "write": true]])
            let household = try await newcomer.get("/parse/classes/TodoListItem")
            XCTAssertEqual(household.code, 119, "no role, nothing of the household's")

            let again = try await world.master.post("/parse/users", body)
            XCTAssertEqual(again.code, 202)
            let weak = try await world.master.post(
                "/parse/users", json(["username": "Weak", "password": "short"]))
            XCTAssertEqual(weak.code, 142)
            XCTAssertTrue(weak["error"]?.stringValue?.contains("at least 8 characters") == true, weak.text)
            let answer4 = try await world.master.post("/parse/users", json(["password": "x"]))
            XCTAssertEqual(answer4.code, 200)
            let answer5 = try await world.master.post("/parse/users", json(["username": "x"]))
            XCTAssertEqual(answer5.code, 201)
        }
    }

    func testAPersonChangesTheirOwnAppFieldsButNotNamesPasswordsOrOthers() async throws {
        try await withParseAPI { world in
            let me = try await world.viewer.get("/parse/users/me")
            let myId = try XCTUnwrap(me["objectId"]?.stringValue)
            let ed = try await world.editor.get("/parse/users/me")
            let edId = try XCTUnwrap(ed["objectId"]?.stringValue)
            // A new field of `_User` is the master key's to add (its addField permission), not any account's.
            let newField = try await world.viewer.put("/parse/users/\(myId)", json(["nickname": "V"]))
            XCTAssertEqual(newField.code, 119, newField.text)
            let schema = try await world.master.put("/parse/users/\(edId)", json(["nickname": "Ed"]))
            XCTAssertEqual(schema.status, .ok, schema.text)
            let changed = try await world.viewer.put("/parse/users/\(myId)", json(["nickname": "V"]))
            XCTAssertEqual(changed.status, .ok, changed.text)
            let answer6 = try await world.viewer.get("/parse/users/me")
            XCTAssertEqual(answer6["nickname"], "V")
            let answer7 = try await world.viewer.put("/parse/users/\(edId)", json(["nickname": "x"]))
            XCTAssertEqual(answer7.code, 101)
            let answer8 = try await world.anonymous.put("/parse/users/\(myId)", json(["nickname": "x"]))
            XCTAssertEqual(answer8.code, 206)
            let renamed = try await world.viewer.put("/parse/users/\(myId)", json(["username": "Owner"]))
            XCTAssertEqual(renamed.code, 119)
            let answer9 = try await world.viewer.put("/parse/users/\(myId)", json(["password": "new one!"]))
            XCTAssertEqual(answer9.code, 119)
            let answer10 = try await world.master.delete("/parse/users/\(myId)")
            XCTAssertEqual(answer10.code, 119)
            let answer11 = try await world.viewer.get("/parse/users/me")
            XCTAssertEqual(answer11["username"], "Vi")
        }
    }

    func testASessionDeletedFromAnAppEndsAtOnceForTheAPIAndThePages() async throws {
        try await withParseAPI { world in
            // Both remembered first: the API's and the pages' session caches hold them.
            let seen1 = try await world.viewer.get("/parse/users/me")
            XCTAssertEqual(seen1["username"], "Vi")
            let seen2 = try await world.browser.get("/todos")
            XCTAssertEqual(seen2.status, .ok)
            let sessions = try await world.master.get("/parse/sessions?limit=100")
            for session in sessions.results {
                let id = try XCTUnwrap(session["objectId"]?.stringValue)
                let deleted = try await world.master.delete("/parse/sessions/\(id)")
                XCTAssertEqual(deleted.status, .ok, deleted.text)
            }
            let seen3 = try await world.viewer.get("/parse/users/me")
            XCTAssertEqual(seen3.code, 209)
            let page = try await world.browser.get("/todos")
            XCTAssertEqual(page.status, .seeOther, "the owner's page session ended too")
        }
    }

    func testARoleGivenFromAnAppTakesEffectAtOnce() async throws {
        try await withParseAPI { world in
            let signedUp = try await world.master.post(
                "/parse/users", json(["username": "Nina", "password": "nina's password"]))
            let nina = world.anonymous.session(try XCTUnwrap(signedUp["sessionToken"]?.stringValue))
            let id = try XCTUnwrap(signedUp["objectId"]?.stringValue)
            let seen4 = try await nina.get("/parse/classes/TodoListItem")
            XCTAssertEqual(seen4.code, 119)
            let roles = try await world.master.get("/parse/roles?where=" + queryValue(#"{"name":"viewer"}"#))
            let viewerRole = try XCTUnwrap(roles.results.first?["objectId"]?.stringValue)
            let added = try await world.master.put(
                "/parse/roles/\(viewerRole)",
                json([
                    "users": [
                        "__op": "AddRelation",
                        "objects": [["__type": "Pointer", "className": "_User", "objectId": .string(id)]],
                    ]
                ]))
            XCTAssertEqual(added.status, .ok, added.text)
            let seen5 = try await nina.get("/parse/classes/TodoListItem")
            XCTAssertEqual(seen5.status, .ok)
        }
    }

    func testLogInFromAnAppIsThrottledLikeThePages() async throws {
        try await withParseAPI { world in
            var last: ParseClient.Answer?
            for _ in 0..<SignInThrottle.maximumAttempts {
                last = try await world.anonymous.post(
                    "/parse/login", json(["username": "Ana", "password": "guess guess"]))
                XCTAssertEqual(last?.code, 101)
            }
            let refused = try await world.anonymous.post(
                "/parse/login", json(["username": "Ana", "password": "owner password 1"]))
            XCTAssertEqual(refused.status, .tooManyRequests, refused.text)
            XCTAssertEqual(refused.code, 100)
            XCTAssertFalse(refused.text.contains("sessionToken"))
        }
    }
}

/// Someone who signed up from an app waits on the People page until the owner gives them a role, and from then on
/// their app session reads (and, as an editor, writes) the household's data.
final class ParseAPINewcomerTests: XCTestCase {
    func testTheOwnerGivesANewcomerARoleOnThePeoplePageAndTheirSessionFollowsAtOnce() async throws {
        try await withParseAPI { world in
            let signedUp = try await world.master.post(
                "/parse/users", json(["username": "Nina", "password": "nina's password"]))
            let nina = world.anonymous.session(try XCTUnwrap(signedUp["sessionToken"]?.stringValue))
            let id = try XCTUnwrap(signedUp["objectId"]?.stringValue)
            let refused = try await nina.get("/parse/classes/TodoListItem")
            XCTAssertEqual(refused.code, 119)

            let people = try await world.browser.get("/people")
            XCTAssertTrue(people.text.contains("Waiting for a role"), people.text)
            XCTAssertTrue(people.text.contains("action=\"/people/\(id)/role\""))
            let given = try await world.browser.post("/people/\(id)/role", form: [("role", "editor")])
            XCTAssertEqual(given.status, .seeOther)
            let after = try await world.browser.get("/people")
            XCTAssertFalse(after.text.contains("Waiting for a role"), "Nina has a role now")

            let created = try await nina.post("/parse/classes/TodoListItem", json(["title": "Nina's first"]))
            XCTAssertEqual(created.status, .created, created.text)
            let signedIn = world.browser.another()
            let page = try await signedIn.signIn("Nina", "nina's password")
            XCTAssertEqual(page.status, .seeOther, "Nina signs in on the pages too")
        }
    }

    func testANewcomerReadsTheirOwnAccountAndAnAccountWithoutARoleCanBeRemovedFromAnApp() async throws {
        try await withParseAPI { world in
            let signedUp = try await world.master.post(
                "/parse/users", json(["username": "Nina", "password": "nina's password"]))
            let nina = world.anonymous.session(try XCTUnwrap(signedUp["sessionToken"]?.stringValue))
            let id = try XCTUnwrap(signedUp["objectId"]?.stringValue)
            for path in ["/parse/users/\(id)", "/parse/classes/_User/\(id)"] {
                let own = try await nina.get(path)
                XCTAssertEqual(own["username"], "Nina", own.text)
            }
            let other = try await world.viewer.get("/parse/users/me")
            let otherId = try XCTUnwrap(other["objectId"]?.stringValue)
            let notTheirs = try await nina.get("/parse/users/\(otherId)")
            XCTAssertEqual(notTheirs.code, 119, "a newcomer reads no one else")

            let removed = try await nina.delete("/parse/users/\(id)")
            XCTAssertEqual(removed.status, .ok, removed.text)
            let after = try await nina.get("/parse/users/me")
            XCTAssertEqual(after.code, 209, "their sessions went with the account")
            let gone = try await world.master.get("/parse/users/\(id)")
            XCTAssertEqual(gone.code, 101)
        }
    }

    func testTheOwnerRemovesANewcomerOnThePeoplePage() async throws {
        try await withParseAPI { world in
            let signedUp = try await world.master.post(
                "/parse/users", json(["username": "Spammer", "password": "spammer password"]))
            let id = try XCTUnwrap(signedUp["objectId"]?.stringValue)
            let spammer = world.anonymous.session(try XCTUnwrap(signedUp["sessionToken"]?.stringValue))
            let people = try await world.browser.get("/people")
            XCTAssertTrue(people.text.contains("href=\"/people/\(id)/remove\""), people.text)
            let question = try await world.browser.get("/people/\(id)/remove")
            XCTAssertEqual(question.status, .ok)
            XCTAssertTrue(question.text.contains("Remove Spammer?"))
            let removed = try await world.browser.post("/people/\(id)/remove", form: [])
            XCTAssertEqual(removed.status, .seeOther)
            let after = try await world.browser.get("/people")
            XCTAssertTrue(after.text.contains("Removed Spammer"), after.text)
            XCTAssertFalse(after.text.contains("Waiting for a role"))
            let gone = try await spammer.get("/parse/users/me")
            XCTAssertEqual(gone.code, 209, "their session ended with the account")
            let again = try await world.browser.get("/people/\(id)/remove")
            XCTAssertEqual(again.status, .notFound)
        }
    }
}
