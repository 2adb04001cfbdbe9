import Foundation
import ParseStore
import XCTest

/// The shared version servers on one PostgreSQL database follow each other's writes by: every kept write that
/// changed anything moves it by one, inside its transaction; a write that wrote nothing, threw or was not kept
/// leaves it. A SQLite file, which one server serves, has none. The sign-in marks count across connections and
/// never move it.
final class SharedVersionTests: XCTestCase {
    /// `body` in one write, kept when `keep` says so, with the version it moved the data to.
    static func write<T: Sendable>(
        _ store: ParseStore, keep: Bool, _ body: @escaping @Sendable (ParseWriter) throws -> T
    ) async throws -> (value: T, version: Int?) {
        try await store.writeReportingVersion(commitIf: { _ in keep }, body)
    }

    func testEveryKeptWriteThatChangedSomethingMovesTheVersionByOneAndNothingElseDoes() async throws {
        let store = try makeMemoryStore()
        let start = try await store.sharedVersion()
        guard TestBackend.isPostgres else {
            XCTAssertNil(start, "a SQLite file has no shared version")
            let (_, version) = try await Self.write(store, keep: true) {
                try $0.create("Note", ["text": .string("one")])
            }
            XCTAssertNil(version)
            XCTAssertFalse(store.mayBeShared)
            return
        }
        XCTAssertTrue(store.mayBeShared)
        let first = try XCTUnwrap(start)
        let made = try await Self.write(store, keep: true) {
            try $0.create("Note", ["text": .string("one")]).objectId
        }
        XCTAssertEqual(made.version, first + 1, "a write moves it by one")
        let seen = try await store.read { try $0.sharedVersion() }
        XCTAssertEqual(seen, first + 1, "a read snapshot sees it")
        let nothing = try await Self.write(store, keep: true) {
            try $0.reader.count(ParseQuery("Note"))
        }
        XCTAssertNil(nothing.version, "a write that wrote nothing leaves it")
        let dryRun = try await Self.write(store, keep: false) {
            try $0.create("Note", ["text": .string("dry")]).objectId
        }
        XCTAssertNil(dryRun.version, "a write that was not kept leaves it")
        do {
            _ = try await Self.write(store, keep: true) { writer -> Int in
                _ = try writer.create("Note", ["text": .string("thrown")])
                throw ParseError(.invalidJSON, "no")
            }
            XCTFail("the write threw")
        } catch {}
        let after = try await store.sharedVersion()
        XCTAssertEqual(after, first + 1, "nothing but the kept write moved it")
        let second = try await Self.write(store, keep: true) {
            try $0.update("Note", objectId: made.value, ["text": .string("two")])
        }
        XCTAssertEqual(second.version, first + 2, "versions follow each other, write after write")
    }

    func testMarksCountInOneStepAcrossParallelCallsAndLeaveTheVersion() async throws {
        let store = try makeMemoryStore()
        guard TestBackend.isPostgres else {
            do {
                _ = try await store.withMarks(["k"], since: .distantPast, at: Date()) { _ in (0, true) }
                XCTFail("a SQLite file keeps no marks")
            } catch let error as ParseError {
                XCTAssertEqual(error.code, .internalServerError)
            }
            return
        }
        let before = try await store.sharedVersion()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await store.withMarks(
                        ["a:10.0.0.1", "u:net:ana"], since: now.addingTimeInterval(-900), at: now
                    ) { recent in
                        let allow = recent.allSatisfy { $0.count < 5 }
                        return (allow, allow)
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        XCTAssertEqual(allowed, 5, "check and mark are one step")
        let counted = try await store.withMarks(["u:net:ana"], since: now.addingTimeInterval(-900), at: now) {
            ($0[0].count, false)
        }
        XCTAssertEqual(counted, 5)
        try await store.removeMarks(["u:net:ana"], at: nil)
        let cleared = try await store.withMarks(["u:net:ana", "a:10.0.0.1"], since: .distantPast, at: now) {
            ($0.map(\.count), false)
        }
        XCTAssertEqual(cleared, [0, 5], "removing one key's marks leaves the other's")
        let later = try await store.withMarks(["a:10.0.0.1"], since: now.addingTimeInterval(1), at: now) {
            ($0[0].count, false)
        }
        XCTAssertEqual(later, 0, "marks older than the window are dropped")
        let after = try await store.sharedVersion()
        XCTAssertEqual(after, before, "marks are not data: the version stays")
    }

    func testAWriteSeesTheFieldAnotherServerAddedJustBeforeIt() async throws {
        guard let url = TestBackend.postgresURL else {
            throw XCTSkip("Two servers share a PostgreSQL database only; a SQLite file has one.")
        }
        let shared = TestBackend.freshSchema(in: url)
        let first = try ParseStore(postgresURL: shared)
        let second = try ParseStore(postgresURL: shared)
        TestBackend.closeAfterThisTest(first)
        TestBackend.closeAfterThisTest(second)
        _ = try await first.write { try $0.create("Note", ["text": .string("a")]) }
        // The second server learns the class as it is now.
        _ = try await second.write { try $0.create("Note", ["text": .string("b")]) }
        _ = try await first.write { try $0.create("Note", ["text": .string("c"), "stars": .number(3)]) }
        await assertParseError(ParseError.Code.incorrectType.rawValue) {
            _ = try await second.write { try $0.create("Note", ["text": .string("d"), "stars": .string("many")]) }
        }
        let stars = try await second.write { writer in
            try writer.create("Note", ["text": .string("e"), "stars": .number(5)])["stars"]?.numberValue
        }
        XCTAssertEqual(stars, 5, "the field the other server added is written, not added again")
    }

}
