import Foundation
import OrderedCollections

/// A `where` document (or one element of `$or`/`$and`/`$nor`): field or operator → literal or constraint object.
typealias WhereDocument = OrderedDictionary<String, ParseValue>

/// Turns Parse's `where` document into a `WhereClause`, with Parse Server's checks and error codes.
///
/// No database access: everything here depends on the document alone, so invalid queries fail the same way
/// whether or not the class exists.
enum WhereClauseParser {
    /// Keys allowed in a `where` document besides field names.
    private static let specialKeys: Set<String> = ["$and", "$or", "$nor", "$relatedTo", "_rperm", "_wperm"]

    /// Parses one `where` document (the top level, or one element of `$or`/`$and`/`$nor`); `now` is the instant
    /// `$relativeTime` operands count from.
    ///
    /// - Throws: 102 for `ACL`, malformed `$or`/`$and`/`$nor`, bad `$options` and unknown operators;
    ///   105 `Invalid key name: k` for keys that are not field names; 107 for malformed operands.
    static func parse(_ document: WhereDocument, now: Date = Date()) throws -> WhereClause {
        try validateShape(document)
        var clauses: [WhereClause] = []
        for (key, value) in document {
            switch key {
            case "$or": clauses.append(.any(try subDocuments(value, operator: key).map { try parse($0, now: now) }))
            case "$and": clauses.append(.all(try subDocuments(value, operator: key).map { try parse($0, now: now) }))
            case "$nor": clauses.append(.none(try subDocuments(value, operator: key).map { try parse($0, now: now) }))
            case "$relatedTo": clauses.append(try relatedTo(value))
            default: clauses.append(contentsOf: try fieldClauses(key: key, value: value, now: now))
            }
        }
        return clauses.count == 1 ? clauses[0] : .all(clauses)
    }

    /// Parse Server's `validateQuery` checks, in its order: ACL, the logical operators, then every key.
    private static func validateShape(_ document: WhereDocument) throws {
        if document["ACL"] != nil { throw ParseError(.invalidQuery, "Cannot query on ACL.") }
        if let value = document["$or"], value.arrayValue == nil {
            throw ParseError(.invalidQuery, "Bad $or format - use an array value.")
        }
        if let value = document["$and"], value.arrayValue == nil {
            throw ParseError(.invalidQuery, "Bad $and format - use an array value.")
        }
        if let value = document["$nor"], value.arrayValue?.isEmpty ?? true {
            throw ParseError(.invalidQuery, "Bad $nor format - use an array of at least 1 value.")
        }
        for (key, value) in document {
            if case .object(let members) = value, members["$regex"] != nil,
                case .string(let options)? = members["$options"],
                !isValidRegexOptions(options)
            {
                throw ParseError(.invalidQuery, "Bad $options value for query: \(options)")
            }
            if !specialKeys.contains(key) && !isValidWhereKey(key) {
                throw ParseError(.invalidKeyName, "Invalid key name: \(key)")
            }
        }
    }

    /// `^[a-zA-Z][a-zA-Z0-9_.]*$`, with no empty member between dots (which no JSON path could address).
    static func isValidWhereKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, isASCIILetter(first) else { return false }
        var previousWasDot = false
        for byte in key.utf8 {
            if byte == UInt8(ascii: ".") {
                if previousWasDot { return false }
                previousWasDot = true
                continue
            }
            previousWasDot = false
            guard isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_") else {
                return false
            }
        }
        return !previousWasDot
    }

    /// `^[imxs]+$`, Parse Server's rule for `$options`.
    static func isValidRegexOptions(_ options: String) -> Bool {
        !options.isEmpty && options.allSatisfy { "imxs".contains($0) }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The where documents inside `$or`/`$and`/`$nor`; each element must itself be a document.
    private static func subDocuments(_ value: ParseValue, operator op: String) throws -> [WhereDocument] {
        try (value.arrayValue ?? []).map { element in
            guard case .object(let document) = element else {
                throw ParseError(.invalidQuery, "Bad \(op) format - use an array of query objects.")
            }
            return document
        }
    }

    /// `{"object": <Pointer to the parent>, "key": <Relation field of the parent>}`.
    private static func relatedTo(_ value: ParseValue) throws -> WhereClause {
        guard case .object(let members) = value, case .pointer(let parent)? = members["object"],
            case .string(let key)? = members["key"], NameRules.isIdentifier(key)
        else {
            throw ParseError(.invalidQuery, "improper usage of $relatedTo")
        }
        return .relatedTo(parent: parent, key: key)
    }

    /// The constraints one key of the document puts on its field.
    private static func fieldClauses(key: String, value: ParseValue, now: Date) throws -> [WhereClause] {
        let path = WhereClause.FieldPath(key)
        guard case .object(let members) = value, members.keys.contains(where: { $0.hasPrefix("$") }) else {
            return [.field(path, .equalTo(value))]
        }
        // Plain keys mixed with operators are regrouped into one `$eq` object, as Parse Server does.
        var operators = members.filter { $0.key.hasPrefix("$") }
        let plain = members.filter { !$0.key.hasPrefix("$") }
        if !plain.isEmpty { operators["$eq"] = .object(plain) }
        var clauses: [WhereClause] = []
        for (op, operand) in operators {
            if let constraint = try constraint(op, operand, in: operators, now: now) {
                clauses.append(.field(path, constraint))
            }
        }
        return clauses
    }
}
