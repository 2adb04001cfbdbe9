import Foundation

extension ParseStore {
    /// Copies everything this store holds — every class with its objects (objectIds, timestamps, ACLs, password
    /// hashes), Relation rows and `_SCHEMA` document (class-level permissions included), the kept files and the
    /// server settings — into `destination`, from one read snapshot of this store and in one write transaction of
    /// the destination, whichever database each is (SQLite or PostgreSQL).
    ///
    /// Before it commits, each class, the files and the settings are counted and checksummed on both sides
    /// (`StoreChecksum`); any difference rolls the whole copy back. Search indexes are not copied: they are built
    /// again from the copied data when Parsnip opens the destination.
    ///
    /// ```swift
    /// let report = try await file.copyEverything(to: ParseStore(postgresURL: "postgres://localhost/parsnip"))
    /// ```
    /// - Parameters:
    ///   - replacing: true to replace what the destination holds; false refuses a destination holding objects.
    ///   - progress: parts done and parts in all, after each class.
    /// - Throws: `StoreCopyRefusal` (the destination holds data, the copy did not match, one store twice);
    ///   `ParseError` when either database cannot be read or written. Nothing is written then.
    public func copyEverything(
        to destination: ParseStore, replacing: Bool = false,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> StoreCopyReport {
        let report = try await Self.offTheTaskPool {
            try self.copyEverythingHere(
                to: destination, scope: StoreCopier.Scope(settings: true, replacing: replacing), progress: progress)
        }
        // The copy is kept either way: statistics only speed up what reads it.
        try? await destination.refreshStatistics()
        return report
    }

    /// `copyEverything(to:replacing:progress:)` on the calling thread, which waits for both databases (never an
    /// event loop). `beforeCheck` runs on the destination after the copy, before the check (tests spoil it there).
    func copyEverythingHere(
        to destination: ParseStore, scope: StoreCopier.Scope, progress: (Int, Int) -> Void = { _, _ in },
        beforeCheck: (any SQLConnection) throws -> Void = { _ in }
    ) throws -> StoreCopyReport {
        guard destination !== self else { throw StoreCopyRefusal.sameStore }
        let schemas = destination.context.schemas
        let deadline = ContinuousClock.now + destination.busyWait
        return try mapErrors {
            try backend.readHere { source in
                try destination.backend.writeHere(deadline: deadline) { target in
                    // The cached schemas describe the classes the copy replaces.
                    schemas.forgetUntilTransactionEnds(target)
                    return try StoreCopier.copy(
                        from: source, into: target, scope: scope, progress: progress, beforeCheck: beforeCheck)
                }
            }
        }
    }

    /// Objects per class (and `_Files`: kept files) this store holds; empty when it holds none.
    public func objectsHeld() async throws -> [String: Int] {
        try await mapErrorsAsync {
            try await backend.read(within: nil) { db in try StoreCopier.objectsHeld(in: db) }
        }
    }

    /// Runs blocking work that waits for a database on a thread of its own, not on the Swift task pool.
    static func offTheTaskPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result(catching: { try work() }))
            }
        }
    }
}
