import Foundation
import Logging
import ParseStore
import Synchronization

/// Makes, lists and restores the backups of one running Parsnip, one at a time, and remembers how the last one went.
///
/// The file work (copying, hashing, zipping) blocks, so it runs on its own queue, never on the server's threads.
final class BackupService: Sendable {
    /// What the service remembers between requests.
    private struct State {
        /// Jobs the Backups page started, by number; a finished one stays until its outcome is shown.
        var jobs: [Int: BackupJob] = [:]
        var nextJob = 1
        var lastFailure: (at: Date, problem: BackupProblem)?
        var newest: Date?
    }

    let store: ParseStore
    let writePath: WritePath
    /// nil when this Parsnip keeps no backups (an in-memory database with no folder given).
    let folder: BackupFolder?
    let rules: BackupRules
    /// Classes a restore from the Backups page leaves as they are: the people, their roles and sessions.
    let keptClasses: Set<String>
    /// How the classes are named on the Backups page.
    let words: [ClassWords]
    /// What an import checks: the types of the fields the apps read, and the catalogue's rules.
    let importRules: ImportRules
    let logger: Logger
    private let state: Mutex<State>
    private let queue = DispatchQueue(label: "parsnip.backups")

    init(
        store: ParseStore, writePath: WritePath, folder: BackupFolder?, rules: BackupRules, keptClasses: Set<String>,
        words: [ClassWords] = [], importRules: ImportRules = ImportRules(), logger: Logger
    ) {
        self.store = store
        self.writePath = writePath
        self.folder = folder
        self.rules = rules
        self.keptClasses = keptClasses
        self.words = words
        self.importRules = importRules
        self.logger = logger
        state = Mutex(State(newest: folder?.listings().first?.manifest.createdAt))
    }

    /// `counts` in the household's words.
    func contents(_ counts: [String: Int]) -> BackupContents { BackupContents(objectCounts: counts, words: words) }

    /// The backups in the folder, newest first.
    func listings() -> [BackupListing] { folder?.listings() ?? [] }

    /// The job numbered `id`, running or just finished, for the progress page.
    func job(_ id: Int) -> BackupJob? { state.withLock { $0.jobs[id] } }

    /// True while a job the Backups page started is running.
    var isRunning: Bool { runningJob != nil }

    /// The number of the job the Backups page started that is running now, for its progress page; nil when none is.
    var runningJob: Int? { state.withLock { $0.jobs.filter { $0.value.outcome == nil }.keys.min() } }

    /// Forgets a finished job once its outcome was shown.
    func clearFinishedJob(_ id: Int) {
        state.withLock { state in
            if state.jobs[id]?.outcome != nil { state.jobs[id] = nil }
        }
    }

    /// Makes a backup now, in the folder; prunes old ones. A failure is remembered for the owner's home page.
    @discardableResult
    func backUp(reason: BackupReason, progress: @escaping @Sendable (Double) -> Void = { _ in })
        async throws(BackupProblem)
        -> BackupListing
    {
        guard let folder else { throw .noFolder }
        let store = self.store
        let now = store.now()
        do {
            let listing = try await onQueue { () throws(BackupProblem) -> BackupListing in
                try folder.create()
                let url = folder.newFile(for: reason, at: now)
                let manifest = try BackupArchive.make(of: store, to: url, reason: reason, progress: progress)
                let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                return BackupListing(url: url, bytes: bytes, manifest: manifest)
            }
            state.withLock { state in
                state.lastFailure = nil
                state.newest = max(state.newest ?? listing.manifest.createdAt, listing.manifest.createdAt)
            }
            prune()
            logger.notice("Backed up to \(listing.url.path)")
            return listing
        } catch {
            if !reason.isSafetyCopy { state.withLock { $0.lastFailure = (now, error) } }
            logger.error("Backup failed: \(error.message)")
            throw error
        }
    }

