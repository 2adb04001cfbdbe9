import Foundation
import Hummingbird

/// The owner's Backups page: the backups kept beside the database, Back up now, Download, and Restore with a
/// preview and a confirmation. Long work shows a page that refreshes itself (no JavaScript needed).
struct BackupController: Sendable {
    let backups: BackupService
    let pages: Pages
    /// What the database holds now, by class (for "will be replaced" on the restore page).
    let currentCounts: @Sendable () async throws -> [String: Int]

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/backups", .owner, use: index)
        routes.post("/backups", .owner, use: create)
        routes.post("/backups/export", .owner, use: export)
        // Without a backups folder (an in-memory database) files wait in the temporary folder and are refused.
        let uploads = (backups.folder?.url ?? FileManager.default.temporaryDirectory).appendingPathComponent(".uploads")
        let upload = UploadRule(maximumBytes: Self.largestUpload, folder: uploads)
        routes.post("/backups/upload", .owner, upload: upload, use: uploadBackup)
        routes.post("/backups/import", .owner, upload: upload, use: previewImport)
        routes.post("/backups/import/:token", .owner, use: runImport)
        routes.get("/backups/progress/:job", .owner, use: progress)
        routes.get("/backups/:name/download", .owner, use: download)
        routes.get("/backups/:name/restore", .owner, use: confirmRestore)
        routes.post("/backups/:name/restore", .owner, use: restore)
        routes.get("/backups/:name/delete", .owner, use: confirmDelete)
        routes.post("/backups/:name/delete", .owner, use: delete)
    }

    /// The largest backup or import file the pages take: 4 GB, far above a household's.
    static let largestUpload = 4_000_000_000

    /// GET /backups — how backups are kept and every backup, newest first.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let language = context.language
        let rows = backups.listings().map { listing in
            let path = "/backups/\(listing.name)"
            let reason = listing.manifest.reason
            let deletable = reason != .daily && !reason.isSafetyCopy
            let when = BackupFormatting.when(listing.manifest.createdAt, in: language)
            return BackupRow(
                name: listing.name, when: when, about: language.text("backups.row.about", ["when": when]),
                kind: reason.label(in: language), size: BackupFormatting.size(listing.bytes, in: language),
                contents: backups.contents(listing.manifest.objectCounts).summary(in: language),
                downloadURL: "\(path)/download", restoreURL: "\(path)/restore",
                restoreLabel: reason == .beforeImport
                    ? language.text("backups.row.undoImport") : language.text("backups.row.restore"),
                deleteURL: deletable ? "\(path)/delete" : nil)
        }
        let exports = (backups.folder?.exportListings() ?? []).map { listing in
            let when = BackupFormatting.when(listing.manifest.createdAt, in: language)
            return ExportRow(
                when: when, about: language.text("backups.export.about", ["when": when]),
                size: BackupFormatting.size(listing.bytes, in: language),
                contents: backups.contents(
                    Dictionary(listing.manifest.classes.map { ($0.className, $0.objects) }, uniquingKeysWith: +)
                ).summary(in: language),
                downloadURL: "/backups/\(listing.name)/download")
        }
        let rules = backups.rules
        let keeping = ["days": rules.keepDaily, "weeks": rules.keepWeekly]
        let dailyRule = rules.automatic ? language.text("backups.rules.daily", counts: keeping) : nil
        let byHand = [language.text("backups.rules.byHand"), language.text("backups.rules.folderBefore")]
        let rulesText = BackupFormatting.sentences([dailyRule] + byHand, in: language)
        let runningJob = backups.runningJob
        let page = BackupsPage(
            page: PageChrome(title: language.text("backups.title"), context: context), csrfToken: context.csrfToken,
            folder: backups.folder?.url.path ?? "",
            rules: rulesText,
            notice: backups.notice(now: backups.store.now(), holdsData: false, language: language), rows: rows,
            isEmpty: rows.isEmpty, exports: exports, hasExports: !exports.isEmpty, running: runningJob != nil,
            progressURL: runningJob.map { "/backups/progress/\($0)" })
        return pages.render(page, template: "backups/index")
    }

    /// POST /backups — Back up now.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let backups = self.backups
        let language = context.language
        let (id, job) = await backups.start(language.text("backups.job.backUp")) {
            progress throws(BackupProblem) -> String in
            let listing = try await backups.backUp(reason: .manual, progress: progress)
            let contents = backups.contents(listing.manifest.objectCounts).summary(in: language)
            let size = BackupFormatting.size(listing.bytes, in: language)
            return language.text("backups.flash.backedUp", ["contents": contents, "size": size])
        }
        return answer(id, job, in: language)
    }

    /// POST /backups/export — every class as Parse JSON and CSV in one zip, listed for download when done.
    @Sendable func export(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let backups = self.backups
        let language = context.language
        let (id, job) = await backups.start(language.text("backups.job.export")) {
            progress throws(BackupProblem) -> String in
            let listing = try await backups.export(progress: progress)
            let size = BackupFormatting.size(listing.bytes, in: language)
            return language.text("backups.flash.exported", ["size": size])
        }
        return answer(id, job, in: language)
    }

    /// POST /backups/upload — a backup file from another disk or computer: kept in the folder as "Uploaded", then
    /// the restore page with its preview.
    @Sendable func uploadBackup(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let language = context.language
        guard let folder = backups.folder,
            let file = context.uploadedFiles.first(where: { $0.field == "backup" && $0.bytes > 0 })
        else { return Flash.refusal(to: "/backups", message: language.text("backups.flash.chooseBackup")) }
        do {
            _ = try BackupArchive.manifest(of: file.url)
        } catch {
            return Flash.refusal(to: "/backups", message: error.text(in: language))
        }
        let destination = folder.newFile(for: .uploaded, at: backups.store.now())
        try FileManager.default.moveItem(at: file.url, to: destination)
        return Response.redirect(to: "/backups/\(destination.lastPathComponent)/restore", type: .normal)
    }

    /// POST /backups/import — a file to import: kept aside, then a dry run shown with what it would do and every
    /// problem; nothing is changed yet.
    @Sendable func previewImport(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let language = context.language
        guard let folder = backups.folder,
            let file = context.uploadedFiles.first(where: { $0.field == "file" && $0.bytes > 0 })
        else { return Flash.refusal(to: "/backups", message: language.text("backups.flash.chooseImport")) }
        let existing = ExistingObjects(rawValue: context.form["existing"] ?? "") ?? .skip
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let pending = folder.url.appendingPathComponent(".imports/\(token)")
        try FileManager.default.createDirectory(at: pending, withIntermediateDirectories: true)
        let kept = pending.appendingPathComponent(ImportFileName.safe(file.filename))
        try FileManager.default.moveItem(at: file.url, to: kept)
        let report: ImportReport
        do {
            report = try await backups.importFile(kept, existing: existing, dryRun: true).report
        } catch {
            try? FileManager.default.removeItem(at: pending)
            return Flash.refusal(to: "/backups", message: error.text(in: language))
        }
        let problems = report.problems(in: language)
        if !problems.isEmpty { try? FileManager.default.removeItem(at: pending) }
        let heading = language.text("backups.import.title", ["file": kept.lastPathComponent])
        let page = ImportPreviewPage(
            page: PageChrome(title: heading, context: context), csrfToken: context.csrfToken, heading: heading,
            lines: report.lines(in: language), problems: problems, hasProblems: !problems.isEmpty,
            action: "/backups/import/\(token)", existing: existing.rawValue, overwriting: existing == .overwrite,
            fromApp: report.app != nil)
        return pages.render(page, template: "backups/import", status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    /// POST /backups/import/:token — the import itself, after a safety backup, in one transaction.
    @Sendable func runImport(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let folder = backups.folder, let token = context.parameters.get("token"),
            token.count == 32, token.allSatisfy({ $0.isHexDigit })
        else { throw PageError.notFound }
        let pending = folder.url.appendingPathComponent(".imports/\(token)")
        let language = context.language
        guard let name = try? FileManager.default.contentsOfDirectory(atPath: pending.path).first else {
            return Flash.refusal(to: "/backups", message: language.text("backups.flash.importGone"))
        }
        let file = pending.appendingPathComponent(name)
        let existing = ExistingObjects(rawValue: context.form["existing"] ?? "") ?? .skip
        let backups = self.backups
        return try await context.saving {
            let title = language.text("backups.job.import", ["file": name])
            let (id, job) = await backups.start(title, waiting: .seconds(6)) {
                progress throws(BackupProblem) -> String in
                let (report, _) = try await backups.importFile(
                    file, existing: existing, dryRun: false, progress: progress)
                try? FileManager.default.removeItem(at: pending)
                if let first = report.problemTexts.first {
                    throw BackupProblem(
                        Words("backups.flash.notImported", nested: ["problem": first.words]),
                        english: "Nothing was imported: \(first.english)")
                }
                return language.text("backups.flash.imported", ["imported": report.imported(in: language)])
            }
            // The database could not take it (busy, full): the same button again, the file still waiting.
            if case .failure(let problem)? = job.outcome, let error = problem.storeError, error.storageFailure != nil {
                backups.clearFinishedJob(id)
                throw error
            }
            return answer(id, job, in: language)
        } orShowingAgain: { context in
            let heading = context.language.text("backups.import.title", ["file": name])
            let page = ImportPreviewPage(
                page: PageChrome(title: heading, context: context), csrfToken: context.csrfToken, heading: heading,
                lines: [], problems: [], hasProblems: false, action: "/backups/import/\(token)",
                existing: existing.rawValue, overwriting: existing == .overwrite)
            return pages.render(page, template: "backups/import")
        }
    }

    /// GET /backups/progress/:job — the job's progress, refreshing itself; its outcome once it is done.
    @Sendable func progress(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let id = context.parameters.get("job").flatMap(Int.init) else { throw PageError.notFound }
        guard let job = backups.job(id) else { return Response.redirect(to: "/backups", type: .normal) }
        let language = context.language
        if job.outcome != nil { return answer(id, job, in: language) }
        var chrome = PageChrome(title: job.title, context: context)
        chrome.refreshSeconds = 1
        let page = BackupProgressPage(
            page: chrome, title: job.title, percent: Int((job.fraction * 100).rounded(.down)), in: language)
        return pages.render(page, template: "backups/progress")
    }

    /// GET /backups/:name/download — the backup file itself.
    @Sendable func download(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), BackupFolder.isBackupName(name), let folder = backups.folder
        else { throw PageError.notFound }
        let file: (url: URL, bytes: Int)
        if let backup = folder.listing(named: name) {
            file = (backup.url, backup.bytes)
        } else if let export = folder.exportListings().first(where: { $0.name == name }) {
            file = (export.url, export.bytes)
        } else {
            throw PageError.notFound
        }
        let body = try await FileIO(threadPool: .singleton).loadFile(path: file.url.path, context: context)
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip", .contentLength: String(file.bytes),
                .contentDisposition: "attachment; filename=\"\(name)\"",
                .cacheControl: "no-store",
            ],
            body: body)
    }

    /// GET /backups/:name/restore — what the backup holds, what will be replaced, and what stays.
    @Sendable func confirmRestore(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await renderConfirmRestore(try find(context), context: context)
    }

    private func renderConfirmRestore(_ listing: BackupListing, context: ParsnipRequestContext) async throws
        -> Response
    {
        let language = context.language
        let when = BackupFormatting.when(listing.manifest.createdAt, in: language)
        let heading = language.text("backups.restore.title", ["when": when])
        var page = BackupRestorePage(
            page: PageChrome(title: heading, context: context), csrfToken: context.csrfToken,
            action: "/backups/\(listing.name)/restore", heading: heading,
            contents: backups.contents(listing.manifest.objectCounts).summary(in: language),
            current: backups.contents(try await currentCounts()).summary(in: language),
            whatGoesBack: language.text("backups.restore.whatGoesBack", ["when": when]))
        if let differences = await backups.differences(listing) {
            page.lost = RestoreLossList(
                differences.lost, count: differences.lostCount,
                heading: language.text("backups.restore.lost", counts: ["count": differences.lostCount]), in: language)
            page.changed = RestoreLossList(
                differences.changed, count: differences.changedCount,
                heading: language.text("backups.restore.changed", counts: ["count": differences.changedCount]),
                in: language)
        }
        return pages.render(page, template: "backups/restore")
    }

    /// POST /backups/:name/restore — a safety backup of the data now, then the restore.
    @Sendable func restore(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let listing = try find(context)
        let backups = self.backups
        let language = context.language
        let when = BackupFormatting.when(listing.manifest.createdAt, in: language)
        return try await context.saving {
            // Long enough for a household's restore and for a busy database's wait to end in a refusal.
            let title = language.text("backups.job.restore", ["when": when])
            let (id, job) = await backups.start(title, waiting: .seconds(6)) {
                progress throws(BackupProblem) -> String in
                _ = try await backups.restore(listing, progress: progress)
                return language.text("backups.flash.restored", ["when": when])
            }
            // The database could not take it (busy, full): the confirmation again, to press once more.
            if case .failure(let problem)? = job.outcome, let error = problem.storeError, error.storageFailure != nil {
                backups.clearFinishedJob(id)
                throw error
            }
            return answer(id, job, in: language)
        } orShowingAgain: { context in
            try await renderConfirmRestore(listing, context: context)
        }
    }

    /// GET /backups/:name/delete — asks first.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let listing = try find(context)
        let language = context.language
        let when = BackupFormatting.when(listing.manifest.createdAt, in: language)
        let heading = language.text("backups.delete.title", ["when": when])
        let contents = backups.contents(listing.manifest.objectCounts).summary(in: language)
        let page = BackupDeletePage(
            page: PageChrome(title: heading, context: context), csrfToken: context.csrfToken,
            action: "/backups/\(listing.name)/delete", heading: heading,
            holds: language.text("backups.delete.holds", ["contents": contents]))
        return pages.render(page, template: "backups/delete")
    }

    /// POST /backups/:name/delete — removes the file.
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let listing = try find(context)
        let language = context.language
        do {
            try FileManager.default.removeItem(at: listing.url)
        } catch {
            return Flash.refusal(
                to: "/backups", message: language.text("backups.flash.notDeleted", ["reason": "\(error)"]))
        }
        let when = BackupFormatting.when(listing.manifest.createdAt, in: language)
        return Flash.redirect(to: "/backups", message: language.text("backups.flash.deleted", ["when": when]))
    }

    /// The backup the route names; 404 for anything else.
    private func find(_ context: ParsnipRequestContext) throws(PageError) -> BackupListing {
        guard let name = context.parameters.get("name"), let listing = backups.folder?.listing(named: name) else {
            throw PageError.notFound
        }
        return listing
    }

    /// Where a started job leads: its outcome on /backups when it is done (a problem said in `language`), else its
    /// progress page.
    private func answer(_ id: Int, _ job: BackupJob, in language: Language) -> Response {
        guard let outcome = job.outcome else { return Response.redirect(to: "/backups/progress/\(id)", type: .normal) }
        backups.clearFinishedJob(id)
        switch outcome {
        case .success(let message): return Flash.redirect(to: "/backups", message: message)
        case .failure(let problem): return Flash.refusal(to: "/backups", message: problem.text(in: language))
        }
    }
}
