import Foundation
import XCTest

@testable import ParseStore

/// A PostgreSQL database exactly as Parse Server's Postgres adapter writes it (its `_SCHEMA` rows, its column types:
/// `text` Files and Pointers, `point` GeoPoints, `polygon` Polygons, `timestamptz` Dates, `jsonb` Objects, Arrays and
/// Bytes, `text[]` ACL lists, `_Join` tables, its `_User` columns) is read by Parsnip the way Parse Server answers it:
/// every field's value, queries on each kind of field, a Relation, an include, and every row's ACL.
final class ParseServerDatabaseTests: XCTestCase {
    /// The end of a class's `_SCHEMA` document as Parse Server writes it: the ACL's columns, the default
    /// class-level permissions and the `_id_` index.
    private static let aclAndPermissions = #"""
        "_rperm": {"type": "Array", "contents": {"type": "String"}},
        "_wperm": {"type": "Array", "contents": {"type": "String"}}},
        "classLevelPermissions": {"find": {"*": true}, "count": {"*": true}, "get": {"*": true},
        "create": {"*": true}, "update": {"*": true}, "delete": {"*": true}, "addField": {"*": true},
        "protectedFields": {"*": []}}, "indexes": {"_id_": {"_id": 1}}
        """#

    /// The statements Parse Server's adapter runs for `_User` and a `Place` class with one field of each type, and
    /// the rows its creates and relation adds leave (values in the forms it writes them).
    private static let parseServerStatements = [
        #"CREATE TABLE IF NOT EXISTS "_SCHEMA" ( "className" varChar(120), "schema" jsonb, "isParseClass" bool, PRIMARY KEY ("className") )"#,
        #"""
        CREATE TABLE IF NOT EXISTS "_User" ("objectId" text,"createdAt" timestamp with time zone,
        "updatedAt" timestamp with time zone,"username" text,"email" text,"emailVerified" boolean,"authData" jsonb,
        "_hashed_password" text,"_rperm" text[],"_wperm" text[],"_email_verify_token_expires_at" timestamp with time zone,
        "_email_verify_token" text,"_account_lockout_expires_at" timestamp with time zone,
        "_failed_login_count" double precision,"_perishable_token" text,
        "_perishable_token_expires_at" timestamp with time zone,"_password_changed_at" timestamp with time zone,
        "_password_history" jsonb,PRIMARY KEY ("objectId"))
        """#,
        #"""
        INSERT INTO "_SCHEMA" ("className", "schema", "isParseClass") VALUES ('_User', '{"className": "_User",
        "fields": {"objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"},
        "username": {"type": "String"}, "email": {"type": "String"}, "emailVerified": {"type": "Boolean"},
        "authData": {"type": "Object"}, "_hashed_password": {"type": "String"},
        \#(aclAndPermissions)}', true)
        """#,
        #"""
        CREATE TABLE IF NOT EXISTS "Place" ("objectId" text,"createdAt" timestamp with time zone,
        "updatedAt" timestamp with time zone,"name" text,"visits" double precision,"open" boolean,
        "since" timestamp with time zone,"info" jsonb,"tags" jsonb,"labels" text[],"owner" text,"photo" text,
        "location" point,"area" polygon,"raw" jsonb,"_rperm" text[],"_wperm" text[],PRIMARY KEY ("objectId"))
        """#,
        #"""
        CREATE TABLE IF NOT EXISTS "_Join:visitors:Place" ("relatedId" varChar(120), "owningId" varChar(120),
        PRIMARY KEY("relatedId", "owningId") )
        """#,
        #"""
        INSERT INTO "_SCHEMA" ("className", "schema", "isParseClass") VALUES ('Place', '{"className": "Place",
        "fields": {"objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"},
        "name": {"type": "String"}, "visits": {"type": "Number"}, "open": {"type": "Boolean"},
        "since": {"type": "Date"}, "info": {"type": "Object"}, "tags": {"type": "Array"},
        "labels": {"type": "Array", "contents": {"type": "String"}},
        "owner": {"type": "Pointer", "targetClass": "_User"}, "photo": {"type": "File"},
        "location": {"type": "GeoPoint"}, "area": {"type": "Polygon"}, "raw": {"type": "Bytes"},
        "visitors": {"type": "Relation", "targetClass": "_User"},
        \#(aclAndPermissions)}', true)
        """#,
        #"""
        INSERT INTO "_User" ("objectId", "createdAt", "updatedAt", "username", "email", "_hashed_password", "_rperm",
        "_wperm", "_password_history") VALUES
        ('anaUser001', '2024-04-01T09:00:00.000Z', '2024-04-01T09:00:00.000Z', 'ana', 'ana@example.com',
         '$2b$10$abcdefghijklmnopqrstuu1234567890123456789012345678901', '{*,anaUser001}', '{anaUser001}', '[]'),
        ('benUser001', '2024-04-02T09:00:00.000Z', '2024-04-02T09:00:00.000Z', 'ben', NULL,
         '$2b$10$abcdefghijklmnopqrstuu1234567890123456789012345678902', '{*,benUser001}', '{benUser001}', NULL)
        """#,
        #"""
        INSERT INTO "Place" ("objectId", "createdAt", "updatedAt", "name", "visits", "open", "since", "info", "tags",
        "labels", "owner", "photo", "location", "area", "raw", "_rperm", "_wperm") VALUES
        ('harbour001', '2024-05-01T10:00:00.000Z', '2024-05-02T11:30:00.250Z', 'Harbour', 12, true,
         '2024-05-01T10:00:00.123Z', '{"Depth": "9 m", "Boats": 40}', '["sea", "boats"]', '{north,windy}',
         'anaUser001', 'harbour.jpg', POINT(5.3698, 43.2965), '((5.36, 43.29), (5.38, 43.29), (5.38, 43.31), (5.36, 43.29))',
         '{"__type": "Bytes", "base64": "aGk="}', '{*}', '{anaUser001}'),
        ('attic00001', '2024-05-03T10:00:00.000Z', '2024-05-03T10:00:00.000Z', 'Attic', 3, false, NULL, NULL, NULL,
         NULL, NULL, NULL, NULL, NULL, NULL, '{anaUser001}', '{anaUser001}'),
        ('garden0001', '2024-05-04T10:00:00.000Z', '2024-05-04T10:00:00.000Z', 'Garden', 7, true, NULL, NULL,
         '["flowers"]', NULL, 'benUser001', NULL, NULL, NULL, NULL, NULL, NULL)
        """#,
        #"INSERT INTO "_Join:visitors:Place" ("relatedId", "owningId") VALUES ('benUser001', 'harbour001')"#,
    ]

    /// A store opened on a schema holding only what Parse Server wrote.
    private func parseServerDatabase() async throws -> ParseStore {
        guard let server = TestBackend.postgresURL else {
            throw XCTSkip("This test is about Parse Server's PostgreSQL.")
        }
        let url = TestBackend.freshSchema(in: server)
        let address = try PostgresAddress(url: url)
        let backend = try PostgresBackend(address: address, poolSize: 2)
        try backend.prepare { db in
            try db.execute("CREATE SCHEMA IF NOT EXISTS \(quoteIdentifier(address.schema ?? "public"))")
        }
        try backend.prepare { db in
            for statement in Self.parseServerStatements { try db.execute(statement) }
        }
        try backend.close()
        let store = try ParseStore(postgresURL: url, clock: FixedClock())
        TestBackend.closeAfterThisTest(store)
        return store
    }

    private static func date(_ text: String) throws -> ParseValue {
        .date(try XCTUnwrap(ParseDateFormat.date(from: text)))
    }

    func testEveryFieldOfARowParseServerWroteIsReadAsParseServerAnswersIt() async throws {
        let store = try await parseServerDatabase()
        let harbour = try await store.read { try $0.fetch("Place", objectId: "harbour001") }
        let expected: [String: ParseValue] = [
            "name": "Harbour", "visits": 12, "open": true, "since": try Self.date("2024-05-01T10:00:00.123Z"),
            // jsonb keeps an object's keys in its own order (shorter first), and so does Parse Server's answer.
            "info": ["Boats": 40, "Depth": "9 m"], "tags": ["sea", "boats"], "labels": ["north", "windy"],
            "owner": .pointer(ParsePointer(className: "_User", objectId: "anaUser001")),
            "photo": .file(name: "harbour.jpg", url: nil),
            "location": .geoPoint(ParseGeoPoint(latitude: 43.2965, longitude: 5.3698)),
            // Parse Server answers a polygon's points as [latitude, longitude], the ring closed.
            "area": .polygon([[43.29, 5.36], [43.29, 5.38], [43.31, 5.38], [43.29, 5.36]]),
            "raw": .bytes(base64: "aGk="),
            "visitors": .relation(className: "_User"),
            "ACL": ["*": ["read": true], "anaUser001": ["write": true]],
        ]
        for (field, value) in expected {
            XCTAssertEqual(harbour[field], value, field)
        }
        XCTAssertEqual(harbour.createdAt, try XCTUnwrap(ParseDateFormat.date(from: "2024-05-01T10:00:00.000Z")))
        XCTAssertEqual(harbour.updatedAt, try XCTUnwrap(ParseDateFormat.date(from: "2024-05-02T11:30:00.250Z")))
        XCTAssertTrue(
            ParseJSON.encode(harbour).contains(
                #""area":{"__type":"Polygon","coordinates":[[43.29,5.36],[43.29,5.38],[43.31,5.38],[43.29,5.36]]}"#),
            ParseJSON.encode(harbour))
        let garden = try await store.read { try $0.fetch("Place", objectId: "garden0001") }
        XCTAssertNil(garden["ACL"], "a row Parse Server saved without an ACL is public and has none")
        XCTAssertNil(garden["photo"])
    }

    func testQueriesOnEachKindOfFieldFindParseServerRows() async throws {
        let store = try await parseServerDatabase()
        let cases: [(ParseQuery, [String])] = [
            (ParseQuery("Place").where("visits", "$gt", 5), ["Garden", "Harbour"]),
            (ParseQuery("Place").where("open", equalTo: false), ["Attic"]),
            (ParseQuery("Place").where("since", "$lt", try Self.date("2024-06-01T00:00:00.000Z")), ["Harbour"]),
            (
                ParseQuery("Place").where(
                    "owner", equalTo: .pointer(ParsePointer(className: "_User", objectId: "benUser001"))),
                ["Garden"]
            ),
            (ParseQuery("Place").where("tags", equalTo: "flowers"), ["Garden"]),
            (ParseQuery("Place").where("info.Boats", "$gte", 40), ["Harbour"]),
            (ParseQuery("Place").where("photo", "$exists", true), ["Harbour"]),
            (ParseQuery("Place").where("location", "$exists", false), ["Attic", "Garden"]),
            (ParseQuery("Place").matches("name", containing: "ARD", caseInsensitive: true), ["Garden"]),
        ]
        for (query, names) in cases {
            let found = try await store.read { try $0.find(query.order(by: "name")) }
            XCTAssertEqual(found.compactMap { $0["name"]?.stringValue }, names, "\(query)")
        }
    }

    func testARelationAnIncludeAndEveryRowsACLWorkOnParseServerRows() async throws {
        let store = try await parseServerDatabase()
        let visitors = try await store.read { reader in
            try reader.find(
                ParseQuery("_User").related(
                    to: ParsePointer(className: "Place", objectId: "harbour001"), key: "visitors"))
        }
        XCTAssertEqual(visitors.compactMap { $0["username"]?.stringValue }, ["ben"])
        let harbour = try await store.read { try $0.fetch("Place", objectId: "harbour001", include: ["owner"]) }
        guard case .includedObject(let owner)? = harbour["owner"] else {
            return XCTFail("owner was not included: \(String(describing: harbour["owner"]))")
        }
        XCTAssertEqual(owner["username"], "ana")
        XCTAssertEqual(owner["email"], "ana@example.com")
        let users = try await store.read { try $0.find(ParseQuery("_User").order(by: "username")) }
        XCTAssertEqual(users.compactMap { $0["username"]?.stringValue }, ["ana", "ben"])
        for user in users + [owner] {
            for hidden in ["_hashed_password", "password", "_password_history", "_rperm", "_wperm"] {
                XCTAssertNil(user[hidden], "\(hidden) must never leave the store")
            }
        }
        let cases: [(ParseAccess, [String])] = [
            (.anonymous, ["Garden", "Harbour"]),
            (.user("benUser001"), ["Garden", "Harbour"]),
            (.user("anaUser001"), ["Attic", "Garden", "Harbour"]),
        ]
        for (access, names) in cases {
            let (found, count) = try await store.read { reader in
                let acting = reader.acting(as: access)
                let query = ParseQuery("Place").order(by: "name")
                return (try acting.find(query).compactMap { $0["name"]?.stringValue }, try acting.count(query))
            }
            XCTAssertEqual(found, names, "\(access)")
            XCTAssertEqual(count, names.count, "\(access)")
        }
    }
}

extension ParseServerDatabaseTests {
    /// One value of each type Parse Server keeps in a column of its own form, and that column's text as Parse Server
    /// writes it.
    private static let writtenInParseServerForms: [(field: String, value: ParseValue, columnText: String)] = [
        ("photo", .file(name: "quay.jpg", url: nil), "quay.jpg"),
        ("location", .geoPoint(ParseGeoPoint(latitude: 43.5, longitude: 5.25)), "(5.25,43.5)"),
        (
            "area", .polygon([[43.5, 5.25], [43.5, 5.5], [43.75, 5.5], [43.5, 5.25]]),
            "((5.25,43.5),(5.5,43.5),(5.5,43.75),(5.25,43.5))"
        ),
        ("labels", ["calm", "east"], "{calm,east}"),
    ]

    /// The text of `field`'s column in `objectId`'s row, as PostgreSQL prints it.
    private func columnText(_ store: ParseStore, _ objectId: String, _ field: String) async throws -> String? {
        try await store.read { reader in
            try reader.db.string(
                "SELECT \(quoteIdentifier(field))::text FROM \"Place\" WHERE \"objectId\" = ?", [.text(objectId)])
        }
    }

    func testCreatesAndUpdatesWriteEachValueInTheFormParseServerGaveItsColumn() async throws {
        let store = try await parseServerDatabase()
        for (field, value, text) in Self.writtenInParseServerForms {
            let made = try await store.write { try $0.create("Place", ["name": "Quay", field: value]) }
            let back = try await store.read { try $0.fetch("Place", objectId: made.objectId) }
            XCTAssertEqual(back[field], value, "create \(field)")
            let stored = try await columnText(store, made.objectId, field)
            XCTAssertEqual(stored, text, "create \(field)")
            _ = try await store.write { try $0.update("Place", objectId: "attic00001", [field: value]) }
            let attic = try await store.read { try $0.fetch("Place", objectId: "attic00001") }
            XCTAssertEqual(attic[field], value, "update \(field)")
            let updated = try await columnText(store, "attic00001", field)
            XCTAssertEqual(updated, text, "update \(field)")
        }
        _ = try await store.write { writer in
            try writer.update("Place", objectId: "harbour001", operations: ["labels": .addUnique(["east", "north"])])
        }
        let labels = try await columnText(store, "harbour001", "labels")
        XCTAssertEqual(labels, "{north,windy,east}")
        await assertParseError(111) {
            try await store.write { try $0.update("Place", objectId: "harbour001", ["labels": ["one", 2]]) }
        }
    }

    func testQueriesCompareParseServerColumnsAsParseValues() async throws {
        let store = try await parseServerDatabase()
        let cases: [(String, ParseValue, [String])] = [
            ("photo", .file(name: "harbour.jpg", url: nil), ["Harbour"]),
            ("location", .geoPoint(ParseGeoPoint(latitude: 43.2965, longitude: 5.3698)), ["Harbour"]),
            ("area", .polygon([[43.29, 5.36], [43.29, 5.38], [43.31, 5.38], [43.29, 5.36]]), ["Harbour"]),
            ("labels", "windy", ["Harbour"]),
        ]
        for (field, value, names) in cases {
            let found = try await store.read { try $0.find(ParseQuery("Place").where(field, equalTo: value)) }
            XCTAssertEqual(found.compactMap { $0["name"]?.stringValue }, names, field)
        }
        let withLabels = try await store.read {
            try $0.find(ParseQuery("Place").where("labels", "$all", ["north", "windy"]))
        }
        XCTAssertEqual(withLabels.compactMap { $0["name"]?.stringValue }, ["Harbour"])
    }
}

extension ParseServerDatabaseTests {
    func testADatabaseParseServerWroteCopiesIntoASQLiteFileWithEveryValue() async throws {
        let store = try await parseServerDatabase()
        let file = try ParseStore.inMemory(clock: FixedClock())
        defer { try? file.close() }
        let report = try await store.copyEverything(to: file)
        XCTAssertEqual(report.objectCounts["Place"], 3, "\(report)")
        for objectId in ["harbour001", "attic00001", "garden0001"] {
            let original = try await store.read { try $0.fetch("Place", objectId: objectId) }
            let copied = try await file.read { try $0.fetch("Place", objectId: objectId) }
            XCTAssertEqual(copied, original, objectId)
        }
        let visitors = try await file.read { reader in
            try reader.find(
                ParseQuery("_User").related(
                    to: ParsePointer(className: "Place", objectId: "harbour001"), key: "visitors"))
        }
        XCTAssertEqual(visitors.compactMap { $0["username"]?.stringValue }, ["ben"])
    }
}

extension ParseServerDatabaseTests {
    func testTheFileSweepReadsTheNamesParseServerKeepsInTextColumns() async throws {
        let store = try await parseServerDatabase()
        try await store.write { writer in
            for name in ["harbour.jpg", "orphan.jpg"] {
                try writer.save(StoredFile(name: name, contentType: "image/jpeg", bytes: Data([0xFF, 0xD8, 0xFF])))
            }
        }
        // The first sweep starts the clock on the file nobody names; the second (nothing left to wait) removes it.
        _ = try await store.write { try $0.sweepFiles(unusedFor: 0) }
        let removed = try await store.write { try $0.sweepFiles(unusedFor: -1) }
        XCTAssertEqual(removed, 1)
        let named = try await store.read { try $0.hasFile(named: "harbour.jpg") }
        let orphan = try await store.read { try $0.hasFile(named: "orphan.jpg") }
        XCTAssertTrue(named, "Harbour's photo, named in Parse Server's text column, is kept")
        XCTAssertFalse(orphan)
    }
}
