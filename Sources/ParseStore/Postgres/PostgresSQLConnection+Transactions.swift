extension PostgresSQLConnection {
    /// Begins a transaction with `sql` (`BEGIN …`), forgetting what an earlier one left behind.
    func begin(_ sql: String) throws {
        savepointDepth = 0
        transactionCallbacks.removeAll()
        planChanged = false
        snapshotMemo = nil
        _ = try command(sql)
        inTransaction = true
    }

    /// Commits the transaction.
    ///
    /// - Throws: `PostgresFailure` 25P02 when a statement of the transaction had failed: PostgreSQL then answers
    ///   COMMIT by rolling back, without an error of its own.
    func commit() throws {
        let tag = try command("COMMIT")
        inTransaction = false
        guard tag == "COMMIT" else {
            throw PostgresFailure(
                sqlState: "25P02", message: "a statement of the transaction failed, so it was rolled back")
        }
    }

    /// Rolls the transaction back (a ROLLBACK outside one only warns).
    func rollback() throws {
        _ = try command("ROLLBACK")
        inTransaction = false
    }

    /// Runs, then forgets, what `afterTransaction` asked for: the `onCommit` callbacks when `committed`, the
    /// `onRollback` ones otherwise.
    func endTransaction(committed: Bool) {
        let callbacks = transactionCallbacks
        transactionCallbacks.removeAll()
        savepointDepth = 0
        for callback in callbacks {
            if committed { callback.onCommit() } else { callback.onRollback() }
        }
    }

    /// Runs `body` inside `SAVEPOINT parsnip_sp<depth>`: released when it answers true, rolled back to when it answers
    /// false or throws.
    ///
    /// A savepoint rolled back to stays open (PostgreSQL keeps it after `ROLLBACK TO`) until the transaction ends;
    /// releasing it would cost one more round trip and change nothing, and the next savepoint at the same depth
    /// takes the same name, hiding it.
    func savepoint(_ body: () throws -> Bool) throws {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "parsnip_sp\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        let keep: Bool
        do {
            keep = try body()
        } catch {
            // What was remembered inside may have been undone with it.
            snapshotMemo?.values.removeAll()
            if isUsable { try? execute("ROLLBACK TO SAVEPOINT \(name)") }
            throw error
        }
        if !keep { snapshotMemo?.values.removeAll() }
        try execute(keep ? "RELEASE SAVEPOINT \(name)" : "ROLLBACK TO SAVEPOINT \(name)")
    }

    func afterTransaction(onCommit: @escaping @Sendable () -> Void, onRollback: @escaping @Sendable () -> Void) {
        transactionCallbacks.append((onCommit, onRollback))
    }
}
