import Foundation
import Hummingbird
import ParseStore

/// A photo chosen in a form (a recipe's photo, a book's cover): which files are photos (JPEG, PNG or WebP, told by
/// their first bytes, never by their name), how large one may be, the name it is kept under, the words for a file
/// that is refused, and taking one from a posted form.
enum PhotoUpload {
    /// The largest photo kept: 5 MB.
    static let maximumBytes = 5 * 1024 * 1024
    /// The largest small version (made by the page's script for lists) kept: 512 KB.
    static let maximumPreviewBytes = 512 * 1024

    /// The forms that may carry a photo are `multipart/form-data`: a whole form of up to 64 MB is read (so a photo
    /// that is too large is refused in words, with everything typed kept), of which at most the photo's limit is
    /// stored.
    static var rule: UploadRule {
        UploadRule(
            maximumBytes: 64 << 20,
            folder: FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-photo-uploads"),
            maximumFileBytes: maximumBytes + 1)
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
    /// `StoredFileName.isValid`. Anything else is not from Parsnip's own forms.
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
            return language.text("photo.megabytes", ["size": size])
        }
        return language.text("photo.kilobytes", ["size": String(max(1, (bytes + 512) / 1024))])
    }

    /// Why an uploaded file cannot be the photo, in the words the form shows beside the photo field (its size in
    /// `language`, as it is known when the file arrives); nil when it can. `head` is the file's first bytes.
    static func refusal(filename: String, bytes: Int, head: Data, language: Language = .en) -> Words? {
        let named = ["filename": filename]
        guard bytes <= maximumBytes else {
            let size = ["size": readableSize(bytes, in: language)]
            return filename.isEmpty
                ? Words("photo.tooLarge", size) : Words("photo.tooLargeNamed", size.merging(named) { $1 })
        }
        guard Kind(head: head) != nil else {
            return filename.isEmpty ? Words("photo.notAPhoto") : Words("photo.notAPhotoNamed", named)
        }
        return nil
    }

    /// What became of the photo box of a posted form.
    enum Taken: Sendable {
        /// No file was chosen.
        case none
        /// The photo was kept under this name.
        case kept(String)
        /// The file was refused, for this reason (said beside the photo field).
        case refused(Words)
    }

    /// Takes the file chosen in the form's box `field` (with the small version the page's script sent in
    /// `previewField`, when it is a photo of its own): checks it, and keeps it with `keep` (in its own transaction,
    /// so a form shown again still holds it).
    static func take(
        _ field: String, preview previewField: String, from files: [UploadedFile], language: Language,
        keep: (StoredFile) async throws -> Void
    ) async -> Taken {
        // An empty file box still sends a part: no name and no bytes.
        guard let file = files.first(where: { $0.field == field && ($0.bytes > 0 || !$0.filename.isEmpty) }) else {
            return .none
        }
        let head = firstBytes(of: file.url)
        if let refusal = refusal(filename: file.filename, bytes: file.bytes, head: head, language: language) {
            return .refused(refusal)
        }
        guard let kind = Kind(head: head), let bytes = try? Data(contentsOf: file.url) else {
            return .refused(Words("photo.unreadable"))
        }
        var photo = StoredFile(name: newName(for: file.filename, kind: kind), contentType: kind.rawValue, bytes: bytes)
        if let small = files.first(where: { $0.field == previewField }),
            (1...maximumPreviewBytes).contains(small.bytes),
            let smallKind = Kind(head: firstBytes(of: small.url)),
            let smallBytes = try? Data(contentsOf: small.url)
        {
            photo.preview = smallBytes
            photo.previewType = smallKind.rawValue
        }
        do {
            try await keep(photo)
            return .kept(photo.name)
        } catch {
            return .refused(Words("photo.notKept"))
        }
    }

    /// The answer for GET of a kept photo (`small`: its small version, the photo itself when it has none). A photo
    /// never changes under its name, so browsers may keep it for a year.
    static func response(_ photo: StoredFile, small: Bool) -> Response {
        // The bytes decide how it is served, never the type its uploader declared (a Parse app may keep any file).
        StoredFileResponse.response(small ? (photo.preview ?? photo.bytes) : photo.bytes, downloadName: photo.name)
    }

    /// The first twelve bytes of the file at `url` (enough to tell an image's kind); empty when it cannot be read.
    static func firstBytes(of url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 12)) ?? Data()
    }
}
