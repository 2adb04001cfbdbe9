import XCTest

@testable import ParseStore

/// A user's access names every role that includes them, directly or through other roles, and nothing more.
final class RoleAccessTests: XCTestCase {
    func testAUserHasTheRolesThatHoldThemAndThoseThatPassTheirRoleOnAtAnyDepth() async throws {
        let store = try makeMemoryStore()
        let roles = try await seed(
            store, "_Role", [["name": "editors"], ["name": "viewers"], ["name": "guests"], ["name": "cooks"]])
        let ids = Dictionary(uniqueKeysWithValues: roles.map { ($0["name"]!.stringValue!, $0.objectId) })
        let id = { @Sendable (name: String) in ids[name]! }
        try await store.write { writer in
            // Ana is an editor; editors count as viewers, viewers as guests; guests pass back to editors (a cycle).
            try writer.update(
                "_Role", objectId: id("editors"),
                operations: [
                    "users": .addRelation([
                        ParsePointer(className: "_User", objectId: "ana0000001")
                    ])
                ])
            try writer.update(
                "_Role", objectId: id("viewers"),
                operations: [
                    "roles": .addRelation([
                        ParsePointer(className: "_Role", objectId: id("editors"))
                    ])
                ])
            try writer.update(
                "_Role", objectId: id("guests"),
                operations: [
                    "roles": .addRelation([
                        ParsePointer(className: "_Role", objectId: id("viewers"))
                    ])
                ])
            try writer.update(
                "_Role", objectId: id("editors"),
                operations: [
                    "roles": .addRelation([
                        ParsePointer(className: "_Role", objectId: id("guests"))
                    ])
                ])
            try writer.update(
                "_Role", objectId: id("cooks"),
                operations: [
                    "users": .addRelation([
                        ParsePointer(className: "_User", objectId: "ben0000001")
                    ])
                ])
        }
        let ana = try await store.read { try $0.access(ofUser: "ana0000001") }
        XCTAssertEqual(ana, .user("ana0000001", roles: ["editors", "viewers", "guests"]))
        let ben = try await store.read { try $0.access(ofUser: "ben0000001") }
        XCTAssertEqual(ben, .user("ben0000001", roles: ["cooks"]))
        let nobody = try await store.read { try $0.access(ofUser: "zed0000001") }
        XCTAssertEqual(nobody, .user("zed0000001"))
    }

    func testWithoutAnyRoleClassAUserIsJustThemselvesAndEveryone() async throws {
        let store = try makeMemoryStore()
        let access = try await store.read { try $0.access(ofUser: "ana0000001") }
        XCTAssertEqual(access, .entities(["*", "ana0000001"]))
    }
}
