import Foundation
import Synchronization
import XCTest

@testable import ParseStore

/// A notification sent inside one backend's write reaches another backend's listeners when, and only when, the
/// write commits; a listener is told with `""` when it starts listening and again after its connection came back.
final class PostgresNotificationTests: PostgresTestCase {
    /// Collects what a stream yields, for a test to wait on.
    final class Collector: Sendable {
        private let received = Mutex<[String]>([])
        private let task = Mutex<Task<Void, Never>?>(nil)

        init(_ stream: AsyncStream<String>) {
            let started = Task { [self] in
                for await payload in stream { received.withLock { $0.append(payload) } }
            }
            task.withLock { $0 = started }
        }

        /// What arrived so far, once at least `count` have arrived or `seconds` have passed.
        func items(atLeast count: Int, within seconds: Double = 10) async -> [String] {
            let end = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < end {
                let items = received.withLock { $0 }
                if items.count >= count { return items }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return received.withLock { $0 }
        }

        /// Stops collecting.
        func stop() { task.withLock { $0?.cancel() } }
    }

    /// Sends `payload` on `channel` in one write of `backend`, rolled back when `commit` is false.
    private func send(_ backend: PostgresBackend, _ payload: String, on channel: String, commit: Bool) async throws {
        try await write(backend, commit: commit) { connection in
            try backend.notify(channel: channel, payload: payload, in: connection)
        }
    }

    func testNotificationReachesTheOtherBackendOnlyWhenTheWriteCommits() async throws {
        let listening = try makeBackend()
        let sending = try makeBackend()
        let collector = Collector(listening.notifications(channel: "books"))
        defer { collector.stop() }
        let first = await collector.items(atLeast: 1)
        XCTAssertEqual(first, [""], "the stream says when it listens")
        try await send(sending, "rolled back", on: "books", commit: false)
        _ = try? await write(sending) { connection in
            try sending.notify(channel: "books", payload: "thrown", in: connection)
            throw PostgresTestAbort()
        }
        try await send(sending, "other channel", on: "shelves", commit: true)
        try await send(sending, "kept", on: "books", commit: true)
        let received = await collector.items(atLeast: 2)
        XCTAssertEqual(received, ["", "kept"])
    }

    func testEveryStreamOnAChannelGetsEachNotification() async throws {
        let listening = try makeBackend()
        let first = Collector(listening.notifications(channel: "books"))
        let second = Collector(listening.notifications(channel: "books"))
        defer {
            first.stop()
            second.stop()
        }
        _ = await first.items(atLeast: 1)
        _ = await second.items(atLeast: 1)
        try await send(listening, "both", on: "books", commit: true)
        let firstReceived = await first.items(atLeast: 2)
        XCTAssertEqual(firstReceived, ["", "both"])
        let secondReceived = await second.items(atLeast: 2)
        XCTAssertEqual(secondReceived, ["", "both"])
    }

    func testListenerReconnectsAfterItsConnectionIsTerminatedAndSaysSo() async throws {
        let listening = try makeBackend()
        let sending = try makeBackend()
        let collector = Collector(listening.notifications(channel: "books"))
        defer { collector.stop() }
        let first = await collector.items(atLeast: 1)
        XCTAssertEqual(first, [""])
        try administer(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND application_name = 'parsnip listener'")
        let markers = await collector.items(atLeast: 2)
        XCTAssertEqual(markers, ["", ""], "a second marker after the reconnect")
        try await send(sending, "after", on: "books", commit: true)
        let received = await collector.items(atLeast: 3)
        XCTAssertEqual(received, ["", "", "after"])
    }

    func testStreamsEndWhenTheBackendCloses() async throws {
        let backend = try PostgresBackend(address: address, poolSize: 2)
        let stream = backend.notifications(channel: "books")
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, "")
        try backend.close()
        let end = await iterator.next()
        XCTAssertNil(end)
    }
}
