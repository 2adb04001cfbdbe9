import Hummingbird

/// The fields of a URL-encoded form or query string, decoded strictly.
///
/// Malformed input — broken percent escapes, bytes that are not UTF-8, a field sent twice, too many fields —
/// is refused with `PageError.badRequest` instead of being guessed at. Only the names a caller lists in
/// `allowingRepeated` (the book form's `author` and `publisher` checkboxes) may come more than once; all their
/// values are kept, in order, for `values(_:)`.
struct FormFields: Sendable, Hashable {
    /// The largest form body accepted, in bytes: a recipe with every row at its longest, typed in a script
    /// that takes 12 bytes per character once percent-encoded, stays under it.
    static let maximumBodySize = 256 * 1024
    /// The most fields one form or query string may carry: the recipe editor at its row limits uses about 190.
    static let maximumFieldCount = 512

    /// The field names any Parsnip form may send more than once: the checkbox lists of the book form and of a
    /// recipe's "Add ingredients to the to-do list". The forms
    /// middleware accepts repeats of these names only; every other name sent twice is still refused.
    static let repeatableFieldNames: Set<String> = ["author", "publisher", "ingredient"]

    /// Each field's value; for a name that may repeat, its first value.
    private(set) var values: [String: String] = [:]
    /// Every value of each field that was allowed to repeat, in the order sent.
    private var repeated: [String: [String]] = [:]

    init() {}

    /// Decodes `name=value&…` (`+` for space, `%XX` escapes).
    ///
    /// - Parameter allowingRepeated: names that may be sent more than once (checkbox lists); any other name sent
    ///   twice is refused. The field limit counts every pair, repeats included.
    init(urlEncoded bytes: some Collection<UInt8>, allowingRepeated: Set<String> = []) throws(PageError) {
        var values: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        var pairCount = 0
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            let pair = bytes[start..<end]
            start = end == bytes.endIndex ? end : bytes.index(after: end)
            if pair.isEmpty { continue }
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let name = try Self.decode(pair[pair.startIndex..<equals])
            let value = equals == pair.endIndex ? "" : try Self.decode(pair[pair.index(after: equals)...])
            pairCount += 1
            guard pairCount <= Self.maximumFieldCount else { throw .badRequest("too many fields") }
            if allowingRepeated.contains(name) {
                repeated[name, default: []].append(value)
                if values[name] == nil { values[name] = value }
                continue
            }
            guard values.updateValue(value, forKey: name) == nil else {
                throw .badRequest("the field \(name) was sent twice")
            }
        }
        self.values = values
        self.repeated = repeated
    }

    /// The text fields of a multipart form, under the same rules: no name twice but those in `allowingRepeated`
    /// (the book form's author and publisher checkboxes), at most `maximumFieldCount`.
    init(pairs: [(String, String)], allowingRepeated: Set<String> = []) throws(PageError) {
        guard pairs.count <= Self.maximumFieldCount else { throw .badRequest("too many fields") }
        var values: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        for (name, value) in pairs {
            if allowingRepeated.contains(name) {
                repeated[name, default: []].append(value)
                if values[name] == nil { values[name] = value }
                continue
            }
            guard values.updateValue(value, forKey: name) == nil else {
                throw .badRequest("the field \(name) was sent twice")
            }
        }
        self.values = values
        self.repeated = repeated
    }

    /// Decodes a query string such as `q=milk&after=…`; an absent query gives no fields.
    init(query: String?) throws(PageError) {
        guard let query, !query.isEmpty else {
            self.init()
            return
        }
        try self.init(urlEncoded: Array(query.utf8))
    }

    /// The value of a field, or nil when the form did not send it (for a name that may repeat: its first value).
    subscript(name: String) -> String? { values[name] }

    /// Every field and value, sorted by name; a name allowed to repeat gives one pair per value, in the order sent.
    var allPairs: [(name: String, value: String)] {
        values.keys.sorted().flatMap { name in values(name).map { (name: name, value: $0) } }
    }

    /// Every value sent for a field, in order: several for a name allowed to repeat, else none or one.
    func values(_ name: String) -> [String] {
        if let all = repeated[name] { return all }
        return values[name].map { [$0] } ?? []
    }

    private static func decode(_ bytes: some Collection<UInt8>) throws(PageError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "+"):
                output.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != bytes.endIndex, let high = hexValue(bytes[index]) else {
                    throw .badRequest("a broken percent escape")
                }
                index = bytes.index(after: index)
                guard index != bytes.endIndex, let low = hexValue(bytes[index]) else {
                    throw .badRequest("a broken percent escape")
                }
                index = bytes.index(after: index)
                output.append(high << 4 | low)
            default:
                output.append(byte)
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            throw .badRequest("text that is not UTF-8")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Percent-encoding for URL query values and cookie values: everything but ASCII letters, digits and `-._~`.
enum PercentEncoding {
    static func encode(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output.unicodeScalars.append("%")
                output.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                output.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return output
    }
}
