import Foundation
import OrderedCollections

extension ParseJSON {
    /// Turns a decoded `{"__type": …}` object into its typed value.
    ///
    /// - Throws: 111 "This is not a valid <Type>" when a required member is missing or of the wrong kind.
    static func typedValue(_ members: OrderedDictionary<String, ParseValue>) throws -> ParseValue {
        guard case .string(let type)? = members["__type"] else {
            throw ParseError(.incorrectType, "This is not a valid type")
        }
        let invalid = ParseError(.incorrectType, "This is not a valid \(type)")
        switch type {
        case "Date":
            guard case .string(let iso)? = members["iso"], let date = ParseDateFormat.date(from: iso) else {
                throw invalid
            }
            return .date(date)
        case "Pointer":
            guard case .string(let className)? = members["className"], case .string(let objectId)? = members["objectId"]
            else { throw invalid }
            return .pointer(ParsePointer(className: className, objectId: objectId))
        case "Relation":
            guard case .string(let className)? = members["className"] else { throw invalid }
            return .relation(className: className)
        case "GeoPoint":
            guard case .number(let latitude)? = members["latitude"], case .number(let longitude)? = members["longitude"]
            else { throw invalid }
            return .geoPoint(ParseGeoPoint(latitude: latitude, longitude: longitude))
        case "File":
            guard case .string(let name)? = members["name"] else { throw invalid }
            return .file(name: name, url: members["url"]?.stringValue)
        case "Bytes":
            guard case .string(let base64)? = members["base64"] else { throw invalid }
            return .bytes(base64: base64)
        case "Polygon":
            guard case .array(let points)? = members["coordinates"] else { throw invalid }
            return .polygon(
                try points.map { point in
                    guard case .array(let pair) = point else { throw invalid }
                    return try pair.map { coordinate in
                        guard case .number(let number) = coordinate else { throw invalid }
                        return number
                    }
                })
        case "Object":
            return .includedObject(try includedObject(members, invalid: invalid))
        default:
            throw invalid
        }
    }

    /// An expanded object (`"__type":"Object"`): className, objectId, bare-string timestamps and fields.
    private static func includedObject(
        _ members: OrderedDictionary<String, ParseValue>, invalid: ParseError
    ) throws -> ParseObject {
        guard case .string(let className)? = members["className"], case .string(let objectId)? = members["objectId"]
        else { throw invalid }
        func timestamp(_ key: String) throws -> Date {
            switch members[key] {
            case .string(let iso)?:
                guard let date = ParseDateFormat.date(from: iso) else { throw invalid }
                return date
            case .date(let date)?: return date
            case nil: return Date(timeIntervalSince1970: 0)
            default: throw invalid
            }
        }
        var fields: [String: ParseValue] = [:]
        for (key, value) in members {
            switch key {
            case "__type", "className", "objectId", "createdAt", "updatedAt": continue
            default: fields[key] = value
            }
        }
        return ParseObject(
            className: className, objectId: objectId, createdAt: try timestamp("createdAt"),
            updatedAt: try timestamp("updatedAt"), fields: fields)
    }
}
