import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// A search document records the version it was made from as the digits of its object's updatedAt packed into one
/// integer; a documents table from before (the updatedAt text) is rewritten at open with the same docids, and
/// neither kind is ever found stale by mistake.
final class SearchVersionTests: XCTestCase {
    private static func store(_ texts: [String]) async throws -> (ParseStore, [String]) {
        try await makeNoteSearchStore(texts)
    }

    func testAVersionIsTheDigitsOfUpdatedAtAndAFreshIndexIsNeverStale() async throws {
        let (store, ids) = try await Self.store(["roast parsnips", "call the dentist"])
        let rows = try rawRead(store) { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT d."version" AS version, typeof(d."version") AS kind, n."updatedAt" AS updatedAt
                    FROM "_SearchText_Note" AS d JOIN "Note" AS n ON n."objectId" = d."objectId"
                    """)
        }
        XCTAssertEqual(rows.count, ids.count)
        for row in rows {
            XCTAssertEqual(row["kind"] as String, "integer")
            let digits = (row["updatedAt"] as String).filter(\.isNumber)
            XCTAssertEqual(row["version"] as Int64, Int64(digits))
        }
        let stale = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(stale.changed, [])
        XCTAssertEqual(stale.orphaned, [])
    }

    func testADocumentsTableWithTextVersionsIsRewrittenKeepingItsDocidsAndFindsTheSame() async throws {
        let (store, ids) = try await Self.store(["roast parsnips", "call the dentist", "dentures"])
        let docidsBefore = try rawRead(store) {
            try Int64.fetchAll($0, sql: #"SELECT "docid" FROM "_SearchText_Note" ORDER BY "docid""#)
        }
        // The table as an older Parsnip made it: the version is the updatedAt text.
        try await store.write { writer in
            try writer.grdb.execute(
                sql: """
                    CREATE TABLE "old" ("docid" INTEGER PRIMARY KEY, "objectId" TEXT NOT NULL UNIQUE,
                        "version" TEXT NOT NULL, "text" TEXT NOT NULL, "tags" TEXT NOT NULL);
                    INSERT INTO "old" SELECT d."docid", d."objectId", n."updatedAt", d."text", d."tags"
                        FROM "_SearchText_Note" AS d JOIN "Note" AS n ON n."objectId" = d."objectId";
                    DROP TABLE "_SearchText_Note";
                    ALTER TABLE "old" RENAME TO "_SearchText_Note";
                    """)
        }
        let made = try await store.write { try $0.ensureSearchIndex(for: "Note") }
        XCTAssertFalse(made, "the FTS5 index is kept")
        let (docids, kinds) = try rawRead(store) { db in
            (
                try Int64.fetchAll(db, sql: #"SELECT "docid" FROM "_SearchText_Note" ORDER BY "docid""#),
                try String.fetchAll(db, sql: #"SELECT DISTINCT typeof("version") FROM "_SearchText_Note""#)
            )
        }
        XCTAssertEqual(docids, docidsBefore)
        XCTAssertEqual(kinds, ["integer"])
        let stale = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(stale.changed, [], "a rewritten version must match its object")
        let dent = try await store.read { try $0.searchIds(in: "Note", for: "dent", limit: 10) }
        XCTAssertEqual(dent, [ids[2], ids[1]])
        // Replacing a document after the rewrite still works (FTS5's delete reads the rewritten table's text).
        try await store.write { writer in
            try writer.setSearchDocument(
                SearchDocument(text: "window cleaning"), className: "Note", objectId: ids[1],
                createdAt: Date(timeIntervalSince1970: 1_714_558_831.456), updatedAt: Date())
        }
        let after = try await store.read { try $0.searchIds(in: "Note", for: "dent", limit: 10) }
        XCTAssertEqual(after, [ids[2]])
    }

    func testAnObjectChangedWithoutTheIndexIsFoundStaleByItsVersion() async throws {
        let (store, ids) = try await Self.store(["roast parsnips", "call the dentist"])
        _ = try await store.write { try $0.update("Note", objectId: ids[0], operations: ["text": .set("boiled")]) }
        let stale = try await store.read { try $0.staleSearchDocuments(for: "Note") }
        XCTAssertEqual(stale.changed, [ids[0]])
    }
}
