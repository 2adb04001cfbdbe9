import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// The store-backed accounts: one owner set up once, sessions as Parse keeps them, roles that change at once.
final class AccountRepositoryTests: XCTestCase {
    private func ownerSession(_ accounts: StoreAccountRepository) async throws -> AccountSession {
        guard case .success(let session) = try await accounts.createOwner(username: "Ana", password: "correct horse")
        else { throw XCTSkip("set-up failed") }
        return session
    }

    private func session(_ accounts: StoreAccountRepository, _ username: String, _ password: String) async throws
        -> AccountSession
    {
        let session = try await accounts.signIn(username: username, password: password)
        return try XCTUnwrap(session, "\(username) could not sign in")
    }

    func testTheOwnerIsCreatedOnceAndSignedIn() async throws {
        let accounts = try memoryAccounts()
        let noOwnerYet = try await accounts.ownerExists()
        XCTAssertFalse(noOwnerYet)
        let session = try await ownerSession(accounts)
        XCTAssertEqual(session.user.role, .owner)
        let owner = try await accounts.user(forSession: session.token)
        XCTAssertEqual(owner, session.user)
        let ownerExists = try await accounts.ownerExists()
        XCTAssertTrue(ownerExists)
        let second = try await accounts.createOwner(username: "Mallory", password: "correct horse")
        XCTAssertEqual(second, .failure(.setupDone))
        let people = try await accounts.people()
        XCTAssertEqual(people.map(\.username), ["Ana"])
    }

    func testSessionsAreParseSessionsWithAnRTokenAndExpireAfter30Days() async throws {
        let clock = ManualClock()
        let accounts = try memoryAccounts(clock: clock)
        let session = try await ownerSession(accounts)
        XCTAssertNotNil(session.token.wholeMatch(of: /r:[0-9a-f]{32}/), session.token)
        XCTAssertEqual(session.expiresAt, clock.now().addingTimeInterval(30 * 24 * 3600))
        let stored = try await accounts.door.read { reader in
            try reader.find(ParseQuery("_Session").include("user"))
        }
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(stored[0]["sessionToken"]?.stringValue, session.token)
        XCTAssertEqual(stored[0]["user"]?.includedObjectValue?["username"]?.stringValue, "Ana")
        XCTAssertEqual(stored[0]["createdWith"], ["action": "login", "authProvider": "password"])
        XCTAssertEqual(stored[0]["expiresAt"]?.dateValue, session.expiresAt)
    }

    func testAnExpiredSessionIsRefusedAndItsRowDeleted() async throws {
        let clock = ManualClock()
        let accounts = try memoryAccounts(clock: clock)
        let session = try await ownerSession(accounts)
        clock.advance(by: 30 * 24 * 3600 - 1)
        let stillValid = try await accounts.user(forSession: session.token)
        XCTAssertNotNil(stillValid, "the session lasts 30 days")
        clock.advance(by: 1)
        let expired = try await accounts.user(forSession: session.token)
        XCTAssertNil(expired)
        let rows = try await accounts.door.read { try $0.count(ParseQuery("_Session")) }
        XCTAssertEqual(rows, 0)
    }

    func testSignInIgnoresTheCaseOfTheNameAndRefusesAWrongPasswordOrAStranger() async throws {
        let accounts = try memoryAccounts()
        _ = try await ownerSession(accounts)
        let signedIn = try await accounts.signIn(username: "aNA", password: "correct horse")
        XCTAssertEqual(signedIn?.user.username, "Ana")
        let wrongPassword = try await accounts.signIn(username: "Ana", password: "Correct horse")
        XCTAssertNil(wrongPassword)
        let stranger = try await accounts.signIn(username: "Ben", password: "correct horse")
        XCTAssertNil(stranger)
    }

    func testAddPersonRefusesANameAlreadyUsedIgnoringCase() async throws {
        let accounts = try memoryAccounts()
        _ = try await ownerSession(accounts)
        let ben = try await accounts.addPerson(username: "Ben", password: "password one", role: .editor)
        XCTAssertEqual(try ben.get().role, .editor)
        let again = try await accounts.addPerson(username: "BEN", password: "password two", role: .viewer)
        XCTAssertEqual(again, .failure(.usernameTaken))
        let people = try await accounts.people()
        XCTAssertEqual(people.map(\.username), ["Ana", "Ben"])
    }

    func testSignOutDeletesTheSessionRow() async throws {
        let accounts = try memoryAccounts()
        let session = try await ownerSession(accounts)
        _ = try await accounts.user(forSession: session.token)
        try await accounts.signOut(token: session.token)
        let afterSignOut = try await accounts.user(forSession: session.token)
        XCTAssertNil(afterSignOut)
        let rows = try await accounts.door.read { try $0.count(ParseQuery("_Session")) }
        XCTAssertEqual(rows, 0)
    }

