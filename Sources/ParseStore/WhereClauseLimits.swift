/// How large and deep a `where` document may be: a request's query is written by whoever sends it, so its size
/// is bounded before any SQL is made from it (SQLite would otherwise refuse a 1,000-term `$or` with an internal
/// error, and deep sub-queries multiply the work of every row).
enum WhereClauseLimits {
    /// The most values (every object, array, member and element, at every depth) in one where document.
    static let maximumValues = 100_000
    /// The most branches of `$or`, `$and` and `$nor`, added up over the whole document.
    static let maximumBranches = 200
    /// The most sub-queries (`$inQuery`, `$notInQuery`, `$select`, `$dontSelect`) one document may nest.
    static let maximumSubQueryDepth = 4
    /// The deepest nesting of objects and arrays.
    static let maximumDepth = 40

    /// Refuses a document past any limit.
    ///
    /// - Throws: `ParseError` 102 saying which limit, in a sentence.
    static func check(_ document: WhereDocument) throws {
        var tally = Tally()
        try tally.walk(.object(document), depth: 0, subQueries: 0)
    }

    /// What one walk has counted so far.
    private struct Tally {
        var values = 0
        var branches = 0

        mutating func walk(_ value: ParseValue, depth: Int, subQueries: Int) throws {
            values += 1
            guard values <= WhereClauseLimits.maximumValues else {
                throw ParseError(
                    .invalidQuery,
                    "This query is too large: a where may hold at most \(WhereClauseLimits.maximumValues) values.")
            }
            guard depth <= WhereClauseLimits.maximumDepth else {
                throw ParseError(.invalidQuery, "This query is nested too deeply.")
            }
            switch value {
            case .object(let members):
                for (key, member) in members {
                    var nested = subQueries
                    if ["$or", "$and", "$nor"].contains(key) {
                        branches += member.arrayValue?.count ?? 0
                        guard branches <= WhereClauseLimits.maximumBranches else {
                            throw ParseError(
                                .invalidQuery,
                                "This query has too many alternatives: $or, $and and $nor may hold at most "
                                    + "\(WhereClauseLimits.maximumBranches) conditions together.")
                        }
                    }
                    if ["$inQuery", "$notInQuery", "$select", "$dontSelect"].contains(key) {
                        nested += 1
                        guard nested <= WhereClauseLimits.maximumSubQueryDepth else {
                            throw ParseError(
                                .invalidQuery,
                                "This query nests too many sub-queries: at most "
                                    + "\(WhereClauseLimits.maximumSubQueryDepth) inside one another.")
                        }
                    }
                    try walk(member, depth: depth + 1, subQueries: nested)
                }
            case .array(let elements):
                for element in elements { try walk(element, depth: depth + 1, subQueries: subQueries) }
            default:
                break
            }
        }
    }
}
