import Foundation
import OrderedCollections

/// A value of one of Parse's field types, as it travels between the store and its callers.
///
/// Integral and fractional numbers share `.number`, as in Parse. Objects keep their key order.
public indirect enum ParseValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    /// An instant with millisecond precision (`{"__type":"Date","iso":…}` on the wire).
    case date(Date)
    case array([ParseValue])
    case object(OrderedDictionary<String, ParseValue>)
    case pointer(ParsePointer)
    /// The stub of a Relation field: `{"__type":"Relation","className":…}`; membership lives in a join table.
    case relation(className: String)
    case geoPoint(ParseGeoPoint)
    /// A file reference; only `name` is stored, `url` is filled in when read through an API.
    case file(name: String, url: String?)
    /// Raw bytes, base64-encoded as Parse sends them.
    case bytes(base64: String)
    /// A closed ring of `[x, y]` coordinate pairs, kept exactly as sent.
    case polygon([[Double]])
    /// A Pointer target expanded by `include`: the full object (`"__type":"Object"` on the wire).
    case includedObject(ParseObject)
    case null
}

/// A reference to one object of a class: Parse's Pointer.
public struct ParsePointer: Sendable, Hashable {
    /// The class the pointer targets.
    public var className: String
    /// The objectId of the target.
    public var objectId: String

    public init(className: String, objectId: String) {
        self.className = className
        self.objectId = objectId
    }
}

/// A latitude/longitude pair in degrees: Parse's GeoPoint.
public struct ParseGeoPoint: Sendable, Hashable {
    /// Degrees north, from -90 to 90.
    public var latitude: Double
    /// Degrees east, from -180 to 180.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension ParseValue {
    /// The string, when this is a String value.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, when this is a Number value.
    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The boolean, when this is a Boolean value.
    public var boolValue: Bool? {
        if case .boolean(let b) = self { return b }
        return nil
    }

    /// The instant, when this is a Date value.
    public var dateValue: Date? {
        if case .date(let d) = self { return d }
        return nil
    }

    /// The elements, when this is an Array value.
    public var arrayValue: [ParseValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, when this is an Object value.
    public var objectValue: OrderedDictionary<String, ParseValue>? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The pointer, when this is a Pointer value.
    public var pointerValue: ParsePointer? {
        if case .pointer(let p) = self { return p }
        return nil
    }

    /// The expanded object, when `include` replaced a Pointer with its target.
    public var includedObjectValue: ParseObject? {
        if case .includedObject(let o) = self { return o }
        return nil
    }
}

extension ParseValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(arrayLiteral elements: ParseValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ParseValue)...) {
        self = .object(OrderedDictionary(uniqueKeysWithValues: elements))
    }
    public init(nilLiteral: ()) { self = .null }
}

extension ParseValue {
    /// True when the two values are equal with every Object's keys taken in any order: a document read back from
    /// PostgreSQL's `jsonb` has its keys in an order of its own, and is still the same document.
    func isSame(as other: ParseValue) -> Bool {
        switch (self, other) {
        case (.object(let mine), .object(let theirs)):
            guard mine.count == theirs.count else { return false }
            return mine.allSatisfy { key, value in theirs[key].map(value.isSame(as:)) ?? false }
        case (.array(let mine), .array(let theirs)):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.isSame(as: $1) }
        default:
            return self == other
        }
    }
}