    /// Writes an export of everything (Parse JSON and CSV, one zip) into the folder; keeps the newest three.
    func export(progress: @escaping @Sendable (Double) -> Void = { _ in }) async throws(BackupProblem) -> ExportListing
    {
        guard let folder else { throw .noFolder }
        try folder.create()
        let url = folder.newExportFile(at: store.now())
        let manifest = try await ExportArchive.make(of: store, to: url, progress: progress)
        for old in folder.exportListings().dropFirst(3) { try? FileManager.default.removeItem(at: old.url) }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        logger.notice("Exported to \(url.path)")
        return ExportListing(url: url, bytes: bytes, manifest: manifest)
    }

    /// Imports the file at `url` (an export, a Parse Dashboard export or a REST answer): a dry run writes nothing
    /// and says what the import would do; the import itself makes a safety backup first, then writes everything in
    /// one transaction, or nothing when there is any problem. Returns the report and, after an import, the safety
    /// backup that undoes it.
    func importFile(
        _ url: URL, className: String? = nil, existing: ExistingObjects, dryRun: Bool,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(BackupProblem) -> (report: ImportReport, undo: BackupListing?) {
        let contents = try await onQueue { () throws(BackupProblem) in
            try ImportSource.read(url, className: className, apps: self.importRules.apps)
        }
        var undo: BackupListing?
        if !dryRun { undo = try await backUp(reason: .beforeImport) { progress(0.5 * $0) } }
        do {
            let report = try await ImportRun.run(
                contents, existing: existing, dryRun: dryRun, known: importRules.known, words: words,
                writePath: writePath
            ) { progress((dryRun ? 0 : 0.5) + (dryRun ? 1 : 0.5) * $0) }
            progress(1)
            if !dryRun, report.problems.isEmpty { logger.notice("Imported \(url.lastPathComponent)") }
            return (report, report.problems.isEmpty ? undo : nil)
        } catch {
            var problem = BackupProblem.writing(error, what: .importing)
            problem.storeError = error as? ParseError
            throw problem
        }
    }

    /// Restores the backup `listing` over the data: checks it whole, makes a safety copy of the data first, then
    /// replaces every class but the kept ones in one transaction. Returns its manifest.
    func restore(_ listing: BackupListing, progress: @escaping @Sendable (Double) -> Void = { _ in })
        async throws(BackupProblem)
        -> BackupManifest
    {
        guard let folder else { throw .noFolder }
        let work = folder.url.appendingPathComponent(".restoring")
        let (manifest, database) = try await onQueue { () throws(BackupProblem) in
            try BackupArchive.unpack(listing.url, into: work) { progress(0.3 * $0) }
        }
        defer { try? FileManager.default.removeItem(at: work) }
        try await backUp(reason: .beforeRestore) { progress(0.3 + 0.3 * $0) }
        do {
            try await writePath.replaceData(withFileAt: database.path, keeping: keptClasses) { done, total in
                progress(0.6 + 0.4 * Double(done) / Double(max(total, 1)))
            }
        } catch {
            var problem = BackupProblem.writing(error, what: .restore)
            problem.storeError = error as? ParseError
            throw problem
        }
        logger.notice("Restored the backup \(listing.url.path)")
        return manifest
    }

    /// Starts `work` as a job the progress page can follow and waits up to `wait` for it, so a quick job is answered
    /// at once. Jobs run one after another (the file work shares one queue; a restore's replacement is one
    /// transaction). Returns the job's number and how it stands.
    func start(
        _ title: String, waiting wait: Duration = .seconds(2),
        _ work:
            @escaping @Sendable (_ progress: @escaping @Sendable (Double) -> Void) async throws(BackupProblem) -> String
    ) async -> (id: Int, job: BackupJob) {
        let id = state.withLock { state -> Int in
            let id = state.nextJob
            state.nextJob += 1
            // Outcomes nobody came back for are dropped after a while.
            if state.jobs.count > 20, let oldest = state.jobs.keys.filter({ state.jobs[$0]?.outcome != nil }).min() {
                state.jobs[oldest] = nil
            }
            state.jobs[id] = BackupJob(title: title, fraction: 0, outcome: nil)
            return id
        }
        Task.detached {
            let outcome: Result<String, BackupProblem>
            do throws(BackupProblem) {
                outcome = .success(
                    try await work { fraction in
                        self.state.withLock { state in
                            if state.jobs[id]?.outcome == nil { state.jobs[id]?.fraction = fraction }
                        }
                    })
            } catch {
                outcome = .failure(error)
            }
            self.state.withLock { $0.jobs[id]?.outcome = outcome }
        }
        let deadline = ContinuousClock.now + wait
        while ContinuousClock.now < deadline {
            if let job = self.job(id), job.outcome != nil { return (id, job) }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return (id, self.job(id) ?? BackupJob(title: title, fraction: 0, outcome: nil))
    }

    /// What the owner's home page should say about backups, in `language`: the last one failed, or the newest is
    /// old.
    func notice(now: Date, holdsData: Bool, language: Language = .en) -> HomeNotice? {
        guard folder != nil else { return nil }
        let (failure, newest) = state.withLock { ($0.lastFailure, $0.newest) }
        let openBackups = language.text("backups.notice.open")
        if let failure {
            let problem = failure.problem.text(in: language)
            let when = BackupFormatting.when(failure.at, in: language)
            return HomeNotice(
                heading: language.text("backups.notice.failed.heading"),
                message: language.text("backups.notice.failed.message", ["problem": problem, "when": when]),
                linkText: openBackups, linkURL: "/backups")
        }
        guard holdsData else { return nil }
        guard let newest else {
            return HomeNotice(
                heading: language.text("backups.notice.none.heading"),
                message: language.text("backups.notice.none.message"), linkText: openBackups, linkURL: "/backups")
        }
        let days = Int(now.timeIntervalSince(newest) / 86_400)
        guard days > rules.staleAfterDays else { return nil }
        return HomeNotice(
            heading: language.text("backups.notice.old.heading", counts: ["days": days]),
            message: language.text("backups.notice.old.message"), linkText: openBackups, linkURL: "/backups")
    }

    /// When the next automatic backup is due: now when there is none yet, else a day after the newest.
    func nextDailyBackup(now: Date) -> Date {
        state.withLock { $0.newest }.map { $0.addingTimeInterval(86_400) } ?? now
    }

    /// Backs up once a day until cancelled: at once when the newest backup is over a day old (or there is none),
    /// then a day after each. A failed backup is tried again an hour later.
    func runDailyBackups() async {
        while !Task.isCancelled {
            let now = store.now()
            let due = nextDailyBackup(now: now)
            var wait = min(due.timeIntervalSince(now), 3_600)
            if due <= now {
                do {
                    try await backUp(reason: .daily)
                    continue
                } catch {
                    wait = 3_600
                }
            }
            try? await Task.sleep(for: .seconds(max(wait, 1)))
        }
    }

    /// Removes the backups the rules no longer keep.
    private func prune() {
        guard let folder else { return }
        for listing in BackupRetention.toRemove(folder.listings(), rules: rules) {
            do {
                try FileManager.default.removeItem(at: listing.url)
            } catch {
                logger.warning("Could not remove the old backup \(listing.url.path): \(error)")
            }
        }
    }

    /// Runs blocking file work on the backups queue.
    func onQueue<T: Sendable>(_ body: @escaping @Sendable () throws(BackupProblem) -> T)
        async throws(BackupProblem) -> T
    {
        let result: Result<T, BackupProblem> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(BackupProblem) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }
}

/// A backup or restore the Backups page started, and how far it got.
struct BackupJob: Sendable, Hashable {
    /// "Making a backup", "Restoring the backup from 2 March 2026 at 14:02", in the language of whoever started it.
    let title: String
    /// From 0 to 1.
    var fraction: Double
    /// nil while it runs; then the sentence to show (in the starter's language), or the problem (said in the
    /// language of the page that shows it).
    var outcome: Result<String, BackupProblem>?
}
