import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// A class whose search documents draw on another (a book on its genre's name) is indexed again when what its
/// documents read changes — and only then: a change to any other field of the drawn-on object (a genre's list of
/// books, which every book save changes) indexes nothing, so a save costs the same however many books a genre has.
final class SearchableFollowTests: XCTestCase {
    /// Notes drawing on their tag's `name`; counts every document it makes.
    private func notesOnTags(counting made: LockedValue<Int>) -> SearchableClass {
        SearchableClass(
            className: "Note",
            document: { note, reader in
                made.withLock { $0 += 1 }
                var text = note["text"]?.stringValue ?? ""
                if case .pointer(let tag)? = note["tag"] {
                    text += " " + ((try? reader.fetch("Tag", objectId: tag.objectId))?["name"]?.stringValue ?? "")
                }
                return SearchDocument(text: text)
            },
            drawsOn: ["Tag": ["name"]],
            dependents: { change, reader in
                try reader.find(
                    ParseQuery("Note").where(
                        "tag", equalTo: .pointer(ParsePointer(className: "Tag", objectId: change.objectId))
                    ).limit(-1)
                ).map(\.objectId)
            })
    }

    func testOnlyAChangeToAFieldTheDocumentsReadIndexesTheObjectsDrawingOnIt() async throws {
        let store = try testStore(clock: SteppingClock())
        defer { try? store.close() }
        let made = LockedValue(0)
        let writePath = try await WritePath(store: store, countedClasses: [], searchable: [notesOnTags(counting: made)])
        let tagId = try await writePath.change(by: nil, access: .master) { session in
            let tag = try session.writer.create("Tag", ["name": .string("garden"), "colour": .string("green")])
            for number in 0..<20 {
                try session.writer.create("Note", ["text": .string("note \(number)"), "tag": .pointer(tag.pointer)])
            }
            return tag.objectId
        }
        XCTAssertEqual(made.withLock { $0 }, 20)

        made.withLock { $0 = 0 }
        try await writePath.change(by: nil, access: .master) { session in
            try session.writer.update("Tag", objectId: tagId, ["colour": .string("blue")])
        }
        XCTAssertEqual(made.withLock { $0 }, 0, "a field no document reads indexes nothing")

        try await writePath.change(by: nil, access: .master) { session in
            try session.writer.update("Tag", objectId: tagId, ["name": .string("allotment")])
        }
        XCTAssertEqual(made.withLock { $0 }, 20, "a new name is in every note's document")
        let found = try await store.read { reader in
            try reader.find(ParseQuery("Note").searching("allotment").limit(-1)).count
        }
        XCTAssertEqual(found, 20)
    }
}
