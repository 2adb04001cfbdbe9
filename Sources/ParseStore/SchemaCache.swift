import OrderedCollections
import Synchronization

/// One class as recorded in `_SCHEMA`: the public schema plus the raw document it came from.
struct SchemaEntry: Sendable {
    /// The fields and their types, as the public API shows them (ACL instead of _rperm/_wperm).
    var schema: ParseClassSchema
    /// The `_SCHEMA` document, kept whole so keys this code does not manage (CLPs, indexes…) survive updates.
    var document: OrderedDictionary<String, ParseValue>
    /// Lower-cased names already taken by fields and internal columns (SQLite identifiers ignore case).
    var takenNames: Set<String>
    /// The class's GeoPoint field, if it has one (Parse allows only one).
    var geoPointField: String?

    init(schema: ParseClassSchema, document: OrderedDictionary<String, ParseValue>) {
        self.schema = schema
        self.document = document
        self.takenNames = ["_rperm", "_wperm"]
        for (name, type) in schema.fields where name != "ACL" {
            takenNames.insert(name.lowercased())
            if type == .geoPoint { geoPointField = name }
        }
    }
}

/// The in-memory cache of `_SCHEMA`, shared by every connection of one store.
///
/// Committed entries are keyed by SQLite's `schema_version` (every field or class addition runs DDL, which bumps
/// it), so a reader whose snapshot is older or newer than the cache never trusts it. Changes made inside the
/// current write transaction live in `pending`, visible only to that connection, and move to the committed
/// entries when the transaction commits; a rollback drops them, so no phantom field survives.
final class SchemaCache: Sendable {
    /// Class-level permissions of classes whose `_SCHEMA` document stores none (`setDefaultClassLevelPermissions`);
    /// kept beside the schemas so every query part that meets a class can check them.
    private let defaults = Mutex([String: ParseValue]())

    /// The default class-level permissions of `className`, if it has any.
    func defaultPermissions(of className: String) -> ParseValue? {
        defaults.withLock { $0[className] }
    }

    /// Replaces every default class-level permission map.
    func setDefaultPermissions(_ permissions: [String: ParseValue]) {
        defaults.withLock { $0 = permissions }
    }

    /// The String fields (class name, field name) that keep a folded-order index whenever they exist
    /// (`ParseWriter.ensureFoldedOrderIndex`): a field made later, by any writer, gets its index as it is made.
    let foldedOrderFields = Mutex(Set<[String]>())

    /// Indexes (class name, then its fields in order) made as soon as all their fields exist
    /// (`ParseWriter.ensureIndexWhenFieldsExist`), by whichever write makes the last of them.
    let laterIndexes = Mutex(Set<[String]>())

    /// Everything the cache knows, guarded by one lock.
    private struct State {
        /// The `schema_version` the committed entries belong to.
        var version: Int?
        /// Committed classes; nil values remember classes known not to exist.
        var committed: [String: SchemaEntry?] = [:]
        /// Classes changed (or read) by the open write transaction of `pendingConnection`.
        var pending: [String: SchemaEntry?] = [:]
        var pendingConnection: ObjectIdentifier?
        var pendingBaseVersion: Int?
        var pendingVersion: Int?
        /// The schema version each connection's SQLite schema was last made current for.
        var connectionVersions: [ObjectIdentifier: Int] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// The schema of `className`, or nil when the class was never written.
    ///
    /// - Throws: `ParseError` 1 when the stored schema document is unreadable.
    func schema(_ className: String, in db: any SQLConnection) throws -> ParseClassSchema? {
        try entry(className, in: db)?.schema
    }

    /// Forgets everything cached; the next read of each class goes to `_SCHEMA`.
    func invalidate() {
        state.withLock { $0 = State() }
    }

    /// The cached entry of `className` as this connection's snapshot sees it.
    func entry(_ className: String, in db: any SQLConnection) throws -> SchemaEntry? {
        let connection = db.identity
        // The open write transaction that changed the schema sees its own pending view first.
        let pending: SchemaEntry?? = state.withLock { state in
            guard state.pendingConnection == connection else { return nil }
            return .some(state.pending[className] ?? nil)
        }
        if let pending {
            if let entry = pending { return entry }
            let loaded = try Self.load(className, in: db)
            state.withLock { state in
                if state.pendingConnection == connection { state.pending[className] = .some(loaded) }
            }
            return loaded
        }
        let version = try Self.schemaVersion(db)
        try refreshConnectionSchema(db, version: version)
        let cached: SchemaEntry?? = state.withLock { state in
            state.version == version ? state.committed[className] : nil
        }
        if let cached { return cached }
        let loaded = try Self.load(className, in: db)
        state.withLock { state in
            // A snapshot older than the cache must not overwrite it; a newer one starts it afresh.
            if let cachedVersion = state.version, cachedVersion > version { return }
            if state.version != version {
                state.version = version
                state.committed = [:]
            }
            state.committed[className] = .some(loaded)
        }
        return loaded
    }

