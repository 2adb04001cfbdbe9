import OrderedCollections
import ParseStore

/// Parse's dotted keys in a write (`{"stats.wins": 5}`, `{"stats.wins": {"__op": "Increment", "amount": 1}}`,
/// `{"stats.old": {"__op": "Delete"}}`): each changes one member of an Object field, inside the write's
/// transaction, and the field is written whole.
enum APIDottedKeys {
    /// `body` with its dotted keys folded into their root fields, set from `current` (the object as stored, nil on
    /// create); a body without dotted keys comes back as it is.
    ///
    /// - Throws: `ParseError` 111 when the root field holds something other than an Object; 107 for an operator other
    ///   than Increment and Delete on a member.
    static func fold(_ body: OrderedDictionary<String, ParseValue>, current: ParseObject?) throws -> OrderedDictionary<
        String, ParseValue
    > {
        guard body.keys.contains(where: { $0.contains(".") }) else { return body }
        var folded: OrderedDictionary<String, ParseValue> = [:]
        var roots: OrderedDictionary<String, OrderedDictionary<String, ParseValue>> = [:]
        for (key, value) in body {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > 1 else {
                folded[key] = value
                continue
            }
            let root = parts[0]
            if roots[root] == nil {
                switch current?[root] {
                case nil, .null?: roots[root] = [:]
                case .object(let members)?: roots[root] = members
                default: throw ParseError(.incorrectType, "\(root) is not an Object, so \(key) cannot be set.")
                }
            }
            var members = roots[root]!
            try apply(value, at: Array(parts.dropFirst()), to: &members, key: key)
            roots[root] = members
        }
        for (root, members) in roots { folded[root] = .object(members) }
        return folded
    }

    /// Sets, increments or removes the member at `path` of `members`.
    private static func apply(
        _ value: ParseValue, at path: [String], to members: inout OrderedDictionary<String, ParseValue>, key: String
    ) throws {
        let name = path[0]
        if path.count > 1 {
            var inner = members[name]?.objectValue ?? [:]
            try apply(value, at: Array(path.dropFirst()), to: &inner, key: key)
            members[name] = .object(inner)
            return
        }
        guard case .object(let op) = value, case .string(let kind)? = op["__op"] else {
            members[name] = value
            return
        }
        switch kind {
        case "Delete": members.removeValue(forKey: name)
        case "Increment":
            guard case .number(let amount)? = op["amount"] else {
                throw ParseError(.invalidJSON, "Increment amount must be a number")
            }
            members[name] = .number((members[name]?.numberValue ?? 0) + amount)
        default:
            throw ParseError(.invalidJSON, "\(kind) cannot change the member \(key); send the whole field instead")
        }
    }
}
