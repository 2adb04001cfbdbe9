import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// API writes while another program holds the database's write lock, or the disk is full: a 503 with `Retry-After`
/// (which ParseSwift 6 retries) or Parse's 1 in plain words, never internals, and nothing written.
final class ParseAPIBusyDatabaseTests: XCTestCase {
    func testWritesWhileTheDatabaseIsLockedAnswer503WithRetryAfterAndWriteNothing() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withParseAPI(settings: fileSettings(database.path)) { world in
            let id = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Before"]))[
                "objectId"]!.stringValue!
            let before = try database.digest()
            let holder = try await WriteLockHolder(path: database.path)
            let answers = [
                try await world.editor.post("/parse/classes/TodoListItem", json(["title": "New"])),
                try await world.editor.put("/parse/classes/TodoListItem/\(id)", json(["title": "Changed"])),
                try await world.editor.delete("/parse/classes/TodoListItem/\(id)"),
                try await world.editor.post(
                    "/parse/batch",
                    json([
                        "requests": [
                            ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "B"]]
                        ],
                        "transaction": true,
                    ])),
            ]
            try await holder.release()
            for answer in answers {
                XCTAssertEqual(answer.status, .serviceUnavailable, answer.text)
                XCTAssertEqual(answer.headers[.retryAfter], "1")
                XCTAssertEqual(answer.code, 1)
                XCTAssertTrue(answer["error"]?.stringValue?.hasPrefix("The database is busy") == true, answer.text)
            }
            XCTAssertEqual(try database.digest(), before, "nothing was written")
            let kept = try await world.viewer.get("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(kept["title"], "Before")
        }
    }
}
