import Foundation
import Hummingbird
import ParseStore

/// A recipe's photo: chosen in the editor (every editor POST may carry one), kept in the database at once so a form
/// shown again still holds it, and served to the pages with its content type and cache headers.
extension RecipeController {
    /// The editor's forms may be `multipart/form-data` (`PhotoUpload.rule`).
    static var photoUpload: UploadRule { PhotoUpload.rule }

    /// The editor's form as a draft. A photo chosen in it is kept and named in the draft (with the small version
    /// the editor's script made, when it sent one), or refused with the reason in `photoProblem`; either way
    /// nothing else typed is lost.
    func postedDraft(_ context: ParsnipRequestContext) async throws -> RecipeDraft {
        var draft = try RecipeDraft(form: context.form, language: context.language)
        draft.money = money
        let taken = await PhotoUpload.take(
            RecipePhoto.fileField, preview: RecipePhoto.previewField, from: context.uploadedFiles,
            language: context.language
        ) { try await repository.keepPhoto($0) }
        switch taken {
        case .none: break
        case .kept(let name): draft.photo = name
        case .refused(let reason): draft.photoProblem = reason
        }
        return draft
    }

    /// GET /photos/:name — a kept photo, and GET /photos/:name/small — its small version (the photo itself when it
    /// has none).
    @Sendable func photo(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), PhotoUpload.isValidName(name),
            let photo = try await repository.photo(named: name)
        else { throw PageError.notFound }
        return PhotoUpload.response(photo, small: request.uri.path.hasSuffix("/small"))
    }
}
