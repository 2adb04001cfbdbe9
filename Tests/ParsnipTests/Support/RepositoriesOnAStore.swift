import GRDB
import Logging
import ParseStore

@testable import Parsnip

/// Repositories made straight on a store, each with its own write path, as the repository tests use them.
extension WritePath {
    /// A write path on `store` counting every class the apps list.
    static func counting(_ store: ParseStore) async throws -> WritePath {
        try await .forApps(store: store)
    }
}

extension StoreTodoRepository {
    convenience init(store: ParseStore) async throws {
        self.init(writePath: try await .counting(store))
    }

    /// Deletes as nobody signed in and returns what it was.
    func delete(id: String) async throws -> TodoListItem { try await delete(id: id, by: nil).item }
}

extension StoreRecipeRepository {
    convenience init(store: ParseStore) async throws {
        self.init(writePath: try await .counting(store))
    }

    /// Deletes as nobody signed in and returns what it was.
    func delete(id: String) async throws -> Recipe { try await delete(id: id, by: nil).item }
}

extension StoreBookRepository {
    convenience init(store: ParseStore) async throws {
        self.init(writePath: try await .counting(store))
    }

    convenience init(store: ParseStore, faultInjection: (@Sendable (BookWriteStep) throws -> Void)?) async throws {
        self.init(writePath: try await .counting(store), faultInjection: faultInjection)
    }

    /// Deletes as nobody signed in and returns what it was.
    func delete(id: String) async throws -> Book { try await delete(id: id, by: nil).item }

    /// Deletes an entry as nobody signed in and returns what it was.
    func deleteEntry(_ kind: CatalogueKind, id: String, moveBooksTo: String?) async throws -> CatalogueEntry {
        try await deleteEntry(kind, id: id, moveBooksTo: moveBooksTo, by: nil).item
    }
}

extension BackupService {
    /// A backup service with no folder: for tests that build a router without backups.
    static func off(_ writePath: WritePath, store: ParseStore) -> BackupService {
        BackupService(
            store: store, writePath: writePath, folder: nil, rules: BackupRules(automatic: false),
            keptClasses: StoreAccountRepository.accountClasses, logger: Logger(label: "test"))
    }
}

extension Row {
    /// Every row of `table` in a stable order: by rowid, or by its first column for a table without one (the
    /// search index's `_config`).
    static func allRows(of table: String, in db: Database) throws -> [Row] {
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let hasRowid =
            try Bool.fetchOne(
                db,
                sql: "SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE name = ? AND sql LIKE '%WITHOUT ROWID%')",
                arguments: [table]) ?? true
        return try Row.fetchAll(db, sql: "SELECT * FROM \(quoted) ORDER BY \(hasRowid ? "rowid" : "1")")
    }
}
