import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// Everyone changes their own password from their name in the header: the current one first, the new one twice;
/// other sessions end, this one stays; wrong current passwords are throttled like sign-ins.
final class OwnPasswordTests: XCTestCase {
    func testAnEditorChangesTheirOwnPasswordAndTheirOtherSessionEndsButThisOneStays() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addPerson("Ben", "battery staple", role: .editor)
            let ben = owner.another()
            try await ben.signIn("Ben", "battery staple")
            let phone = owner.another()
            try await phone.signIn("Ben", "battery staple")

            let home = try await ben.get("/").text
            XCTAssertTrue(home.contains(#"<a class="account-name" href="/account/password">Ben"#), home)
            let form = try await ben.get("/account/password")
            XCTAssertEqual(form.status, .ok)
            XCTAssertTrue(form.text.contains("Your current password"))
            let changed = try await ben.post(
                "/account/password",
                form: [
                    ("current", "battery staple"), ("password", "new staple battery"),
                    ("passwordAgain", "new staple battery"),
                ])
            XCTAssertEqual(changed.status, .seeOther, changed.text)
            let after = try await ben.get("/").text
            XCTAssertTrue(after.contains("Your password is changed"), "this session stays signed in")
            let other = try await phone.get("/todos")
            XCTAssertEqual(other.status, .seeOther, "the other session ended")

            let fresh = owner.another()
            try await fresh.signIn("Ben", "new staple battery")
            let signedIn = try await fresh.get("/todos").status
            XCTAssertEqual(signedIn, .ok)
        }
    }

    func testAWrongCurrentPasswordOrTwoDifferentNewOnesChangeNothingAndSaySo() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let wrong = try await owner.post(
                "/account/password",
                form: [
                    ("current", "wrong horse"), ("password", "new staple battery"),
                    ("passwordAgain", "new staple battery"),
                ])
            XCTAssertEqual(wrong.status, .unprocessableContent)
            XCTAssertTrue(wrong.text.contains("That is not your current password"))
            XCTAssertFalse(wrong.text.contains("wrong horse"), "passwords are never sent back")
            let differ = try await owner.post(
                "/account/password",
                form: [
                    ("current", "correct horse"), ("password", "new staple battery"), ("passwordAgain", "new stapler"),
                ])
            XCTAssertEqual(differ.status, .unprocessableContent)
            XCTAssertTrue(differ.text.contains("The two new passwords differ"))
            let again = owner.another()
            try await again.signIn("Ana", "correct horse")
            let status = try await again.get("/todos").status
            XCTAssertEqual(status, .ok, "the password did not change")
        }
    }

    func testGuessingTheCurrentPasswordIsThrottledLikeSigningIn() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            var statuses: [HTTPResponse.Status] = []
            for guess in 0..<15 {
                let answer = try await owner.post(
                    "/account/password",
                    form: [
                        ("current", "guess \(guess)"), ("password", "new staple battery"),
                        ("passwordAgain", "new staple battery"),
                    ])
                statuses.append(answer.status)
            }
            XCTAssertTrue(statuses.contains(.tooManyRequests), "\(statuses)")
        }
    }

    func testAViewerWhoCannotChangeTheListsCanStillChangeTheirOwnPassword() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addPerson("Vi", "password two", role: .viewer)
            let viewer = owner.another()
            try await viewer.signIn("Vi", "password two")
            let changed = try await viewer.post(
                "/account/password",
                form: [
                    ("current", "password two"), ("password", "password three"), ("passwordAgain", "password three"),
                ])
            XCTAssertEqual(changed.status, .seeOther, changed.text)
            let refused = try await viewer.post("/todos", form: [("title", "Sneaky"), ("description", "")])
            XCTAssertEqual(refused.status, .forbidden, "still a viewer")
            // The new password signs in; the old one no longer does.
            let withNew = owner.another()
            let signedIn = try await withNew.signIn("Vi", "password three")
            XCTAssertEqual(signedIn.status, .seeOther, signedIn.text)
            let list = try await withNew.get("/todos")
            XCTAssertEqual(list.status, .ok)
            let withOld = owner.another()
            let refusedOld = try await withOld.signIn("Vi", "password two")
            XCTAssertNotEqual(refusedOld.status, .seeOther, "the old password is refused")
        }
    }
}
