import Foundation
import GRDB

/// Reads inside one snapshot: fetch by id, find, first, count, schema.
public struct ParseReader {
    let db: Database
    let context: StoreContext

    /// The schema of a class, or nil when nothing was ever written to it.
    public func schema(_ className: String) throws -> ParseClassSchema? {
        try context.schemas.schema(className, in: db)
    }
}

/// Writes inside one transaction; every read of `ParseReader` is available too.
public struct ParseWriter {
    let db: Database
    let context: StoreContext
    /// Every object this transaction created, changed or deleted.
    public let changeLog: WriteLog

    init(db: Database, context: StoreContext, changeLog: WriteLog = WriteLog()) {
        self.db = db
        self.context = context
        self.changeLog = changeLog
    }

    /// Reads that see this transaction's own writes.
    public var reader: ParseReader { ParseReader(db: db, context: context) }

    /// The store clock's time now, to the millisecond, as object writes stamp it: for records kept alongside a
    /// change (who changed what, and when).
    public func now() -> Date { context.timestamp() }

    /// How many rows this connection has inserted, changed or deleted since it opened: compared before and after a
    /// transaction's work, it tells whether anything was written at all.
    public var changesSoFar: Int { db.totalChangesCount }
}
