import Foundation
import GRDB
import OrderedCollections

/// Turns a class-table row into a `ParseObject`.
enum ObjectRowDecoder {
    /// Decodes objectId, createdAt, updatedAt, the ACL (folded from `_rperm`/`_wperm`) and every field column
    /// present in `row`; Relation fields of the schema appear as `.relation` stubs; NULL columns are left out.
    ///
    /// - Parameters:
    ///   - row: a row selected from the class table (any subset of its columns; objectId, createdAt and updatedAt
    ///     are required).
    ///   - schema: the class's schema.
    ///   - keys: when set, only these fields are decoded (the ACL always is).
    /// - Throws: `ParseError` 1 when a stored value does not decode.
    static func decode(row: Row, schema: ParseClassSchema, keys: Set<String>?) throws -> ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var readers: DatabaseValue = .null
        var writers: DatabaseValue = .null
        var fields: [String: ParseValue] = [:]
        for (column, value) in row {
            switch column {
            case "objectId": objectId = String.fromDatabaseValue(value)
            case "createdAt": createdAt = String.fromDatabaseValue(value).flatMap(ParseDateFormat.date(from:))
            case "updatedAt": updatedAt = String.fromDatabaseValue(value).flatMap(ParseDateFormat.date(from:))
            case "_rperm": readers = value
            case "_wperm": writers = value
            default:
                if let keys, !keys.contains(column) { continue }
                guard let type = schema.fields[column] else { continue }
                if let decoded = try type.parseValue(from: value, field: column, schema: schema) {
                    fields[column] = decoded
                }
            }
        }
        guard let objectId, let createdAt, let updatedAt else {
            throw ParseError(.internalServerError, "A stored \(schema.className) object lacks its identity columns.")
        }
        if let acl = try ACLCoding.fold(readers: readers, writers: writers) { fields["ACL"] = acl }
        for (name, type) in schema.fields {
            guard case .relation(let target) = type else { continue }
            if let keys, !keys.contains(name) { continue }
            fields[name] = .relation(className: target)
        }
        return ParseObject(
            className: schema.className, objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, fields: fields)
    }
}

/// Parse's ACL map ⇄ the `_rperm`/`_wperm` JSON arrays of entities.
enum ACLCoding {
    /// The two columns for an ACL value: JSON arrays of the entities that may read and write.
    ///
    /// - Throws: 123 "Invalid ACL." unless `value` is a map from entity to `{"read": Bool, "write": Bool}`.
    static func split(_ value: ParseValue) throws -> (readers: String, writers: String) {
        let invalid = ParseError(.invalidACL, "Invalid ACL.")
        guard case .object(let entries) = value else { throw invalid }
        var readers: [ParseValue] = []
        var writers: [ParseValue] = []
        for (entity, permissions) in entries {
            guard !entity.isEmpty, entity != "*unresolved", case .object(let flags) = permissions else { throw invalid }
            for (flag, granted) in flags {
                guard case .boolean(let granted) = granted else { throw invalid }
                switch flag {
                case "read": if granted { readers.append(.string(entity)) }
                case "write": if granted { writers.append(.string(entity)) }
                default: throw invalid
                }
            }
        }
        return (ParseJSON.encode(.array(readers)), ParseJSON.encode(.array(writers)))
    }

    /// The ACL map for the two columns, or nil when both are NULL (a public object has no ACL).
    static func fold(readers: DatabaseValue, writers: DatabaseValue) throws -> ParseValue? {
        if readers.isNull && writers.isNull { return nil }
        var acl = OrderedDictionary<String, ParseValue>()
        for (column, flag) in [(readers, "read"), (writers, "write")] {
            guard let text = String.fromDatabaseValue(column) else { continue }
            guard case .array(let entities)? = try? ParseJSON.decode(text) else {
                throw ParseError(.internalServerError, "A stored ACL is unreadable.")
            }
            for case .string(let entity) in entities {
                var flags = acl[entity]?.objectValue ?? [:]
                flags[flag] = true
                acl[entity] = .object(flags)
            }
        }
        return .object(acl)
    }
}
