import Foundation
import Hummingbird

/// The address of a deleted to-do, recipe, book or catalogue entry (its page, its editor, its history): instead of
/// "Page not found", who deleted it and when, that it is in the trash, and — for someone who may edit — Restore.
///
/// It answers only where the page itself found nothing (404) and the trash holds that record; any other address
/// that found nothing is the ordinary not-found page.
struct DeletedRecordMiddleware: RouterMiddleware {
    typealias Context = ParsnipRequestContext
    let writePath: WritePath
    let pages: Pages
    /// The household's time zone, for "at 14:02".
    let timeZone: TimeZone

    /// The first part of a record's address, with its class and what the pages call it.
    static let recordPaths: [String: (className: String, kind: String, listURL: String)] = [
        "todos": ("TodoListItem", "todo", "/todos"), "recipes": ("Recipe", "recipe", "/recipes"),
        "books": ("Book", "book", "/books"), "genres": ("Genre", "genre", "/genres"),
        "authors": ("Author", "author", "/authors"), "publishers": ("Publisher", "publisher", "/publishers"),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            guard request.method == .get, Self.isNotFound(error), let record = Self.record(at: request.uri.path)
            else { throw error }
            let found = try await DeletedWhileEditing.lookUp(record.reference, writePath: writePath)
            guard let trashId = found.trashId else { throw error }
            return render(found, trashId: trashId, kind: record.kind, listURL: record.listURL, context: context)
        }
    }

    /// True for the errors the not-found page answers.
    static func isNotFound(_ error: any Error) -> Bool {
        ErrorPageMiddleware<Context>.content(for: error).status == .notFound
    }

    /// The record `path` names (`/books/AbC1234567`, `/books/AbC1234567/edit`), or nil.
    static func record(at path: String) -> (reference: RecordReference, kind: String, listURL: String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].isEmpty, let known = recordPaths[String(parts[1])],
            ObjectIdentifierText.isValid(parts[2])
        else { return nil }
        return (RecordReference(className: known.className, objectId: String(parts[2])), known.kind, known.listURL)
    }

    private func render(
        _ found: DeletedWhileEditing, trashId: String, kind: String, listURL: String, context: Context
    ) -> Response {
        let language = context.language
        let heading = language.text("editing.deleted.heading", ["kind": kind])
        var sentence = language.text("editing.deleted.unknown", ["kind": kind])
        if let at = found.at {
            let when = ChangeMoment(at, now: found.now, timeZone: timeZone, language: language)
            let arguments = ["name": found.username ?? "", "when": when.text, "kind": kind]
            switch (found.username != nil, when.isToday) {
            case (true, true): sentence = language.text("editing.deleted.byToday", arguments)
            case (true, false): sentence = language.text("editing.deleted.byEarlier", arguments)
            case (false, true): sentence = language.text("editing.deleted.someoneToday", arguments)
            case (false, false): sentence = language.text("editing.deleted.someoneEarlier", arguments)
            }
        }
        let chrome = PageChrome(title: heading, context: context)
        let page = DeletedRecordPage(
            page: chrome, heading: heading, sentence: sentence,
            inTrash: language.text("editing.deleted.inTrash", ["kind": kind]),
            restoreAction: chrome.canEdit ? "/trash/\(trashId)/restore" : nil, csrfToken: context.csrfToken,
            listURL: listURL)
        var response = pages.render(page, template: "errors/deleted", status: .notFound)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}

/// "This book was deleted": who deleted it and when, and Restore for someone who may edit.
struct DeletedRecordPage: Sendable {
    let page: PageChrome
    let heading: String
    /// "Ana deleted it at 14:02."
    let sentence: String
    /// "It is in the trash, where it can be restored as it was."
    let inTrash: String
    /// Where Restore sends its form; nil for someone who may only read.
    let restoreAction: String?
    let csrfToken: String
    /// The list the record was on.
    let listURL: String
}
