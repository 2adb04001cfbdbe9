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
        let role: ConnectionGuard.Role =
            switch limiter.admit(channel, from: channel.remoteAddress?.ipAddress) {
            case .admitted: .serving
            case .refused(answered: true): .refusing
            case .refused(answered: false): .dropping
            }
        let limits = limits
        // A refused connection is set up like any other and its guard closes it: setup never fails on purpose.
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let connectionGuard = ConnectionGuard(role: role, limits: limits, logger: logger)
            try pipeline.addHandler(connectionGuard, position: .first)
            // Behind Hummingbird's own state handler, which sits behind the conversion to HTTP types. Should a
            // Hummingbird release drop it, this throws and no connection is served: the live page test and every e2e test notice.
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
        logger.info(
            "Connection limits",
            metadata: [
                "connections": "\(limits.maxConnections)", "perAddress": "\(limits.maxConnectionsPerAddress)",
                "headerTimeout": "\(limits.headerTimeout)", "idleTimeout": "\(limits.idleTimeout)",
                "bodyTimeout": "\(limits.bodyTimeout)",
            ])
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder), limits: limits, limiter: limiter)
        }
    }
}
