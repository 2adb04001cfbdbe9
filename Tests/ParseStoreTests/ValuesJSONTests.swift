import Foundation
import OrderedCollections
import XCTest

@testable import ParseStore

/// ParseJSON: our own parser and serializer of Parse's REST JSON.
final class ValuesJSONTests: XCTestCase {
    func testDecodeThenEncodeKeepsObjectKeyOrder() throws {
        let text = #"{"zeta":1,"alpha":{"b":true,"a":null},"mid":[3,"x"]}"#
        let value = try ParseJSON.decode(text)
        XCTAssertEqual(value.objectValue.map { Array($0.keys) }, ["zeta", "alpha", "mid"])
        XCTAssertEqual(ParseJSON.encode(value), text)
    }

    func testIntegralNumbersAreWrittenWithoutFraction() {
        XCTAssertEqual(ParseJSON.encode(.number(5)), "5")
        XCTAssertEqual(ParseJSON.encode(.number(-3)), "-3")
        XCTAssertEqual(ParseJSON.encode(.number(0)), "0")
        XCTAssertEqual(ParseJSON.encode(.number(-0.0)), "0")
        XCTAssertEqual(ParseJSON.encode(.number(1e20)), "100000000000000000000")
        XCTAssertEqual(ParseJSON.encode(.number(9_007_199_254_740_992)), "9007199254740992")
        XCTAssertEqual(ParseJSON.encode(.number(1_152_921_504_606_846_976)), "1152921504606847000")
    }

    func testFractionalNumbersUseShortestRoundTripFormLikeJavaScript() {
        XCTAssertEqual(ParseJSON.encode(.number(19.99)), "19.99")
        XCTAssertEqual(ParseJSON.encode(.number(0.1)), "0.1")
        XCTAssertEqual(ParseJSON.encode(.number(0.1 + 0.2)), "0.30000000000000004")
        XCTAssertEqual(ParseJSON.encode(.number(1.0 / 3.0)), "0.3333333333333333")
        XCTAssertEqual(ParseJSON.encode(.number(0.000001)), "0.000001")
        XCTAssertEqual(ParseJSON.encode(.number(1e-7)), "1e-7")
        XCTAssertEqual(ParseJSON.encode(.number(1e21)), "1e+21")
        XCTAssertEqual(ParseJSON.encode(.number(1.5e300)), "1.5e+300")
        XCTAssertEqual(ParseJSON.encode(.number(-2.5e-10)), "-2.5e-10")
        XCTAssertEqual(ParseJSON.encode(.number(123_456.789)), "123456.789")
    }

    func testRandomDoublesRoundTripBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let bits = generator.next() as UInt64
            let number = Double(bitPattern: bits)
            guard number.isFinite else { continue }
            let decoded = try ParseJSON.decode(ParseJSON.encode(.number(number)))
            XCTAssertEqual(decoded.numberValue?.bitPattern, number == 0 ? 0 : number.bitPattern, "\(number)")
        }
    }

    func testEscapedSurrogatePairsDecodeToOneScalar() throws {
        XCTAssertEqual(try ParseJSON.decode(#""\ud83d\ude00 ok""#), .string("😀 ok"))
    }

    func testNonASCIITextRoundTripsUnescaped() throws {
        let text = "Grüße, 東京, 😀, \u{2028}"
        let encoded = ParseJSON.encode(.string(text))
        XCTAssertEqual(encoded, "\"\(text)\"")
        XCTAssertEqual(try ParseJSON.decode(encoded), .string(text))
    }

    func testControlCharactersQuotesAndBackslashesAreEscaped() throws {
        let text = "a\"b\\c\nd\te\u{01}\u{1F}"
        let encoded = ParseJSON.encode(.string(text))
        XCTAssertEqual(encoded, #""a\"b\\c\nd\te\u0001\u001f""#)
        XCTAssertEqual(try ParseJSON.decode(encoded), .string(text))
    }

    func testStandardEscapesDecode() throws {
        XCTAssertEqual(try ParseJSON.decode(#""\/\b\f\r\u00e9""#), .string("/\u{08}\u{0C}\r\u{E9}"))
    }

    func testMalformedInputThrows107() {
        let broken = [
            "", " ", "{", "}", "[1,]", "[1 2]", #"{"a" 1}"#, #"{"a":1,}"#, "{,}", "01", "1.", ".5", "+1", "-", "1e",
            "1e+", #""abc"#, "tru", "nul", "falsy", #"{"a":1}x"#, "\"\u{01}\"", #""\x""#, #""\u12""#, #""\ud83d""#,
            #""\ude00""#, #""\ud83d\u0041""#, "NaN", "Infinity", "1e400", #"{1:2}"#,
            "[" + String(repeating: "[", count: 400),
        ]
        for text in broken {
            assertParseErrorSync(107) { try ParseJSON.decode(text) }
        }
    }

    func testWhitespaceAroundTokensIsAccepted() throws {
        XCTAssertEqual(try ParseJSON.decode(" \n{ \"a\" :\t[ 1 , 2 ] }\r\n"), ["a": [1, 2]])
    }

    func testDuplicateKeysKeepFirstPositionAndLastValue() throws {
        let value = try ParseJSON.decode(#"{"a":1,"b":2,"a":3}"#)
        XCTAssertEqual(ParseJSON.encode(value), #"{"a":3,"b":2}"#)
    }

    func testTypedValuesDecodeFromTheirParseShapes() throws {
        let text = """
            [{"__type":"Date","iso":"2024-05-01T10:20:30.456Z"},
             {"__type":"Pointer","className":"Post","objectId":"8TOXdXf3tz"},
             {"__type":"Relation","className":"Player"},
             {"__type":"GeoPoint","latitude":37.7,"longitude":-122.4},
             {"__type":"File","name":"a.png","url":"http://x/a.png"},
             {"__type":"Bytes","base64":"AAEC"},
             {"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}]
            """
        let expected: ParseValue = .array([
            .date(ParseDateFormat.date(milliseconds: 1_714_558_830_456)),
            .pointer(ParsePointer(className: "Post", objectId: "8TOXdXf3tz")),
            .relation(className: "Player"),
            .geoPoint(ParseGeoPoint(latitude: 37.7, longitude: -122.4)),
            .file(name: "a.png", url: "http://x/a.png"),
            .bytes(base64: "AAEC"),
            .polygon([[0, 0], [0, 1], [1, 1]]),
        ])
        XCTAssertEqual(try ParseJSON.decode(text), expected)
    }

    func testTypedValuesEncodeToTheirParseShapes() {
        XCTAssertEqual(
            ParseJSON.encode(.pointer(ParsePointer(className: "Post", objectId: "abc"))),
            #"{"__type":"Pointer","className":"Post","objectId":"abc"}"#)
        XCTAssertEqual(
            ParseJSON.encode(.date(ParseDateFormat.date(milliseconds: 1_714_558_830_456))),
            #"{"__type":"Date","iso":"2024-05-01T10:20:30.456Z"}"#)
        XCTAssertEqual(
            ParseJSON.encode(.geoPoint(ParseGeoPoint(latitude: 40, longitude: -30.5))),
            #"{"__type":"GeoPoint","latitude":40,"longitude":-30.5}"#)
        XCTAssertEqual(ParseJSON.encode(.file(name: "a.png", url: nil)), #"{"__type":"File","name":"a.png"}"#)
        XCTAssertEqual(ParseJSON.encode(.relation(className: "P")), #"{"__type":"Relation","className":"P"}"#)
        XCTAssertEqual(ParseJSON.encode(.bytes(base64: "AA==")), #"{"__type":"Bytes","base64":"AA=="}"#)
        XCTAssertEqual(
            ParseJSON.encode(.polygon([[1, 2], [3, 4.5], [5, 6]])),
            #"{"__type":"Polygon","coordinates":[[1,2],[3,4.5],[5,6]]}"#)
    }

    func testDateWithoutISOThrows111NotAValidDate() {
        assertParseErrorSync(111, "This is not a valid Date") { try ParseJSON.decode(#"{"__type":"Date"}"#) }
    }

    func testTypedValueMissingAMemberThrows111NamingItsType() {
        assertParseErrorSync(111, "This is not a valid Pointer") {
            try ParseJSON.decode(#"{"__type":"Pointer","className":"Post"}"#)
        }
        assertParseErrorSync(111, "This is not a valid GeoPoint") {
            try ParseJSON.decode(#"{"__type":"GeoPoint","latitude":"north","longitude":1}"#)
        }
    }

    func testIncludedObjectEncodesWithTypeClassNameAndBareTimestamps() throws {
        let object = ParseObject(
            className: "Author", objectId: "a1", createdAt: ParseDateFormat.date(milliseconds: 0),
            updatedAt: ParseDateFormat.date(milliseconds: 1), fields: ["name": "Le Guin"])
        let text = ParseJSON.encode(.includedObject(object))
        XCTAssertEqual(
            text,
            #"{"__type":"Object","className":"Author","objectId":"a1","createdAt":"1970-01-01T00:00:00.000Z","#
                + #""updatedAt":"1970-01-01T00:00:00.001Z","name":"Le Guin"}"#)
        XCTAssertEqual(try ParseJSON.decode(text), .includedObject(object))
    }
}
