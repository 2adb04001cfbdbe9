import Foundation
import GRDB

extension ParseStore {
    /// `copy(toFile:progress:)` for a store that is not a SQLite file: a new SQLite store is made at `path` and
    /// everything is copied into it from one read snapshot (`copyEverything`), checked part by part, in the
    /// journal mode a backup file needs (no `-wal` beside it).
    func copyIntoNewFile(_ path: String, progress: @escaping (Int, Int) -> Void) throws {
        do {
            let lockWait = WriteLockWait(limit: busyWait)
            let queue = try DatabaseQueue(path: path, configuration: SQLiteBackend.configuration(lockWait: lockWait))
            let file = try ParseStore(
                backend: SQLiteBackend(database: queue, lockWait: lockWait), clock: context.clock, busyWait: busyWait)
            defer { try? file.close() }
            _ = try copyEverythingHere(
                to: file, scope: StoreCopier.Scope(settings: true, replacing: false), progress: progress)
            try file.close()
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// `replaceClasses(withThoseInFileAt:keeping:progress:then:)` for a store that is not a SQLite file: the file
    /// is opened read-only (nothing in its schema may run code) and its classes, Relation rows and files are copied
    /// into this store, in the store's own column types, in one write transaction that also runs `then`; the
    /// copy is checked part by part before it commits.
    func replaceClassesFromFile<T: Sendable>(
        _ path: String, keeping kept: Set<String>, progress: @escaping @Sendable (Int, Int) -> Void,
        then: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> T {
        let (backend, context) = (self.backend, self.context)
        let deadline = ContinuousClock.now + busyWait
        defer { context.schemas.invalidate() }
        let value = try await Self.offTheTaskPool {
            try mapErrors {
                let queue = try SQLiteBackend.readOnlyFile(at: path)
                defer { try? queue.close() }
                return try queue.read { db in
                    let source = SQLiteConnection(db)
                    return try backend.writeHere(deadline: deadline) { target in
                        context.schemas.forgetUntilTransactionEnds(target)
                        _ = try StoreCopier.copy(
                            from: source, into: target,
                            scope: StoreCopier.Scope(keeping: kept, settings: false, replacing: true),
                            progress: progress)
                        try RestrictedRows.ensureIndexes(in: target)
                        // The cached schemas describe the old classes; `then` must read the new ones.
                        context.schemas.invalidate()
                        return try then(ParseWriter(db: target, context: context))
                    }
                }
            }
        }
        // What was restored is kept either way: statistics only speed up what reads it.
        try? await refreshStatistics()
        return value
    }
}
