import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOEmbedded
import Synchronization

@testable import Parsnip

/// Sends requests straight to a router's responder with any authority (`Host`), which the test clients fix to
/// "localhost": how requests for other host names are tested without a network.
struct DirectRequests {
    let responder: RouterResponder<ParsnipRequestContext>

    init(_ settings: ParsnipSettings) async throws {
        let built = try await buildRouterAndStore(settings)
        responder = built.router.buildResponder()
    }

    /// The status, headers and body text of `method path` sent with `authority` as its Host.
    func send(
        _ method: HTTPRequest.Method = .get, _ path: String, authority: String?, headers: HTTPFields = [:],
        body: String = ""
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, text: String) {
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: authority, path: path, headerFields: headers),
            body: .init(buffer: ByteBuffer(string: body)))
        let context = ParsnipRequestContext(
            source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
        let response = try await responder.respond(to: request, context: context)
        let collector = BodyCollector()
        try await response.body.write(collector)
        return (response.status, response.headers, collector.text)
    }
}

/// Collects a response body as text.
final class BodyCollector: ResponseBodyWriter, Sendable {
    private let bytes = Mutex(ByteBuffer())

    func write(_ buffer: ByteBuffer) async throws {
        _ = bytes.withLock { $0.writeImmutableBuffer(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}

    var text: String { bytes.withLock { String(buffer: $0) } }
}
