import Logging
import NIOCore

/// The connection counts shared by every event loop, and the warning that the cap was reached.
final class ConnectionLimiter: Sendable {
    /// The counts, and when a refusal was last logged.
    private struct State {
        var counts: ConnectionCounts
        var lastWarning: NIODeadline?
    }

    private let state: LockedValue<State>
    private let logger: Logger
    /// Refusals are logged at most this often, so a flood of them does not flood the log too.
    private static let warningInterval = TimeAmount.seconds(60)

    init(limits: ConnectionLimits, logger: Logger) {
        state = LockedValue(State(counts: ConnectionCounts(limits: limits)))
        self.logger = logger
    }

    /// Admits or refuses a connection from `address`, and arranges for its release when `channel` closes.
    func admit(_ channel: any Channel, from address: String?) -> ConnectionCounts.Admission {
        let (admission, open, warn) = state.withLock { state in
            let admission = state.counts.admit(from: address)
            var warn = false
            if admission != .admitted {
                let now = NIODeadline.now()
                if state.lastWarning.map({ now - $0 >= Self.warningInterval }) ?? true {
                    state.lastWarning = now
                    warn = true
                }
            }
            return (admission, state.counts.open, warn)
        }
        if warn {
            logger.warning(
                "Too many connections: refusing new ones with 503",
                metadata: ["open": "\(open)", "address": "\(address ?? "-")"])
        }
        switch admission {
        case .admitted:
            channel.closeFuture.whenComplete { _ in self.state.withLock { $0.counts.release(from: address) } }
        case .refused(answered: true):
            channel.closeFuture.whenComplete { _ in self.state.withLock { $0.counts.refusalEnded() } }
        case .refused(answered: false):
            break
        }
        return admission
    }
}
