import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// The search index: text folded one way for documents and searches (case, accents, ligatures, CJK, ISBNs), kept
/// per object in the same transaction, listed newest first, combined with queries, found stale when others wrote,
/// and never copied from a backup.
final class SearchIndexTests: XCTestCase {
    /// A store with class `Note` and its search index, holding `texts` (one note each, created a second apart).
    private static func store(_ texts: [String]) async throws -> (ParseStore, [String]) {
        try await makeNoteSearchStore(texts) { _, text in [text.count % 2 == 0 ? "even" : "odd"] }
    }

    private static func found(_ store: ParseStore, _ search: String) async throws -> [String] {
        try await store.read { try $0.searchIds(in: "Note", for: search, limit: 100) }
    }

    func testWordsAreFoundByTheirBeginningInAnyOrderIgnoringCaseAccentsAndLigatures() async throws {
        let (store, ids) = try await Self.store([
            "Buy parsnips for Sunday roast", "Bœuf bourguignon", "Crème BRÛLÉE", "Straße fegen", "roast-beef sandwich",
        ])
        let parsnips = try await Self.found(store, "roast parsn")
        XCTAssertEqual(parsnips, [ids[0]])
        let boeuf = try await Self.found(store, "BOEUF")
        XCTAssertEqual(boeuf, [ids[1]])
        let creme = try await Self.found(store, "creme brulee")
        XCTAssertEqual(creme, [ids[2]])
        let strasse = try await Self.found(store, "strasse")
        XCTAssertEqual(strasse, [ids[3]])
        let roast = try await Self.found(store, "roast")
        XCTAssertEqual(roast, [ids[4], ids[0]], "newest first")
        let beef = try await Self.found(store, "roast-beef")
        XCTAssertEqual(beef, [ids[4]])
        let nothing = try await Self.found(store, "arsnip")
        XCTAssertEqual(nothing, [], "words are found by their beginning, not their middle")
    }

    func testCJKTextIsFoundByAnyRunOfItsCharacters() async throws {
        let (store, ids) = try await Self.store(["私は東京に住んでいます", "京都の寺", "서울 맛집 목록"])
        let tokyo = try await Self.found(store, "東京")
        XCTAssertEqual(tokyo, [ids[0]])
        let kyo = try await Self.found(store, "京")
        XCTAssertEqual(kyo, [ids[1], ids[0]])
        let seoul = try await Self.found(store, "맛집")
        XCTAssertEqual(seoul, [ids[2]])
        let backwards = try await Self.found(store, "京東")
        XCTAssertEqual(backwards, [], "the characters must appear together, in order")
    }

    func testAnISBNIsFoundHoweverItIsTyped() async throws {
        let (store, ids) = try await Self.store(["Dune 9780441013593 0441013593", "Pay 20 and 30 pounds"])
        for typed in ["978-0-441-01359-3", "978 0 441 01359 3", "9780441013593", "0-441-01359-3", "978-0-441"] {
            let found = try await Self.found(store, typed)
            XCTAssertEqual(found, [ids[0]], typed)
        }
        let thirty = try await Self.found(store, "30")
        XCTAssertEqual(thirty, [ids[1]], "numbers apart are two words")
        XCTAssertEqual(SearchText.folded("ISBN 0-8044-2957-X"), "isbn 080442957x")
    }

    func testPunctuationAloneFindsNothingAndQuotesCannotBreakTheQuery() async throws {
        let (store, ids) = try await Self.store(["He said \"hello\" OR goodbye", "NEAR the AND gate"])
        let none = try await Self.found(store, "!!! ...")
        XCTAssertEqual(none, [])
        let quoted = try await Self.found(store, "\"hello")
        XCTAssertEqual(quoted, [ids[0]])
        let operators = try await Self.found(store, "near AND")
        XCTAssertEqual(operators, [ids[1]], "FTS5 operators typed are plain words")
    }

    func testTagsNarrowAndCountsAgree() async throws {
        let (store, _) = try await Self.store(["milk", "oat milk", "milk teas", "bread"])
        let all = try await store.read { try $0.searchCount(in: "Note", for: "milk") }
        let even = try await store.read { try $0.searchCount(in: "Note", for: "milk", tags: ["even"]) }
        let evenIds = try await store.read { try $0.searchIds(in: "Note", for: "milk", tags: ["even"], limit: 10) }
        XCTAssertEqual(all, 3)
        XCTAssertEqual(even, 2, "milk (4) and oat milk (8)")
        XCTAssertEqual(evenIds.count, 2)
    }

