import Foundation
import HTTPTypes
import Hummingbird

/// Protects every form with a double-submit token plus an Origin check, and decodes POSTed forms.
///
/// GET: the `parsnip_csrf` cookie (32 random bytes, base64url) is read, or made and set when missing, and its
/// value put in the context for the page's forms. POST: the `Origin` (or, without one, the `Referer`) must be
/// this server, the body must be a URL-encoded form of at most 256 KiB, and its `_csrf` field must equal the
/// cookie. Otherwise the request is refused (403, 413 or 400) before any handler runs.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    static let cookieName = "parsnip_csrf"
    static let fieldName = "_csrf"
    /// 32 bytes in unpadded base64url.
    static let tokenLength = 43

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        let cookieToken = CookieHeader.value(named: Self.cookieName, in: request.headers).flatMap(Self.validToken)
        if request.method == .post {
            try Self.checkOrigin(request)
            var request = request
            if let upload = context.upload, Self.isMultipart(request) {
                let form = try await Self.readMultipart(request, rule: upload)
                context.uploadedFiles = form.files
                // Whatever the handler did not move is removed, answered or not.
                defer { for file in form.files { try? FileManager.default.removeItem(at: file.url) } }
                context.form = try FormFields(pairs: form.fields, allowingRepeated: FormFields.repeatableFieldNames)
                guard let cookieToken, let sent = context.form[Self.fieldName],
                    Self.constantTimeEquals(sent, cookieToken)
                else { throw PageError.forbidden(reload: Self.reloadPath(request)) }
                context.csrfToken = cookieToken
                return try await next(request, context)
            }
            context.form = try await Self.readForm(&request, context: context)
            guard let cookieToken, let sent = context.form[Self.fieldName], Self.constantTimeEquals(sent, cookieToken)
            else {
                throw PageError.forbidden(reload: Self.reloadPath(request))
            }
            context.csrfToken = cookieToken
            return try await next(request, context)
        }
        if let cookieToken {
            context.csrfToken = cookieToken
            return try await next(request, context)
        }
        let token = Self.newToken()
        context.csrfToken = token
        var response = try await next(request, context)
        response.headers.append(Self.cookie(token))
        return response
    }

    /// The `Set-Cookie` that gives the browser `token`.
    static func cookie(_ token: String) -> HTTPField {
        HTTPField(name: .setCookie, value: "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
    }

    /// A fresh token for a browser whose person just changed (signed in, set up, signed out): a token someone
    /// planted or read before the sign-in is worth nothing after it.
    static func rotatedCookie() -> HTTPField {
        cookie(newToken())
    }

    /// A POST must come from a page of this server: `Origin` equals `http://<Host>` (or https), or, when the
    /// browser sent no Origin, the `Referer` is on that origin.
    static func checkOrigin(_ request: Request) throws(PageError) {
        guard let host = request.head.authority, !host.isEmpty else {
            throw .forbidden(reload: "/")
        }
        if let origin = request.headers[.origin] {
            guard origin == "http://\(host)" || origin == "https://\(host)" else {
                throw .forbidden(reload: reloadPath(request))
            }
            return
        }
        guard let referer = request.headers[.referer], sameOriginPath(referer, host: host) != nil else {
            throw .forbidden(reload: "/")
        }
    }

    /// Where to get a fresh copy of the refused form: the page it was sent from, when that page is ours.
    static func reloadPath(_ request: Request) -> String {
        guard let host = request.head.authority, let referer = request.headers[.referer],
            let path = sameOriginPath(referer, host: host)
        else { return "/" }
        return path
    }

    /// The path and query of `url` when it is on `http(s)://host`, else nil.
    static func sameOriginPath(_ url: String, host: String) -> String? {
        for scheme in ["http://", "https://"] {
            let origin = scheme + host
            guard url.hasPrefix(origin) else { continue }
            let rest = url.dropFirst(origin.count)
            if rest.isEmpty { return "/" }
            if rest.first == "/" { return String(rest) }
        }
        return nil
    }

    static func readForm(_ request: inout Request, context: Context) async throws -> FormFields {
        guard let contentType = request.headers[.contentType],
            contentType.lowercased().hasPrefix("application/x-www-form-urlencoded")
        else {
            throw PageError.badRequest("a POST that is not a URL-encoded form")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > FormFields.maximumBodySize {
            throw PageError.tooLarge
        }
        let body = try await request.collectBody(upTo: FormFields.maximumBodySize)
        return try body.withUnsafeReadableBytes { bytes throws(PageError) in
            try FormFields(urlEncoded: bytes, allowingRepeated: FormFields.repeatableFieldNames)
        }
    }

    static func isMultipart(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("multipart/form-data") ?? false
    }

    /// Streams a multipart form: its files into temporary files in the route's upload folder, its text fields into
    /// memory; refuses a body over the route's limit (413) or one that is not a well-formed form (400).
    static func readMultipart(_ request: Request, rule: UploadRule) async throws -> MultipartForm {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > rule.maximumBytes {
            throw PageError.tooLarge
        }
        do {
            try FileManager.default.createDirectory(at: rule.folder, withIntermediateDirectories: true)
        } catch {
            throw PageError.badRequest("an upload this computer cannot store")
        }
        var reader: MultipartReader
        do {
            reader = try MultipartReader(
                contentType: request.headers[.contentType] ?? "", folder: rule.folder, limit: rule.maximumBytes,
                fileLimit: rule.maximumFileBytes)
        } catch {
            throw PageError.badRequest("a file upload without its boundary")
        }
        do {
            for try await buffer in request.body { try reader.consume(buffer) }
            return try reader.finish()
        } catch MultipartReader.Failure.tooLarge {
            reader.discardFiles()
            throw PageError.tooLarge
        } catch MultipartReader.Failure.malformed(let reason) {
            reader.discardFiles()
            throw PageError.badRequest(reason)
        } catch {
            reader.discardFiles()
            throw error
        }
    }

    static func validToken(_ text: Substring) -> String? {
        guard text.utf8.count == tokenLength,
            text.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            })
        else { return nil }
        return String(text)
    }

    /// 32 bytes from the system's secure generator, in unpadded base64url.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Compares without stopping at the first difference, so timing reveals nothing about the token.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
