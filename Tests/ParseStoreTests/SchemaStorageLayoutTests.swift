import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// The SQLite layout of the contract: `_SCHEMA`, one table per class, column encodings, join tables, indexes.
final class SchemaStorageLayoutTests: XCTestCase {
    func testClassTableHasTheDefaultColumnsAndOneColumnPerField() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write {
            try $0.create("Book", ["title": "Dune", "pages": 1, "read": true, "at": .date(Date()), "tags": []])
        }
        let columns = try rawRead(store) { db in
            try Row.fetchAll(db, sql: "PRAGMA table_info(\"Book\")").map {
                [$0["name"] as String, $0["type"] as String]
            }
        }
        XCTAssertEqual(
            columns,
            [
                ["objectId", "TEXT"], ["createdAt", "TEXT"], ["updatedAt", "TEXT"], ["_rperm", "TEXT"],
                ["_wperm", "TEXT"], ["at", "TEXT"], ["pages", "REAL"], ["read", "INTEGER"], ["tags", "TEXT"],
                ["title", "TEXT"],
            ])
    }

    func testLaterFieldsAreAddedAsColumns() async throws {
        let store = try makeMemoryStore()
        let book = try await store.write { try $0.create("Book", ["title": "Dune"]) }
        _ = try await store.write { try $0.update("Book", objectId: book.objectId, ["score": 2.5]) }
        let names = try rawRead(store) { db in try db.columns(in: "Book").map(\.name) }
        XCTAssertEqual(names.last, "score")
    }

    func testClassTableHasCreatedAtAndUpdatedAtIndexes() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write { try $0.create("Book", [:]) }
        let indexes = try rawRead(store) { db in try db.indexes(on: "Book") }
        let byName = Dictionary(uniqueKeysWithValues: indexes.map { ($0.name, $0.columns) })
        XCTAssertEqual(byName["Book_createdAt"], ["createdAt", "objectId"])
        XCTAssertEqual(byName["Book_updatedAt"], ["updatedAt"])
        let primaryKey = try rawRead(store) { db in try db.primaryKey("Book").columns }
        XCTAssertEqual(primaryKey, ["objectId"])
    }

    func testSchemaRowRecordsFieldsInParseAdapterFormat() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write {
            try $0.create(
                "Book",
                operations: [
                    "title": .set("Dune"),
                    "author": .set(.pointer(ParsePointer(className: "Author", objectId: "a1"))),
                    "fans": .addRelation([ParsePointer(className: "_User", objectId: "u1")]),
                ])
        }
        let text = try rawRead(store) { db in
            try String.fetchOne(db, sql: "SELECT schema FROM _SCHEMA WHERE className = 'Book'")
        }
        guard case .object(let document)? = try text.map({ try ParseJSON.decode($0) }) else {
            return XCTFail("no schema row")
        }
        XCTAssertEqual(document["className"], "Book")
        XCTAssertEqual(
            document["fields"],
            [
                "objectId": ["type": "String"], "createdAt": ["type": "Date"], "updatedAt": ["type": "Date"],
                "_rperm": ["type": "Array", "contents": ["type": "String"]],
                "_wperm": ["type": "Array", "contents": ["type": "String"]],
                "author": ["type": "Pointer", "targetClass": "Author"],
                "fans": ["type": "Relation", "targetClass": "_User"],
                "title": ["type": "String"],
            ])
        XCTAssertEqual(document["classLevelPermissions"]?.objectValue?["find"], ["*": true])
    }

    func testColumnsHoldTheContractEncodings() async throws {
        let store = try makeMemoryStore()
        let when = ParseDateFormat.date(milliseconds: 1_714_558_830_456)
        _ = try await store.write {
            try $0.create(
                "Item",
                [
                    "name": "tea", "price": 19.99, "count": 3, "done": true, "due": .date(when),
                    "meta": ["z": 1, "a": ["__type_free": .date(when)]], "list": [1, "two", 3.5],
                    "owner": .pointer(ParsePointer(className: "_User", objectId: "u1")),
                    "where": .geoPoint(ParseGeoPoint(latitude: 40, longitude: -3.5)),
                    "photo": .file(name: "p.png", url: "http://files/p.png"), "raw": .bytes(base64: "AAEC"),
                    "area": .polygon([[0, 0], [0, 1], [1, 1]]),
                ])
        }
        let row = try rawRead(store) { db in try Row.fetchOne(db, sql: "SELECT * FROM Item")! }
        XCTAssertEqual(row["name"] as String, "tea")
        XCTAssertEqual(row["price"] as Double, 19.99)
        XCTAssertEqual(row["done"] as Int, 1)
        XCTAssertEqual(row["due"] as String, "2024-05-01T10:20:30.456Z")
        XCTAssertEqual(
            row["meta"] as String, #"{"z":1,"a":{"__type_free":{"__type":"Date","iso":"2024-05-01T10:20:30.456Z"}}}"#)
        XCTAssertEqual(row["list"] as String, #"[1,"two",3.5]"#)
        XCTAssertEqual(row["owner"] as String, "u1")
        XCTAssertEqual(row["where"] as String, #"{"__type":"GeoPoint","latitude":40,"longitude":-3.5}"#)
        XCTAssertEqual(row["photo"] as String, #"{"__type":"File","name":"p.png"}"#)
        XCTAssertEqual(row["raw"] as String, #"{"__type":"Bytes","base64":"AAEC"}"#)
        XCTAssertEqual(row["area"] as String, #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}"#)
        let storage = try rawRead(store) { db in
            try Row.fetchOne(db, sql: "SELECT typeof(price), typeof(count), typeof(done) FROM Item")!
        }
        XCTAssertEqual(
            Array(storage.databaseValues), ["real".databaseValue, "real".databaseValue, "integer".databaseValue])
    }

    func testRelationFieldGetsAJoinTableWithContractColumnsAndIndex() async throws {
        let store = try makeMemoryStore()
        _ = try await store.write {
            try $0.create(
                "Post", operations: ["likes": .addRelation([ParsePointer(className: "_User", objectId: "u1")])])
        }
        let (columns, primaryKey, indexes) = try rawRead(store) { db in
            (
                try db.columns(in: "_Join:likes:Post").map { "\($0.name) \($0.type) \($0.isNotNull)" },
                try db.primaryKey("_Join:likes:Post").columns,
                try db.indexes(on: "_Join:likes:Post").map(\.columns)
            )
        }
        XCTAssertEqual(columns, ["relatedId TEXT true", "owningId TEXT true"])
        XCTAssertEqual(primaryKey, ["relatedId", "owningId"])
        XCTAssertTrue(indexes.contains(["owningId", "relatedId"]))
        let postColumns = try rawRead(store) { db in try db.columns(in: "Post").map(\.name) }
        XCTAssertFalse(postColumns.contains("likes"))
    }
}
