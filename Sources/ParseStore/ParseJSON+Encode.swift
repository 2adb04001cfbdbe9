import Foundation
import OrderedCollections

extension ParseJSON {
    /// `value` as compact REST JSON (`null` for `.null`; typed values as `{"__type": …}` objects).
    public static func encode(_ value: ParseValue) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return writer.string
    }

    /// A date as Parse writes one: `2024-05-01T10:20:30.456Z`, UTC, exactly three fractional digits.
    public static func isoString(_ date: Date) -> String {
        ParseDateFormat.string(from: date)
    }

    /// An object as REST JSON: objectId, createdAt and updatedAt as bare strings, then its fields by name.
    public static func encode(_ object: ParseObject) -> String {
        var writer = JSONWriter()
        writer.writeObject(object, typed: false)
        return writer.string
    }
}

/// Appends compact JSON to a byte buffer.
struct JSONWriter {
    /// The UTF-8 written so far.
    var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(64)
    }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ value: ParseValue) {
        switch value {
        case .null: append("null")
        case .boolean(let flag): append(flag ? "true" : "false")
        case .number(let number): writeNumber(number)
        case .string(let text): writeString(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeKey(key)
                write(member)
            }
            bytes.append(UInt8(ascii: "}"))
        case .date(let date):
            append("{\"__type\":\"Date\",\"iso\":\"")
            append(ParseDateFormat.string(from: date))
            append("\"}")
        case .pointer(let pointer):
            append("{\"__type\":\"Pointer\",\"className\":")
            writeString(pointer.className)
            append(",\"objectId\":")
            writeString(pointer.objectId)
            bytes.append(UInt8(ascii: "}"))
        case .relation(let className):
            append("{\"__type\":\"Relation\",\"className\":")
            writeString(className)
            bytes.append(UInt8(ascii: "}"))
        case .geoPoint(let point):
            append("{\"__type\":\"GeoPoint\",\"latitude\":")
            writeNumber(point.latitude)
            append(",\"longitude\":")
            writeNumber(point.longitude)
            bytes.append(UInt8(ascii: "}"))
        case .file(let name, let url):
            append("{\"__type\":\"File\",\"name\":")
            writeString(name)
            if let url {
                append(",\"url\":")
                writeString(url)
            }
            bytes.append(UInt8(ascii: "}"))
        case .bytes(let base64):
            append("{\"__type\":\"Bytes\",\"base64\":")
            writeString(base64)
            bytes.append(UInt8(ascii: "}"))
        case .polygon(let points):
            append("{\"__type\":\"Polygon\",\"coordinates\":")
            write(.array(points.map { .array($0.map(ParseValue.number)) }))
            bytes.append(UInt8(ascii: "}"))
        case .includedObject(let object):
            writeObject(object, typed: true)
        }
    }

    /// Writes an object with bare-string timestamps; `typed` adds `"__type":"Object"` and `className` as
    /// `include` does.
    mutating func writeObject(_ object: ParseObject, typed: Bool) {
        bytes.append(UInt8(ascii: "{"))
        if typed {
            append("\"__type\":\"Object\",\"className\":")
            writeString(object.className)
            bytes.append(UInt8(ascii: ","))
        }
        append("\"objectId\":")
        writeString(object.objectId)
        append(",\"createdAt\":\"")
        append(ParseDateFormat.string(from: object.createdAt))
        append("\",\"updatedAt\":\"")
        append(ParseDateFormat.string(from: object.updatedAt))
        bytes.append(UInt8(ascii: "\""))
        for key in object.fields.keys.sorted() {
            bytes.append(UInt8(ascii: ","))
            writeKey(key)
            write(object.fields[key]!)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func writeKey(_ key: String) {
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeNumber(_ number: Double) {
        append(ParseJSON.format(number))
    }

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    append("\\u00")
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
