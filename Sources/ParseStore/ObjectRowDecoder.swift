import Foundation
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
    static func decode(row: SQLRow, schema: ParseClassSchema, keys: Set<String>?) throws -> ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var readers: SQLValue = .null
        var writers: SQLValue = .null
        var fields: [String: ParseValue] = [:]
        for (column, value) in zip(row.columns.names, row.values) {
            switch column {
            case "objectId": objectId = value.text
            case "createdAt": createdAt = value.date
            case "updatedAt": updatedAt = value.date
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
    /// The two columns for an ACL value: the entities that may read and those that may write.
    ///
    /// - Throws: 123 "Invalid ACL." unless `value` is a map from entity to `{"read": Bool, "write": Bool}`.
    static func split(_ value: ParseValue) throws -> (readers: [String], writers: [String]) {
        let invalid = ParseError(.invalidACL, "Invalid ACL.")
        guard case .object(let entries) = value else { throw invalid }
        var readers: [String] = []
        var writers: [String] = []
        for (entity, permissions) in entries {
            guard !entity.isEmpty, entity != "*unresolved", case .object(let flags) = permissions else { throw invalid }
            for (flag, granted) in flags {
                guard case .boolean(let granted) = granted else { throw invalid }
                switch flag {
                case "read": if granted { readers.append(entity) }
                case "write": if granted { writers.append(entity) }
                default: throw invalid
                }
            }
        }
        return (readers, writers)
    }

    /// The ACL map for the two columns, or nil when both are NULL (a public object has no ACL).
    static func fold(readers: SQLValue, writers: SQLValue) throws -> ParseValue? {
        if readers.isNull && writers.isNull { return nil }
        var acl = OrderedDictionary<String, ParseValue>()
        for (column, flag) in [(readers, "read"), (writers, "write")] {
            for entity in try entities(in: column) {
                var flags = acl[entity]?.objectValue ?? [:]
                flags[flag] = true
                acl[entity] = .object(flags)
            }
        }
        return .object(acl)
    }

    /// The entities one column lists: a text array, or a JSON array of strings (SQLite); none for NULL.
    static func entities(in column: SQLValue) throws -> [String] {
        switch column {
        case .null: return []
        case .textArray(let entities): return entities
        case .text(let text), .json(let text):
            if case .array(let entities)? = try? ParseJSON.decode(text) {
                return entities.compactMap { if case .string(let entity) = $0 { entity } else { nil } }
            }
        default: break
        }
        throw ParseError(.internalServerError, "A stored ACL is unreadable.")
    }
}
