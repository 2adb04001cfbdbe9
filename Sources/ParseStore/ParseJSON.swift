import OrderedCollections

/// Parse's REST JSON for `ParseValue`: a small, fast parser and serializer of our own.
///
/// Objects keep their key order, integral numbers are written without a fraction, other numbers in the
/// shortest form that reads back to the same double (as JavaScript does), and typed values travel as
/// `{"__type": …}` objects.
public enum ParseJSON {
    /// The deepest nesting of arrays and objects accepted, so hostile input cannot exhaust the stack.
    static let maximumDepth = 256

    /// Parses JSON text, turning `{"__type": …}` objects into typed values.
    ///
    /// - Throws: 107 for malformed JSON; 111 for a typed value missing its members
    ///   (`{"__type":"Date"}` → "This is not a valid Date").
    public static func decode(_ text: String, keepingRelationMembers: Bool = false) throws -> ParseValue {
        var text = text
        return try text.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.keepsRelationMembers = keepingRelationMembers
            return try parser.parseDocument()
        }
    }

    /// Parse's 107 for malformed JSON, with where it went wrong.
    static func invalid(_ reason: String, at offset: Int) -> ParseError {
        ParseError(.invalidJSON, "Invalid JSON: \(reason) at offset \(offset)")
    }
}

/// A recursive-descent JSON parser over contiguous UTF-8 bytes.
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// For imports: a Relation that lists its members (`"objects"`, as Parsnip's export writes it) stays a plain
    /// object, so the members reach the importer; REST requests never use this.
    var keepsRelationMembers = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws -> ParseValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw ParseJSON.invalid("unexpected trailing characters", at: index) }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> ParseValue {
        guard index < bytes.count else { throw ParseJSON.invalid("unexpected end of input", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw ParseJSON.invalid("unexpected character", at: index)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw ParseJSON.invalid("unexpected end of input", at: index) }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw ParseJSON.invalid("unexpected character", at: index + offset)
        }
        index += count
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= ParseJSON.maximumDepth else { throw ParseJSON.invalid("nesting too deep", at: index) }
    }

    private mutating func parseObject() throws -> ParseValue {
        try enter()
        index += 1
        var members = OrderedDictionary<String, ParseValue>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw ParseJSON.invalid("expected a string key", at: index)
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw ParseJSON.invalid("expected ':'", at: index)
            }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw ParseJSON.invalid("unexpected end of input", at: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                break
            } else {
                throw ParseJSON.invalid("expected ',' or '}'", at: index)
            }
        }
        depth -= 1
        if keepsRelationMembers, members["__type"] == .string("Relation"), members["objects"] != nil {
            return .object(members)
        }
        if members["__type"] != nil { return try ParseJSON.typedValue(members) }
        return .object(members)
    }

    private mutating func parseArray() throws -> ParseValue {
        try enter()
        index += 1
        var elements: [ParseValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw ParseJSON.invalid("unexpected end of input", at: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                break
            } else {
                throw ParseJSON.invalid("expected ',' or ']'", at: index)
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw ParseJSON.invalid("control character in string", at: index) }
            index += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw ParseJSON.invalid("control character in string", at: index)
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw ParseJSON.invalid("unterminated string", at: start - 1)
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        index += 1
        guard index < bytes.count else { throw ParseJSON.invalid("unterminated string", at: index) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw ParseJSON.invalid("unpaired surrogate", at: index) }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw ParseJSON.invalid("unpaired surrogate", at: index) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw ParseJSON.invalid("unpaired surrogate", at: index)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw ParseJSON.invalid("bad escape", at: index) }
            buffer.append(contentsOf: UTF8.encode(unicode)!)
        default:
            throw ParseJSON.invalid("bad escape", at: index - 1)
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw ParseJSON.invalid("bad \\u escape", at: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw ParseJSON.invalid("bad \\u escape", at: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        var integer: Int64 = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if index - integerStart < 18 { integer = integer * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0 else { throw ParseJSON.invalid("bad number", at: start) }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw ParseJSON.invalid("leading zero in number", at: start)
        }
        var isIntegral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            let fractionStart = index
            skipDigits()
            guard index > fractionStart else { throw ParseJSON.invalid("bad number", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isIntegral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponentStart = index
            skipDigits()
            guard index > exponentStart else { throw ParseJSON.invalid("bad number", at: start) }
        }
        if isIntegral && integerDigits <= 15 {
            return negative ? -Double(integer) : Double(integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw ParseJSON.invalid("number out of range", at: start)
        }
        return value
    }

    private mutating func skipDigits() {
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
    }
}
