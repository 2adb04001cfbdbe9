import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// Writes asked for while the writer is busy run as one group in one transaction, each in its own savepoint: each
/// is answered with its own result after the one commit, one that throws or is not kept undoes only itself (its
/// schema changes too), and a failure that ends SQLite's transaction reaches every write the group had kept.
final class GroupCommitTests: XCTestCase {
    override func setUpWithError() throws {
        try skipUnlessSQLite("SQLite's one writer, whose waiting writes commit together")
    }

    func testWritesAskedForWhileTheWriterIsBusyCommitTogetherEachAnsweredWithItsOwnObject() async throws {
        let store = try ParseStore.inMemory()
        let before = store.groupCommit.commits.load(ordering: .relaxed)
        let titles = (0..<8).map { "Book \($0)" }
        let made = try await whileWriterIsHeld(store, queueing: titles.count) { index in
            try await store.write { try $0.create("Book", ["title": .string(titles[index])]) }
        }
        XCTAssertEqual(made.map { $0.fields["title"] }, titles.map { .string($0) })
        XCTAssertEqual(Set(made.map(\.objectId)).count, titles.count)
        // The holding write, then the eight in one transaction.
        XCTAssertEqual(store.groupCommit.commits.load(ordering: .relaxed) - before, 2)
        let stored = try await store.read { try $0.find(ParseQuery("Book")) }
        XCTAssertEqual(Set(stored.map(\.objectId)), Set(made.map(\.objectId)))
    }

    func testAWriteThatThrowsInAGroupUndoesOnlyItselfAndHearsItsOwnError() async throws {
        let store = try ParseStore.inMemory()
        let refusal = ParseError(.validationFailed, "Refused on purpose.")
        let answers = try await whileWriterIsHeld(store, queueing: 5) { index -> Result<String, ParseError> in
            do {
                let book = try await store.write { writer in
                    let book = try writer.create("Book", ["title": .string("Book \(index)")])
                    if index == 2 { throw refusal }
                    return book
                }
                return .success(book.objectId)
            } catch {
                return .failure(error as? ParseError ?? ParseError(.internalServerError, "\(error)"))
            }
        }
        XCTAssertEqual(answers[2], Result<String, ParseError>.failure(refusal))
        let kept = answers.compactMap { try? $0.get() }
        XCTAssertEqual(kept.count, 4)
        let titles = try await store.read { try $0.find(ParseQuery("Book")).compactMap { $0.fields["title"] } }
        XCTAssertEqual(Set(titles), Set([0, 1, 3, 4].map { ParseValue.string("Book \($0)") }))
    }

    func testAWriteItsCallerChoosesNotToKeepIsUndoneWhileTheRestOfItsGroupIsKept() async throws {
        let store = try ParseStore.inMemory()
        let answers = try await whileWriterIsHeld(store, queueing: 3) { index in
            try await store.write(commitIf: { _ in index != 1 }) { writer in
                try writer.create("Book", ["title": .string("Book \(index)")]).objectId
            }
        }
        XCTAssertEqual(answers.count, 3, "the write not kept still answers with its value")
        let stored = try await store.read { try $0.find(ParseQuery("Book")).map(\.objectId) }
        XCTAssertEqual(Set(stored), [answers[0], answers[2]])
    }

    func testAFieldMadeByAnUndoneWriteOfAGroupIsNotInTheSchemaAfterwards() async throws {
        let store = try ParseStore.inMemory()
        _ = try await store.write { try $0.create("Book", ["title": "Dune"]) }
        _ = try await whileWriterIsHeld(store, queueing: 3) { index -> Bool in
            do {
                _ = try await store.write { writer in
                    if index == 1 {
                        _ = try writer.create("Book", ["title": "Emma", "pages": 300])
                        throw ParseError(.validationFailed, "Refused on purpose.")
                    }
                    return try writer.create("Book", ["title": .string("Book \(index)")])
                }
                return true
            } catch { return false }
        }
        // A later change of SQLite's schema that no class's entry follows (an index) must not make a stale cache
        // entry current again.
        _ = try await store.write { try $0.grdb.execute(sql: #"CREATE INDEX "later" ON "Book" ("title")"#) }
        let book = try await store.read { try $0.schema("Book") }
        XCTAssertNil(book?.fields["pages"], "the undone write's field is still in the schema")
        // The writer's own view forgot it too: the field can now be made with another type.
        let later = try await store.write { try $0.create("Book", ["title": "Persuasion", "pages": "three hundred"]) }
        XCTAssertEqual(later.fields["pages"], "three hundred")
        let pages = try await store.read { try $0.schema("Book")?.fields["pages"] }
        XCTAssertEqual(pages, .string)
    }

    func testWhenAWriteEndsSQLitesTransactionTheWritesBeforeItInItsGroupFailAndTheOnesAfterItAreKept() async throws {
        let store = try ParseStore.inMemory()
        // What SQLite does itself on a full disk or an I/O error: the whole transaction is rolled back.
        let answers = try await whileWriterIsHeld(store, queueing: 5) { index -> Bool in
            do {
                _ = try await store.write { writer in
                    let book = try writer.create("Book", ["title": .string("Book \(index)")])
                    if index == 2 {
                        try writer.grdb.execute(sql: "ROLLBACK")
                        throw ParseError.databaseFull
                    }
                    return book
                }
                return true
            } catch { return false }
        }
        XCTAssertEqual(answers, [false, false, false, true, true])
        let titles = try await store.read { try $0.find(ParseQuery("Book")).compactMap { $0.fields["title"] } }
        XCTAssertEqual(Set(titles), ["Book 3", "Book 4"])
    }

    /// Runs `count` writes (`write(index)`, asked for in order) while another write holds the writer, so they queue
    /// and run as one group when it lets go; returns their answers in order.
    private func whileWriterIsHeld<T: Sendable>(
        _ store: ParseStore, queueing count: Int, _ write: @escaping @Sendable (Int) async throws -> T
    ) async throws -> [T] {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let holding = Task {
            try await store.write { _ in
                entered.signal()
                gate.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                entered.wait()
                continuation.resume()
            }
        }
        var tasks: [Task<T, any Error>] = []
        for index in 0..<count {
            tasks.append(Task { try await write(index) })
            // In order: each is queued before the next is asked for.
            while store.groupCommit.waitingCount < index + 1 { try? await Task.sleep(for: .milliseconds(2)) }
        }
        gate.signal()
        try? await holding.value
        var answers: [T] = []
        for task in tasks { answers.append(try await task.value) }
        return answers
    }
}
