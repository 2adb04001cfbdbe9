import Foundation
import ParseStore

/// A Paprika recipe's photo (base64 in `photo_data`) as a kept file, with the same checks as a photo chosen in the
/// recipe editor: at most 5 MB, and a JPEG, PNG or WebP by its first bytes.
enum PaprikaPhoto {
    /// The photo kept as a file, or the words for why it is left out.
    enum Outcome {
        case kept(StoredFile)
        case leftOut(Words)
    }

    /// The file to keep, or why it is left out ("it is not a JPEG, PNG or WebP photo").
    static func file(base64: String, recipe name: String) -> Outcome {
        // Base64 is 4 characters for 3 bytes: a text this long is over the limit before it is decoded.
        guard base64.utf8.count <= (RecipePhoto.maximumBytes / 3 + 1) * 4 + 1_024 else {
            return .leftOut(Words("backups.app.recipe.photoTooBig", counts: ["megabytes": 5]))
        }
        guard let bytes = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            return .leftOut(Words("backups.app.recipe.photoNotAPhoto"))
        }
        guard bytes.count <= RecipePhoto.maximumBytes else {
            return .leftOut(Words("backups.app.recipe.photoTooBig", counts: ["megabytes": 5]))
        }
        guard PhotoUpload.refusal(filename: "", bytes: bytes.count, head: bytes.prefix(12)) == nil,
            let kind = PhotoUpload.Kind(head: bytes.prefix(12))
        else { return .leftOut(Words("backups.app.recipe.photoNotAPhoto")) }
        return .kept(
            StoredFile(
                name: PhotoUpload.newName(for: name + "." + kind.fileExtension, kind: kind),
                contentType: kind.rawValue, bytes: bytes))
    }
}
