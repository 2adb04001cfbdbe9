import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ParseStore

/// Parse's files: `POST /parse/files/<name>` keeps the bytes in the database (beside the recipe photos, so one
/// backup holds them) under a new unguessable name, and `GET /parse/files/<application id>/<name>` serves them to
/// whoever has the URL, as Parse Server does — images as themselves, anything else as a download, so a file can
/// never run as a page of this site.
struct APIFiles: Sendable {
    let store: ParseStore
    let writePath: WritePath
    let applicationId: String

    /// The URL a client reads the file `name` from.
    static func url(of name: String, mountURL: String, applicationId: String) -> String {
        "\(mountURL)/files/\(applicationId)/\(name)"
    }

    /// `POST /files/<name>`: 201 with the kept name and its URL. Only the master key and the household's editors and
    /// owners keep files.
    func upload(_ name: String, _ request: APIRequest) async throws -> APIAnswer {
        guard request.caller.isMaster || request.caller.user?.role?.canEdit == true else {
            throw APIFailure.parse(119, "Only the household's editors and owners may keep files.")
        }
        guard Self.isValidName(name) else {
            throw APIFailure.parse(122, "Filename contains invalid characters.")
        }
        guard let buffer = request.fileBytes, buffer.readableBytes > 0 else {
            throw APIFailure.parse(130, "Invalid file upload: the file is empty.")
        }
        let kept = Self.newName(for: name)
        let bytes = Data(buffer.readableBytesView)
        let type = request.contentType.flatMap { $0.isEmpty ? nil : $0 } ?? "application/octet-stream"
        try await writePath.keep(StoredFile(name: kept, contentType: type, bytes: bytes))
        let url = Self.url(of: kept, mountURL: request.mountURL, applicationId: applicationId)
        return APIAnswer(
            status: .created, body: ParseJSON.encode(["name": .string(kept), "url": .string(url)]), location: url)
    }

    /// `GET /files/<application id>/<name>`: the bytes, or 404.
    func download(applicationId given: String, name: String) async throws -> Response {
        guard given == applicationId, Self.isValidName(name),
            let file = try await store.read({ try $0.file(named: name) })
        else {
            return APIAnswer(status: .notFound, body: #"{"code":101,"error":"Object not found."}"#).response
        }
        return StoredFileResponse.response(file.bytes, downloadName: name)
    }

    /// A name a client may give a file: `StoredFileName.isValid`.
    static func isValidName(_ name: String) -> Bool {
        StoredFileName.isValid(name)
    }

    /// 32 random hex digits, `_`, then the name the client gave (Parse Server prefixes names the same way).
    static func newName(for name: String) -> String {
        StoredFileName.randomPrefix() + "_" + String(name.prefix(90))
    }
}

extension ParseObject {
    /// The object with every File value (in its fields, in arrays and in included objects) given the URL it is read
    /// from, as Parse clients need (ParseSwift cannot read a File without one).
    func withFileURLs(_ url: (String) -> String) -> ParseObject {
        var copy = self
        for (key, value) in fields where value.holdsFile {
            copy.fields[key] = value.withFileURLs(url)
        }
        return copy
    }
}

extension ParseValue {
    /// True when a File value is in this value, at any depth.
    var holdsFile: Bool {
        switch self {
        case .file: true
        case .array(let items): items.contains { $0.holdsFile }
        case .includedObject(let object): object.fields.values.contains { $0.holdsFile }
        default: false
        }
    }

    func withFileURLs(_ url: (String) -> String) -> ParseValue {
        switch self {
        case .file(let name, _): .file(name: name, url: url(name))
        case .array(let items): .array(items.map { $0.withFileURLs(url) })
        case .includedObject(let object): .includedObject(object.withFileURLs(url))
        default: self
        }
    }
}
