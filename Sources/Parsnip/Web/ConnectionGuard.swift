import Logging
import NIOCore

/// Stands first in a connection's pipeline, before the HTTP decoder, and sees its raw bytes: it times the client's
/// waits, closes a connection that speaks HTTP/0.9, answers 503 on a refused connection, and after an answer that
/// ends the connection reads and discards the rest of the request for a while before closing (a lingering close).
///
/// `RequestProgressHandler`, behind the decoder, tells it where each request and answer stands. Both run on the
/// connection's event loop only.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// What the connection is for.
    enum Role {
        /// An admitted connection, served as usual.
        case serving
        /// A connection over the cap: it gets `refusal` and is closed.
        case refusing
        /// A connection over the cap while too many refusals are still lingering: closed at once, unanswered.
        case dropping
    }

    /// The answer to a connection over the cap: short, plain, and the same for every client — one line in each
    /// language, since it is sent before the request that would say which one is read.
    static let refusal: String = {
        let text = Language.allCases.map { $0.text("errors.tooManyConnections") + "\n" }.joined()
        let head = [
            "HTTP/1.1 503 Service Unavailable", "Content-Type: text/plain; charset=utf-8",
            "Content-Length: \(text.utf8.count)", "Retry-After: 5", "Connection: close",
        ]
        return head.map { $0 + "\r\n" }.joined() + "\r\n" + text
    }()

    private let role: Role
    private let limits: ConnectionLimits
    private let logger: Logger
    /// Made when the connection becomes active: its opening starts the wait for the first head.
    private var clock: ConnectionClock?
    /// The connection's first request line, until it has shown its HTTP version.
    private var firstLine: RequestLineCheck? = RequestLineCheck()
    /// Set once an answer ends the connection: what the client sends from then on is read and thrown away.
    private var discarding = false
    private var discardedBytes = 0
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var context: ChannelHandlerContext?

    init(role: Role, limits: ConnectionLimits, logger: Logger) {
        self.role = role
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        if discarding {
            discardedBytes += bytes.readableBytes
            if discardedBytes > limits.lingerBytes { context.close(promise: nil) }
            return
        }
        clock?.bytesArrived(at: context.eventLoop.now)
        if var check = firstLine {
            switch check.feed(bytes.readableBytesView) {
            case .undecided: firstLine = check
            case .versioned: firstLine = nil
            case .unversioned:
                logger.debug("Closing a connection whose request line has no HTTP version (HTTP/0.9)")
                context.close(promise: nil)
                return
            }
        }
        rearm(context)
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The HTTP side has stopped asking for data (nobody reads it any more); keep reading what is discarded.
        if discarding { context.read() }
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        clock?.readRequested(at: context.eventLoop.now)
        rearm(context)
        context.read()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client has finished sending: a lingering connection has nothing left to wait for.
        if discarding, case ChannelEvent.inputClosed = event {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: What RequestProgressHandler reports

    /// True while a request body is being read and still wanted.
    var isReadingBody: Bool { clock?.isReadingBody ?? false }

    /// A request's head was decoded.
    func headRead() {
        // The decoder understood a request line, so it had a version.
        firstLine = nil
        clock?.headRead()
        if let context { rearm(context) }
    }

    /// The end of a request's body was decoded.
    func requestEnded() {
        clock?.bodyFinished()
        if let context { rearm(context) }
    }

    /// An answer that ends the connection has begun: nothing more the client sends will be decoded.
    func closingAnswerStarted() {
        discarding = true
        clock?.bodyFinished()
        context?.read()
    }

    /// An answer has been written in full; after one that ends the connection, linger and close.
    func answerWritten(closing: Bool) {
        guard let context else { return }
        clock?.answerWritten(at: context.eventLoop.now)
        if closing { lingerBeforeClosing(context) } else { rearm(context) }
    }

    // MARK: Private

    private func start(_ context: ChannelHandlerContext) {
        guard clock == nil else { return }
        clock = ConnectionClock(limits: limits, openedAt: context.eventLoop.now)
        switch role {
        case .serving:
            rearm(context)
        case .dropping:
            context.close(promise: nil)
        case .refusing:
            discarding = true
            rearm(context)
            let buffer = context.channel.allocator.buffer(string: Self.refusal)
            let written = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer)), promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in self.lingerBeforeClosing(context) }
        }
    }

    /// Ends the sending side, so the client sees the answer is complete, and reads and discards what it still
    /// sends until it closes, `lingerTime` passes or `lingerBytes` are read; closing with unread data would send a
    /// reset, which makes many clients drop the answer they have not read yet.
    private func lingerBeforeClosing(_ context: ChannelHandlerContext) {
        discarding = true
        context.close(mode: .output, promise: nil)
        clock?.startLingering(at: context.eventLoop.now)
        rearm(context)
        context.read()
    }

    /// Makes sure a timer fires no later than the clock's deadline. A timer that fires early finds a later
    /// deadline and re-arms, so the common case (deadlines moving later) costs no rescheduling.
    private func rearm(_ context: ChannelHandlerContext) {
        guard let deadline = clock?.deadline?.at else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { self.timerFired() }
    }

    private func timerFired() {
        timer = nil
        timerDeadline = nil
        guard let context, let (deadline, wait) = clock?.deadline else { return }
        guard deadline <= context.eventLoop.now else {
            rearm(context)
            return
        }
        logger.debug("Closing a connection: \(Self.describe(wait))")
        context.close(promise: nil)
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    private static func describe(_ wait: ConnectionClock.Wait) -> String {
        switch wait {
        case .header: "the request's headers did not arrive in time"
        case .idle: "kept alive without a request for too long"
        case .body: "the request body stopped arriving"
        case .linger: "done reading the rest of a request after closing it"
        }
    }
}
