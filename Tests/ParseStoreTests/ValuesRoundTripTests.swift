import Foundation
import OrderedCollections
import XCTest

@testable import ParseStore

/// Every Parse type survives a write and a fetch; malformed values are refused with Parse's codes.
final class ValuesRoundTripTests: XCTestCase {
    private func roundTrip(_ value: ParseValue, file: StaticString = #filePath, line: UInt = #line) async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Thing", ["value": value]) }
        let fetched = try await store.read { try $0.fetch("Thing", objectId: created.objectId) }
        XCTAssertEqual(fetched["value"], value, file: file, line: line)
        XCTAssertEqual(created["value"], value, file: file, line: line)
    }

    func testStringRoundTripsIncludingUnicodeAndQuotes() async throws {
        try await roundTrip("Grüße \"東京\" 😀 \\ \n end")
    }

    func testNumberRoundTripsForIntegersAndDecimals() async throws {
        try await roundTrip(19.99)
        try await roundTrip(-42)
        try await roundTrip(9_007_199_254_740_992)
        try await roundTrip(1e-300)
    }

    func testBooleanRoundTrips() async throws {
        try await roundTrip(true)
        try await roundTrip(false)
    }

    func testDateRoundTripsWithMillisecondPrecision() async throws {
        try await roundTrip(.date(ParseDateFormat.date(milliseconds: 1_714_558_830_456)))
        try await roundTrip(.date(ParseDateFormat.date(milliseconds: -86_400_001)))
    }

    func testDateIsStoredTruncatedToMilliseconds() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write {
            try $0.create("Thing", ["at": .date(Date(timeIntervalSince1970: 1_714_558_830.456_9))])
        }
        XCTAssertEqual(created["at"], .date(ParseDateFormat.date(milliseconds: 1_714_558_830_456)))
    }

    func testArrayRoundTripsWithMixedAndTypedElements() async throws {
        try await roundTrip([
            1, "two", 3.5, true, nil, ["nested": [1, 2]],
            .pointer(ParsePointer(className: "Post", objectId: "p1")),
            .date(ParseDateFormat.date(milliseconds: 1_000)),
            .geoPoint(ParseGeoPoint(latitude: 1, longitude: 2)),
        ])
    }

    func testObjectRoundTripsKeepingKeyOrder() async throws {
        // Both backends keep the keys as written (PostgreSQL's Object column is `json`, not `jsonb`).
        let value: ParseValue = [
            "zeta": 1, "alpha": ["y": 2, "b": [true]], "mid": .date(Date(timeIntervalSince1970: 0)),
        ]
        try await roundTrip(value)
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Thing", ["value": value]) }
        XCTAssertEqual(created["value"]?.objectValue.map { Array($0.keys) }, ["zeta", "alpha", "mid"])
    }

    func testPointerRoundTrips() async throws {
        try await roundTrip(.pointer(ParsePointer(className: "_User", objectId: "Xy12AbC9zq")))
    }

    func testRelationStubRoundTrips() async throws {
        try await roundTrip(.relation(className: "Player"))
    }

    func testGeoPointRoundTripsIncludingBoundaries() async throws {
        try await roundTrip(.geoPoint(ParseGeoPoint(latitude: 37.7, longitude: -122.4)))
        try await roundTrip(.geoPoint(ParseGeoPoint(latitude: -90, longitude: 180)))
    }

    func testFileRoundTripsByNameWithoutURL() async throws {
        try await roundTrip(.file(name: "abc_photo.png", url: nil))
        let store = try makeMemoryStore()
        let created = try await store.write {
            try $0.create("Thing", ["photo": .file(name: "abc_photo.png", url: "https://x/abc_photo.png")])
        }
        XCTAssertEqual(created["photo"], .file(name: "abc_photo.png", url: nil))
    }

    func testBytesRoundTrip() async throws {
        try await roundTrip(.bytes(base64: "AAECAwQ="))
    }

    func testPolygonRoundTripsUnchanged() async throws {
        try await roundTrip(.polygon([[-122.4, 37.7], [-122.3, 37.8], [-122.2, 37.7]]))
    }

    func testIncludedObjectIsStoredAsAPointer() async throws {
        let store = try makeMemoryStore()
        let author = try await store.write { try $0.create("Author", ["name": "Le Guin"]) }
        let book = try await store.write { try $0.create("Book", ["author": .includedObject(author)]) }
        XCTAssertEqual(book["author"], .pointer(author.pointer))
    }

    func testNullValueOnCreateIsSkipped() async throws {
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Thing", ["value": nil, "kept": 1]) }
        XCTAssertEqual(created.fields, ["kept": 1])
    }

    func testGeoPointOutOfRangeThrows111() async throws {
        let store = try makeMemoryStore()
        for point in [
            ParseGeoPoint(latitude: 90.1, longitude: 0), ParseGeoPoint(latitude: 0, longitude: -180.5),
            ParseGeoPoint(latitude: .nan, longitude: 0),
        ] {
            await assertParseError(111) { try await store.write { try $0.create("Place", ["at": .geoPoint(point)]) } }
        }
    }

    func testPolygonWithFewerThanThreePointsThrows107() async throws {
        let store = try makeMemoryStore()
        await assertParseError(107, "Polygon must have at least 3 values") {
            try await store.write { try $0.create("Area", ["shape": .polygon([[0, 0], [1, 1]])]) }
        }
        await assertParseError(107) {
            try await store.write { try $0.create("Area", ["shape": .polygon([[0, 0], [1], [1, 1]])]) }
        }
    }

    func testNonFiniteNumberThrows111() async throws {
        let store = try makeMemoryStore()
        await assertParseError(111) { try await store.write { try $0.create("Thing", ["n": .number(.infinity)]) } }
        await assertParseError(111) { try await store.write { try $0.create("Thing", ["n": [.number(.nan)]]) } }
    }

    func testPointerWithoutObjectIdThrows106() async throws {
        let store = try makeMemoryStore()
        await assertParseError(106) {
            try await store.write {
                try $0.create("Thing", ["p": .pointer(ParsePointer(className: "Post", objectId: ""))])
            }
        }
    }

    func testJSONDecodedBodyRoundTripsThroughTheStore() async throws {
        let body = try ParseJSON.decode(
            #"{"price":19.99,"at":{"__type":"Date","iso":"2024-05-01T10:20:30.456Z"},"tags":["a",{"k":1}]}"#)
        guard case .object(let members) = body else { return XCTFail("not an object") }
        let store = try makeMemoryStore()
        let created = try await store.write { try $0.create("Thing", Dictionary(uniqueKeysWithValues: Array(members))) }
        let fetched = try await store.read { try $0.fetch("Thing", objectId: created.objectId) }
        XCTAssertEqual(ParseJSON.encode(fetched["price"]!), "19.99")
        XCTAssertEqual(ParseJSON.encode(fetched["at"]!), #"{"__type":"Date","iso":"2024-05-01T10:20:30.456Z"}"#)
        XCTAssertEqual(ParseJSON.encode(fetched["tags"]!), #"["a",{"k":1}]"#)
    }
}
