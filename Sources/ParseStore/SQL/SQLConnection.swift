import Foundation
import Synchronization

/// One database connection, inside one read snapshot or one write transaction: what the store's readers and
/// writers run their SQL on, whichever backend holds the data.
///
/// Statements are written with `?` placeholders and bound `SQLValue`s; identifiers are quoted with double quotes.
/// Where the two backends' SQL differs, the store asks `dialect`.
protocol SQLConnection: AnyObject {
    /// Which SQL this connection speaks.
    var dialect: SQLDialect { get }

    /// The same for every access to one underlying connection (caches keep per-connection state by it).
    var identity: ObjectIdentifier { get }

    /// Runs one statement (or, without arguments, several separated by semicolons).
    ///
    /// - Parameter cached: keep the prepared statement for the next run of the same text (the store's fixed
    ///   statements); false for text built per request, which would only fill the cache.
    func execute(_ sql: String, _ arguments: [SQLValue], cached: Bool) throws

    /// Runs one query and hands `body` its rows in order, until `body` answers false or the rows end.
    ///
    /// A row is valid only during its call of `body`.
    func scanRows(_ sql: String, _ arguments: [SQLValue], cached: Bool, _ body: (SQLRow) throws -> Bool) throws

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { get }

    /// How many rows this connection has inserted, changed or deleted since it opened.
    var totalChanges: Int { get }

    /// True when a table (not a view or an index) named `name` exists, comparing names as the backend does.
    func tableExists(_ name: String) throws -> Bool

    /// Runs `body` inside a savepoint: released when `body` answers true, rolled back when it answers false or
    /// throws (and the error passed on).
    func savepoint(_ body: () throws -> Bool) throws

    /// Calls `onCommit` once the current transaction commits, or `onRollback` once it is rolled back.
    func afterTransaction(onCommit: @escaping @Sendable () -> Void, onRollback: @escaping @Sendable () -> Void)

    /// Answers worked out once per read snapshot (the schema's version, whether a class hides rows), when the
    /// connection is in a read-only snapshot whose answers cannot change and each statement costs a round trip
    /// (PostgreSQL's reads); nil elsewhere, where they are asked each time.
    var snapshotMemo: SnapshotMemo? { get }

    /// Forgets what the connection keeps about table shapes (prepared statements, column lists), after a change
    /// of schema was rolled back or made elsewhere.
    func forgetTableShapes()
}

extension SQLConnection {
    /// The connection object itself, for a connection that is its own for as long as it is open.
    var identity: ObjectIdentifier { ObjectIdentifier(self) }

    /// No memo: every answer is asked for.
    var snapshotMemo: SnapshotMemo? { nil }

    /// `compute`'s answer, remembered for the rest of this read snapshot only, never across snapshots: for answers
    /// that depend on what a request asks (a search's words), which would fill `VersionedFacts` without bound.
    func memoizedInSnapshot(_ key: String, _ compute: () throws -> SQLValue) throws -> SQLValue {
        guard let memo = snapshotMemo, memo.keeps(key) else { return try compute() }
        if let known = memo.values[key] { return known }
        let value = try compute()
        memo.values[key] = value
        return value
    }

    /// The value `key` names in this snapshot: from the memo when the snapshot keeps one, else `compute`d (and kept).
    ///
    /// A memo that shares facts across snapshots (PostgreSQL's reads) reads the shared version first, once a
    /// snapshot, and takes an answer another snapshot at the same version already computed.
    func memoized(_ key: String, _ compute: () throws -> SQLValue) throws -> SQLValue {
        guard let memo = snapshotMemo, memo.keeps(key) else { return try compute() }
        if let known = memo.values[key] { return known }
        var version: Int?
        if let facts = memo.facts {
            if memo.version == nil { memo.version = try SharedVersion.read(self) }
            version = memo.version
            if let version, let known = facts.value(key, at: version) {
                memo.values[key] = known
                return known
            }
        }
        let value = try compute()
        memo.values[key] = value
        if let facts = memo.facts, let version { facts.keep(value, for: key, at: version) }
        return value
    }

