import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// Every query operator through HTTP, as an app sends them in `where` (JSON in the query string, and the same
/// `where` in a `_method: GET` body), against five objects whose expected matches are written out here.
final class ParseAPIOperatorsTests: XCTestCase {
    /// name → fields of the five objects.
    static let things: [(String, ParseValue)] = [
        ("apple", ["n": 1, "tags": ["red", "fruit"], "stats": ["wins": 3], "when": .date(day(1))]),
        ("banana", ["n": 2, "tags": ["yellow", "fruit"], "stats": ["wins": 1], "when": .date(day(2))]),
        ("cherry", ["n": 3, "tags": ["red"], "when": .date(day(3))]),
        ("Date", ["n": 4, "tags": [], "stats": ["wins": 5]]),
        ("elder", ["tags": ["fruit", "red", "small"]]),
    ]

    static func day(_ number: Int) -> Date {
        Date(timeIntervalSince1970: 1_714_521_600 + Double(number) * 86_400)
    }

    static func date(_ number: Int) -> ParseValue {
        ["__type": "Date", "iso": .string(ParseJSON.isoString(day(number)))]
    }

    /// (where, the names it matches).
    static let cases: [(ParseValue, [String])] = [
        (["name": "apple"], ["apple"]),
        (["n": ["$eq": 2]], ["banana"]),
        (["n": ["$ne": 2]], ["Date", "apple", "cherry", "elder"]),
        (["n": ["$lt": 3]], ["apple", "banana"]),
        (["n": ["$lte": 3]], ["apple", "banana", "cherry"]),
        (["n": ["$gt": 3]], ["Date"]),
        (["n": ["$gte": 3, "$lt": 4]], ["cherry"]),
        (["n": ["$in": [1, 4, 9]]], ["Date", "apple"]),
        (["n": ["$in": [[1, 4]]]], ["Date", "apple"]),
        (["n": ["$nin": [1, 4]]], ["banana", "cherry", "elder"]),
        (["n": ["$exists": false]], ["elder"]),
        (["stats": ["$exists": true]], ["Date", "apple", "banana"]),
        (["n": nil], ["elder"]),
        (["tags": "red"], ["apple", "cherry", "elder"]),
        (["tags": ["$all": ["red", "fruit"]]], ["apple", "elder"]),
        (["tags": ["$containedBy": ["red", "fruit"]]], ["Date", "apple", "cherry"]),
        (["tags": ["$in": ["yellow", "small"]]], ["banana", "elder"]),
        (["name": ["$regex": "\\Qan\\E"]], ["banana"]),
        (["name": ["$regex": "^d", "$options": "i"]], ["Date"]),
        (["name": ["$regex": "y$"]], ["cherry"]),
        (["stats.wins": ["$gt": 2]], ["Date", "apple"]),
        (["when": ["$gt": date(1)]], ["banana", "cherry"]),
        (["when": ["$lt": ["$relativeTime": "in 3 days"]]], ["apple", "banana", "cherry"]),
        (["when": ["$lt": ["$relativeTime": "in 1 day"]]], ["apple"]),
        (["$or": [["n": 1], ["name": "elder"]]], ["apple", "elder"]),
        (["$and": [["tags": "red"], ["n": ["$gt": 1]]]], ["cherry"]),
        (["$nor": [["tags": "red"], ["n": 4]]], ["banana"]),
        (
            ["name": ["$select": ["query": ["className": "Things", "where": ["n": ["$lt": 3]]], "key": "name"]]],
            ["apple", "banana"]
        ),
        (
            ["name": ["$dontSelect": ["query": ["className": "Things", "where": ["n": ["$lt": 3]]], "key": "name"]]],
            ["Date", "cherry", "elder"]
        ),
    ]

    func testEveryOperatorMatchesWhatParseMatchesOverHTTP() async throws {
        try await withParseAPI { world in
            for (name, fields) in Self.things {
                var body = fields.objectValue ?? [:]
                body["name"] = .string(name)
                let created = try await world.master.post("/parse/classes/Things", json(.object(body)))
                XCTAssertEqual(created.status, .created, created.text)
            }
            for (condition, expected) in Self.cases {
                let query = "/parse/classes/Things?order=name&keys=name&where=" + queryValue(json(condition))
                let got = try await world.master.get(query)
                XCTAssertEqual(got.status, .ok, "\(json(condition)): \(got.text)")
                XCTAssertEqual(got.results.compactMap { $0["name"]?.stringValue }, expected, json(condition))
                let posted = try await world.master.post(
                    "/parse/classes/Things", json(["_method": "GET", "where": condition, "order": "name"]))
                XCTAssertEqual(
                    posted.results.compactMap { $0["name"]?.stringValue }, expected, "POST \(json(condition))")
            }
            XCTAssertEqual(Self.cases.count, 29)
        }
    }

