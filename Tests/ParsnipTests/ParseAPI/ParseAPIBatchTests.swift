import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// `POST /parse/batch` as ParseSwift sends it: answers in request order, paths with the mount path or `//`, up to
/// 100 requests, and `"transaction": true` all or nothing.
final class ParseAPIBatchTests: XCTestCase {
    func testABatchAnswersEachRequestInOrderWithSuccessOrError() async throws {
        try await withParseAPI { world in
            let existing = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Old"]))
            let id = try XCTUnwrap(existing["objectId"]?.stringValue)
            let answer = try await world.editor.post(
                "/parse/batch",
                json([
                    "requests": [
                        ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "A"]],
                        ["method": "POST", "path": "//classes/TodoListItem", "body": ["title": "B"]],
                        [
                            "method": "PUT", "path": .string("/parse/classes/TodoListItem/\(id)"),
                            "body": ["title": "New"],
                        ],
                        ["method": "DELETE", "path": "/parse/classes/TodoListItem/NoSuchId00"],
                        ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": 5]],
                    ],
                    "transaction": false,
                ]))
            XCTAssertEqual(answer.status, .ok, answer.text)
            let items = try XCTUnwrap(answer.json.arrayValue)
            XCTAssertEqual(items.count, 5)
            XCTAssertNotNil(items[0].objectValue?["success"]?.objectValue?["objectId"])
            XCTAssertNotNil(items[1].objectValue?["success"]?.objectValue?["createdAt"])
            XCTAssertNotNil(items[2].objectValue?["success"]?.objectValue?["updatedAt"])
            XCTAssertEqual(items[3].objectValue?["error"], ["code": 101, "error": "Object not found."])
            XCTAssertEqual(items[4].objectValue?["error"]?.objectValue?["code"], 111)
            let titles = try await world.viewer.get("/parse/classes/TodoListItem?order=title&keys=title")
            XCTAssertEqual(titles.results.map { $0["title"] }, ["A", "B", "New"])
        }
    }

    func testATransactionalBatchWritesAllOrNothing() async throws {
        try await withParseAPI { world in
            let failing = try await world.editor.post(
                "/parse/batch",
                json([
                    "requests": [
                        ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "First"]],
                        ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": ["x": 1]]],
                    ],
                    "transaction": true,
                ]))
            XCTAssertEqual(failing.status, .badRequest, failing.text)
            XCTAssertEqual(failing.code, 111)
            let none = try await world.viewer.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(none["count"], 0, "the first create was undone with the second")

            let working = try await world.editor.post(
                "/parse/batch",
                json([
                    "requests": [
                        ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "First"]],
                        ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "Second"]],
                    ],
                    "transaction": true,
                ]))
            XCTAssertEqual(working.json.arrayValue?.count, 2, working.text)
            let both = try await world.viewer.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(both["count"], 2)
        }
    }

    func testABatchActsAsItsCallerForEveryRequest() async throws {
        try await withParseAPI { world in
            let answer = try await world.viewer.post(
                "/parse/batch",
                json(["requests": [["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "V"]]]]))
            XCTAssertEqual(answer.json.arrayValue?.first?.objectValue?["error"]?.objectValue?["code"], 119)
            let count = try await world.master.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(count["count"], 0)
        }
    }

    func testMalformedBatchesGetCode107() async throws {
        try await withParseAPI { world in
            let many = ParseValue.array(
                Array(
                    repeating: ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "x"]],
                    count: 101))
            for body in [
                json(["requests": "all of them"]), json(["requests": many]),
                json(["requests": [["method": "POST", "path": "/elsewhere/../../classes/X"]]]),
                json(["requests": [["method": "PATCH", "path": "/parse/classes/X"]]]),
                json(["requests": [["method": "POST"]]]),
            ] {
                let answer = try await world.editor.post("/parse/batch", body)
                XCTAssertEqual(answer.code, 107, "\(body): \(answer.text)")
            }
            let fifty = ParseValue.array(
                Array(
                    repeating: ["method": "POST", "path": "/parse/classes/TodoListItem", "body": ["title": "x"]],
                    count: 50))
            let answer = try await world.editor.post("/parse/batch", json(["requests": fifty]))
            XCTAssertEqual(answer.json.arrayValue?.count, 50)
        }
    }
}
