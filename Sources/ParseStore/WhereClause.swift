/// A parsed `where` document: conjunctions, disjunctions and constraints on fields, ready to compile to SQL.
///
/// The parser (`WhereClauseParser`) checks names and shapes and throws Parse's error codes; the compiler
/// (`QueryCompiler`) turns a node into one SQL condition against the class table.
indirect enum WhereClause: Hashable, Sendable {
    /// Every clause holds (`$and`, and the keys of one document); empty means always true.
    case all([WhereClause])
    /// At least one clause holds (`$or`); empty means never true.
    case any([WhereClause])
    /// No clause holds (`$nor`).
    case none([WhereClause])
    /// One operator applied to one field (or a member inside an Object field).
    case field(FieldPath, Constraint)
    /// The object is a member of `parent`'s Relation field `key` (`$relatedTo`).
    case relatedTo(parent: ParsePointer, key: String)
    /// `(f1, f2) op (v1, v2)` on columns that are never NULL — produced by the keyset rewrite, never parsed.
    case rowValue(fields: [String], Comparison, [ParseValue])
}

extension WhereClause {
    /// A where key split at its dots: the schema field and the path of members inside its JSON value.
    struct FieldPath: Hashable, Sendable {
        /// The class field the key starts with.
        var root: String
        /// Members below the field (`stats.wins` → `["wins"]`); empty for a plain field.
        var members: [String]

        /// Splits `key` at its dots; callers validate the characters first.
        init(_ key: String) {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            root = parts[0]
            members = Array(parts.dropFirst())
        }

        /// The key as written in the `where` document.
        var key: String { ([root] + members).joined(separator: ".") }
    }

    /// An ordering operator: `$lt`, `$lte`, `$gt`, `$gte`.
    enum Comparison: String, Hashable, Sendable {
        case lessThan = "<"
        case lessThanOrEqual = "<="
        case greaterThan = ">"
        case greaterThanOrEqual = ">="

        /// The operator for a `where` key such as `$lte`, or nil.
        init?(parseOperator: String) {
            switch parseOperator {
            case "$lt": self = .lessThan
            case "$lte": self = .lessThanOrEqual
            case "$gt": self = .greaterThan
            case "$gte": self = .greaterThanOrEqual
            default: return nil
            }
        }

        /// The SQL spelling.
        var sql: String { rawValue }
    }

    /// One operator of a `where` constraint object, with its already-validated operand.
    enum Constraint: Hashable, Sendable {
        /// Literal equality or `$eq` (`null` matches null or missing; on Array fields: contains).
        case equalTo(ParseValue)
        /// `$ne` (also matches missing; `null` means "has a value"; on Array fields: does not contain).
        case notEqualTo(ParseValue)
        /// `$lt`, `$lte`, `$gt`, `$gte` on numbers, strings and dates.
        case compare(Comparison, ParseValue)
        /// `$in`, one level of nested arrays already flattened (on Array fields: shares an element).
        case containedIn([ParseValue])
        /// `$nin` (also matches missing).
        case notContainedIn([ParseValue])
        /// `$exists`.
        case exists(Bool)
        /// `$all` with plain values: the Array field contains every one.
        case containsAll([ParseValue])
        /// `$all` with `$regex` items: every pattern is matched by some element.
        case containsAllMatching([Pattern])
        /// `$containedBy`: every element of the Array field is in the list.
        case containedBy([ParseValue])
        /// `$regex` with its `$options`.
        case matches(Pattern)
        /// `$inQuery` / `$notInQuery`: the Pointer points (or does not) to an object the sub-query finds.
        case inQuery(SubQuery, negated: Bool)
        /// `$select` / `$dontSelect`: the value is (or is not) among the values of `key` in the sub-query's results.
        case select(SubQuery, key: String, negated: Bool)
    }

    /// A `$regex` pattern with its validated `$options` letters (a subset of `imxs`).
    struct Pattern: Hashable, Sendable {
        /// The pattern, in ICU/PCRE syntax (`\Q…\E` quoting included).
        var pattern: String
        /// The option letters, e.g. `"i"`.
        var options: String
    }

    /// The class and where clause of a `$inQuery`/`$select` sub-query.
    struct SubQuery: Hashable, Sendable {
        /// The class the sub-query searches.
        var className: String
        /// Its parsed where document.
        var clause: WhereClause
    }
}
