import Foundation
import XCTest

@testable import Parsnip

/// The owner's people page: list, add, change role, new password, remove — and each change applies at once.
final class AccountPeoplePageTests: XCTestCase {
    func testThePeoplePageListsEveryoneWithTheirRoleAndMarksYou() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let added = try await owner.addPerson("Ben", "password one", role: .viewer)
            XCTAssertEqual(added.status, .seeOther)
            let page = try await owner.get("/people").text
            XCTAssertTrue(page.contains("Added Ben as a viewer"))
            XCTAssertTrue(page.contains(#"<p class="count">2 people</p>"#))
            XCTAssertTrue(page.contains(#"Ana <span class="person-you">(you)</span>"#))
            XCTAssertTrue(page.contains(#"<option value="viewer" selected>Viewer</option>"#))
            XCTAssertEqual(page.occurrences(of: ">Remove<"), 1, "nobody is offered to remove themselves")
            XCTAssertTrue(page.contains("<title>People · Parsnip</title>"))
        }
    }

    func testAddingSomeoneWithATakenNameOrABadPasswordExplainsBesideTheField() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner("Ana")
            let taken = try await owner.addPerson("  ana ", "password one", role: .editor)
            XCTAssertEqual(taken.status, .unprocessableContent)
            XCTAssertTrue(taken.text.contains("Someone already uses this name"))
            XCTAssertTrue(taken.text.contains(#"aria-invalid="true""#))
            let long = try await owner.addPerson("Ben", String(repeating: "p", count: 65), role: .editor)
            XCTAssertTrue(long.text.contains("Use at most 64 characters for the password"))
            let emoji = try await owner.addPerson("Ben", String(repeating: "🍐", count: 20), role: .editor)
            XCTAssertTrue(emoji.text.contains("That password is too long"), "bcrypt reads only 72 bytes")
            let control = try await owner.addPerson("Ben\u{7}", "password one", role: .editor)
            XCTAssertTrue(control.text.contains("Use only letters, numbers, spaces and punctuation in the name"))
            let longName = try await owner.addPerson(String(repeating: "n", count: 41), "password one", role: .editor)
            XCTAssertTrue(longName.text.contains("Use at most 40 characters for the name"))
            let people = try await owner.get("/people").text
            XCTAssertTrue(people.contains(#"<p class="count">1 person</p>"#))
        }
    }

    func testARoleChangedOnThePeoplePageAppliesToTheirNextRequest() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Ben", "password one", role: .viewer)
            let ben = owner.another()
            try await ben.signIn("Ben", "password one")
            let refused = try await ben.addTodo("Buy oat milk")
            XCTAssertEqual(refused.status, .forbidden)
            let id = try await owner.personId("Ben")
            let change = try await owner.post("/people/\(id)/role", form: [("role", "editor")])
            XCTAssertEqual(change.status, .seeOther)
            let afterRoleChange = try await owner.get("/people")
            XCTAssertTrue(afterRoleChange.text.contains("Ben is now an editor"))
            let accepted = try await ben.addTodo("Buy oat milk")
            XCTAssertEqual(accepted.status, .seeOther)
        }
    }

    func testTheLastOwnerCannotStepDownFromThePeoplePage() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let id = try await owner.personId("Ana")
            let change = try await owner.post("/people/\(id)/role", form: [("role", "viewer")])
            XCTAssertEqual(change.status, .seeOther)
            let page = try await owner.get("/people").text
            XCTAssertTrue(page.contains("Parsnip needs an owner. Make someone else an owner first"))
            XCTAssertTrue(page.contains(#"<option value="owner" selected>Owner</option>"#))
            let removeSelf = try await owner.post("/people/\(id)/remove", form: [])
            XCTAssertEqual(removeSelf.status, .seeOther)
            let afterSelfRemoval = try await owner.get("/people")
            XCTAssertTrue(afterSelfRemoval.text.contains("You cannot remove yourself"))
        }
    }

    func testRemovingSomeoneAsksFirstNamingThemAndSignsThemOutAtOnce() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Ben", "password one", role: .editor)
            let ben = owner.another()
            try await ben.signIn("Ben", "password one")
            let benBeforeRemoval = try await ben.get("/todos")
            XCTAssertEqual(benBeforeRemoval.status, .ok)
            let id = try await owner.personId("Ben")
            let confirm = try await owner.get("/people/\(id)/remove")
            XCTAssertTrue(confirm.text.contains("<h1>Remove Ben?</h1>"))
            XCTAssertTrue(confirm.text.contains("They will be signed out at once"))
            let removal = try await owner.post("/people/\(id)/remove", form: [])
            XCTAssertEqual(removal.status, .seeOther)
            let peopleAfterRemoval = try await owner.get("/people")
            XCTAssertTrue(peopleAfterRemoval.text.contains("Removed Ben"))
            let afterRemoval = try await ben.get("/todos")
            XCTAssertEqual(afterRemoval.status, .seeOther)
            XCTAssertEqual(afterRemoval.headers[.location], "/sign-in?next=%2Ftodos")
            let signInAgain = try await ben.signIn("Ben", "password one")
            XCTAssertEqual(signInAgain.status, .unprocessableContent)
            let goneRemovePage = try await owner.get("/people/\(id)/remove")
            XCTAssertEqual(goneRemovePage.status, .notFound)
        }
    }

    func testANewPasswordSignsThemOutAndReplacesTheOldOne() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Ben", "password one", role: .editor)
            let ben = owner.another()
            try await ben.signIn("Ben", "password one")
            let id = try await owner.personId("Ben")
            let form = try await owner.get("/people/\(id)/password")
            XCTAssertTrue(form.text.contains("<h1>New password for Ben</h1>"))
            let short = try await owner.post("/people/\(id)/password", form: [("password", "short")])
            XCTAssertEqual(short.status, .unprocessableContent)
            let saved = try await owner.post("/people/\(id)/password", form: [("password", "password two")])
            XCTAssertEqual(saved.status, .seeOther)
            let benAfterReset = try await ben.get("/todos")
            XCTAssertEqual(benAfterReset.status, .seeOther, "Ben's session ended")
            let signInWithOldPassword = try await ben.signIn("Ben", "password one")
            XCTAssertEqual(signInWithOldPassword.status, .unprocessableContent)
            let signInWithNewPassword = try await ben.signIn("Ben", "password two")
            XCTAssertEqual(signInWithNewPassword.status, .seeOther)
            let ownId = try await owner.personId("Ana")
            try await owner.post("/people/\(ownId)/password", form: [("password", "new owner pass")])
            let afterOwnReset = try await owner.get("/people")
            XCTAssertEqual(afterOwnReset.status, .ok, "the owner's own session stays")
        }
    }
}
