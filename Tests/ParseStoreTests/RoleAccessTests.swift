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
        // Ana is an editor; editors count as viewers, viewers as guests; guests pass back to editors (a cycle).
        let links: [(role: String, field: String, member: ParsePointer)] = [
            ("editors", "users", ParsePointer(className: "_User", objectId: "ana0000001")),
            ("viewers", "roles", ParsePointer(className: "_Role", objectId: id("editors"))),
            ("guests", "roles", ParsePointer(className: "_Role", objectId: id("viewers"))),
            ("editors", "roles", ParsePointer(className: "_Role", objectId: id("guests"))),
            ("cooks", "users", ParsePointer(className: "_User", objectId: "ben0000001")),
        ]
        try await store.write { writer in
            for link in links {
                try writer.update(
                    "_Role", objectId: id(link.role), operations: [link.field: .addRelation([link.member])])
            }
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
