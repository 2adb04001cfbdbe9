import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// What one request may cost is bounded and said in Parse's way: a repeated request id is refused with 159 and no
/// answer is ever replayed (a log-in's least of all), the ids remembered are capped, bodies are refused from their
/// headers before they are read, a hostile `$regex` or an `$or` of a thousand conditions answers in words while the
/// server goes on serving, and an internal error never carries SQLite's text.
final class ParseAPILimitsTests: XCTestCase {
    func testALogInRepeatedWithTheSameIdNeverHandsTheFirstPersonsSessionToAnother() async throws {
        try await withParseAPI { world in
            let id: HTTPFields = [ParseAPIController.Header.requestId: "b8c0f0a6-login"]
            let first = try await world.anonymous.send(
                .post, "/parse/login", body: json(["username": "Vi", "password": "viewer password 1"]), headers: id)
            XCTAssertEqual(first.status, .ok, first.text)
            let token = try XCTUnwrap(first["sessionToken"]?.stringValue)
            let second = try await world.anonymous.send(
                .post, "/parse/login", body: json(["username": "Ed", "password": "wrong password"]), headers: id)
            XCTAssertEqual(second.code, 159, second.text)
            XCTAssertFalse(second.text.contains(token), "the first answer is never replayed")
            XCTAssertNil(second["sessionToken"])
        }
    }

    func testRequestIdsAreRememberedWithinAFixedNumberAndLength() async throws {
        let ids = APIRequestIds()
        for index in 0..<(APIRequestIds.capacity + 5_000) {
            let claimed = await ids.claim(APIRequestIds.key(requestId: "id-\(index)", caller: "anonymous"))
            XCTAssertTrue(claimed)
        }
        let count = await ids.count
        XCTAssertLessThanOrEqual(count, APIRequestIds.capacity)
        let recent = APIRequestIds.key(requestId: "id-\(APIRequestIds.capacity + 4_999)", caller: "anonymous")
        let repeated = await ids.claim(recent)
        XCTAssertFalse(repeated, "a recent id is still known")
        let long = APIRequestIds.key(requestId: String(repeating: "x", count: 100_000), caller: "anonymous")
        XCTAssertLessThanOrEqual(long.utf8.count, 2 * APIRequestIds.maximumIdLength + 1)
    }

    func testBodiesAreRefusedFromTheirHeadersAndTheirBytesHeldAtOnceAreBounded() async throws {
        try await withParseAPI { world in
            var wrong = world.anonymous
            wrong.applicationId = "someone-else"
            let big = [UInt8](repeating: 0x20, count: 3 * 1024 * 1024)
            let refused = try await wrong.send(.post, "/parse/classes/TodoListItem", bytes: big)
            XCTAssertEqual(refused.status, .forbidden)
            let upload = try await world.anonymous.send(
                .post, "/parse/files/big.bin", bytes: big, contentType: "application/octet-stream")
            XCTAssertEqual(upload.code, 119, "an anonymous upload is refused before it is read: \(upload.text)")
            var noKeys = world.anonymous
            noKeys.applicationId = nil
            let tooLarge = try await noKeys.send(.post, "/parse/classes/TodoListItem", bytes: big)
            XCTAssertEqual(tooLarge.status, .contentTooLarge, "without the header a body stays small: \(tooLarge.text)")
        }
        let budget = APIBodyBudget()
        XCTAssertTrue(budget.reserve(APIBodyBudget.totalBytes - 10))
        XCTAssertFalse(budget.reserve(11), "past the budget nothing is reserved")
        budget.release(APIBodyBudget.totalBytes - 10)
        XCTAssertEqual(budget.reservedBytes, 0)
    }

    func testHostileQueriesFromAViewerAnswerInWordsAndTheServerGoesOnServing() async throws {
        try await withParseAPI { world in
            // 195 characters and a number: a to-do's title may have 200.
            let words = String(repeating: "word another ", count: 15)
            let requests: [ParseValue] = (0..<50).map { index in
                [
                    "method": "POST", "path": "/parse/classes/TodoListItem",
                    "body": ["title": .string(words + "\(index)")],
                ]
            }
            for _ in 0..<20 {
                let batch = try await world.editor.post("/parse/batch", json(["requests": .array(requests)]))
                XCTAssertEqual(batch.status, .ok, batch.text)
            }
            let regex = try await world.viewer.get(
                "/parse/classes/TodoListItem?where=" + queryValue(#"{"title":{"$regex":"(\\w+\\s?)*$X"}}"#))
            XCTAssertTrue(
                (regex.status == .ok && regex.results.isEmpty) || regex.code == 124,
                "no match, or stopped at the time limit: \(regex.text)")
            let thousand = ParseValue.array((0..<1_000).map { ["title": .string("t\($0)")] })
            let or = try await world.viewer.get(
                "/parse/classes/TodoListItem?where=" + queryValue(json(["$or": thousand])))
            XCTAssertEqual(or.status, .badRequest, or.text)
            XCTAssertEqual(or.code, 102)
            XCTAssertTrue(or["error"]?.stringValue?.hasPrefix("This query has too many alternatives") == true)
            let badPattern = try await world.viewer.get(
                "/parse/classes/TodoListItem?where=" + queryValue(#"{"title":{"$regex":"(a)\\1"}}"#))
            XCTAssertEqual(badPattern.code, 102, badPattern.text)
            let still = try await world.viewer.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(still["count"], 1_000, "the server goes on serving")
        }
    }

    func testAnInternalErrorSaysSoWithoutSQLitesWords() {
        let failure = APIFailure(
            ParseError(.internalServerError, "Internal server error: no such table: _SearchText_X"))
        XCTAssertEqual(failure.status, .internalServerError)
        XCTAssertFalse(failure.body.contains("no such table"), failure.body)
        XCTAssertEqual(failure.body, #"{"code":1,"error":"Internal server error."}"#)
    }
}
