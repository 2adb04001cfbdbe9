import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// How Parsnip answers with a file someone stored (a recipe photo, a Parse app's file), whoever stored it and
/// whatever type they declared: its bytes decide. A JPEG, PNG, GIF or WebP image is served as itself, to show in a
/// page; anything else is `application/octet-stream` as a download. Either way the answer carries a sandboxing
/// policy, so even a browser that opened it as a page would run no script on Parsnip's origin.
enum StoredFileResponse {
    /// The image kinds shown inline, each told by its first bytes.
    static func imageType(of bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// The policy of every stored file's answer: a sandbox (an opaque origin, no script, no forms) and no script.
    static let policy = "sandbox; script-src 'none'; object-src 'none'"

    /// The answer for a stored file's `bytes`; `downloadName` names a download.
    static func response(_ bytes: Data, downloadName: String? = nil) -> Response {
        var headers: HTTPFields = [
            .cacheControl: "private, max-age=31536000, immutable", .contentLength: String(bytes.count),
            HTTPField.Name("Content-Security-Policy")!: policy,
        ]
        if let image = imageType(of: bytes) {
            headers[.contentType] = image
        } else {
            headers[.contentType] = "application/octet-stream"
            headers[.contentDisposition] = Self.attachment(named: downloadName)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `attachment`, with a plain file name when one is given (letters, digits, `.`, `-`, `_` only).
    private static func attachment(named name: String?) -> String {
        guard let name else { return "attachment" }
        let safe = String(
            name.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789.-_".unicodeScalars.contains($0))
            }.prefix(100))
        return safe.isEmpty ? "attachment" : "attachment; filename=\"\(safe)\""
    }
}
