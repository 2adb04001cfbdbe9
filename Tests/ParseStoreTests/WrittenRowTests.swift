import Foundation
import ParseStore
import XCTest

/// A fetch inside a write, straight after a create, may answer from the row the create got back (PostgreSQL saves
/// a round trip that way): whatever the transaction writes in between, the fetch still gives what the table holds.
final class WrittenRowTests: XCTestCase {
    func testAFetchAfterACreateGivesTheStoredObjectAndFollowsEveryLaterWrite() async throws {
        let store = try makeMemoryStore()
        let other = try await seed(store, "Shelf", [["name": .string("Hall")]])[0]
        let seen = try await store.write { writer -> [String] in
            let made = try writer.create("Shelf", ["name": .string("Study"), "books": .number(3)])
            var seen: [String] = []
            let first = try writer.reader.fetch("Shelf", objectId: made.objectId)
            seen.append(first["name"]?.stringValue ?? "?")
            XCTAssertEqual(first.createdAt, made.createdAt)
            XCTAssertEqual(first.updatedAt, made.updatedAt)
            _ = try writer.update("Shelf", objectId: made.objectId, ["name": .string("Library")])
            seen.append(try writer.reader.fetch("Shelf", objectId: made.objectId)["name"]?.stringValue ?? "?")
            _ = try writer.update("Shelf", objectId: made.objectId, operations: ["books": .increment(2)])
            seen.append("\(try writer.reader.fetch("Shelf", objectId: made.objectId)["books"]?.numberValue ?? -1)")
            // Another object's fetch is never answered with the one just written.
            seen.append(try writer.reader.fetch("Shelf", objectId: other.objectId)["name"]?.stringValue ?? "?")
            return seen
        }
        XCTAssertEqual(seen, ["Study", "Library", "5.0", "Hall"])
    }

    func testAnObjectCreatedInAnUndoneStepIsNotFoundAfterIt() async throws {
        let store = try makeMemoryStore()
        _ = try await seed(store, "Shelf", [["name": .string("Hall")]])
        let found = try await store.write { writer -> Bool in
            var madeId = ""
            let failure = try writer.attempt {
                madeId = try writer.create("Shelf", ["name": .string("Attic")]).objectId
                throw ParseError(.validationFailed, "undone")
            }
            XCTAssertNotNil(failure)
            do {
                _ = try writer.reader.fetch("Shelf", objectId: madeId)
                return true
            } catch let error as ParseError where error.code == .objectNotFound {
                return false
            }
        }
        XCTAssertFalse(found, "the step that created it was undone")
    }

    func testAFetchAsAPersonStillObeysTheObjectsACL() async throws {
        let store = try makeMemoryStore()
        let denied = try await store.write { writer -> Bool in
            let acl: ParseValue = .object(["someoneElse": .object(["read": .boolean(true)])])
            let made = try writer.create("Shelf", ["name": .string("Private"), "ACL": acl])
            do {
                _ = try writer.reader.acting(as: .user("me", roles: [])).fetch("Shelf", objectId: made.objectId)
                return false
            } catch let error as ParseError where error.code == .objectNotFound {
                return true
            }
        }
        XCTAssertTrue(denied, "the row just written is answered only with the master key")
    }
}
