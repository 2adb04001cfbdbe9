import XCTest

@testable import ParseStore

/// A writer acting for a request may change and delete only what the ACLs let it write; anything else is "not
/// found" and nothing changes — not the object, not the schema.
final class AccessWriteTests: XCTestCase {
    private func seeded() async throws -> (ParseStore, [String: String]) {
        let store = try makeMemoryStore()
        let notes = try await seed(
            store, "Note",
            [
                ["name": "public"],
                ["name": "ana's", "ACL": ["*": ["read": true], "ana0000001": ["read": true, "write": true]]],
                ["name": "editors'", "ACL": ["*": ["read": true], "role:editors": ["write": true]]],
                ["name": "nobody's", "ACL": [:]],
            ])
        return (store, Dictionary(uniqueKeysWithValues: notes.map { ($0["name"]!.stringValue!, $0.objectId) }))
    }

    func testOnlyAnAccessTheACLNamesForWritingMayUpdateAndTheRestIsNotFound() async throws {
        let (store, ids) = try await seeded()
        let cases: [(ParseAccess, Set<String>)] = [
            (.anonymous, ["public"]),
            (.user("ana0000001"), ["public", "ana's"]),
            (.user("ben0000001", roles: ["editors"]), ["public", "editors'"]),
            (.master, ["public", "ana's", "editors'", "nobody's"]),
        ]
        for (access, writable) in cases {
            for (name, id) in ids {
                let attempt = {
                    try await store.write { writer in
                        try writer.acting(as: access).update("Note", objectId: id, ["seen": .boolean(true)])
                    }
                }
                if writable.contains(name) {
                    let updated = try await attempt()
                    XCTAssertEqual(updated["seen"], true, "\(access) \(name)")
                } else {
                    await assertParseError(101, "Object not found.") { _ = try await attempt() }
                }
            }
        }
    }

    func testARefusedUpdateAddsNoFieldToTheSchemaAndChangesNothing() async throws {
        let (store, ids) = try await seeded()
        await assertParseError(101, "Object not found.") {
            _ = try await store.write { writer in
                try writer.acting(as: .anonymous).update(
                    "Note", objectId: ids["nobody's"]!, operations: ["tally": .increment(1), "tags": .add(["x"])])
            }
        }
        let schema = try await store.read { try $0.schema("Note") }
        XCTAssertNil(schema?.fields["tally"], "the refused update made no column")
        XCTAssertNil(schema?.fields["tags"])
        let note = try await store.read { try $0.fetch("Note", objectId: ids["nobody's"]!) }
        XCTAssertNil(note["tally"])
    }

    func testOnlyAWriterMayDeleteAndARefusedDeleteKeepsTheObject() async throws {
        let (store, ids) = try await seeded()
        await assertParseError(101, "Object not found.") {
            try await store.write { try $0.acting(as: .user("ben0000001")).delete("Note", objectId: ids["ana's"]!) }
        }
        let stillThere = try await store.read { try $0.fetch("Note", objectId: ids["ana's"]!) }
        XCTAssertEqual(stillThere["name"], "ana's")
        try await store.write { try $0.acting(as: .user("ana0000001")).delete("Note", objectId: ids["ana's"]!) }
        await assertParseError(101, "Object not found.") {
            _ = try await store.read { try $0.fetch("Note", objectId: ids["ana's"]!) }
        }
        try await store.write { try $0.acting(as: .anonymous).delete("Note", objectId: ids["public"]!) }
    }

    func testAnActingWritersReaderReadsForTheSameAccess() async throws {
        let (store, _) = try await seeded()
        let seen = try await store.write { writer in
            try writer.acting(as: .anonymous).reader.count(ParseQuery("Note"))
        }
        XCTAssertEqual(seen, 3, "the note nobody may read stays out of the acting writer's reads")
    }
}
