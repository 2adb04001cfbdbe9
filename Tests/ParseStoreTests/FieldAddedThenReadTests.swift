import Foundation
import XCTest

@testable import ParseStore

/// A read after a write that added a field sees the field, on every read path and every reader connection: no row
/// is decoded with a column list or schema older than the data it reads (a prepared `SELECT *` once kept the
/// columns it had when it was first prepared).
final class FieldAddedThenReadTests: XCTestCase {
    /// Every way a reader returns objects of `Thing`, each answering the objects it found.
    static let readPaths: [(name: String, read: @Sendable (ParseReader, String) throws -> [ParseObject])] = [
        ("find", { reader, _ in try reader.find(ParseQuery("Thing")) }),
        ("find with a condition", { reader, _ in try reader.find(ParseQuery("Thing").where("a", equalTo: 1)) }),
        ("find in order", { reader, _ in try reader.find(ParseQuery("Thing").order(by: "-createdAt")) }),
        ("first", { reader, _ in try reader.first(ParseQuery("Thing")).map { [$0] } ?? [] }),
        ("fetch", { reader, id in [try reader.fetch("Thing", objectId: id)] }),
        (
            "include",
            { reader, _ in
                try reader.find(ParseQuery("Holder").include("thing")).compactMap {
                    $0["thing"]?.includedObjectValue
                }
            }
        ),
        (
            "as a user", { reader, _ in try reader.acting(as: .anonymous).find(ParseQuery("Thing")) }
        ),
    ]

    /// A `Thing` {a: 1} and a `Holder` pointing at it (for the include read path).
    static func thingWithItsHolder(in store: ParseStore) async throws -> ParseObject {
        let thing = try await store.write { try $0.create("Thing", ["a": 1]) }
        _ = try await store.write {
            try $0.create("Holder", ["thing": .pointer(ParsePointer(className: "Thing", objectId: thing.objectId))])
        }
        return thing
    }

    func testEveryReadPathSeesAFieldAddedAfterItFirstRanOnEveryReaderConnection() async throws {
        for file in [true, false] {
            let temporary = file ? try makeFileStore() : nil
            defer { temporary?.cleanUp() }
            let store = try temporary?.store ?? makeMemoryStore()
            let thing = try await Self.thingWithItsHolder(in: store)
            for (step, field) in ["b", "c", "d"].enumerated() {
                // Warm every reader connection's prepared statements with the layout before the new field.
                for _ in 0..<3 {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for path in Self.readPaths {
                            group.addTask { _ = try await store.read { try path.read($0, thing.objectId) } }
                        }
                        try await group.waitForAll()
                    }
                }
                _ = try await store.write {
                    try $0.update("Thing", objectId: thing.objectId, operations: [field: .set(.number(Double(step)))])
                }
                for _ in 0..<8 {
                    for path in Self.readPaths {
                        let found = try await store.read { try path.read($0, thing.objectId) }
                        XCTAssertEqual(
                            found.first?[field], .number(Double(step)),
                            "\(file ? "file" : "memory") store, \(path.name), after adding \(field): \(found)")
                    }
                }
            }
        }
    }

    /// A write that adds a field and then fails is rolled back whole: every read path and the next writes see the
    /// class without the field, on the connection that ran the failed write too (its statements were prepared with
    /// the column that no longer exists; reading their rows once faulted the whole process).
    func testEveryReadPathAfterAWriteThatAddedAFieldAndFailedSeesTheClassWithoutIt() async throws {
        struct Refusal: Error, StoreBodyRefusal {}
        for file in [true, false] {
            let temporary = file ? try makeFileStore() : nil
            defer { temporary?.cleanUp() }
            let store = try temporary?.store ?? makeMemoryStore()
            let thing = try await Self.thingWithItsHolder(in: store)
            for field in ["b", "c", "d"] {
                do {
                    try await store.write { writer in
                        _ = try writer.update("Thing", objectId: thing.objectId, operations: [field: .set(1)])
                        // Read inside the failing write: its statements now know the new column.
                        for path in Self.readPaths { _ = try path.read(writer.reader, thing.objectId) }
                        throw Refusal()
                    }
                    XCTFail("the write was meant to fail")
                } catch is Refusal {}
                let written = try await store.write { writer in
                    for path in Self.readPaths { _ = try path.read(writer.reader, thing.objectId) }
                    return try writer.update("Thing", objectId: thing.objectId, operations: ["kept": .set(2)])
                }
                XCTAssertNil(written[field], "\(field) was rolled back")
                for path in Self.readPaths {
                    let found = try await store.read { try path.read($0, thing.objectId) }
                    XCTAssertEqual(found.first?["kept"], 2, "\(file ? "file" : "memory") store, \(path.name)")
                    XCTAssertNil(found.first?[field], "\(path.name): \(found)")
                }
            }
        }
    }
}
