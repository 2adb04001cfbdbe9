import Hummingbird

/// Merging two genres, authors or publishers: offered when a rename meets a name already taken, or from an entry's
/// "Merge into…" link; confirmed on a page that says how many books each has.
extension CatalogueController {
    func addMergeRoutes(to routes: AccessRoutes) {
        routes.get(RouterPath(kind.path + "/:id/merge"), .editor, use: confirmMerge)
        routes.post(RouterPath(kind.path + "/:id/merge"), .editor, use: merge)
    }

    /// GET /authors/:id/merge — with `into`, asks whether to merge the entry into that one; without, lets the person
    /// choose the entry to merge into (a plain GET form, so no script is needed).
    @Sendable func confirmMerge(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let into = try mergeTarget(FormFields(query: request.uri.query), id: id)
        return try await renderMerge(id: id, into: into, status: .ok, context: context)
    }

    /// POST /authors/:id/merge — merges the entry into `into` and answers 303 to the kept entry with an Undo; 404
    /// when the entry is gone; the choice again (409) when the one to keep is gone; 503/507 with the question again.
    @Sendable func merge(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        guard let into = try mergeTarget(context.form, id: id) else {
            throw PageError.badRequest("a merge without the entry to merge into")
        }
        do {
            return try await context.saving {
                let merge = try await repository.mergeEntry(kind, id: id, into: into, by: context.user)
                let message = Words(
                    "books.merge.done", ["name": merge.merged.name, "target": merge.kept.name],
                    counts: ["count": merge.bookCount])
                return Flash.redirect(
                    to: "\(kind.path)/\(into)", message: message.text(in: context.language), undo: merge.trashId)
            } orShowingAgain: { context in
                try await renderMerge(id: id, into: into, status: .ok, context: context)
            }
        } catch CatalogueError.notFound {
            _ = try await find(id)
            return try await renderMerge(id: id, into: nil, status: .conflict, context: context)
        }
    }

    /// The `into` field: another entry's id, or nil when not given; anything else is a bad request.
    private func mergeTarget(_ fields: FormFields, id: String) throws -> String? {
        guard let into = fields["into"], !into.isEmpty else { return nil }
        guard ObjectIdentifierText.isValid(into), into != id else {
            throw PageError.badRequest("a malformed entry to merge into")
        }
        return into
    }

    /// The merge page: the question when `into` names an entry that exists, else the choice of one; `collided` when
    /// a rename met `into`'s name.
    func renderMerge(
        id: String, into: String?, collided: Bool = false, status: HTTPResponse.Status,
        context: ParsnipRequestContext
    ) async throws -> Response {
        let usage = try await find(id)
        let target = try await into.asyncFlatMap { try await repository.entry(kind, id: $0) }
        let others = target == nil ? try await repository.entries(kind).filter { $0.entry.id != id } : []
        let page = CatalogueMergePage(
            usage: usage, target: target, others: others, collided: collided, csrfToken: context.csrfToken,
            visitor: BookVisitor(context: context))
        return pages.render(page, template: "catalogue/merge", status: status)
    }
}

extension Optional {
    /// `transform` applied to the value, awaited; nil when there is none.
    fileprivate func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