    func testADocumentReplacedOrRemovedIsFoundByItsNewTextOnly() async throws {
        let (store, ids) = try await Self.store(["Call the dentist", "Buy milk"])
        try await store.write { writer in
            let note = try writer.update("Note", objectId: ids[0], ["text": .string("Call the plumber")])
            try writer.setSearchDocument(
                SearchDocument(text: "Call the plumber"), className: "Note", objectId: ids[0],
                createdAt: note.createdAt, updatedAt: note.updatedAt)
            try writer.setSearchDocument(nil, className: "Note", objectId: ids[1], createdAt: Date(), updatedAt: Date())
        }
        let dentist = try await Self.found(store, "dentist")
        let plumber = try await Self.found(store, "plumber")
        let milk = try await Self.found(store, "milk")
        XCTAssertEqual(dentist, [])
        XCTAssertEqual(plumber, [ids[0]])
        XCTAssertEqual(milk, [])
    }

    func testMatchesAreListedByCreationTimeWhateverOrderTheyWereIndexedIn() async throws {
        let store = try ParseStore.inMemory(clock: SteppingClock())
        try await store.write { writer in
            try writer.ensureSearchIndex(for: "Note")
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            // Indexed newest first, two in the same millisecond.
            for (id, offset) in [("c", 2.0), ("a", 0.0), ("b", 0.0), ("d", 5.0)] {
                try writer.setSearchDocument(
                    SearchDocument(text: "soup \(id)"), className: "Note", objectId: id,
                    createdAt: base.addingTimeInterval(offset), updatedAt: base)
            }
        }
        let order = try await Self.found(store, "soup")
        XCTAssertEqual(order, ["d", "c", "b", "a"])
    }

    func testAQueryCanSearchAndStillFilterSortAndCount() async throws {
        let (store, ids) = try await Self.store(["Apple pie", "apple crumble", "Pear tart", "Toffee apple"])
        let query = ParseQuery("Note").searching("apple").order(by: "text").ignoringCaseAndAccentsInTextOrder()
        let found = try await store.read { try $0.find(query) }
        XCTAssertEqual(found.map(\.objectId), [ids[1], ids[0], ids[3]])
        let counted = try await store.read {
            try $0.count(query.where("text", "$ne", .string("Apple pie")))
        }
        XCTAssertEqual(counted, 2)
        let none = try await store.read { try $0.find(ParseQuery("Note").searching("?!")) }
        XCTAssertEqual(none, [])
        _ = try await store.write { try $0.create("Other", ["text": .string("apple")]) }
        do {
            _ = try await store.read { try $0.find(ParseQuery("Other").searching("apple")) }
            XCTFail("a class without a search index cannot be searched")
        } catch let error as ParseError {
            XCTAssertEqual(error.code, .internalServerError)
        }
    }

    func testChangesMadeWithoutTheIndexAreFoundStale() async throws {
        let (store, ids) = try await Self.store(["one", "two", "three"])
        let fresh = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(fresh.changed, [])
        XCTAssertEqual(fresh.orphaned, [])
        _ = try await store.write { writer in
            _ = try writer.update("Note", objectId: ids[0], ["text": .string("uno")])
            try writer.delete("Note", objectId: ids[1])
            _ = try writer.create("Note", ["text": .string("four")])
        }
        let stale = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(stale.changed.count, 2, "the edited one and the new one")
        XCTAssertTrue(stale.changed.contains(ids[0]))
        XCTAssertEqual(stale.orphaned, [ids[1]])
    }

    func testEveryWriteIsLoggedForTheWorkThatFollowsIt() async throws {
        let store = try ParseStore.inMemory()
        let changes = try await store.write { writer -> [ObjectChange] in
            let note = try writer.create("Note", ["text": .string("a")])
            _ = try writer.update("Note", objectId: note.objectId, ["text": .string("b")])
            try writer.delete("Note", objectId: note.objectId)
            return writer.changeLog.drain()
        }
        XCTAssertEqual(changes.map(\.deleted), [false, false, true])
        XCTAssertEqual(Set(changes.map(\.objectId)).count, 1)
    }