    /// Runs one statement (or several, without arguments), preparing it afresh.
    func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        try execute(sql, arguments, cached: false)
    }

    /// Runs one query and hands `body` every row.
    func forEachRow(
        _ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true, _ body: (SQLRow) throws -> Void
    ) throws {
        try scanRows(sql, arguments, cached: cached) { row in
            try body(row)
            return true
        }
    }

    /// Every row of one query, copied.
    func rows(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> [SQLRow] {
        var rows: [SQLRow] = []
        try forEachRow(sql, arguments, cached: cached) { rows.append($0) }
        return rows
    }

    /// The first row of one query, or nil.
    func row(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> SQLRow? {
        var first: SQLRow?
        try scanRows(sql, arguments, cached: cached) { row in
            first = row
            return false
        }
        return first
    }

    /// The first column of the first row, or `.null` when there is no row.
    func value(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> SQLValue {
        try row(sql, arguments, cached: cached)?[0] ?? .null
    }

    /// The first column of the first row as an integer, or nil (no row, or not a number).
    func integer(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> Int? {
        try value(sql, arguments, cached: cached).integer.map { Int($0) }
    }

    /// The first column of the first row as text, or nil (no row, or not text).
    func string(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> String? {
        try value(sql, arguments, cached: cached).text
    }

    /// The first column of the first row as a truth, or nil (no row, or NULL).
    func bool(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> Bool? {
        try value(sql, arguments, cached: cached).boolean
    }

    /// The first column of every row, as text (rows whose value is not text are left out).
    func texts(_ sql: String, _ arguments: [SQLValue] = [], cached: Bool = true) throws -> [String] {
        var texts: [String] = []
        try forEachRow(sql, arguments, cached: cached) { row in
            if let text = row[0].text { texts.append(text) }
        }
        return texts
    }
}

/// What one read snapshot has already asked (`SQLConnection.snapshotMemo`); used by one connection at a time.
final class SnapshotMemo {
    var values: [String: SQLValue] = [:]
    /// Answers kept across snapshots, by shared version (PostgreSQL's reads); nil to keep them for this one only.
    let facts: VersionedFacts?
    /// The shared version this snapshot sees, once read.
    var version: Int?
    /// The row a write just stored and got back (`INSERT … RETURNING *`), by table and objectId, for a fetch of it
    /// with the master key straight after (a record rule's, the search index's) to need no round trip. The
    /// connection forgets it at the next statement that is not a query (`PostgresSQLConnection`), so it is always
    /// what the table holds.
    var writtenRow: (table: String, objectId: String, row: SQLRow)?

    /// The only keys kept, when not all are (a write transaction keeps the schema's version only).
    private let only: Set<String>?

    init(facts: VersionedFacts? = nil, only: Set<String>? = nil) {
        self.facts = facts
        self.only = only
    }

    /// Whether `key`'s answer is kept.
    func keeps(_ key: String) -> Bool { only?.contains(key) ?? true }
}

/// What reads ask of the database's state and remember across snapshots (the schema's version, whether a class
/// hides rows, whether a table exists): answers only a write can change, kept under the shared version every write
/// moves (`SharedVersion`), so any snapshot at that version may reuse them. One version is kept: a newer one starts
/// afresh, and an older snapshot's answers are not kept.
final class VersionedFacts: Sendable {
    private let state = Mutex<(version: Int, values: [String: SQLValue])>((Int.min, [:]))

    /// The answer kept for `key` at `version`, if any.
    func value(_ key: String, at version: Int) -> SQLValue? {
        state.withLock { $0.version == version ? $0.values[key] : nil }
    }

    /// Keeps `value` for `key` at `version`, unless a newer version is kept already.
    func keep(_ value: SQLValue, for key: String, at version: Int) {
        state.withLock { state in
            if version > state.version { state = (version, [:]) }
            if version == state.version { state.values[key] = value }
        }
    }
}

/// One row of a query's result: its values by position and by column name.
struct SQLRow {
    /// The result's column names, shared by its rows.
    let columns: SQLColumns
    /// The row's values, one a column.
    let values: [SQLValue]

    /// The value at `index` (`.null` past the end).
    subscript(index: Int) -> SQLValue {
        index < values.count ? values[index] : .null
    }

    /// The value of the column `name` (`.null` when the result has no such column).
    subscript(name: String) -> SQLValue {
        guard let index = columns.index(of: name) else { return .null }
        return values[index]
    }
}

/// The column names of one query's result, looked up by name.
final class SQLColumns: Sendable {
    /// The names, in the result's order.
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
        self.positions = positions
    }

    /// The position of the first column called `name`.
    func index(of name: String) -> Int? { positions[name] }
}

/// Which SQL a connection speaks, where SQLite's and PostgreSQL's differ.
enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// True when `expression` is one of the texts bound as one argument made by `textList(_:)`: a JSON array read
    /// by `json_each` in SQLite, a `text[]` in PostgreSQL. One argument, however long the list, keeps the
    /// statement's text (and its prepared statement) the same for every list.
    func isOneOf(_ expression: String) -> String {
        switch self {
        case .sqlite: "\(expression) IN (SELECT value FROM json_each(?))"
        case .postgres: "\(expression) = ANY(?)"
        }
    }

    /// The placeholder of a JSON operand compared with a JSON value (`jsonValue`): `?` in SQLite, `CAST(? AS jsonb)`
    /// in PostgreSQL, where `.json` is bound as `json`, which has no `=`.
    var jsonOperand: String {
        switch self {
        case .sqlite: "?"
        case .postgres: "CAST(? AS jsonb)"
        }
    }

    /// SQL for the value of `column`, a field of `type`, as the store's queries compare, sort and index it: in
    /// PostgreSQL an Object column (`json`, keeping its keys as written, or `jsonb`, as Parse Server and the previous
    /// Parsnip made it) is read as `jsonb`, whose operators both kinds of column then share; others as they are.
    func jsonValue(_ column: String, of type: ParseFieldType) -> String {
        guard self == .postgres, type == .object else { return column }
        return "(\(column)::jsonb)"
    }

    /// The argument `isOneOf(_:)` reads.
    func textList(_ texts: [String]) -> SQLValue {
        switch self {
        case .sqlite: .text(ParseJSON.encode(.array(texts.map(ParseValue.string))))
        case .postgres: .textArray(texts)
        }
    }
}
