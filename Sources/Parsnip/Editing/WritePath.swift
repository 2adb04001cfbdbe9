import Foundation
import ParseStore

/// The one way Parsnip's pages change stored data: every save, edit, delete and restore runs here, in one store
/// transaction with its `updatedBy` stamp, its history entry and its trash item, and moves the one page-cache
/// revision when it is done.
///
/// Repositories describe what to write (a closure over a `ChangeSession`). Its transactions go through the store's
/// one door (`StoreDoor`), where people, roles, sessions and the API's keys are written too.
final class WritePath: Sendable {
    /// The one door to the store, and the revision.
    let door: StoreDoor
    let rules: KeepingRules
    private let countedClasses: [String]
    private let indexes: [StoredIndex]
    /// The classes found by search, the ones others draw on first.
    private let searchable: [SearchableClass]
    private var counts: WriteCounts { door.counts }
    /// Where each app's records live on the pages, by class.
    private let places: [String: RecordPlace]
    /// What each app's records must obey, whoever writes them.
    private let recordRules: [RecordRules]

    /// Opens on `store`: counts the objects of `countedClasses` (the lists that show a total) once, makes sure the
    /// history and trash can be looked up by record, the features' lists have their `indexes` and the `searchable`
    /// classes an up-to-date search index, and drops history and trash older than `rules` allow. `places` say
    /// where each app's records live on the pages, for refusals that name them; `recordRules` what their records
    /// must obey, checked at the end of every change and import (their upkeep brought up to date at open).
    ///
    /// - Parameter progress: a line to show while a large search index is being built (a database from before search,
    ///   or one another program filled).
    init(
        store: ParseStore, rules: KeepingRules = KeepingRules(), countedClasses: [String], indexes: [StoredIndex] = [],
        searchable: [SearchableClass] = [], places: [RecordPlace] = [], recordRules: [RecordRules] = [],
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        self.door = StoreDoor(store: store)
        self.places = Dictionary(places.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        self.rules = rules
        self.countedClasses = countedClasses
        self.indexes = indexes
        self.searchable = searchable
        self.recordRules = recordRules
        try await door.open {
            try Self.open(
                $0, rules: rules, countedClasses: countedClasses, indexes: indexes, searchable: searchable,
                recordRules: recordRules, progress: progress)
        }
    }

    /// What opening needs from the data: the history and trash indexes, the old history and trash dropped, and
    /// the totals of the counted classes.
    private static func open(
        _ writer: ParseWriter, rules: KeepingRules, countedClasses: [String], indexes: [StoredIndex],
        searchable: [SearchableClass], recordRules: [RecordRules], progress: (String) -> Void = { _ in }
    ) throws -> [String: Int] {
        try writer.ensureIndex(HistoryLog.className, on: [(HistoryLog.recordKey, .string), ("createdAt", .date)])
        try writer.ensureIndex(TrashBin.className, on: [(TrashBin.recordKey, .string)])
        for index in indexes { try index.ensure(writer: writer) }
        let now = writer.now()
        try HistoryLog.prune(olderThan: rules.historyDays, now: now, writer: writer)
        try TrashBin.removeAll(before: now.addingTimeInterval(-Double(rules.trashDays) * 86_400), writer: writer)
        // A photo no record names may still be named by a history entry or a trash item that can bring it back.
        try writer.sweepFiles(unusedFor: Double(max(rules.historyDays, rules.trashDays)) * 86_400)
        // Derived data another program (or a file from before the rules) left out of step.
        for recordRule in recordRules { try recordRule.bringUpToDate(writer) }
        _ = writer.changeLog.drain()
        try SearchableClass.bringUpToDate(searchable, writer: writer) { className, done, total in
            // Large indexes only, every 100,000 objects and at the end: a line every few seconds.
            guard total > SearchableClass.bulkThreshold, done % 100_000 == 0 || done == total else { return }
            progress(
                "Building the search index of \(className): \(NumberText.grouped(done)) of \(NumberText.grouped(total))"
                    + (done == total ? ", merging it…" : "…"))
        }
        return try countTotals(countedClasses, writer.reader)
    }

    private static func countTotals(_ countedClasses: [String], _ reader: ParseReader) throws -> [String: Int] {
        var totals: [String: Int] = [:]
        for className in countedClasses { totals[className] = try reader.count(ParseQuery(className)) }
        return totals
    }

    /// Replaces every class except `keeping` with those of the database file at `path` (restoring a backup), in
    /// one transaction; then opens the new data as at start and moves the revision, so no page shows the old.
    ///
    /// - Parameter progress: classes copied so far and in all.
    func replaceData(
        withFileAt path: String, keeping: Set<String>, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws {
        let (rules, countedClasses, indexes, searchable, recordRules) = (
            self.rules, self.countedClasses, self.indexes, self.searchable, self.recordRules
        )
        // One transaction: the search index and counts are rebuilt with the data, so a save arriving right after
        // never meets a store without its search tables.
        let totals = try await door.restore(withThoseInFileAt: path, keeping: keeping, progress: progress) {
            try Self.open(
                $0, rules: rules, countedClasses: countedClasses, indexes: indexes, searchable: searchable,
                recordRules: recordRules)
        }
        counts.replaceTotals(totals)
    }

    /// The totals of the counted classes as `reader` sees them (for `OtherServers`, after another server wrote).
    func countTotals(_ reader: ParseReader) throws -> [String: Int] {
        try Self.countTotals(countedClasses, reader)
    }

    /// Moves after every change: pages rendered at one revision can be reused until it moves.
    var revision: Int { counts.revision }

    /// How many objects of a counted class there are.
    func total(of className: String) -> Int { counts.total(of: className) }

    /// Runs `body` as one change by `user`, in one transaction: its writes, stamps, history and trash commit
    /// together or not at all. The revision moves afterwards when anything was written, and after a failure (only
    /// ever too cautious); a change that wrote nothing (a conflict) or was refused and rolled back (a record rule,
    /// a read-only record) leaves cached pages valid.
    ///
    /// - Parameter access: what the change may read and write (`ChangeSession.access`): the page's person's
    ///   (`PageAccess.current`, so their ACLs hold as in the API) unless the Parse API passes a request's.
    func change<T: Sendable>(
        by user: SignedInUser?, access: ParseAccess = PageAccess.current,
        _ body: @escaping @Sendable (ChangeSession) throws -> T
    ) async throws -> T {
        let (rules, searchable, places, recordRules) = (self.rules, self.searchable, self.places, self.recordRules)
        let revertOf = ChangeReason.revertOf
        // The transaction runs on the database's own thread, where the request's task-locals are not: the page's
        // language is bound again there, so refusals and merge labels made inside speak it.
        let language = PageLanguage.current
        return try await door.transaction(totals: \.totals) { writer in
            try PageLanguage.$current.withValue(language) {
                let session = ChangeSession(
                    writer: writer, user: user, rules: rules, revertOf: revertOf, access: access, places: places)
                let value = try body(session)
                // What the change sets off (its own writes are not looked at again: nothing sets off more).
                let written = RuleRun.lastState(of: writer.changeLog.recorded())
                for rule in recordRules {
                    let mine = written.filter { rule.watched.contains($0.className) }
                    if !mine.isEmpty { try rule.consequences(mine, session) }
                }
                // Every record rule, whoever wrote: a break undoes the whole change.
                let run = RuleRun(recordRules, writer: writer, access: access)
                try run.enforce()
                // Anything written after the checks is read again; the rest the checks have just read.
                let late = writer.changeLog.drain()
                run.checkedObjects.forget(late)
                try SearchableClass.follow(
                    run.changes + late, into: searchable, writer: writer, fetched: run.checkedObjects)
                return ChangeResult(value: value, totals: session.totalChanges)
            }
        }.value
    }

    /// Runs `body` (an import) as one transaction straight on the store, kept only when `commitIf` says so of its
    /// result: what it writes carries its own objectIds and timestamps, so no stamp is added. The body asks its
    /// `RuleRun` for the record rules' breaks (each a line of its report). Afterwards the totals are counted again
    /// and the revision moves, so no page shows the data from before. A `body` that throws writes nothing.
    func importing<T: Sendable>(
        commitIf shouldCommit: @escaping @Sendable (T) -> Bool,
        _ body: @escaping @Sendable (ParseWriter, RuleRun) throws -> T
    ) async throws -> T {
        let (rules, countedClasses, indexes, searchable, recordRules) = (
            self.rules, self.countedClasses, self.indexes, self.searchable, self.recordRules
        )
        let value = try await door.transaction(commitIf: shouldCommit) { writer in
            let run = RuleRun(recordRules, writer: writer, access: .master)
            let value = try body(writer, run)
            try SearchableClass.follow(run.changes + writer.changeLog.drain(), into: searchable, writer: writer)
            return value
        }
        let totals = try await door.transaction {
            try Self.open(
                $0, rules: rules, countedClasses: countedClasses, indexes: indexes, searchable: searchable,
                recordRules: recordRules)
        }
        counts.replaceTotals(totals)
        // The planner learns what the import brought, without the person waiting for it (an ANALYZE of a large
        // database takes seconds); statistics only speed up what reads it, so a failure changes nothing.
        let store = door.store
        Task.detached { try? await store.refreshStatistics() }
        return value
    }

    /// Keeps `file` (a photo chosen in a form) in its own transaction, before the record that names it is saved.
    func keep(_ file: StoredFile) async throws {
        try await door.transaction { try $0.save(file) }
    }

    /// Reads in one snapshot as the person the page is for (`PageAccess.current`): every page's read sees only the
    /// rows that person may read by their ACLs, as the Parse API's reads do.
    func read<T: Sendable>(_ body: @escaping @Sendable (ParseReader) throws -> T) async throws -> T {
        let access = PageAccess.current
        let language = PageLanguage.current
        return try await door.read { reader in
            try PageLanguage.$current.withValue(language) { try body(reader.acting(as: access)) }
        }
    }
}

/// What one change's transaction gives back: the body's value and how the counted totals moved.
private struct ChangeResult<T: Sendable>: Sendable {
    let value: T
    let totals: [String: Int]
}
