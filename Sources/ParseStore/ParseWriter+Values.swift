import Foundation
import OrderedCollections

/// Checks and normalises values before they are stored.
enum ValueRules {
    /// `value` ready to store: dates truncated to milliseconds, included objects turned back into Pointers,
    /// everything checked.
    ///
    /// - Throws: 111 for a non-finite number, an unrepresentable date, an out-of-range GeoPoint or a File without a
    ///   name; 107 for a Polygon with fewer than 3 points or points that are not pairs; 106 for a bad Pointer;
    ///   121 for a nested key containing `$` or `.` (or named `__type`/`__op`).
    static func normalize(_ value: ParseValue) throws -> ParseValue {
        switch value {
        case .null, .boolean, .string, .bytes:
            return value
        case .number(let number):
            guard number.isFinite else { throw ParseError(.incorrectType, "This is not a valid Number") }
            return value
        case .date(let date):
            guard ParseDateFormat.isRepresentable(date) else {
                throw ParseError(.incorrectType, "This is not a valid Date")
            }
            return .date(ParseDateFormat.truncated(date))
        case .array(let elements):
            return .array(try elements.map(normalize))
        case .object(let members):
            var normalized = OrderedDictionary<String, ParseValue>(minimumCapacity: members.count)
            for (key, member) in members {
                if key.contains("$") || key.contains(".") {
                    throw ParseError(.invalidNestedKey, "Nested keys should not contain the '$' or '.' characters")
                }
                if key == "__type" || key == "__op" {
                    throw ParseError(.invalidNestedKey, "Nested keys should not be named __type or __op")
                }
                normalized[key] = try normalize(member)
            }
            return .object(normalized)
        case .pointer(let pointer):
            try validate(pointer)
            return value
        case .includedObject(let object):
            try validate(object.pointer)
            return .pointer(object.pointer)
        case .relation(let className):
            guard NameRules.isValidClassName(className) else {
                throw ParseError(.incorrectType, "This is not a valid Relation")
            }
            return value
        case .geoPoint(let point):
            guard point.latitude.isFinite, (-90...90).contains(point.latitude) else {
                throw ParseError(.incorrectType, "GeoPoint latitude must be between -90 and 90, not \(point.latitude)")
            }
            guard point.longitude.isFinite, (-180...180).contains(point.longitude) else {
                throw ParseError(
                    .incorrectType, "GeoPoint longitude must be between -180 and 180, not \(point.longitude)")
            }
            return value
        case .file(let name, _):
            guard !name.isEmpty else { throw ParseError(.incorrectType, "This is not a valid File") }
            return value
        case .polygon(let points):
            guard points.count >= 3 else { throw ParseError(.invalidJSON, "Polygon must have at least 3 values") }
            guard points.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else {
                throw ParseError(.invalidJSON, "Polygon coordinates must be pairs of finite numbers")
            }
            return value
        }
    }

    /// Throws 106 unless the Pointer names a valid class and a non-empty objectId.
    static func validate(_ pointer: ParsePointer) throws {
        guard NameRules.isValidClassName(pointer.className), !pointer.objectId.isEmpty else {
            throw ParseError(.invalidPointer, "This is not a valid Pointer")
        }
    }
}

extension ParseValue {
    /// Deep equality as Parse's `Remove`/`AddUnique` see it: Object members compare regardless of key order.
    func deepEquals(_ other: ParseValue) -> Bool {
        switch (self, other) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let match = right[key], value.deepEquals(match) else { return false }
            }
            return true
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.deepEquals($1) }
        default:
            return self == other
        }
    }
}
