import Foundation
import OrderedCollections
import ParseStore

/// A find's options as Parse Server reads them — from the query string, every value first tried as JSON and kept
/// as text when it is not, or from a `_method: GET` body — turned into a store query.
struct APIQueryOptions: Sendable {
    /// The query, its `where` as sent.
    var query: ParseQuery
    /// True when the answer carries `count` (the matches, ignoring skip and limit).
    var count = false
    /// Fields left out of every result (`objectId`, `createdAt`, `updatedAt` and `ACL` always stay).
    var excludeKeys: Set<String> = []

    /// The most results one find returns, however large the `limit` asked (Parse Server's `maxLimit`): a household's
    /// computer must not build one answer of a million objects. Larger limits are cut to it without an error.
    static let maximumLimit = 1_000

    /// The option names a find takes; anything else is Parse's 102.
    static let findOptions: Set<String> = [
        "where", "skip", "limit", "order", "count", "keys", "excludeKeys", "include", "includeAll",
        "redirectClassNameForKey", "readPreference", "includeReadPreference", "subqueryReadPreference", "hint",
        "explain", "comment",
    ]
    /// The option names a get (`/classes/C/<id>`) takes.
    static let getOptions: Set<String> = [
        "keys", "include", "excludeKeys", "readPreference", "includeReadPreference", "subqueryReadPreference",
    ]

    /// The options of a find on `className`.
    ///
    /// - Throws: `APIFailure` 102 for an unknown option or a malformed `where`, `limit` or `skip`.
    init(className: String, options: OrderedDictionary<String, ParseValue>) throws {
        for key in options.keys where !Self.findOptions.contains(key) {
            throw APIFailure.parse(102, "Invalid parameter for query: \(key)")
        }
        var query = ParseQuery(className)
        switch options["where"] {
        case nil, .null?: break
        case .object(let constraints)?: query.constraints = constraints
        case .string(let text)? where text.isEmpty: break
        default: throw APIFailure.parse(102, "where must be a JSON object")
        }
        if let limit = options["limit"] {
            query.limit = min(try Self.wholeNumber(limit, "limit"), Self.maximumLimit)
        }
        if let skip = options["skip"] { query.skip = try Self.wholeNumber(skip, "skip") }
        if let order = options["order"] { query.order = Self.list(order) }
        if let keys = options["keys"] { query.keys = Self.list(keys) }
        var include = options["include"].map(Self.list) ?? []
        if let all = options["includeAll"], Self.isTrue(all) { include.append("*") }
        query.include = include
        self.query = query
        self.count = options["count"].map(Self.isTrue) ?? false
        self.excludeKeys = Set(options["excludeKeys"].map(Self.list) ?? []).subtracting(Self.alwaysKept)
    }

    /// The options of a get: `keys`, `include`, `excludeKeys`.
    ///
    /// - Throws: `APIFailure` 102 "Improper encode of parameter" for any other option.
    static func forGet(className: String, objectId: String, options: OrderedDictionary<String, ParseValue>) throws
        -> APIQueryOptions
    {
        for key in options.keys where !getOptions.contains(key) {
            throw APIFailure.parse(102, "Improper encode of parameter")
        }
        var find = options
        find["where"] = .object(["objectId": .string(objectId)])
        find["limit"] = 1
        return try APIQueryOptions(className: className, options: find)
    }

    /// Fields no `keys` or `excludeKeys` can take away.
    static let alwaysKept: Set<String> = ["objectId", "createdAt", "updatedAt", "ACL"]

    /// `value` as a whole number of at least zero.
    private static func wholeNumber(_ value: ParseValue, _ name: String) throws -> Int {
        let number: Double? =
            switch value {
            case .number(let number): number
            case .string(let text): Double(text)
            default: nil
            }
        guard let number, number >= 0, number == number.rounded(), number < 1e15 else {
            throw APIFailure.parse(102, "\(name) must be a whole number of at least 0")
        }
        return Int(number)
    }

    /// A list option: a JSON array, or a comma-separated string (as JavaScript's `String(array)` makes one).
    static func list(_ value: ParseValue) -> [String] {
        let items: [String] =
            switch value {
            case .array(let elements):
                elements.flatMap { element -> [String] in
                    if case .string(let text) = element { return text.split(separator: ",").map(String.init) }
                    return [ParseJSON.encode(element)]
                }
            case .string(let text): text.split(separator: ",").map(String.init)
            default: [ParseJSON.encode(value)]
            }
        return items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A truthy option value, as JavaScript reads one (`1`, `true`, `"1"`, `"true"`).
    static func isTrue(_ value: ParseValue) -> Bool {
        switch value {
        case .boolean(let flag): flag
        case .number(let number): number != 0
        case .string(let text): !text.isEmpty && text != "0" && text != "false"
        default: false
        }
    }
}
