import Foundation
import ParseStore

/// The rules for a recipe's photo: which files are photos (JPEG, PNG or WebP, told by their first bytes, never by
/// their name), how large one may be, the name it is kept under, and the words for a file that is refused.
enum RecipePhoto {
    /// The largest photo kept: 5 MB.
    static let maximumBytes = 5 * 1024 * 1024
    /// The largest small version (made by the editor's script for lists) kept: 512 KB.
    static let maximumPreviewBytes = 512 * 1024
    /// The editor's form field of the chosen photo, the field of its small version, the field naming the photo
    /// the form holds, and the "Remove the photo" checkbox.
    static let fileField = "photoFile"
    static let previewField = "photoPreview"
    static let nameField = "photo"
    static let removeField = "photoRemove"
    /// The path photos are served under: `/photos/<name>`, and `/photos/<name>/small` for the list's version.
    static let pathPrefix = "/photos/"

    /// Where the pages find the photo called `name`, or its small version.
    static func url(_ name: String, small: Bool = false) -> String {
        pathPrefix + name + (small ? "/small" : "")
    }

    /// The kinds of image a photo may be.
    enum Kind: String, CaseIterable {
        case jpeg = "image/jpeg"
        case png = "image/png"
        case webp = "image/webp"

        /// The extension a kept photo's name ends with.
        var fileExtension: String {
            switch self {
            case .jpeg: "jpg"
            case .png: "png"
            case .webp: "webp"
            }
        }

        /// The kind whose signature `head` (a file's first bytes) starts with; nil for anything else.
        init?(head: Data) {
            let bytes = [UInt8](head.prefix(12))
            if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)),
                Array(bytes[8..<12]) == Array("WEBP".utf8)
            {
                self = .webp
            } else {
                return nil
            }
        }
    }

    /// A new, unique name for a photo the browser called `filename`: 32 random hex digits, then the file's own
    /// name made safe (letters, digits, `-` and `_`, at most 40), then the extension of its kind:
    /// `9f86…_Pancakes.jpg`. Parse clients accept it as a File name.
    static func newName(for filename: String, kind: Kind) -> String {
        let stem = filename.split(separator: ".").dropLast().joined(separator: ".")
        let safe = String(
            (stem.isEmpty ? filename : stem).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" }
                .prefix(40))
        return StoredFileName.randomPrefix() + "_" + (safe.isEmpty ? "photo" : safe) + "." + kind.fileExtension
    }

    /// True for a name `newName` could have made (or another Parse client's plain file name): see
    /// `StoredFileName.isValid`. Anything else is not from Parsnip's own form.
    static func isValidName(_ name: String) -> Bool {
        StoredFileName.isValid(name)
    }

    /// The name the person's own file had, for the history and the conflict page: `9f86…_Pancakes.jpg` →
    /// "Pancakes.jpg"; a name Parsnip did not make is shown whole.
    static func shownName(_ name: String) -> String {
        let parts = name.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit) else { return name }
        return String(parts[1])
    }

    /// "2.4 MB", "812 KB": a file's size as people read it ("2,4 MB" in Spanish, "2,4 Mo" in French).
    static func readableSize(_ bytes: Int, in language: Language = .en) -> String {
        if bytes >= 1024 * 1024 {
            let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
            let size = "\(tenths / 10)\(LocalFormats.decimalMark(language))\(tenths % 10)"
            return language.text("recipes.photo.megabytes", ["size": size])
        }
        return language.text("recipes.photo.kilobytes", ["size": String(max(1, (bytes + 512) / 1024))])
    }

    /// Why an uploaded file cannot be the photo, in the words the editor shows beside the photo field (its size in
    /// `language`, as it is known when the file arrives); nil when it can. `head` is the file's first bytes.
    static func refusal(filename: String, bytes: Int, head: Data, language: Language = .en) -> Words? {
        let named = ["filename": filename]
        guard bytes <= maximumBytes else {
            let size = ["size": readableSize(bytes, in: language)]
            return filename.isEmpty
                ? Words("recipes.photo.tooLarge", size)
                : Words("recipes.photo.tooLargeNamed", size.merging(named) { $1 })
        }
        guard Kind(head: head) != nil else {
            return filename.isEmpty ? Words("recipes.photo.notAPhoto") : Words("recipes.photo.notAPhotoNamed", named)
        }
        return nil
    }
}
