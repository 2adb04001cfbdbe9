import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import ParseStore
@testable import Parsnip

/// Parse's object endpoints over HTTP: shapes, statuses, every update operator and the query options, as
/// ParseSwift sends and reads them.
final class ParseAPIObjectsTests: XCTestCase {
    func testCreateAnswers201WithLocationObjectIdAndMillisecondCreatedAt() async throws {
        try await withParseAPI { world in
            let created = try await world.editor.post(
                "/parse/classes/TodoListItem", json(["title": "Buy milk", "done": false]))
            XCTAssertEqual(created.status, .created, created.text)
            let id = try XCTUnwrap(created["objectId"]?.stringValue)
            XCTAssertNotNil(id.wholeMatch(of: /[A-Za-z0-9]{10}/), id)
            let createdAt = try XCTUnwrap(created["createdAt"]?.stringValue)
            XCTAssertNotNil(createdAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/), createdAt)
            XCTAssertEqual(Set(created.json.objectValue?.keys ?? []), ["objectId", "createdAt"])
            XCTAssertEqual(
                created.headers[.location], "http://localhost/parse/classes/TodoListItem/\(id)")

            let fetched = try await world.viewer.get("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(fetched.status, .ok)
            XCTAssertEqual(fetched["title"], "Buy milk")
            XCTAssertEqual(fetched["createdAt"]?.stringValue, createdAt)
            XCTAssertEqual(fetched["updatedAt"]?.stringValue, createdAt, "createdAt == updatedAt on create")
        }
    }

    func testUpdateAnswersOnlyUpdatedAtAndEchoesOperatorResults() async throws {
        try await withParseAPI { world in
            let id = try await world.master.post(
                "/parse/classes/GameScore", json(["score": 10, "tags": ["a"], "name": "x"]))["objectId"]!.stringValue!
            let updated = try await world.master.put(
                "/parse/classes/GameScore/\(id)",
                json([
                    "score": ["__op": "Increment", "amount": 5], "tags": ["__op": "Add", "objects": ["b", "a"]],
                    "name": ["__op": "Delete"],
                ]))
            XCTAssertEqual(updated.status, .ok, updated.text)
            XCTAssertEqual(Set(updated.json.objectValue?.keys ?? []), ["updatedAt", "score", "tags"])
            XCTAssertEqual(updated["score"], 15)
            XCTAssertEqual(updated["tags"], ["a", "b", "a"])
            let unique = try await world.master.put(
                "/parse/classes/GameScore/\(id)",
                json(["tags": ["__op": "AddUnique", "objects": ["a", "c"]]]))
            XCTAssertEqual(unique["tags"], ["a", "b", "a", "c"])
            let removed = try await world.master.put(
                "/parse/classes/GameScore/\(id)", json(["tags": ["__op": "Remove", "objects": ["a"]]]))
            XCTAssertEqual(removed["tags"], ["b", "c"])
            let object = try await world.master.get("/parse/classes/GameScore/\(id)")
            XCTAssertNil(object["name"], "Delete unset the field")
            XCTAssertNotEqual(object["updatedAt"], object["createdAt"])
        }
    }

