import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// `_User` passwords live only as a hash in the internal `_hashed_password` column, which no read ever returns.
final class HashedPasswordTests: XCTestCase {
    private let hash = "$2b$04$abcdefghijklmnopqrstuuSecretHashValueThatMustNeverShow1"

    func testCreateUserKeepsTheHashReadableOnlyThroughHashedPassword() async throws {
        let store = try makeMemoryStore()
        let hash = self.hash
        let user = try await store.write { try $0.createUser(username: "Ana", hashedPassword: hash) }
        let stored = try await store.read { try $0.hashedPassword(ofUser: user.objectId) }
        XCTAssertEqual(stored, hash)
        XCTAssertEqual(user["username"]?.stringValue, "Ana")
        XCTAssertNil(user["_hashed_password"])
        XCTAssertNil(user["password"])
    }

    func testFetchFindAndIncludeOfUsersNeverShowTheHash() async throws {
        let store = try makeMemoryStore()
        let hash = self.hash
        let user = try await store.write { writer in
            let user = try writer.createUser(username: "Ana", hashedPassword: hash)
            try writer.create("_Session", ["user": .pointer(user.pointer), "sessionToken": "r:abc"])
            return user
        }
        let (fetched, found, sessions) = try await store.read { reader in
            (
                try reader.fetch("_User", objectId: user.objectId),
                try reader.find(ParseQuery("_User")),
                try reader.find(ParseQuery("_Session").include("user"))
            )
        }
        let included = try XCTUnwrap(sessions.first?["user"]?.includedObjectValue)
        for object in [fetched, try XCTUnwrap(found.first), included] {
            XCTAssertEqual(object["username"]?.stringValue, "Ana")
            XCTAssertEqual(Set(object.fields.keys), ["username"], "only the username field is returned")
            XCTAssertFalse("\(object)".contains(hash), "the hash appears in \(object)")
        }
        let schema = try await store.read { try $0.schema("_User") }
        XCTAssertNil(schema?.fields["_hashed_password"], "the hash column is not a field of the schema")
        XCTAssertNil(schema?.fields["password"])
    }

    func testUsernamesAreUniqueIgnoringCaseWithParsesCode202() async throws {
        let store = try makeMemoryStore()
        let hash = self.hash
        try await store.write { try $0.createUser(username: "Élodie", hashedPassword: hash) }
        await assertParseError(202, "Account already exists for this username.") {
            try await store.write { try $0.createUser(username: "éLODIE", hashedPassword: hash) }
        }
        let count = try await store.read { try $0.count(ParseQuery("_User")) }
        XCTAssertEqual(count, 1)
    }

    func testUserNamedFindsTheUserIgnoringCaseAndNilForStrangers() async throws {
        let store = try makeMemoryStore()
        let hash = self.hash
        let noUsersYet = try await store.read { try $0.user(named: "ana") }
        XCTAssertNil(noUsersYet)
        let ana = try await store.write { try $0.createUser(username: "Ana", hashedPassword: hash) }
        let (found, stranger) = try await store.read { (try $0.user(named: "aNA"), try $0.user(named: "Ben")) }
        XCTAssertEqual(found?.objectId, ana.objectId)
        XCTAssertNil(stranger)
    }

    func testSetHashedPasswordReplacesTheHashAndMovesUpdatedAt() async throws {
        let store = try makeMemoryStore(clock: SteppingClock())
        let hash = self.hash
        let user = try await store.write { try $0.createUser(username: "Ana", hashedPassword: hash) }
        try await store.write { try $0.setHashedPassword("$2b$04$second", forUser: user.objectId) }
        let (stored, fetched) = try await store.read { reader in
            (try reader.hashedPassword(ofUser: user.objectId), try reader.fetch("_User", objectId: user.objectId))
        }
        XCTAssertEqual(stored, "$2b$04$second")
        XCTAssertGreaterThan(fetched.updatedAt, user.updatedAt)
    }

    func testHashedPasswordOfAUserWithoutOneIsNilAndOfNobodyIs101() async throws {
        let store = try makeMemoryStore()
        let plain = try await store.write { try $0.create("_User", ["username": "NoPassword"]) }
        let none = try await store.read { try $0.hashedPassword(ofUser: plain.objectId) }
        XCTAssertNil(none)
        await assertParseError(101) { try await store.read { try $0.hashedPassword(ofUser: "missing") } }
        await assertParseError(101) {
            try await store.write { try $0.setHashedPassword("x", forUser: "missing") }
        }
    }

    func testARolledBackCreateUserLeavesNoUserAndNoHash() async throws {
        let store = try makeMemoryStore()
        let hash = self.hash
        try await store.write { try $0.createUser(username: "Ana", hashedPassword: hash) }
        do {
            try await store.write { writer in
                try writer.createUser(username: "Ben", hashedPassword: hash)
                throw TestAbort()
            }
            XCTFail("the write should have failed")
        } catch {}
        let ben = try await store.read { try $0.user(named: "Ben") }
        XCTAssertNil(ben)
    }
}
