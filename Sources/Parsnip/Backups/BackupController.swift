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
        let rows = backups.listings().map { listing in
            let path = "/backups/\(listing.name)"
            let deletable = listing.manifest.reason != .daily && !listing.manifest.reason.isSafetyCopy
            return BackupRow(
                name: listing.name, when: BackupFormatting.when(listing.manifest.createdAt),
                kind: listing.manifest.reason.label, size: BackupFormatting.size(listing.bytes),
                contents: backups.contents(listing.manifest.objectCounts).summary,
                downloadURL: "\(path)/download", restoreURL: "\(path)/restore",
                restoreLabel: listing.manifest.reason == .beforeImport ? "Undo this import" : "Restore…",
                deleteURL: deletable ? "\(path)/delete" : nil)
        }
        let exports = (backups.folder?.exportListings() ?? []).map { listing in
            ExportRow(
                when: BackupFormatting.when(listing.manifest.createdAt), size: BackupFormatting.size(listing.bytes),
                contents: backups.contents(
                    Dictionary(listing.manifest.classes.map { ($0.className, $0.objects) }, uniquingKeysWith: +)
                ).summary,
                downloadURL: "/backups/\(listing.name)/download")
        }
        let running = backups.isRunning
        let page = BackupsPage(
            page: PageChrome(title: "Backups", context: context), csrfToken: context.csrfToken,
            folder: backups.folder?.url.path ?? "", automatic: backups.rules.automatic,
            keepDaily: backups.rules.keepDaily, keepWeekly: backups.rules.keepWeekly,
            notice: backups.notice(now: backups.store.now(), holdsData: false), rows: rows, isEmpty: rows.isEmpty,
            exports: exports, hasExports: !exports.isEmpty, running: running)
        return pages.render(page, template: "backups/index")
    }

    /// POST /backups — Back up now.
    @Sendable func create(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let backups = self.backups
        let (id, job) = await backups.start("Making a backup") { progress throws(BackupProblem) -> String in
            let listing = try await backups.backUp(reason: .manual, progress: progress)
            return "Backed up: \(backups.contents(listing.manifest.objectCounts).summary) "
                + "(\(BackupFormatting.size(listing.bytes)))."
        }
        return answer(id, job)
    }

    /// POST /backups/export — every class as Parse JSON and CSV in one zip, listed for download when done.
    @Sendable func export(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let backups = self.backups
        let (id, job) = await backups.start("Exporting everything") { progress throws(BackupProblem) -> String in
            let listing = try await backups.export(progress: progress)
            return
                "Export ready (\(BackupFormatting.size(listing.bytes))): download it under “Take your data out” below."
        }
        return answer(id, job)
    }

    /// POST /backups/upload — a backup file from another disk or computer: kept in the folder as "Uploaded", then
    /// the restore page with its preview.
    @Sendable func uploadBackup(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let folder = backups.folder,
            let file = context.uploadedFiles.first(where: { $0.field == "backup" && $0.bytes > 0 })
        else { return Flash.refusal(to: "/backups", message: "Choose a backup file first, then press Upload.") }
        do {
            _ = try BackupArchive.manifest(of: file.url)
        } catch {
            return Flash.refusal(to: "/backups", message: error.message)
        }
        let destination = folder.newFile(for: .uploaded, at: backups.store.now())
        try FileManager.default.moveItem(at: file.url, to: destination)
        return Response.redirect(to: "/backups/\(destination.lastPathComponent)/restore", type: .normal)
    }

    /// POST /backups/import — a file to import: kept aside, then a dry run shown with what it would do and every
    /// problem; nothing is changed yet.
    @Sendable func previewImport(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let folder = backups.folder,
            let file = context.uploadedFiles.first(where: { $0.field == "file" && $0.bytes > 0 })
        else { return Flash.refusal(to: "/backups", message: "Choose a file to import first, then press Check it.") }
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
            return Flash.refusal(to: "/backups", message: error.message)
        }
        if !report.problems.isEmpty { try? FileManager.default.removeItem(at: pending) }
        let page = ImportPreviewPage(
            page: PageChrome(title: "Import “\(kept.lastPathComponent)”?", context: context),
            csrfToken: context.csrfToken, file: kept.lastPathComponent, lines: report.lines,
            problems: report.problems, hasProblems: !report.problems.isEmpty,
            action: "/backups/import/\(token)", existing: existing.rawValue,
            overwriting: existing == .overwrite)
        return pages.render(
            page, template: "backups/import", status: report.problems.isEmpty ? .ok : .unprocessableContent)
    }

    /// POST /backups/import/:token — the import itself, after a safety backup, in one transaction.
    @Sendable func runImport(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let folder = backups.folder, let token = context.parameters.get("token"),
            token.count == 32, token.allSatisfy({ $0.isHexDigit })
        else { throw PageError.notFound }
        let pending = folder.url.appendingPathComponent(".imports/\(token)")
        guard let name = try? FileManager.default.contentsOfDirectory(atPath: pending.path).first else {
            return Flash.refusal(
                to: "/backups", message: "That import was done or dropped already. Choose the file again to import it.")
        }
        let file = pending.appendingPathComponent(name)
        let existing = ExistingObjects(rawValue: context.form["existing"] ?? "") ?? .skip
        let backups = self.backups
        return try await context.saving {
            let (id, job) = await backups.start("Importing “\(name)”", waiting: .seconds(6)) {
                progress throws(BackupProblem) -> String in
                let (report, _) = try await backups.importFile(
                    file, existing: existing, dryRun: false, progress: progress)
                try? FileManager.default.removeItem(at: pending)
                guard report.problems.isEmpty else {
                    throw BackupProblem("Nothing was imported: \(report.problems.first ?? "")")
                }
                let done = report.classes.map { "\($0.created + $0.updated) \($0.className)" }.joined(separator: ", ")
                return "Imported \(done). To undo it, press Undo this import beside the newest safety copy below."
            }
            // The database could not take it (busy, full): the same button again, the file still waiting.
            if case .failure(let problem)? = job.outcome, let error = problem.storeError, error.storageFailure != nil {
                backups.clearFinishedJob(id)
                throw error
            }
            return answer(id, job)
        } orShowingAgain: { context in
            let page = ImportPreviewPage(
                page: PageChrome(title: "Import “\(name)”?", context: context), csrfToken: context.csrfToken,
                file: name, lines: [], problems: [], hasProblems: false, action: "/backups/import/\(token)",
                existing: existing.rawValue, overwriting: existing == .overwrite)
            return pages.render(page, template: "backups/import")
        }
    }

    /// GET /backups/progress/:job — the job's progress, refreshing itself; its outcome once it is done.
    @Sendable func progress(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let id = context.parameters.get("job").flatMap(Int.init) else { throw PageError.notFound }
        guard let job = backups.job(id) else { return Response.redirect(to: "/backups", type: .normal) }
        if job.outcome != nil { return answer(id, job) }
        var chrome = PageChrome(title: job.title, context: context)
        chrome.refreshSeconds = 1
        let page = BackupProgressPage(
            page: chrome, title: job.title, percent: Int((job.fraction * 100).rounded(.down)))
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
        let when = BackupFormatting.when(listing.manifest.createdAt)
        let page = BackupRestorePage(
            page: PageChrome(title: "Restore the backup from \(when)?", context: context),
            csrfToken: context.csrfToken, action: "/backups/\(listing.name)/restore", when: when,
            contents: backups.contents(listing.manifest.objectCounts).summary,
            current: backups.contents(try await currentCounts()).summary)
        return pages.render(page, template: "backups/restore")
    }

    /// POST /backups/:name/restore — a safety backup of the data now, then the restore.
    @Sendable func restore(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let listing = try find(context)
        let backups = self.backups
        let when = BackupFormatting.when(listing.manifest.createdAt)
        return try await context.saving {
            // Long enough for a household's restore and for a busy database's wait to end in a refusal.
            let (id, job) = await backups.start("Restoring the backup from \(when)", waiting: .seconds(6)) {
                progress throws(BackupProblem) -> String in
                _ = try await backups.restore(listing, progress: progress)
                return
                    "Restored the backup from \(when). What was there before is kept as the newest safety copy below."
            }
            // The database could not take it (busy, full): the confirmation again, to press once more.
            if case .failure(let problem)? = job.outcome, let error = problem.storeError, error.storageFailure != nil {
                backups.clearFinishedJob(id)
                throw error
            }
            return answer(id, job)
        } orShowingAgain: { context in
            try await renderConfirmRestore(listing, context: context)
        }
    }

    /// GET /backups/:name/delete — asks first.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let listing = try find(context)
        let when = BackupFormatting.when(listing.manifest.createdAt)
        let page = BackupDeletePage(
            page: PageChrome(title: "Delete the backup from \(when)?", context: context),
            csrfToken: context.csrfToken, action: "/backups/\(listing.name)/delete", when: when,
            contents: backups.contents(listing.manifest.objectCounts).summary)
        return pages.render(page, template: "backups/delete")
    }

    /// POST /backups/:name/delete — removes the file.
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let listing = try find(context)
        do {
            try FileManager.default.removeItem(at: listing.url)
        } catch {
            return Flash.refusal(to: "/backups", message: "The backup could not be deleted: \(error).")
        }
        return Flash.redirect(
            to: "/backups", message: "Deleted the backup from \(BackupFormatting.when(listing.manifest.createdAt)).")
    }

    /// The backup the route names; 404 for anything else.
    private func find(_ context: ParsnipRequestContext) throws(PageError) -> BackupListing {
        guard let name = context.parameters.get("name"), let listing = backups.folder?.listing(named: name) else {
            throw PageError.notFound
        }
        return listing
    }

    /// Where a started job leads: its outcome on /backups when it is done, else its progress page.
    private func answer(_ id: Int, _ job: BackupJob) -> Response {
        guard let outcome = job.outcome else { return Response.redirect(to: "/backups/progress/\(id)", type: .normal) }
        backups.clearFinishedJob(id)
        switch outcome {
        case .success(let message): return Flash.redirect(to: "/backups", message: message)
        case .failure(let problem): return Flash.refusal(to: "/backups", message: problem.message)
        }
    }
}
