import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// The API's keys, headers and error shapes: who is refused before anything is read, and how every failure looks.
final class ParseAPIKeysAndErrorsTests: XCTestCase {
    func testAMissingOrWrongApplicationIdIsRefusedWithParsesBareUnauthorized() async throws {
        try await withParseAPI { world in
            var missing = world.master
            missing.applicationId = nil
            var wrong = world.master
            wrong.applicationId = "someone-else"
            for client in [missing, wrong] {
                for answer in [
                    try await client.get("/parse/classes/TodoListItem"),
                    try await client.post("/parse/classes/TodoListItem", json(["title": "x"])),
                    try await client.post("/parse/login", json(["username": "Ana", "password": "owner password 1"])),
                ] {
                    XCTAssertEqual(answer.status, .forbidden)
                    XCTAssertEqual(answer.text, #"{"error":"unauthorized"}"#)
                }
            }
            let count = try await world.master.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(count["count"], 0, "nothing was created")
        }
    }

    func testAWrongMasterKeyIsRefusedAndTheRightOneBypassesPermissions() async throws {
        try await withParseAPI { world in
            var wrong = world.anonymous
            wrong.masterKey = "not-the-key"
            let refused = try await wrong.get("/parse/classes/_History")
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssertEqual(refused.text, #"{"error":"unauthorized"}"#)
            var truncated = world.master
            truncated.masterKey = String(world.master.masterKey!.dropLast())
            let short = try await truncated.get("/parse/classes/_History")
            XCTAssertEqual(short.status, .forbidden)
            let allowed = try await world.master.get("/parse/classes/_History")
            XCTAssertEqual(allowed.status, .ok, allowed.text)
        }
    }

    func testAnUnknownSessionTokenIs400WithCode209() async throws {
        try await withParseAPI { world in
            let stranger = world.anonymous.session("r:00000000000000000000000000000000")
            let answer = try await stranger.get("/parse/classes/TodoListItem")
            XCTAssertEqual(answer.status, .badRequest)
            XCTAssertEqual(answer.json, ["code": 209, "error": "Invalid session token"])
        }
    }

    func testHealthNeedsNoKeysAndServerInfoNeedsTheMasterKey() async throws {
        try await withParseAPI { world in
            var bare = world.anonymous
            bare.applicationId = nil
            let health = try await bare.get("/parse/health")
            XCTAssertEqual(health.status, .ok)
            XCTAssertEqual(health.text, #"{"status":"ok"}"#)
            let info = try await world.editor.get("/parse/serverInfo")
            XCTAssertEqual(info.status, .forbidden)
            XCTAssertEqual(info.text, #"{"error":"unauthorized: master key is required"}"#)
            let master = try await world.master.get("/parse/serverInfo")
            XCTAssertEqual(master["parseServerVersion"], "7.4.0")
        }
    }

    func testCloudCodeFunctionsAndJobsAnswerParsesScriptFailedError() async throws {
        try await withParseAPI { world in
            for path in ["/parse/functions/hello", "/parse/jobs/nightly"] {
                let answer = try await world.editor.post(path, json(["a": 1]))
                XCTAssertEqual(answer.status, .badRequest)
                XCTAssertEqual(answer.code, 141)
                XCTAssertEqual(answer["error"]?.stringValue?.hasPrefix("Invalid function"), true)
            }
            let aggregate = try await world.master.get("/parse/aggregate/TodoListItem?distinct=title")
            XCTAssertEqual(aggregate.code, 119)
        }
    }

    func testEveryAnswerCarriesParsesCORSHeadersAndOptionsIsAnsweredWithoutKeys() async throws {
        try await withParseAPI { world in
            var bare = world.anonymous
            bare.applicationId = nil
            let preflight = try await bare.send(.options, "/parse/classes/TodoListItem")
            XCTAssertEqual(preflight.status, .ok)
            for answer in [preflight, try await world.anonymous.get("/parse/classes/Nothing")] {
                XCTAssertEqual(answer.headers[.accessControlAllowOrigin], "*")
                XCTAssertEqual(answer.headers[.accessControlAllowMethods], "GET,PUT,POST,DELETE,OPTIONS")
                XCTAssertTrue(answer.headers[.accessControlAllowHeaders]?.contains("X-Parse-Session-Token") == true)
                XCTAssertNil(answer.headers[.setCookie], "the API never sets a cookie")
            }
        }
    }

    func testUnknownEndpointsAndBadBodiesAnswerParsesShapeNeverAPage() async throws {
        try await withParseAPI { world in
            for answer in [
                try await world.master.get("/parse/nowhere"),
                try await world.master.get("/parse"),
                try await world.master.send(.patch, "/parse/classes/TodoListItem"),
                try await world.master.get("/parse/classes/a/b/c/d"),
                try await world.master.get("/parse/classes/../../people"),
            ] {
                XCTAssertTrue([.notFound, .badRequest, .methodNotAllowed].contains(answer.status), answer.text)
                XCTAssertFalse(answer.text.contains("<html"), answer.text)
            }
            let notJSON = try await world.master.post("/parse/classes/GameScore", "score=1")
            XCTAssertEqual(notJSON.code, 107)
            let notObject = try await world.master.post("/parse/classes/GameScore", "[1,2]")
            XCTAssertEqual(notObject.code, 107)
            let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
            let tooDeep = try await world.master.post("/parse/classes/GameScore", #"{"a":"# + deep + "}")
            XCTAssertEqual(tooDeep.code, 107)
            let huge = #"{"a":""# + String(repeating: "x", count: 5 * 1024 * 1024) + #""}"#
            let tooLarge = try await world.master.post("/parse/classes/GameScore", huge)
            XCTAssertEqual(tooLarge.status, .contentTooLarge)
            XCTAssertEqual(tooLarge.code, 130)
        }
    }

    func testAClassNameOrFieldNameParseRefusesGetsItsCode() async throws {
        try await withParseAPI { world in
            let badClass = try await world.master.post("/parse/classes/1abc", json(["a": 1]))
            XCTAssertEqual(badClass.code, 103)
            let badField = try await world.master.post("/parse/classes/GameScore", json(["_secret": 1]))
            XCTAssertEqual(badField.code, 105)
            let nested = try await world.master.post("/parse/classes/GameScore", json(["o": ["a.b": 1]]))
            XCTAssertEqual(nested.code, 121)
            let newClass = try await world.editor.post("/parse/classes/GameScore2", json(["a": 1]))
            XCTAssertEqual(newClass.code, 119, "only the master key makes a new class")
            let queryOnACL = try await world.master.get(
                "/parse/classes/TodoListItem?where=" + queryValue(#"{"ACL":{"$exists":true}}"#))
            XCTAssertEqual(queryOnACL.code, 102)
        }
    }
}
