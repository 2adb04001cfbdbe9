import Foundation

/// Reads inside one snapshot: fetch by id, find, first, count, schema.
public struct ParseReader {
    let db: any SQLConnection
    let context: StoreContext
    /// Whom this reader reads for: its finds, counts, fetches, includes and sub-queries see only the rows this
    /// access may read (`ParseAccess`). The master key unless `acting(as:)` says otherwise.
    public private(set) var access: ParseAccess = .master

    /// The same snapshot, read for `access` (a request's user and roles, or no one).
    public func acting(as access: ParseAccess) -> ParseReader {
        var copy = self
        copy.access = access
        return copy
    }

    /// The schema of a class, or nil when nothing was ever written to it.
    public func schema(_ className: String) throws -> ParseClassSchema? {
        try context.schemas.schema(className, in: db)
    }
}

/// Writes inside one transaction; every read of `ParseReader` is available too.
public struct ParseWriter {
    let db: any SQLConnection
    let context: StoreContext
    /// Every object this transaction created, changed or deleted.
    public let changeLog: WriteLog
    /// Whom this writer writes for: an update or delete of an object whose ACL does not let it write is "not
    /// found" (101), as Parse answers; its `reader` reads for the same access. The master key unless `acting(as:)`.
    public private(set) var access: ParseAccess = .master

    init(db: any SQLConnection, context: StoreContext, changeLog: WriteLog = WriteLog()) {
        self.db = db
        self.context = context
        self.changeLog = changeLog
    }

    /// The same transaction, written for `access` (a request's user and roles, or no one).
    public func acting(as access: ParseAccess) -> ParseWriter {
        var copy = self
        copy.access = access
        return copy
    }

    /// Reads that see this transaction's own writes, for the writer's access.
    public var reader: ParseReader { ParseReader(db: db, context: context).acting(as: access) }

    /// The store clock's time now, to the millisecond, as object writes stamp it: for records kept alongside a
    /// change (who changed what, and when).
    public func now() -> Date { context.timestamp() }

    /// How many rows this connection has inserted, changed or deleted since it opened: compared before and after a
    /// transaction's work, it tells whether anything was written at all.
    public var changesSoFar: Int { db.totalChanges }
}
