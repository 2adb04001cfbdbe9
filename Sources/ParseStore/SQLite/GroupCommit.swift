import Foundation
import GRDB
import Synchronization

/// The store's writes, run in turn on its one writer connection and committed in groups: the writes asked for while
/// another group held the writer run together in one transaction, each in its own savepoint, and are answered
/// after the one commit (group commit).
///
/// Each write sees the ones before it, as if run alone one after another; one that throws (or that its caller
/// chooses not to keep) undoes only its own savepoint. What the group shares is the commit, where a save spends
/// much of its time (writing its pages to the WAL): under load many saves pay for one. Nobody waits for a group to
/// fill: a write that finds the writer idle runs at once, alone. None is answered before its group is committed, so
/// a write answered as kept is on disk as surely as before; when the commit itself fails, every write of the group
/// gets that failure and nothing of it is kept.
final class GroupCommit: Sendable {
    /// The most writes one transaction runs: a group stays a few milliseconds, and other uses of the writer (a
    /// backup, a checkpoint) take their turn between groups.
    static let largestGroup = 64

    private let database: any DatabaseWriter
    private let lockWait: WriteLockWait

    /// The writes waiting for the writer, and whether a turn on it is already asked for.
    private struct Queue {
        var waiting: [any GroupedWrite] = []
        var draining = false
    }

    private let queue = Mutex(Queue())
    /// How many group transactions have committed (for tests).
    let commits = Atomic(0)

    /// How many writes wait for their turn (for tests).
    var waitingCount: Int { queue.withLock { $0.waiting.count } }

    init(database: any DatabaseWriter, lockWait: WriteLockWait) {
        self.database = database
        self.lockWait = lockWait
    }

    /// Queues `write`; it is answered (`GroupedWrite.answer`) once its group has ended.
    func submit(_ write: any GroupedWrite) {
        let startsTurn = queue.withLock { queue in
            queue.waiting.append(write)
            guard !queue.draining else { return false }
            queue.draining = true
            return true
        }
        if startsTurn { askForTurn() }
    }

    private func askForTurn() {
        database.asyncWriteWithoutTransaction { [self] db in
            let group = queue.withLock { queue in
                let group = Array(queue.waiting.prefix(Self.largestGroup))
                queue.waiting.removeFirst(group.count)
                return group
            }
            run(group, on: db)
            let more = queue.withLock { queue in
                if queue.waiting.isEmpty { queue.draining = false }
                return queue.draining
            }
            // A new turn rather than a loop: whatever else waits for the writer goes first.
            if more { askForTurn() }
        }
    }

    /// Runs `group` in as few transactions as it takes (one, unless a write's failure ended SQLite's transaction),
    /// then answers each write.
    private func run(_ group: [any GroupedWrite], on db: Database) {
        var toRun = group[...]
        while !toRun.isEmpty {
            if let failure = begin(db, for: &toRun) {
                for write in toRun { write.answer(failure: failure) }
                return
            }
            // Every write left may have waited past its deadline for another program's lock.
            guard db.isInsideTransaction else { return }
            var kept: [any GroupedWrite] = []
            var ended: (any Error)?
            while ended == nil, let write = toRun.popFirst() {
                // A write undone takes any class or field it made with it: `ParseStore.write` has the schema cache
                // forget them.
                let outcome = write.run(on: db)
                if outcome == .kept { kept.append(write) } else { write.answer(failure: nil) }
                // SQLite rolls the whole transaction back on some failures (a full disk, an I/O error): what the
                // group kept before is gone too, so those writes hear the same failure.
                if !db.isInsideTransaction { ended = write.failure ?? ParseError.databaseDiskError }
            }
            if ended == nil {
                do {
                    try db.commit()
                    commits.add(1, ordering: .relaxed)
                } catch {
                    try? db.rollback()
                    ended = error
                }
            }
            for write in kept { write.answer(failure: ended) }
        }
    }

    /// Begins one IMMEDIATE transaction for the first of `toRun`, waiting for another program's lock until the
    /// earliest deadline among them; a write whose deadline passes is answered as busy and the rest try again.
    /// Returns the failure when the transaction cannot begin for any other reason.
    private func begin(_ db: Database, for toRun: inout ArraySlice<any GroupedWrite>) -> (any Error)? {
        while let deadline = toRun.map(\.deadline).min() {
            do {
                try lockWait.waiting(until: deadline) { try db.beginTransaction(.immediate) }
                return nil
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                let now = ContinuousClock.now
                for write in toRun where write.deadline <= now { write.answer(failure: error) }
                toRun = toRun.filter { $0.deadline > now }
            } catch {
                return error
            }
        }
        return nil
    }
}

/// How one write of a group ended inside its savepoint.
enum GroupedWriteOutcome: Sendable {
    /// Its savepoint was released: it commits with the group.
    case kept
    /// Its caller chose not to keep it, or it threw: its savepoint was rolled back.
    case undone
}

/// One write waiting for its turn in a group (`GroupCommit`).
protocol GroupedWrite: AnyObject, Sendable {
    /// Until when it waits for another program's write lock.
    var deadline: ContinuousClock.Instant { get }
    /// What it threw, once it has run and thrown.
    var failure: (any Error)? { get }
    /// Runs it in its own savepoint on the writer `db`, inside the group's transaction.
    func run(on db: Database) -> GroupedWriteOutcome
    /// Answers its caller: with what it gave back or threw, or with `failure` when its group did not commit.
    func answer(failure: (any Error)?)
}

/// A write whose body gives back a `T`: its caller waits on a continuation.
final class TypedGroupedWrite<T: Sendable>: GroupedWrite, @unchecked Sendable {
    // @unchecked: `result` is set by `run` and read by `answer`, both on the writer's turn, one after the other.
    let deadline: ContinuousClock.Instant
    private let body: (Database) throws -> T
    private let shouldCommit: (T) -> Bool
    private let continuation: CheckedContinuation<T, any Error>
    private var result: Result<T, any Error>?

    init(
        deadline: ContinuousClock.Instant, continuation: CheckedContinuation<T, any Error>,
        shouldCommit: @escaping @Sendable (T) -> Bool, body: @escaping @Sendable (Database) throws -> T
    ) {
        self.deadline = deadline
        self.continuation = continuation
        self.shouldCommit = shouldCommit
        self.body = body
    }

    var failure: (any Error)? {
        if case .failure(let error) = result { return error }
        return nil
    }

    func run(on db: Database) -> GroupedWriteOutcome {
        var outcome = GroupedWriteOutcome.undone
        do {
            try db.inSavepoint {
                let value = try body(db)
                result = .success(value)
                guard shouldCommit(value) else { return .rollback }
                outcome = .kept
                return .commit
            }
        } catch {
            // Thrown by the body, or by SQLite releasing the savepoint: either way nothing of it is kept.
            result = .failure(error)
            outcome = .undone
        }
        return outcome
    }

    func answer(failure: (any Error)?) {
        if let failure {
            continuation.resume(throwing: failure)
        } else if let result {
            continuation.resume(with: result)
        } else {
            continuation.resume(throwing: ParseError(.internalServerError, "A write ended without running."))
        }
    }
}