    func testARemovedPersonsCachedSessionIsRefusedAtOnce() async throws {
        let accounts = try memoryAccounts()
        let owner = try await ownerSession(accounts)
        let ben = try await accounts.addPerson(username: "Ben", password: "password one", role: .editor).get()
        let benSession = try await session(accounts, "Ben", "password one")
        let beforeRemoval = try await accounts.user(forSession: benSession.token)
        XCTAssertEqual(beforeRemoval?.username, "Ben", "the session is now cached")
        let removed = try await accounts.removePerson(personId: ben.id, by: owner.user)
        XCTAssertEqual(removed, .success(ben))
        let afterRemoval = try await accounts.user(forSession: benSession.token)
        XCTAssertNil(afterRemoval)
        let (sessions, members) = try await accounts.door.read { reader in
            (
                try reader.count(ParseQuery("_Session")),
                try reader.count(
                    ParseQuery("_Role").where(
                        "users", equalTo: .pointer(ParsePointer(className: "_User", objectId: ben.id))))
            )
        }
        XCTAssertEqual(sessions, 1, "only the owner's session is left")
        XCTAssertEqual(members, 0, "Ben is in no role any more")
    }

    func testARoleChangeAppliesAtOnceToACachedSessionAndKeepsOneRoleEach() async throws {
        let accounts = try memoryAccounts()
        _ = try await ownerSession(accounts)
        let ben = try await accounts.addPerson(username: "Ben", password: "password one", role: .viewer).get()
        let session = try await session(accounts, "Ben", "password one")
        let asViewer = try await accounts.user(forSession: session.token)
        XCTAssertEqual(asViewer?.role, .viewer)
        let changed = try await accounts.changeRole(personId: ben.id, to: .editor)
        XCTAssertEqual(try changed.get().role, .editor)
        let asEditor = try await accounts.user(forSession: session.token)
        XCTAssertEqual(asEditor?.role, .editor)
        let memberships = try await accounts.door.read { reader in
            try reader.find(
                ParseQuery("_Role").where(
                    "users", equalTo: .pointer(ParsePointer(className: "_User", objectId: ben.id))))
        }
        XCTAssertEqual(memberships.compactMap { $0["name"]?.stringValue }, ["editor"])
    }

    func testTheLastOwnerCannotStopBeingOwnerAndNobodyCanRemoveThemselves() async throws {
        let accounts = try memoryAccounts()
        let owner = try await ownerSession(accounts)
        let demoted = try await accounts.changeRole(personId: owner.user.objectId, to: .editor)
        XCTAssertEqual(demoted, .failure(.lastOwner))
        let selfRemoval = try await accounts.removePerson(personId: owner.user.objectId, by: owner.user)
        XCTAssertEqual(selfRemoval, .failure(.removingYourself))
        let cleo = try await accounts.addPerson(username: "Cleo", password: "password one", role: .owner).get()
        let nowAllowed = try await accounts.changeRole(personId: owner.user.objectId, to: .editor)
        XCTAssertEqual(try nowAllowed.get().role, .editor, "with a second owner the first may step down")
        let lastOwnerRemoval = try await accounts.removePerson(personId: cleo.id, by: owner.user)
        XCTAssertEqual(lastOwnerRemoval, .failure(.lastOwner))
        let cleoDemoted = try await accounts.changeRole(personId: cleo.id, to: .viewer)
        XCTAssertEqual(cleoDemoted, .failure(.lastOwner))
        let roles = try await accounts.people().map { "\($0.username):\($0.role.rawValue)" }
        XCTAssertEqual(roles, ["Ana:editor", "Cleo:owner"])
    }

    func testResetPasswordEndsThatPersonsOtherSessionsButKeepsTheOneResettingIt() async throws {
        let accounts = try memoryAccounts()
        let owner = try await ownerSession(accounts)
        let ownerElsewhere = try await session(accounts, "Ana", "correct horse")
        let ben = try await accounts.addPerson(username: "Ben", password: "password one", role: .editor).get()
        let benSession = try await session(accounts, "Ben", "password one")
        _ = try await accounts.user(forSession: benSession.token)

        _ = try await accounts.resetPassword(personId: ben.id, password: "password two", keepingSession: nil).get()
        let benAfter = try await accounts.user(forSession: benSession.token)
        XCTAssertNil(benAfter, "Ben's session ended with the reset")
        let oldPassword = try await accounts.signIn(username: "Ben", password: "password one")
        XCTAssertNil(oldPassword)
        let newPassword = try await accounts.signIn(username: "Ben", password: "password two")
        XCTAssertNotNil(newPassword)

        _ = try await accounts.resetPassword(
            personId: owner.user.objectId, password: "new owner pass", keepingSession: owner.token
        ).get()
        let kept = try await accounts.user(forSession: owner.token)
        XCTAssertEqual(kept?.username, "Ana", "the session that reset the password stays")
        let other = try await accounts.user(forSession: ownerElsewhere.token)
        XCTAssertNil(other, "the owner's other session ended")
    }

    func testChangesToSomeoneGoneAreRefusedAsNotFound() async throws {
        let accounts = try memoryAccounts()
        let owner = try await ownerSession(accounts)
        let missing = "AbCdE12345"
        let role = try await accounts.changeRole(personId: missing, to: .editor)
        XCTAssertEqual(role, .failure(.notFound))
        let password = try await accounts.resetPassword(
            personId: missing, password: "password one", keepingSession: nil)
        XCTAssertEqual(password, .failure(.notFound))
        let removal = try await accounts.removePerson(personId: missing, by: owner.user)
        XCTAssertEqual(removal, .failure(.notFound))
    }
}
