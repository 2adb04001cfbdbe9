import Foundation
import ParseStore

/// The one door every write to the store passes through, and the one revision every cached page and API answer is
/// checked against. Household records are changed through the write path (`WritePath`, which opens its
/// transactions here); what is not a household record — people, roles, sessions, the API's keys and settings — is
/// written with `bookkeeping`. Whatever comes through, the revision moves when anything was written, so no cache
/// keeps showing a removed person's name or an old role.
///
/// Nothing else in Parsnip holds a way to write (`OneWriteDoorTests` reads the sources for one).
final class StoreDoor: Sendable {
    /// The store (for what is not a write: sign-in attempts are marks, see `ParseStore.withMarks`).
    let store: ParseStore
    /// The revision and the counted classes' totals.
    let counts = WriteCounts(totals: [:])

    init(store: ParseStore) {
        self.store = store
    }

    /// Moves after every write that changed anything (or failed, which is only ever too cautious).
    var revision: Int { counts.revision }

    /// The store clock's time.
    func now() -> Date { store.now() }

    /// Reads in one snapshot with the master key: for bookkeeping (accounts, keys), never for a person's page,
    /// which reads as that person through `WritePath.read`.
    func read<T: Sendable>(_ body: @escaping @Sendable (ParseReader) throws -> T) async throws -> T {
        try await store.read(body)
    }

    /// Writes people, roles, sessions or settings in one transaction; afterwards the revision moves when anything
    /// was written, or when the write failed.
    func bookkeeping<T: Sendable>(_ body: @escaping @Sendable (ParseWriter) throws -> T) async throws -> T {
        try await transaction(body)
    }

    /// One write transaction, kept only when `commitIf` says so of its value; afterwards the revision moves (and
    /// the counted totals change by `totals` of the value) when anything was written, or when it failed.
    func transaction<T: Sendable>(
        commitIf shouldCommit: @escaping @Sendable (T) -> Bool = { _ in true },
        totals: @escaping @Sendable (T) -> [String: Int] = { _ in [:] },
        _ body: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> T {
        do {
            let keeps: @Sendable ((T, Bool)) -> Bool = { shouldCommit($0.0) }
            let ((value, wrote), version) = try await store.writeReportingVersion(commitIf: keeps) { writer in
                let before = writer.changesSoFar
                let value = try body(writer)
                return (value, writer.changesSoFar != before)
            }
            if wrote, shouldCommit(value) { counts.recordChange(totals: totals(value), version: version) }
            return value
        } catch let refusal as any StoreBodyRefusal {
            // Refused on purpose and rolled back whole: nothing changed.
            throw refusal
        } catch {
            counts.recordChange(totals: [:])
            throw error
        }
    }

    /// Opens the data (`body` brings it up to date and counts the counted classes, in one write transaction) and
    /// starts the totals from its counts, exact at the shared version the opening moved the data to, or saw.
    func open(_ body: @escaping @Sendable (ParseWriter) throws -> [String: Int]) async throws {
        let opening: @Sendable (ParseWriter) throws -> ([String: Int], Int?) = { writer in
            (try body(writer), try writer.reader.sharedVersion())
        }
        let ((totals, seen), version) = try await store.writeReportingVersion(commitIf: { _ in true }, opening)
        counts.replaceTotals(totals, version: version ?? seen)
    }

    /// The shared version of a database other servers may write too; nil for one only this server writes (see
    /// `ParseStore.sharedVersion()`).
    func sharedVersion() async throws -> Int? {
        try await store.sharedVersion()
    }

    /// Replaces every class except `keeping` with those of the database file at `path` (a restore), in one
    /// transaction that also runs `after` (opening the new data); the revision moves either way.
    func restore<T: Sendable>(
        withThoseInFileAt path: String, keeping: Set<String>, progress: @escaping @Sendable (Int, Int) -> Void,
        after: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> T {
        defer { counts.recordChange(totals: [:]) }
        return try await store.replaceClasses(
            withThoseInFileAt: path, keeping: keeping, progress: progress, then: after)
    }

    /// How many objects each class holds (the Backups page's summary).
    func objectCounts() async throws -> [String: Int] {
        try await store.objectCounts()
    }
}
