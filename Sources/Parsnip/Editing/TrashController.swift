import Foundation
import Hummingbird
import ParseStore

/// The trash: what was deleted in the last days, with Restore (and Undo right after a delete) for owners and
/// editors; deleting forever and emptying it for the owner.
struct TrashController: Sendable {
    let writePath: WritePath
    let kinds: [String: any TrashKind]
    let pages: Pages

    init(writePath: WritePath, kinds: [any TrashKind], pages: Pages) {
        self.writePath = writePath
        self.kinds = Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0) })
        self.pages = pages
    }

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/trash", .editor, use: index)
        routes.post("/trash/:id/restore", .editor, use: restore)
        routes.get("/trash/:id/delete", .owner, use: confirmDelete)
        routes.post("/trash/:id/delete", .owner, use: delete)
        routes.get("/trash/empty", .owner, use: confirmEmpty)
        routes.post("/trash/empty", .owner, use: empty)
    }

    /// GET /trash — everything still kept, newest first.
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let cutoff = cutoff()
        let items = try await writePath.read { reader in try TrashBin.items(since: cutoff, reader: reader) }
        let now = writePath.door.now()
        let language = context.language
        let known = kinds
        let page = TrashPage(
            page: PageChrome(title: language.text("editing.trash.title"), context: context),
            keptDays: writePath.rules.trashDays,
            rows: items.map { item in
                // A kind no app restores any more is listed as an item.
                let kind = known[item.kind] == nil ? "item" : item.kind
                return TrashRow(
                    id: item.id, kind: language.text("editing.trash.kind", ["kind": kind]), name: item.name,
                    deleted: ChangeStamp(username: item.deletedBy, at: item.deletedAt)
                        .deletedLine(kind: kind, now: now, language: language),
                    restoreAction: "/trash/\(item.id)/restore", deleteURL: "/trash/\(item.id)/delete",
                    restoreLabel: language.text("editing.trash.restoreNamed", ["name": item.name]),
                    deleteLabel: language.text("editing.trash.deleteForeverNamed", ["name": item.name]))
            },
            isOwner: context.user?.role == .owner, csrfToken: context.csrfToken, language: language)
        return pages.render(page, template: "trash/index")
    }

    /// POST /trash/:id/restore — puts the item back and shows it; or says why it cannot come back yet.
    @Sendable func restore(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let cutoff = cutoff()
        let kinds = self.kinds
        let language = context.language
        return try await context.saving {
            let outcome = try await writePath.change(by: context.user) { session -> TrashRestoreResult in
                guard let item = try TrashBin.item(id: id, since: cutoff, reader: session.accessReader),
                    let kind = kinds[item.kind]
                else { return .gone }
                do {
                    switch try kind.restore(item, session: session) {
                    case .refused(let refusal): return .refused(item.name, refusal)
                    case .restored:
                        try TrashBin.remove(id: id, writer: session.writer)
                        return .restored(item.name, kind.url(of: item.record))
                    }
                } catch let error as ParseError where error.code == .duplicateValue {
                    return .refused(
                        item.name,
                        RestoreRefusal(
                            message: language.text("editing.trash.takenPlace"),
                            linkText: language.text("editing.trash.back"), linkURL: "/trash"))
                }
            }
            switch outcome {
            case .gone:
                return Flash.refusal(to: "/trash", message: language.text("editing.trash.gone"))
            case .restored(let name, let url):
                return Flash.redirect(to: url, message: language.text("editing.trash.restored", ["name": name]))
            case .refused(let name, let refusal):
                let heading = language.text("editing.trash.refusedHeading", ["name": name])
                let page = TrashRefusalPage(
                    page: PageChrome(title: heading, context: context), heading: heading, name: name,
                    message: refusal.message, linkText: refusal.linkText, linkURL: refusal.linkURL)
                return pages.render(page, template: "trash/refused", status: .conflict)
            }
        } orShowingAgain: { context in
            try await index(request, context: context)
        }
    }

    /// GET /trash/:id/delete — asks the owner first.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let cutoff = cutoff()
        guard
            let item = try await writePath.read({ reader in try TrashBin.item(id: id, since: cutoff, reader: reader) })
        else { throw PageError.notFound }
        let language = context.language
        let heading = language.text("editing.trash.confirmDelete", ["name": item.name])
        let page = TrashConfirmPage(
            page: PageChrome(title: heading, context: context), heading: heading,
            message: language.text("editing.trash.confirmDeleteMessage"), action: "/trash/\(id)/delete",
            button: language.text("editing.trash.deleteForever"), csrfToken: context.csrfToken)
        return pages.render(page, template: "trash/confirm")
    }

    /// POST /trash/:id/delete — removes one item for good.
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        return try await context.saving {
            let name = try await writePath.change(by: context.user) { session -> String? in
                guard let item = try TrashBin.item(id: id, since: .distantPast, reader: session.accessReader) else {
                    return nil
                }
                try TrashBin.remove(id: id, writer: session.writer)
                return item.name
            }
            guard let name else { throw PageError.notFound }
            return Flash.redirect(
                to: "/trash", message: context.language.text("editing.trash.deletedForever", ["name": name]))
        } orShowingAgain: { context in
            try await confirmDelete(request, context: context)
        }
    }

    /// GET /trash/empty — asks the owner first.
    @Sendable func confirmEmpty(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let language = context.language
        let heading = language.text("editing.trash.confirmEmpty")
        let page = TrashConfirmPage(
            page: PageChrome(title: heading, context: context), heading: heading,
            message: language.text("editing.trash.confirmEmptyMessage"), action: "/trash/empty",
            button: language.text("editing.trash.emptyButton"), csrfToken: context.csrfToken)
        return pages.render(page, template: "trash/confirm")
    }

    /// POST /trash/empty — removes everything in it.
    @Sendable func empty(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        try await context.saving {
            let count = try await writePath.change(by: context.user) { session in
                try TrashBin.removeAll(before: .distantFuture, writer: session.writer)
            }
            return Flash.redirect(
                to: "/trash", message: context.language.text("editing.trash.emptied", counts: ["count": count]))
        } orShowingAgain: { context in
            try await confirmEmpty(request, context: context)
        }
    }

    /// The oldest deletion still kept.
    private func cutoff() -> Date {
        writePath.door.now().addingTimeInterval(-Double(writePath.rules.trashDays) * 86_400)
    }
}

/// What a restore did, carried out of its transaction.
enum TrashRestoreResult: Sendable {
    case gone
    case restored(String, String)
    case refused(String, RestoreRefusal)
}
