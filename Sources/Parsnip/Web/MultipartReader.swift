import Foundation
import NIOCore

/// A file sent with a form (`multipart/form-data`), kept in a temporary file until its handler takes it.
struct UploadedFile: Sendable, Hashable {
    /// The form field's name.
    let field: String
    /// The name the browser gave (its base name only, never a path); empty when none was chosen.
    let filename: String
    let url: URL
    /// How many bytes were sent: more than the temporary file holds when the file was over its route's cap.
    let bytes: Int
}

/// What a multipart form brought: its text fields and its files.
struct MultipartForm: Sendable {
    var fields: [(String, String)] = []
    var files: [UploadedFile] = []
}

/// Reads a `multipart/form-data` body as it streams in: text fields into memory (each at most 64 KiB), files
/// straight into temporary files in `folder`, so a large upload never sits in memory. The whole body is capped
/// at `limit` bytes.
///
/// Only what HTML forms send is understood: `Content-Disposition: form-data; name="…"; filename="…"` parts.
struct MultipartReader {
    /// Why a body was refused.
    enum Failure: Error, Equatable {
        case malformed(String)
        case tooLarge
    }

    static let maximumFieldBytes = 64 * 1024
    static let maximumHeaderBytes = 8 * 1024

    private enum State {
        /// Before the first boundary line.
        case preamble
        /// Reading a part's header lines.
        case headers
        /// Reading a part's content, up to the next boundary.
        case content
        /// After the closing boundary.
        case done
    }

    private let delimiter: [UInt8]
    private let folder: URL
    private let limit: Int
    private let fileLimit: Int
    private var state = State.preamble
    private var pending: [UInt8] = []
    private var received = 0
    private var form = MultipartForm()
    private var partName = ""
    private var partFilename: String?
    private var fieldBytes: [UInt8] = []
    private var file: (handle: FileHandle, url: URL, bytes: Int)?

    /// - Parameters:
    ///   - contentType: the request's Content-Type, whose `boundary` parameter splits the parts.
    ///   - fileLimit: the most of one file written to its temporary file; the rest is counted and dropped.
    init(contentType: String, folder: URL, limit: Int, fileLimit: Int? = nil) throws(Failure) {
        guard let boundary = Self.boundary(in: contentType) else { throw .malformed("a form without its boundary") }
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.folder = folder
        self.limit = limit
        self.fileLimit = fileLimit ?? limit
        // The first boundary has no CRLF before it: pretend there was one.
        pending = Array("\r\n".utf8)
    }

    /// The `boundary` parameter of a multipart Content-Type (1 to 70 characters, RFC 2046), or nil.
    static func boundary(in contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() where part.lowercased().hasPrefix("boundary=") {
            var value = String(part.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.count) else { return nil }
            return value
        }
        return nil
    }

    /// Takes the next piece of the body.
    mutating func consume(_ buffer: ByteBuffer) throws(Failure) {
        received += buffer.readableBytes
        guard received <= limit else {
            discardFiles()
            throw .tooLarge
        }
        pending.append(contentsOf: buffer.readableBytesView)
        try process()
    }

    /// Ends the body: the closing boundary must have come.
    mutating func finish() throws(Failure) -> MultipartForm {
        guard case .done = state else {
            discardFiles()
            throw .malformed("a form that ends in the middle")
        }
        return form
    }

    /// Removes every temporary file written so far (a refused or abandoned upload).
    mutating func discardFiles() {
        if let file {
            try? file.handle.close()
            try? FileManager.default.removeItem(at: file.url)
            self.file = nil
        }
        for uploaded in form.files { try? FileManager.default.removeItem(at: uploaded.url) }
        form.files = []
    }

    private mutating func process() throws(Failure) {
        while true {
            switch state {
            case .preamble, .content:
                guard let found = Self.find(delimiter, in: pending) else {
                    // Keep the tail that could be the start of a delimiter; the rest is content (or preamble).
                    let safe = max(0, pending.count - delimiter.count - 1)
                    if safe > 0 {
                        if case .content = state { try appendContent(pending[0..<safe]) }
                        pending.removeFirst(safe)
                    }
                    return
                }
                // After the delimiter: "--" closes the form, CRLF starts the next part.
                let after = found + delimiter.count
                guard pending.count >= after + 2 else { return }
                if case .content = state {
                    try appendContent(pending[0..<found])
                    try endPart()
                }
                if pending[after] == UInt8(ascii: "-"), pending[after + 1] == UInt8(ascii: "-") {
                    state = .done
                    pending.removeAll()
                    return
                }
                guard pending[after] == 13, pending[after + 1] == 10 else {
                    throw .malformed("a boundary line with something after it")
                }
                pending.removeFirst(after + 2)
                state = .headers
            case .headers:
                guard let end = Self.find(Array("\r\n\r\n".utf8), in: pending) else {
                    guard pending.count <= Self.maximumHeaderBytes else { throw .malformed("a part header too long") }
                    return
                }
                let header = String(decoding: pending[0..<end], as: UTF8.self)
                pending.removeFirst(end + 4)
                try startPart(header)
                state = .content
            case .done:
                pending.removeAll()
                return
            }
        }
    }

    private mutating func startPart(_ header: String) throws(Failure) {
        var name: String?
        var filename: String?
        for line in header.split(separator: "\r\n") {
            let lower = line.lowercased()
            guard lower.hasPrefix("content-disposition:") else { continue }
            guard
                lower.dropFirst("content-disposition:".count).trimmingCharacters(in: .whitespaces)
                    .hasPrefix("form-data")
            else { throw .malformed("a part that is not form data") }
            name = Self.parameter("name", in: String(line))
            filename = Self.parameter("filename", in: String(line))
        }
        guard let name, !name.isEmpty else { throw .malformed("a part without a name") }
        partName = name
        partFilename = filename.map(Self.baseName)
        fieldBytes = []
        if partFilename != nil {
            let url = folder.appendingPathComponent("upload-\(UUID().uuidString).part")
            guard FileManager.default.createFile(atPath: url.path, contents: nil),
                let handle = try? FileHandle(forWritingTo: url)
            else { throw .malformed("an upload this computer cannot store") }
            file = (handle, url, 0)
        }
    }

    private mutating func appendContent(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        guard !bytes.isEmpty else { return }
        if var current = file {
            let room = max(0, fileLimit - current.bytes)
            do {
                if room > 0 { try current.handle.write(contentsOf: bytes.prefix(room)) }
            } catch {
                discardFiles()
                throw .malformed("an upload this computer has no room for")
            }
            current.bytes += bytes.count
            file = current
        } else {
            fieldBytes.append(contentsOf: bytes)
            guard fieldBytes.count <= Self.maximumFieldBytes else { throw .malformed("a form field too long") }
        }
    }

    private mutating func endPart() throws(Failure) {
        if let current = file {
            try? current.handle.close()
            form.files.append(
                UploadedFile(field: partName, filename: partFilename ?? "", url: current.url, bytes: current.bytes))
            file = nil
        } else {
            form.fields.append((partName, String(decoding: fieldBytes, as: UTF8.self)))
        }
    }

    /// `name="value"` in a Content-Disposition line (quotes required, as browsers send them).
    static func parameter(_ key: String, in line: String) -> String? {
        for piece in line.split(separator: ";").dropFirst() {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix("\(key)=") else { continue }
            var value = String(trimmed.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.replacingOccurrences(of: "%22", with: "\"")
        }
        return nil
    }

    /// The last path component of a browser's file name (old browsers send "C:\\Users\\…\\Book.json").
    static func baseName(_ filename: String) -> String {
        String(filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "")
    }

    /// The first index where `needle` starts in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