    /// Records a class changed by the open write transaction on `db`: visible to `db` at once, to everyone
    /// after the commit, forgotten on rollback.
    func recordPending(_ entry: SchemaEntry, in db: any SQLConnection) throws {
        let connection = db.identity
        if db.dialect == .postgres { try PostgresFunctions.schemaChanged(db) }
        let version = try Self.schemaVersion(db)
        let isFirst = state.withLock { state in
            let isFirst = state.pendingConnection != connection
            if isFirst {
                state.pending = [:]
                state.pendingConnection = connection
                state.pendingBaseVersion = state.version
            }
            state.pending[entry.schema.className] = .some(entry)
            state.pendingVersion = version
            return isFirst
        }
        guard isFirst else { return }
        db.afterTransaction(
            onCommit: { [weak self] in self?.commitPending(connection) },
            onRollback: { [weak self] in self?.invalidate() })
    }

    /// Forgets everything cached now and again when the transaction on `db` ends: for a savepoint rolled back
    /// inside it, which may have undone a class or field recorded as pending (and SQLite's schema version with it,
    /// so a later change could make a stale entry look current).
    func forgetUntilTransactionEnds(_ db: any SQLConnection) {
        invalidate()
        db.afterTransaction(
            onCommit: { [weak self] in self?.invalidate() }, onRollback: { [weak self] in self?.invalidate() })
    }

    private func commitPending(_ connection: ObjectIdentifier) {
        state.withLock { state in
            guard state.pendingConnection == connection else { return }
            if state.version != state.pendingBaseVersion || state.version == nil {
                state.committed = [:]
            }
            for (className, entry) in state.pending { state.committed[className] = entry }
            state.version = state.pendingVersion
            state.pending = [:]
            state.pendingConnection = nil
            state.pendingBaseVersion = nil
            state.pendingVersion = nil
        }
    }

    /// Makes SQLite's own copy of the schema on connection `db` that of its snapshot (`version`) before any of
    /// its statements is prepared, once per change.
    ///
    /// SQLite prepares a statement from the schema the connection last loaded and notices a newer one only when
    /// the statement first runs, re-preparing it then; GRDB has by that time read the column count, so a
    /// `SELECT *` prepared just after another connection added a column decodes rows without it. Running one
    /// statement that reads the schema table checks the cookie and loads the new schema first.
    ///
    /// GRDB's cached statements go too: one prepared inside a transaction that added a column and was then rolled
    /// back would be re-prepared by SQLite with fewer columns than GRDB counted, and reading its rows would fault.
    private func refreshConnectionSchema(_ db: any SQLConnection, version: Int) throws {
        let connection = db.identity
        let current = state.withLock { $0.connectionVersions[connection] == version }
        guard !current else { return }
        db.forgetTableShapes()
        if db.dialect == .sqlite { _ = try db.integer("SELECT count(*) FROM sqlite_schema") }
        state.withLock { $0.connectionVersions[connection] = version }
    }

    /// The schema's version as this connection's snapshot sees it: SQLite's schema cookie, which every change of
    /// a table moves; in PostgreSQL, the counter the store moves with every change of `_SCHEMA`.
    static func schemaVersion(_ db: any SQLConnection) throws -> Int {
        switch db.dialect {
        case .sqlite: try db.integer("PRAGMA schema_version") ?? 0
        case .postgres:
            try db.memoized(PostgresFunctions.schemaVersionKey) {
                try db.value(#"SELECT "version" FROM "_SchemaVersion""#)
            }.integer
                .map { Int($0) } ?? 0
        }
    }

    /// Reads one class from `_SCHEMA`.
    static func load(_ className: String, in db: any SQLConnection) throws -> SchemaEntry? {
        guard let text = try db.string("SELECT \"schema\" FROM \"_SCHEMA\" WHERE \"className\" = ?", [.text(className)])
        else { return nil }
        var entry = try SchemaDocument.entry(className: className, text: text)
        entry.schema.parseServerColumns = try ParseServerColumn.read(entry.schema, in: db)
        return entry
    }
}
