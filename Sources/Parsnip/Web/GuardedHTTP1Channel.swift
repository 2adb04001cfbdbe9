import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 connection with Parsnip's guards in front: every connection is admitted or refused by the
/// shared `ConnectionLimiter`, and gets a `ConnectionGuard` before the HTTP decoder and a
/// `RequestProgressHandler` behind it.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let limiter: ConnectionLimiter

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admission = limiter.admit(channel, from: channel.remoteAddress?.ipAddress)
        if admission == .refused(answered: false) {
            // Too many refusals are already lingering: close at once, unanswered, rather than hold more sockets.
            channel.close(promise: nil)
        }
        let limits = limits
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let role: ConnectionGuard.Role = admission == .admitted ? .serving : .refusing
            let connectionGuard = ConnectionGuard(role: role, limits: limits, logger: logger)
            try pipeline.addHandler(connectionGuard, position: .first)
            // Behind Hummingbird's own state handler, which sits behind the conversion to HTTP types.
            let stateHandler = try pipeline.handler(type: HTTPConnectionStateHandler.self)
            try pipeline.addHandler(
                RequestProgressHandler(connection: connectionGuard), position: .after(stateHandler))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// Hummingbird's HTTP/1 server with Parsnip's timeouts, connection cap, lingering close and HTTP/0.9 refusal.
    static func guardedHTTP1(limits: ConnectionLimits, logger: Logger) -> HTTPServerBuilder {
        let limiter = ConnectionLimiter(limits: limits, logger: logger)
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder), limits: limits, limiter: limiter)
        }
    }
}