    func testARestoreDropsTheSearchTablesAndTakesABackupThatHasThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ParseStore(path: folder.appendingPathComponent("main.sqlite").path)
        defer { try? store.close() }
        try await store.write { writer in
            try writer.ensureSearchIndex(for: "Note")
            let note = try writer.create("Note", ["text": .string("kept in the backup")])
            try writer.setSearchDocument(
                SearchDocument(text: "kept in the backup"), className: "Note", objectId: note.objectId,
                createdAt: note.createdAt, updatedAt: note.updatedAt)
        }
        let backup = folder.appendingPathComponent("backup.sqlite").path
        try store.copy(toFile: backup)
        try await store.replaceClasses(withThoseInFileAt: backup, keeping: [])
        let notes = try await store.read { try $0.count(ParseQuery("Note")) }
        XCTAssertEqual(notes, 1)
        let indexed = try await store.write { try $0.ensureSearchIndex(for: "Note") }
        XCTAssertTrue(indexed, "the index is gone, to be built again from the restored data")
        let stale = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(stale.changed.count, 1)
    }
}

/// An index an older Parsnip made (with prefix indexes and per-document sizes) is made again the leaner way.
final class SearchIndexDefinitionTests: XCTestCase {
    func testAnIndexMadeWithPrefixIndexesIsMadeAgainWithoutThemAndThenLeftAsItIs() async throws {
        let store = try ParseStore.inMemory(clock: SteppingClock())
        let (remade, again, definition) = try await store.write { writer -> (Bool, Bool, String?) in
            try writer.grdb.execute(
                sql: """
                    CREATE TABLE "_SearchText_Note" ("docid" INTEGER PRIMARY KEY, "objectId" TEXT NOT NULL UNIQUE,
                        "version" TEXT NOT NULL, "text" TEXT NOT NULL, "tags" TEXT NOT NULL);
                    CREATE VIRTUAL TABLE "_SearchIndex_Note" USING fts5("text", "tags", content="_SearchText_Note",
                        content_rowid='docid', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
                    INSERT INTO "_SearchText_Note" VALUES (1, 'old', '2024-01-01T00:00:00.000Z', 'old text', '');
                    INSERT INTO "_SearchIndex_Note" (rowid, "text", "tags") VALUES (1, 'old text', '');
                    """)
            let remade = try writer.ensureSearchIndex(for: "Note")
            let again = try writer.ensureSearchIndex(for: "Note")
            let definition = try String.fetchOne(
                writer.grdb, sql: "SELECT sql FROM sqlite_master WHERE name = '_SearchIndex_Note'")
            return (remade, again, definition)
        }
        XCTAssertTrue(remade, "the old index is made again")
        XCTAssertFalse(again, "an index made the current way is kept")
        XCTAssertEqual(definition?.contains("prefix"), false, definition ?? "no index")
        XCTAssertEqual(definition?.contains("columnsize=0"), true, definition ?? "no index")
        let left = try await store.read { try $0.searchIds(in: "Note", for: "old", limit: 10) }
        XCTAssertEqual(left, [], "the old documents went with the old index, to be indexed again from the objects")
    }
}

/// A class whose documents change what they hold says a higher format: an index of the older format is made again
/// once (every object indexed anew), then kept; an index from before formats were counted is format 1.
final class SearchFormatTests: XCTestCase {
    func testAnIndexOfAnOlderFormatIsMadeAgainOnceAndOneWithoutARecordedFormatIsFormatOne() async throws {
        let (store, ids) = try await makeNoteSearchStore(["roast parsnips", "call the dentist"])
        let (unrecorded, sameFormat, newFormat, thenKept) = try await store.write { writer in
            // As a Parsnip from before formats were counted left it.
            try writer.grdb.execute(sql: #"DROP TABLE "_SearchFormats""#)
            return (
                try writer.ensureSearchIndex(for: "Note"), try writer.ensureSearchIndex(for: "Note", format: 1),
                try writer.ensureSearchIndex(for: "Note", format: 2),
                try writer.ensureSearchIndex(for: "Note", format: 2)
            )
        }
        XCTAssertFalse(unrecorded, "an index without a recorded format is format 1 and kept")
        XCTAssertFalse(sameFormat)
        XCTAssertTrue(newFormat, "format 2 wanted, format 1 stored: made again")
        XCTAssertFalse(thenKept, "made in format 2, it is kept")
        let stale = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(Set(stale.changed), Set(ids), "every object is to be indexed again")
        let back = try await store.write { try $0.ensureSearchIndex(for: "Note", format: 1) }
        XCTAssertTrue(back, "an older Parsnip opening it again makes its own format again")
    }
}
