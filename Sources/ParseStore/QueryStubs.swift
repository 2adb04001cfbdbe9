import GRDB

// TEMPORARY STUB — replaced by the query work.
enum StoreFunctions {
    static func register(in db: Database) throws {}
}

extension ParseReader {
    // TEMPORARY STUB — replaced by the query work.
    public func find(_ query: ParseQuery) throws -> [ParseObject] { [] }
    // TEMPORARY STUB — replaced by the query work.
    public func first(_ query: ParseQuery) throws -> ParseObject? { nil }
    // TEMPORARY STUB — replaced by the query work.
    public func count(_ query: ParseQuery) throws -> Int { 0 }
}

// TEMPORARY STUB (added by store-core so fetch(include:) compiles) — replaced by the query work's Include*.swift.
func resolveIncludes(_ objects: inout [ParseObject], paths: [String], in db: Database, context: StoreContext) throws {}
