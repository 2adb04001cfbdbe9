import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import OrderedCollections
import ParseStore

/// Parse Server's REST API under `/parse`, over the same store, accounts and write path as the pages.
///
/// Two routes take every request (`/parse` and `/parse/**`, any method) and `APIEndpoints` finds the endpoint, the
/// same way for an HTTP request and for each request of a batch. Who may do what is not decided here but by the
/// caller's access in the store (ACLs, class-level permissions); the keys decide who the caller is.
struct ParseAPIController: Sendable {
    let keys: APIKeys
    let endpoints: APIEndpoints
    let answers: APIAnswerCache
    let requestIds = APIRequestIds()
    /// The bytes of request bodies being read or held at once, bounded whatever the number of connections.
    let bodies = APIBodyBudget()

    /// The headers ParseSwift and the other SDKs send.
    enum Header {
        static let applicationId = HTTPField.Name("X-Parse-Application-Id")!
        static let masterKey = HTTPField.Name("X-Parse-Master-Key")!
        static let sessionToken = HTTPField.Name("X-Parse-Session-Token")!
        static let requestId = HTTPField.Name("X-Parse-Request-Id")!
    }

    /// Registers the two routes, declared in `table` as the API's: their access is decided by keys and store
    /// permissions, not by the pages' roles.
    func addRoutes(to router: Router<ParsnipRequestContext>, table: RouteAccessTable) {
        let group = router.group("parse", context: ParseAPIContext.self)
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .options, .patch] {
            for path in ["", "**"] {
                group.on(RouterPath(path), method: method, use: handle)
                table.declare(method, RouterPath("/parse" + (path.isEmpty ? "" : "/" + path)), .parseAPI)
            }
        }
    }

    /// Answers one request; never throws: every failure is Parse's error shape.
    @Sendable func handle(_ request: Request, context: ParseAPIContext) async -> Response {
        if request.method == .options { return APIAnswer(body: "").response }
        if request.method == .get, let segments = APIRequest.segments(ofPath: Substring(request.uri.path)),
            segments.count == 3, segments[0] == "files"
        {
            // A file's URL is read without keys (an <img> sends none); its unguessable name is the secret, as in
            // Parse Server.
            do {
                return try await endpoints.files.download(applicationId: segments[1], name: segments[2])
            } catch {
                return await Self.answer(logger: context.logger) { throw error }.response
            }
        }
        return await Self.answer(logger: context.logger) { try await answer(request, context: context) }.response
    }

    /// `body`'s answer, or Parse's error shape for whatever it throws.
    static func answer(logger: Logger, _ body: () async throws -> APIAnswer) async -> APIAnswer {
        do {
            return try await body()
        } catch let failure as APIFailure {
            return APIAnswer(status: failure.status, body: failure.body)
        } catch let error as ParseError {
            return Self.answer(for: error, logger: logger)
        } catch let ruleBreak as RuleBreak {
            // A record rule of the apps (a duplicate ISBN, a missing genre): 137 or 142 in words.
            return Self.answer(for: ruleBreak.parseError, logger: logger)
        } catch {
            logger.error("The Parse API failed: \(error)")
            let failure = APIFailure.internalError
            return APIAnswer(status: failure.status, body: failure.body)
        }
    }

    /// The answer to `error`: Parse's code and status; a busy database, or a database server out of reach, is a 503
    /// worth retrying.
    static func answer(for error: ParseError, logger: Logger) -> APIAnswer {
        if error.code == .internalServerError {
            logger.error("The Parse API met a database problem: \(error.message)")
        }
        let failure = APIFailure(error)
        let retry = error.storageFailure == .busy || error.storageFailure == .unreachable
        let status: HTTPResponse.Status = retry ? .serviceUnavailable : failure.status
        return APIAnswer(status: status, body: failure.body)
    }

    private func answer(_ http: Request, context: ParseAPIContext) async throws -> APIAnswer {
        let path = http.uri.path
        guard let segments = APIRequest.segments(ofPath: Substring(path)) else {
            throw APIFailure.noEndpoint(http.method.rawValue, path)
        }
        if segments == ["health"] { return .ok(#"{"status":"ok"}"#) }

        let headers = http.headers
        // Everything that can be refused from the headers is refused before a byte of the body is read.
        let headerAppId = headers[Header.applicationId]
        if let headerAppId, headerAppId != keys.applicationId { throw APIFailure.unauthorized }
        let isFile = segments.first == "files" && http.method == .post
        if isFile { try await refuseUploadBeforeReading(headers) }
        let limit =
            isFile
            ? APIBody.maximumFileBytes
            : headerAppId == nil ? APIBody.maximumBytesWithoutKeys : APIBody.maximumJSONBytes
        let reserved = min(limit, headers[.contentLength].flatMap { Int($0) }.map { max($0, 0) } ?? limit)
        guard bodies.reserve(reserved) else { throw APIFailure.serverBusy }
        defer { bodies.release(reserved) }
        var fileBytes: ByteBuffer?
        var body = APIBody.empty
        var request = http
        if isFile {
            fileBytes = try await Self.collect(&request, upTo: reserved)
        } else {
            let bytes = try await Self.collect(&request, upTo: reserved)
            body = try APIBody(bytes: bytes.readableBytesView)
        }
        guard let appId = headerAppId ?? body.headerMembers["_ApplicationId"], appId == keys.applicationId
        else { throw APIFailure.unauthorized }

        var method = http.method
        if method == .post, let override = body.headerMembers["_method"] {
            switch override.uppercased() {
            case "GET": method = .get
            case "PUT": method = .put
            case "DELETE": method = .delete
            case "POST": break
            default: throw APIFailure.parse(107, "_method must be GET, PUT, DELETE or POST")
            }
        }
        let masterKey = headers[Header.masterKey] ?? body.headerMembers["_MasterKey"]
        let sessionToken = headers[Header.sessionToken] ?? body.headerMembers["_SessionToken"]
        let ignoresSession = segments == ["login"] || (segments == ["users"] && method == .post)
        let caller = try await endpoints.caller(
            masterKey: masterKey, sessionToken: ignoresSession ? nil : sessionToken)
        let query = Substring(http.uri.query ?? "")
        let apiRequest = APIRequest(
            method: method, segments: segments, options: APIRequest.options(ofQuery: query),
            queryText: APIRequest.text(ofQuery: query), body: body.members, caller: caller,
            mountURL: Self.mountURL(http), applicationId: keys.applicationId,
            remoteAddress: context.remoteAddress, sessionToken: sessionToken, fileBytes: fileBytes,
            contentType: headers[.contentType])
        if method == .post || method == .put, let requestId = headers[Header.requestId], !requestId.isEmpty {
            // The same id from the same caller is a repeat: Parse's 159, and nothing runs (see APIRequestIds).
            let key = APIRequestIds.key(
                requestId: requestId, caller: masterKey != nil ? "master" : sessionToken ?? "anonymous")
            guard await requestIds.claim(key) else { throw APIFailure.parse(159, "Duplicate request") }
            let answer = await Self.answer(logger: context.logger) { try await endpoints.respond(apiRequest) }
            if answer.status.code >= 500 { await requestIds.release(key) }
            return answer
        }
        guard APIAnswerCache.isCacheable(apiRequest) else { return try await endpoints.respond(apiRequest) }
        // The host is part of the key: answers hold file URLs made from it.
        let key = answers.key(apiRequest, target: apiRequest.mountURL + http.uri.description)
        if let kept = answers.answer(for: key) { return .ok(kept) }
        let answer = try await endpoints.respond(apiRequest)
        if answer.status == .ok { answers.keep(answer.body, for: key) }
        return answer
    }

    /// Refuses a file upload from someone who may not keep files, from its headers alone: only the master key and
    /// the household's editors and owners keep files (Parse Server refuses anonymous uploads too).
    private func refuseUploadBeforeReading(_ headers: HTTPFields) async throws {
        let caller = try await endpoints.caller(
            masterKey: headers[Header.masterKey], sessionToken: headers[Header.sessionToken])
        guard caller.isMaster || caller.user?.role?.canEdit == true else {
            throw APIFailure.parse(119, "Only the household's editors and owners may keep files.")
        }
    }

    /// Reads the body, refusing one larger than `limit` with Parse's 107 (nothing is read past it).
    private static func collect(_ request: inout Request, upTo limit: Int) async throws -> ByteBuffer {
        do {
            return try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIFailure(
                status: .contentTooLarge, code: 130,
                message: "The body is larger than \(limit / 1024 / 1024) MB, the most Parsnip takes")
        }
    }

    /// The URL the API is mounted at, as the client reached it: `http://<Host>/parse`.
    static func mountURL(_ request: Request) -> String {
        "http://\(request.head.authority ?? request.headers[.host] ?? "localhost")/parse"
    }
}
