import OrderedCollections

/// A query on one class, in Parse's own terms: a `where` document plus order, limit, skip, keys and include.
///
/// ```swift
/// let open = ParseQuery("TodoListItem")
///     .matches("title", containing: "milk", caseInsensitive: true)
///     .order(by: "-createdAt", "-objectId")
///     .limit(50)
/// ```
public struct ParseQuery: Sendable, Hashable {
    /// The class to query.
    public var className: String
    /// Parse's `where` document: field → literal (equality) or constraint object (`$lt`, `$in`…),
    /// plus `$or`, `$and`, `$nor` and `$relatedTo`.
    public var constraints: OrderedDictionary<String, ParseValue>
    /// Sort keys, `-` for descending (`["-createdAt", "title"]`).
    public var order: [String]
    /// Most results returned; Parse's default is 100.
    public var limit: Int
    /// Results skipped before the first returned.
    public var skip: Int
    /// When set, only these fields are returned (objectId, createdAt, updatedAt always are).
    public var keys: [String]?
    /// Dotted paths of Pointer fields (or arrays of Pointers) to replace with the full objects.
    public var include: [String]
    /// How String fields compare when sorting; Parse's own order is `.binary`.
    public var textOrder: TextOrder = .binary
    /// Words every result's search document holds (as word beginnings, any order), through the class's search index
    /// (`ParseWriter.ensureSearchIndex`); nil for no search. Not a Parse option.
    public var search: String?

    /// How String sort keys compare.
    public enum TextOrder: Sendable, Hashable {
        /// Parse's order: by Unicode code points, so "Zucchini" sorts before "apple" and "éclair" after "zest".
        case binary
        /// A person's order (an extension of Parse's): case and accents ignored ("apple", "Éclair", "zest"),
        /// then objectId. Costs one folding per row sorted; it cannot use an index.
        case ignoringCaseAndAccents
    }

    public init(
        _ className: String, constraints: OrderedDictionary<String, ParseValue> = [:], order: [String] = [],
        limit: Int = 100, skip: Int = 0, keys: [String]? = nil, include: [String] = []
    ) {
        self.className = className
        self.constraints = constraints
        self.order = order
        self.limit = limit
        self.skip = skip
        self.keys = keys
        self.include = include
    }
}

extension ParseQuery {
    /// Adds `key == value` (on an Array field: the array contains the value).
    public func `where`(_ key: String, equalTo value: ParseValue) -> ParseQuery {
        var copy = self
        copy.constraints[key] = value
        return copy
    }

    /// Adds one `$`-operator constraint on a key, merging with others on the same key.
    public func `where`(_ key: String, _ op: String, _ value: ParseValue) -> ParseQuery {
        var copy = self
        var ops: OrderedDictionary<String, ParseValue> = [:]
        if case .object(let existing)? = copy.constraints[key], existing.keys.allSatisfy({ $0.hasPrefix("$") }) {
            ops = existing
        }
        ops[op] = value
        copy.constraints[key] = .object(ops)
        return copy
    }

    /// Adds a `$regex` that matches `text` literally anywhere in the field (`\Q…\E` quoting, as ParseSwift does).
    public func matches(_ key: String, containing text: String, caseInsensitive: Bool = false) -> ParseQuery {
        let quoted = "\\Q" + text.replacingOccurrences(of: "\\E", with: "\\E\\\\E\\Q") + "\\E"
        var query = self.where(key, "$regex", .string(quoted))
        if caseInsensitive { query = query.where(key, "$options", "i") }
        return query
    }

    /// Adds `$or` over the constraints of the given queries (their other options are ignored).
    public func or(_ queries: [ParseQuery]) -> ParseQuery {
        combining("$or", queries)
    }

    /// Adds `$and` over the constraints of the given queries.
    public func and(_ queries: [ParseQuery]) -> ParseQuery {
        combining("$and", queries)
    }

    /// Adds `$nor` over the constraints of the given queries, beside any it has already (none of either may match).
    public func nor(_ queries: [ParseQuery]) -> ParseQuery {
        guard case .array(let existing)? = constraints["$nor"] else { return combining("$nor", queries) }
        var copy = self
        copy.constraints["$nor"] = .array(existing + queries.map { .object($0.constraints) })
        return copy
    }

    /// Restricts results to the members of `parent`'s Relation field `key`.
    public func related(to parent: ParsePointer, key: String) -> ParseQuery {
        var copy = self
        copy.constraints["$relatedTo"] = .object(["object": .pointer(parent), "key": .string(key)])
        return copy
    }

    /// Sets the sort keys (`-` prefix for descending).
    public func order(by keys: String...) -> ParseQuery {
        var copy = self
        copy.order = keys
        return copy
    }

    /// Sets the most results returned.
    public func limit(_ value: Int) -> ParseQuery {
        var copy = self
        copy.limit = value
        return copy
    }

    /// Sorts String fields ignoring case and accents, as people expect of a list of names (not a Parse option).
    public func ignoringCaseAndAccentsInTextOrder() -> ParseQuery {
        var copy = self
        copy.textOrder = .ignoringCaseAndAccents
        return copy
    }

    /// Keeps only the objects whose search document holds every word of `text` (see `search`).
    public func searching(_ text: String) -> ParseQuery {
        var copy = self
        copy.search = text
        return copy
    }

    /// Sets how many results are skipped.
    public func skip(_ value: Int) -> ParseQuery {
        var copy = self
        copy.skip = value
        return copy
    }

    /// Adds Pointer paths to expand.
    public func include(_ paths: String...) -> ParseQuery {
        var copy = self
        copy.include += paths
        return copy
    }

    /// Returns only these fields (plus objectId, createdAt, updatedAt).
    public func select(_ keys: String...) -> ParseQuery {
        var copy = self
        copy.keys = keys
        return copy
    }

    private func combining(_ op: String, _ queries: [ParseQuery]) -> ParseQuery {
        var copy = self
        copy.constraints[op] = .array(queries.map { .object($0.constraints) })
        return copy
    }
}
