import Foundation
import Hummingbird
import ParseStore

/// A lent book coming back with one press, the form's cover photo, and the day a new loan starts.
extension BookController {
    /// POST /books/:id/returned — "Returned": the book is home again (`lentTo`, `lentOn` and `dueBack` cleared, a
    /// change History records), and the person goes back where the button was (`back`: the book's page or a list of
    /// books), with a message naming the book and who had it.
    @Sendable func returned(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let back = Self.safeReturn(context.form["back"], bookId: id)
        let before = try await findBook(id)
        try ReadOnlyRecord.requireChangeable(
            thing: "book", recordURL: "/books/\(id)", name: before.title, writers: before.writers)
        return try await context.saving {
            do {
                _ = try await repository.markReturned(id: id, by: context.user)
            } catch BookSaveError.bookNotFound {
                throw PageError.notFound
            }
            let message =
                before.lentTo.map {
                    context.language.text("books.flash.returnedFrom", ["title": before.title, "name": $0])
                }
                ?? context.language.text("books.flash.returned", ["title": before.title])
            return Flash.redirect(to: back, message: message)
        } orShowingAgain: { context in
            // The book's page with the button again, its way back kept.
            let page = BookShowPage(
                book: try await findBook(id), visitor: BookVisitor(context: context), now: clock.now(),
                loans: BookLoanContext(today: today, csrfToken: context.csrfToken, back: back))
            return pages.render(page, template: "books/show")
        }
    }

    /// Where a "Returned" button may send someone back to: the book's own page or the book list with its query
    /// (`/books?shelf=lent`); anything else is the book's page.
    static func safeReturn(_ text: String?, bookId: String) -> String {
        let own = "/books/\(bookId)"
        guard let text, text.utf8.count <= 2_048,
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return own }
        if text == "/books" || text.hasPrefix("/books?") || text == own { return text }
        return own
    }

    /// GET /covers/:name — a kept cover photo, and GET /covers/:name/small — its small version.
    @Sendable func cover(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), PhotoUpload.isValidName(name),
            let cover = try await repository.cover(named: name)
        else { throw PageError.notFound }
        return PhotoUpload.response(cover, small: request.uri.path.hasSuffix("/small"))
    }

    /// The book form as posted: the draft, with a cover chosen in it kept and named (or refused, the reason in
    /// `coverProblem`), and a loan typed without a day dated today.
    func postedDraft(_ context: ParsnipRequestContext) async throws -> BookDraft {
        var draft = try BookDraft(form: context.form)
        let taken = await PhotoUpload.take(
            BookCover.fileField, preview: BookCover.previewField, from: context.uploadedFiles,
            language: context.language
        ) { try await repository.keepCover($0) }
        switch taken {
        case .none: break
        case .kept(let name): draft.cover = name
        case .refused(let reason): draft.coverProblem = reason
        }
        draft.dateNewLoan(today: today, base: try? EditBase(form: context.form))
        return draft
    }
}