    func testDeleteAnswersEmptyObjectAndTheObjectIsThen404WithCode101() async throws {
        try await withParseAPI { world in
            let id = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "Gone soon"]))[
                "objectId"]!.stringValue!
            let deleted = try await world.editor.delete("/parse/classes/TodoListItem/\(id)")
            XCTAssertEqual(deleted.status, .ok)
            XCTAssertEqual(deleted.text, "{}")
            for answer in [
                try await world.editor.get("/parse/classes/TodoListItem/\(id)"),
                try await world.editor.put("/parse/classes/TodoListItem/\(id)", json(["title": "x"])),
                try await world.editor.delete("/parse/classes/TodoListItem/\(id)"),
            ] {
                XCTAssertEqual(answer.status, .notFound)
                XCTAssertEqual(answer.json, ["code": 101, "error": "Object not found."])
            }
        }
    }

    func testCreateRefusesAnObjectIdInTheBodyAndUnknownOperators() async throws {
        try await withParseAPI { world in
            let withId = try await world.master.post("/parse/classes/GameScore", json(["objectId": "abc", "s": 1]))
            XCTAssertEqual(withId.status, .badRequest)
            XCTAssertEqual(withId.code, 105)
            let unknown = try await world.master.post(
                "/parse/classes/GameScore", json(["s": ["__op": "Multiply", "amount": 2]]))
            XCTAssertEqual(unknown.code, 108)
            let mismatch = try await world.master.post("/parse/classes/GameScore", json(["s": 1]))
            XCTAssertEqual(mismatch.status, .created)
            let wrongType = try await world.master.post("/parse/classes/GameScore", json(["s": "one"]))
            XCTAssertEqual(wrongType.code, 111)
            XCTAssertEqual(wrongType.status, .badRequest)
            let badJSON = try await world.master.post("/parse/classes/GameScore", "{\"s\": ")
            XCTAssertEqual(badJSON.code, 107)
        }
    }

    func testFindTakesWhereOrderLimitSkipCountKeysAndExcludeKeysAsParseSwiftSendsThem() async throws {
        try await withParseAPI { world in
            for (index, title) in ["Cheese", "apple", "Bread", "Dates"].enumerated() {
                _ = try await world.editor.post(
                    "/parse/classes/TodoListItem", json(["title": .string(title), "done": .boolean(index % 2 == 0)]))
            }
            let base = "/parse/classes/TodoListItem"
            let open = try await world.viewer.get(
                base + "?where=" + queryValue(#"{"done":false}"#) + "&order=" + queryValue(#"["-title"]"#)
                    + "&limit=100&skip=0&count=true")
            XCTAssertEqual(open.results.map { $0["title"] }, ["apple", "Dates"])
            XCTAssertEqual(open["count"], 2)

            let paged = try await world.viewer.get(base + "?order=title&limit=2&skip=1&count=1")
            XCTAssertEqual(paged.results.map { $0["title"] }, ["Cheese", "Dates"])
            XCTAssertEqual(paged["count"], 4, "count ignores skip and limit")

            let keys = try await world.viewer.get(base + "?keys=" + queryValue(#"["title"]"#) + "&limit=1")
            XCTAssertEqual(
                Set(keys.results.first?.keys ?? []), ["objectId", "createdAt", "updatedAt", "title"])
            let excluded = try await world.viewer.get(base + "?excludeKeys=title,objectId&limit=1")
            XCTAssertNil(excluded.results.first?["title"])
            XCTAssertNotNil(excluded.results.first?["objectId"], "objectId is always kept")
            XCTAssertNotNil(excluded.results.first?["done"])

            let countOnly = try await world.viewer.get(base + "?limit=0&count=1")
            XCTAssertEqual(countOnly.results.count, 0)
            XCTAssertEqual(countOnly["count"], 4)

            let unknown = try await world.viewer.get(base + "?colour=red")
            XCTAssertEqual(unknown.code, 102)
            XCTAssertEqual(unknown["error"], "Invalid parameter for query: colour")
        }
    }

    func testAPostWithMethodGetIsAFindNotACreate() async throws {
        try await withParseAPI { world in
            _ = try await world.editor.post("/parse/classes/TodoListItem", json(["title": "One"]))
            let found = try await world.viewer.post(
                "/parse/classes/TodoListItem",
                json(["_method": "GET", "where": ["title": "One"], "keys": ["title"], "limit": 10, "count": true]))
            XCTAssertEqual(found.status, .ok, found.text)
            XCTAssertEqual(found.results.map { $0["title"] }, ["One"])
            XCTAssertEqual(found["count"], 1)
            let all = try await world.viewer.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(all["count"], 1, "nothing was created")
        }
    }

    func testTheJavaScriptSDKsTextPlainBodyCarriesTheKeysAndMethod() async throws {
        try await withParseAPI { world in
            var bare = world.anonymous
            bare.applicationId = nil
            let token = try XCTUnwrap(world.editor.sessionToken)
            let created = try await bare.send(
                .post, "/parse/classes/TodoListItem",
                body: json(["_ApplicationId": "parsnip", "_SessionToken": .string(token), "title": "From JS"]),
                contentType: "text/plain")
            XCTAssertEqual(created.status, .created, created.text)
            let found = try await bare.send(
                .post, "/parse/classes/TodoListItem",
                body: json([
                    "_ApplicationId": "parsnip", "_SessionToken": .string(token), "_method": "GET",
                    "where": ["title": "From JS"],
                ]), contentType: "text/plain")
            XCTAssertEqual(found.results.count, 1)
            XCTAssertNil(found.results.first?["_ApplicationId"])
        }
    }

    func testIncludeTakesTheSwiftSetDescriptionAndExpandsPointers() async throws {
        try await withParseAPI { world in
            let isbn = try await world.editor.post("/parse/classes/ISBN", json(["value": "9780441013593"]))
            let isbnId = try XCTUnwrap(isbn["objectId"]?.stringValue)
            let book = try await world.editor.post(
                "/parse/classes/Book",
                json([
                    "title": "Dune",
                    "isbn": ["__type": "Pointer", "className": "ISBN", "objectId": .string(isbnId)],
                ]))
            let bookId = try XCTUnwrap(book["objectId"]?.stringValue, book.text)
            let fetched = try await world.viewer.get(
                "/parse/classes/Book/\(bookId)?include=" + queryValue(#"["isbn", "genre"]"#))
            XCTAssertEqual(fetched.status, .ok, fetched.text)
            XCTAssertTrue(
                fetched.text.contains(#""isbn":{"__type":"Object","className":"ISBN","objectId":"\#(isbnId)""#))
            let included = try XCTUnwrap(fetched["isbn"]?.includedObjectValue)
            XCTAssertEqual(included["value"], "9780441013593")
            let found = try await world.viewer.get("/parse/classes/Book?include=isbn")
            XCTAssertEqual(found.results.first?["isbn"]?.includedObjectValue?["value"], "9780441013593")
        }
    }

    func testRelationsAddRemoveAndQueryWithRelatedTo() async throws {
        try await withParseAPI { world in
            let book = try await world.editor.post("/parse/classes/Book", json(["title": "Good Omens"]))
            let bookId = try XCTUnwrap(book["objectId"]?.stringValue)
            var authors: [String] = []
            for name in ["Terry Pratchett", "Neil Gaiman", "Someone Else"] {
                let author = try await world.editor.post("/parse/classes/Author", json(["name": .string(name)]))
                authors.append(try XCTUnwrap(author["objectId"]?.stringValue))
            }
            func pointer(_ id: String) -> ParseValue {
                ["__type": "Pointer", "className": "Author", "objectId": .string(id)]
            }
            let added = try await world.editor.put(
                "/parse/classes/Book/\(bookId)",
                json(["authors": ["__op": "AddRelation", "objects": .array(authors.map(pointer))]]))
            XCTAssertEqual(added.status, .ok, added.text)
            XCTAssertEqual(Set(added.json.objectValue?.keys ?? []), ["updatedAt"])
            let removed = try await world.editor.put(
                "/parse/classes/Book/\(bookId)",
                json(["authors": ["__op": "RemoveRelation", "objects": [pointer(authors[2])]]]))
            XCTAssertEqual(removed.status, .ok, removed.text)
            let related: ParseValue = [
                "$relatedTo": [
                    "object": ["__type": "Pointer", "className": "Book", "objectId": .string(bookId)],
                    "key": "authors",
                ]
            ]
            let found = try await world.viewer.get(
                "/parse/classes/Author?where=" + queryValue(json(related)) + "&order=name")
            XCTAssertEqual(found.results.map { $0["name"] }, ["Neil Gaiman", "Terry Pratchett"])
            let fetched = try await world.viewer.get("/parse/classes/Book/\(bookId)")
            XCTAssertEqual(fetched["authors"], .relation(className: "Author"))
            XCTAssertTrue(fetched.text.contains(#""authors":{"__type":"Relation","className":"Author"}"#))
        }
    }

    func testARepeatedRequestIdRunsOnceAndIsAnsweredWithDuplicateRequest() async throws {
        try await withParseAPI { world in
            let id: HTTPFields = [ParseAPIController.Header.requestId: "2f1b6c7e-8a55-4a5e-9c41-6d3b1e0e9f10"]
            let body = json(["title": "Only once"])
            async let first = world.editor.send(.post, "/parse/classes/TodoListItem", body: body, headers: id)
            async let second = world.editor.send(.post, "/parse/classes/TodoListItem", body: body, headers: id)
            let answers = try await [first, second]
            let third = try await world.editor.send(.post, "/parse/classes/TodoListItem", body: body, headers: id)
            let created = (answers + [third]).filter { $0.status == .created }
            XCTAssertEqual(created.count, 1, "one of them ran: \(answers.map(\.text))")
            for answer in answers + [third] where answer.status != .created {
                XCTAssertEqual(answer.status, .badRequest, answer.text)
                XCTAssertEqual(answer.code, 159, answer.text)
                XCTAssertEqual(answer["error"], "Duplicate request")
            }
            let count = try await world.viewer.get("/parse/classes/TodoListItem?count=1&limit=0")
            XCTAssertEqual(count["count"], 1, "created once")
            let other = try await world.editor.send(
                .post, "/parse/classes/TodoListItem", body: body,
                headers: [ParseAPIController.Header.requestId: "another-id"])
            XCTAssertEqual(other.status, .created, other.text)
            let byAnotherCaller = try await world.owner.send(
                .post, "/parse/classes/TodoListItem", body: body, headers: id)
            XCTAssertEqual(byAnotherCaller.status, .created, "ids are per caller: \(byAnotherCaller.text)")
        }
    }

    func testDottedKeysChangeOneMemberOfAnObjectField() async throws {
        try await withParseAPI { world in
            let made = try await world.master.post(
                "/parse/classes/GameScore", json(["stats": ["wins": 3, "losses": 1, "old": true], "new.first": 1]))
            let id = try XCTUnwrap(made["objectId"]?.stringValue, made.text)
            let changed = try await world.master.put(
                "/parse/classes/GameScore/\(id)",
                json([
                    "stats.wins": ["__op": "Increment", "amount": 2], "stats.losses": 0,
                    "stats.old": ["__op": "Delete"],
                    "stats.deep.level": 7,
                ]))
            XCTAssertEqual(changed.status, .ok, changed.text)
            let object = try await world.master.get("/parse/classes/GameScore/\(id)")
            // The keys in the order written, a new member last, on either backend.
            let stats: ParseValue = ["wins": 5, "losses": 0, "deep": ["level": 7]]
            XCTAssertEqual(object["stats"], stats)
            XCTAssertEqual(object["stats"]?.objectValue.map { Array($0.keys) }, ["wins", "losses", "deep"])
            XCTAssertEqual(object["new"], ["first": 1])
            let onNumber = try await world.master.post("/parse/classes/GameScore", json(["score": 1]))
            let numberId = try XCTUnwrap(onNumber["objectId"]?.stringValue)
            let refused = try await world.master.put("/parse/classes/GameScore/\(numberId)", json(["score.x": 1]))
            XCTAssertEqual(refused.code, 111, "a Number has no members: \(refused.text)")
        }
    }
}