    func testPointersInQueriesAndInQuerySubQueries() async throws {
        try await withParseAPI { world in
            let genre = try await world.editor.post("/parse/classes/Genre", json(["name": "Fantasy"]))
            let other = try await world.editor.post("/parse/classes/Genre", json(["name": "Crime"]))
            func pointer(_ answer: ParseClient.Answer) -> ParseValue {
                ["__type": "Pointer", "className": "Genre", "objectId": answer["objectId"]!]
            }
            _ = try await world.editor.post("/parse/classes/Book", json(["title": "Dune", "genre": pointer(genre)]))
            _ = try await world.editor.post("/parse/classes/Book", json(["title": "Rebus", "genre": pointer(other)]))
            let cases: [(ParseValue, [String])] = [
                (["genre": pointer(genre)], ["Dune"]),
                (["genre": ["$in": [pointer(other)]]], ["Rebus"]),
                (["genre": ["$inQuery": ["className": "Genre", "where": ["name": "Fantasy"]]]], ["Dune"]),
                (["genre": ["$notInQuery": ["className": "Genre", "where": ["name": "Fantasy"]]]], ["Rebus"]),
            ]
            for (condition, expected) in cases {
                let got = try await world.viewer.get(
                    "/parse/classes/Book?order=title&where=" + queryValue(json(condition)))
                XCTAssertEqual(got.results.compactMap { $0["title"]?.stringValue }, expected, json(condition))
            }
        }
    }

    func testMalformedQueriesGetCode102Or107() async throws {
        try await withParseAPI { world in
            _ = try await world.master.post("/parse/classes/Things", json(["name": "x"]))
            let cases: [(String, Int)] = [
                (#"{"$or":{"name":"x"}}"#, 102), (#"{"$nor":[]}"#, 102),
                (#"{"name":{"$regex":"x","$options":"q"}}"#, 102), (#"{"name":{"$in":"x"}}"#, 107),
                (#"{"name":{"$inQuery":{"where":{}}}}"#, 102), (#"{"name":{"$bogus":1}}"#, 102),
            ]
            for (condition, code) in cases {
                let got = try await world.master.get("/parse/classes/Things?where=" + queryValue(condition))
                XCTAssertEqual(got.code, code, "\(condition): \(got.text)")
                XCTAssertEqual(got.status, .badRequest, condition)
            }
        }
    }

    func testAForeignHostIsRefusedBeforeTheAPIReadsAnything() async throws {
        try await withParseAPI { world in
            let answer = try await world.master.send(
                .get, "/parse/classes/TodoListItem", headers: [.host: "evil.example"])
            XCTAssertEqual(answer.status, .badRequest)
            XCTAssertNil(answer["results"])
        }
    }

    func testAnotherApplicationIdIsTheOnlyOneAccepted() async throws {
        var settings = signInSettings()
        settings.parseApplicationId = "household-app"
        try await withParseAPI(settings: settings) { world in
            XCTAssertEqual(world.master.applicationId, "household-app")
            let allowed = try await world.viewer.get("/parse/classes/TodoListItem")
            XCTAssertEqual(allowed.status, .ok, allowed.text)
            var old = world.master
            old.applicationId = "parsnip"
            let refused = try await old.get("/parse/classes/TodoListItem")
            XCTAssertEqual(refused.status, .forbidden)
        }
    }

    /// What the README says is not offered answers Parse's 102 in words, never a 500 or an empty list.
    func testTextSearchAndGeoPointOperatorsAnswerUnsupportedOperator() async throws {
        try await withParseAPI { world in
            _ = try await world.master.post("/parse/classes/Place", json(["title": "Home"]))
            let point: ParseValue = ["__type": "GeoPoint", "latitude": 1, "longitude": 2]
            let wheres: [(String, ParseValue)] = [
                ("$text", ["title": ["$text": ["$search": ["$term": "home"]]]]),
                ("$nearSphere", ["spot": ["$nearSphere": point]]),
                ("$within", ["spot": ["$within": ["$box": .array([point, point])]]]),
                ("$geoWithin", ["spot": ["$geoWithin": ["$centerSphere": .array([.array([1, 2]), 1])]]]),
                ("$geoIntersects", ["spot": ["$geoIntersects": ["$point": point]]]),
            ]
            for (name, whereValue) in wheres {
                let answer = try await world.master.get("/parse/classes/Place?where=" + queryValue(json(whereValue)))
                XCTAssertEqual(answer.code, 102, "\(name): \(answer.text)")
                XCTAssertTrue(answer.text.contains("Unsupported query operator"), "\(name): \(answer.text)")
            }
        }
    }
}
