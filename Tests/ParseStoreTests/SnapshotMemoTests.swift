import Foundation
import Synchronization
import XCTest

@testable import ParseStore

/// `memoizedInSnapshot`: what a request asks twice in one PostgreSQL read snapshot (a search's words, for its count
/// and for its page) is read once there, and never carried into another snapshot or a write.
final class SnapshotMemoTests: XCTestCase {
    /// Asks `key` twice in one read and answers how many times it was computed.
    private func computations(in store: ParseStore, key: String) async throws -> Int {
        try await store.read { reader in
            let runs = Mutex(0)
            for _ in 0..<2 {
                let value = try reader.db.memoizedInSnapshot(key) {
                    runs.withLock { $0 += 1 }
                    return .text("answer")
                }
                XCTAssertEqual(value.text, "answer")
            }
            return runs.withLock { $0 }
        }
    }

    func testAnAnswerIsComputedOnceInAPostgreSQLSnapshotAndAgainInTheNext() async throws {
        let store = try makeMemoryStore()
        _ = try await seed(store, "Note", [["text": .string("one")]])
        let first = try await computations(in: store, key: "words Note\u{0}on")
        let second = try await computations(in: store, key: "words Note\u{0}on")
        if TestBackend.isPostgres {
            XCTAssertEqual(first, 1, "asked twice in one snapshot, computed once")
            XCTAssertEqual(second, 1, "a new snapshot computes it afresh, once")
        } else {
            XCTAssertEqual(first, 2, "a SQLite read keeps no memo: asked twice, computed twice")
            XCTAssertEqual(second, 2)
        }
    }

    func testAWriteNeverKeepsSuchAnAnswer() async throws {
        let store = try makeMemoryStore()
        let runs = try await store.write { writer in
            let runs = Mutex(0)
            for _ in 0..<2 {
                _ = try writer.reader.db.memoizedInSnapshot("words Note\u{0}on") {
                    runs.withLock { $0 += 1 }
                    return .text("answer")
                }
            }
            return runs.withLock { $0 }
        }
        XCTAssertEqual(runs, 2, "a write may change the words between two asks")
    }
}
