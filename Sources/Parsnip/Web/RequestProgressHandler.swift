import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Stands behind the HTTP decoder and tells `ConnectionGuard` where each request and answer stands; an answer
/// given before its request body was read in full is made to close the connection.
///
/// Such an early answer (413 for a body over the limit, 403 for a form from elsewhere, 400) would otherwise leave
/// the rest of the body unread: with `Connection: close` from the client, Hummingbird stops reading altogether
/// and a client that sends its whole body before reading (Python's urllib, many scripts) waits forever; without
/// it, Hummingbird reads the whole body, however large, to keep the connection. Closing, after the guard's
/// lingering read, is bounded either way. Parsnip reads every body in full before answering, so an answer that
/// begins while the body is unread never needs the rest.
final class RequestProgressHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connection: ConnectionGuard
    /// For each request read and not yet answered, in order, whether its client asked to close afterwards.
    private var closeRequested: [Bool] = []
    /// The answer being written ends the connection.
    private var answerCloses = false

    init(connection: ConnectionGuard) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            closeRequested.append(Self.saysClose(head.headerFields))
            connection.headRead()
        case .body:
            break
        case .end:
            connection.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.kind != .informational:
            let clientAsked = closeRequested.isEmpty ? false : closeRequested.removeFirst()
            answerCloses = connection.isReadingBody || clientAsked || Self.saysClose(head.headerFields)
            guard answerCloses else { break }
            head.headerFields[.connection] = "close"
            connection.closingAnswerStarted()
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .end where answerCloses:
            // Linger only once the answer is out: then the client can read it while we discard what it still sends.
            answerCloses = false
            let written = promise ?? context.eventLoop.makePromise()
            written.futureResult.assumeIsolated().whenComplete { [connection] _ in
                connection.answerWritten(closing: true)
            }
            context.write(data, promise: written)
            return
        case .end:
            connection.answerWritten(closing: false)
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// True when a `Connection` field lists `close`.
    static func saysClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.split(separator: ",").contains { $0.lowercased().filter { $0 != " " && $0 != "\t" } == "close" }
        }
    }
}
