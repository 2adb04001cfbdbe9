import Foundation
import Hummingbird
import ParseStore

/// A recipe's photo: chosen in the editor (every editor POST may carry one), kept in the database at once so a form
/// shown again still holds it, and served to the pages with its content type and cache headers.
extension RecipeController {
    /// The editor's forms may be `multipart/form-data`: a whole form of up to 64 MB is read (so a photo that is too
    /// large is refused in words, with everything typed kept), of which at most the photo's limit is stored.
    static var photoUpload: UploadRule {
        UploadRule(
            maximumBytes: 64 << 20,
            folder: FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-photo-uploads"),
            maximumFileBytes: RecipePhoto.maximumBytes + 1)
    }

    /// The editor's form as a draft. A photo chosen in it is kept and named in the draft (with the small version
    /// the editor's script made, when it sent one), or refused with the reason in `photoProblem`; either way
    /// nothing else typed is lost.
    func postedDraft(_ context: ParsnipRequestContext) async throws -> RecipeDraft {
        var draft = try RecipeDraft(form: context.form, language: context.language)
        draft.money = money
        // An empty file box still sends a part: no name and no bytes.
        guard
            let file = context.uploadedFiles.first(where: {
                $0.field == RecipePhoto.fileField && ($0.bytes > 0 || !$0.filename.isEmpty)
            })
        else { return draft }
        let head = Self.firstBytes(of: file.url)
        if let refusal = RecipePhoto.refusal(
            filename: file.filename, bytes: file.bytes, head: head, language: context.language)
        {
            draft.photoProblem = refusal
            return draft
        }
        guard let kind = RecipePhoto.Kind(head: head), let bytes = try? Data(contentsOf: file.url) else {
            draft.photoProblem = Words("recipes.photo.unreadable")
            return draft
        }
        var photo = StoredFile(
            name: RecipePhoto.newName(for: file.filename, kind: kind), contentType: kind.rawValue, bytes: bytes)
        if let small = context.uploadedFiles.first(where: { $0.field == RecipePhoto.previewField }),
            (1...RecipePhoto.maximumPreviewBytes).contains(small.bytes),
            let smallKind = RecipePhoto.Kind(head: Self.firstBytes(of: small.url)),
            let smallBytes = try? Data(contentsOf: small.url)
        {
            photo.preview = smallBytes
            photo.previewType = smallKind.rawValue
        }
        do {
            try await repository.keepPhoto(photo)
            draft.photo = photo.name
        } catch {
            draft.photoProblem = Words("recipes.photo.notKept")
        }
        return draft
    }

    /// GET /photos/:name — a kept photo, and GET /photos/:name/small — its small version (the photo itself when it
    /// has none). A photo never changes under its name, so browsers may keep it for a year.
    @Sendable func photo(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        guard let name = context.parameters.get("name"), RecipePhoto.isValidName(name),
            let photo = try await repository.photo(named: name)
        else { throw PageError.notFound }
        let small = request.uri.path.hasSuffix("/small")
        // The bytes decide how it is served, never the type its uploader declared (a Parse app may keep any file).
        return StoredFileResponse.response(small ? (photo.preview ?? photo.bytes) : photo.bytes, downloadName: name)
    }

    /// The first twelve bytes of the file at `url` (enough to tell an image's kind); empty when it cannot be read.
    static func firstBytes(of url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 12)) ?? Data()
    }
}
