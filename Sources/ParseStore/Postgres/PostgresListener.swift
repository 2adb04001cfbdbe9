import Logging
import PostgresNIO
import Synchronization

/// The backend's one LISTEN connection: hands each notification on a channel to every stream asked for it, and
/// reconnects by itself when the connection is lost.
///
/// A stream's first element is `""` once its `LISTEN` is in place, and so is the first after every reconnect: a
/// notification sent while the connection was down is lost, so a listener seeing `""` should look again at whatever
/// it follows. (A payload can be `""` too; send non-empty payloads to tell them apart.)
final class PostgresListener: Sendable {
    private let configuration: PostgresConnection.Configuration
    private let group: any EventLoopGroup
    private let logger: Logger
    private let state = Mutex(State())
    /// The first pause before reconnecting, doubled after each failure up to `longestPause`.
    static let firstPause: Duration = .milliseconds(100)
    /// The longest pause between two attempts to reconnect.
    static let longestPause: Duration = .seconds(2)

    /// The streams by channel, the connection while it is up with its listeners by channel, and the task keeping it.
    private struct State {
        var subscribers: [String: [Int: AsyncStream<String>.Continuation]] = [:]
        var nextID = 0
        var connection: PostgresConnection?
        var listens: [String: PostgresListenContext] = [:]
        var keeper: Task<Void, Never>?
        var isClosed = false
    }

    init(configuration: PostgresConnection.Configuration, group: any EventLoopGroup, logger: Logger) {
        self.configuration = configuration
        self.group = group
        self.logger = logger
    }

    /// The payloads of the notifications on `channel` from now on, `""` first and after every reconnect; the
    /// stream ends when the backend closes.
    ///
    /// `channel` is a fixed name of the program's (postgres-nio puts it in double quotes unescaped): 1 to 63 bytes
    /// without `"`, or the program stops.
    func notifications(channel: String) -> AsyncStream<String> {
        precondition(
            (1...63).contains(channel.utf8.count) && !channel.contains("\""),
            "A notification channel is 1 to 63 bytes without a double quote.")
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let registration = state.withLock { state -> (id: Int, connection: PostgresConnection?)? in
            guard !state.isClosed else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[channel, default: [:]][id] = continuation
            if state.keeper == nil { state.keeper = Task { await self.keepConnected() } }
            return (id, state.connection)
        }
        guard let registration else {
            continuation.finish()
            return stream
        }
        let (id, connection) = registration
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(channel: channel, id: id) }
        if let connection { listen(on: connection, channels: [channel], announcing: [continuation]) }
        return stream
    }

    /// Stops listening, closes the connection and ends every stream.
    func close() {
        let (connection, keeper, continuations) = state.withLock { state in
            state.isClosed = true
            defer {
                state.subscribers.removeAll()
                state.listens.removeAll()
            }
            return (state.connection, state.keeper, state.subscribers.values.flatMap(\.values))
        }
        keeper?.cancel()
        for continuation in continuations { continuation.finish() }
        if let connection { _ = try? PostgresWait.wait(connection.close()) }
    }

    /// Connects, listens on every channel asked for, waits until the connection closes, and again, until `close()`.
    private func keepConnected() async {
        var pause = Self.firstPause
        var id = 0
        while !state.withLock({ $0.isClosed }) {
            id += 1
            if let connection = try? await PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: 2_000_000 + id, logger: logger)
            {
                let (channels, continuations) = state.withLock { state in
                    state.connection = connection
                    return (Array(state.subscribers.keys), state.subscribers.values.flatMap(\.values))
                }
                if state.withLock({ $0.isClosed }) {
                    _ = try? await connection.close().get()
                    return
                }
                listen(on: connection, channels: channels, announcing: continuations)
                pause = Self.firstPause
                _ = try? await connection.closeFuture.get()
                state.withLock { state in
                    state.connection = nil
                    state.listens.removeAll()
                }
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, Self.longestPause)
        }
    }

    /// Listens on `channels` (those not yet listened to) on `connection`, then tells `announcing` with `""` once the
    /// server has taken the LISTENs (postgres-nio runs them, then the `SELECT 1` after them, in order).
    private func listen(
        on connection: PostgresConnection, channels: [String], announcing: [AsyncStream<String>.Continuation]
    ) {
        for channel in channels {
            // Checked and added under one lock, so two streams asking at once make one listener, not two.
            state.withLock { state in
                guard state.connection === connection, state.listens[channel] == nil,
                    !(state.subscribers[channel]?.isEmpty ?? true)
                else { return }
                state.listens[channel] = connection.addListener(channel: channel) { [weak self] _, notification in
                    self?.deliver(notification.payload, on: channel)
                }
            }
        }
        connection.query("SELECT 1", logger: logger).whenComplete { result in
            guard case .success = result else { return }
            for continuation in announcing { continuation.yield("") }
        }
    }

    /// Hands `payload` to every stream on `channel`.
    private func deliver(_ payload: String, on channel: String) {
        let continuations = state.withLock { $0.subscribers[channel].map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.yield(payload) }
    }

    /// Forgets the stream `id` on `channel`; the channel's last stream gone, stops listening on it.
    private func unsubscribe(channel: String, id: Int) {
        let context = state.withLock { state -> PostgresListenContext? in
            state.subscribers[channel]?[id] = nil
            guard state.subscribers[channel]?.isEmpty ?? false else { return nil }
            state.subscribers[channel] = nil
            return state.listens.removeValue(forKey: channel)
        }
        context?.stop()
    }
}
