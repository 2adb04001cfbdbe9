import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// A search for the beginnings of words, answered through the table of the index's words (each prefix expanded to
/// the whole words that begin with it), finds exactly what FTS5's own prefix query finds: for every beginning of
/// every word of texts in the six languages and odd writing, alone and in pairs, with tags; and it keeps doing so
/// after documents change, are removed, or were indexed before the table existed.
final class SearchWordsTests: XCTestCase {
    private static let texts = [
        "Buy parsnips for Sunday roast", "Roast-beef sandwich and roasted parsnips", "Crème BRÛLÉE for Zoë",
        "Bœuf bourguignon, Straße fegen", "Comprar pão e café às 8h", "Llamar al dentista mañana",
        "Acheter des œufs frais", "dentist: 2024-05-01, don't forget", "ISBN 978-0-441-01359-3 to return",
        "私は東京に住んでいます", "京都の寺を見る", "서울 맛집 목록 정리", "Café ☕ with Ana — 3×2 £3.50",
        "naïve coöperation rôle", "ﬁsh & ﬂour", "dent dentures dentist dentistry dentition",
        "e-mail Ørsted ﬂat Łódź", "x_y snake_case CamelCase 42nd", "Ünïcödé ÄÖÜ äöü",
    ]

    /// Every beginning of every word of the texts (as a search would fold it), and one that begins no word.
    private static var prefixes: [String] {
        var all = Set<String>(["zzz", "qx"])
        for text in texts {
            for word in SearchText.words(of: text) {
                for length in 1...word.count { all.insert(String(word.prefix(length))) }
            }
        }
        return all.sorted()
    }

    private static func store(_ texts: [String]) async throws -> (ParseStore, [String]) {
        try await makeNoteSearchStore(texts) { index, _ in [index % 2 == 0 ? "even" : "odd"] }
    }

    /// What FTS5's own prefix query finds for `search` (every word a prefix, CJK runs phrases), newest first.
    private static func foundByFTS5Prefixes(
        _ store: ParseStore, _ search: String, tags: [String] = []
    ) throws -> [String] {
        let terms = SearchText.searchTerms(of: search)
        guard !terms.isEmpty else { return [] }
        let match =
            (terms.map { term -> String in
                switch term {
                case .prefix(let word): "text : \"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
                case .phrase(let words): "text : \"" + words.joined(separator: " ") + "\""
                }
            } + tags.map { "tags : \"\($0)\"" }).joined(separator: " AND ")
        return try rawRead(store) { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT d."objectId" FROM "_SearchIndex_Note" AS f JOIN "_SearchText_Note" AS d ON d."docid" = f.rowid
                    WHERE "_SearchIndex_Note" MATCH ? ORDER BY f.rowid DESC
                    """, arguments: [match])
        }
    }

    private func assertSameAsFTS5(_ store: ParseStore, _ searches: [String], tags: [String] = []) async throws {
        for search in searches {
            let found = try await store.read { try $0.searchIds(in: "Note", for: search, tags: tags, limit: 1_000) }
            let count = try await store.read { try $0.searchCount(in: "Note", for: search, tags: tags) }
            let expected = try Self.foundByFTS5Prefixes(store, search, tags: tags)
            XCTAssertEqual(found, expected, "search \(search) tags \(tags)")
            XCTAssertEqual(count, expected.count, "count of \(search) tags \(tags)")
        }
    }

    func testEveryBeginningOfEveryWordFindsWhatFTS5sPrefixQueryFinds() async throws {
        let (store, _) = try await Self.store(Self.texts)
        let prefixes = Self.prefixes
        XCTAssertGreaterThan(prefixes.count, 250)
        try await assertSameAsFTS5(store, prefixes)
        try await assertSameAsFTS5(store, prefixes, tags: ["even"])
    }

    func testPairsOfBeginningsAndCJKRunsFindWhatFTS5Finds() async throws {
        let (store, _) = try await Self.store(Self.texts)
        var generator = SystemRandomNumberGenerator()
        let prefixes = Self.prefixes
        let pairs = (0..<400).map { _ in
            prefixes.randomElement(using: &generator)! + " " + prefixes.randomElement(using: &generator)!
        }
        try await assertSameAsFTS5(store, pairs + ["東京", "京", "맛집 목록", "dent 2024", "roast parsn", "d"])
    }

    func testAPrefixOfManyWordsFallsBackToFTS5sOwnPrefixQueryAndFindsThemAll() async throws {
        let many = (0..<(SearchWords.mostWordsOfAPrefix + 10)).map { "carrot\($0) soup" }
        let (store, ids) = try await Self.store(many)
        let found = try await store.read { try $0.searchIds(in: "Note", for: "carr", limit: 1_000) }
        XCTAssertEqual(Set(found), Set(ids))
        try await assertSameAsFTS5(store, ["carr", "carrot1", "carrot3 so"])
    }

    func testChangedAndRemovedDocumentsAreFoundByWhatTheyHoldNow() async throws {
        let (store, ids) = try await Self.store(["dentist appointment", "dentures cleaning", "roast"])
        try await store.write { writer in
            try writer.setSearchDocument(
                SearchDocument(text: "window cleaning"), className: "Note", objectId: ids[0],
                createdAt: Date(timeIntervalSince1970: 1_714_558_830.456), updatedAt: Date())
            try writer.setSearchDocument(
                nil, className: "Note", objectId: ids[1], createdAt: .distantPast, updatedAt: .distantPast)
        }
        let dent = try await store.read { try $0.searchIds(in: "Note", for: "dent", limit: 10) }
        XCTAssertEqual(dent, [], "words no document holds any more find nothing")
        let window = try await store.read { try $0.searchIds(in: "Note", for: "wind", limit: 10) }
        XCTAssertEqual(window, [ids[0]])
        try await assertSameAsFTS5(store, ["dent", "clean", "wind", "roa"])
    }

    func testAnIndexMadeBeforeTheWordsTableGetsItsWordsFromTheStoredDocuments() async throws {
        let (store, ids) = try await Self.store(["dentist appointment", "roast parsnips"])
        try await store.write { try $0.grdb.execute(sql: #"DROP TABLE "_SearchWords_Note""#) }
        let made = try await store.write { try $0.ensureSearchIndex(for: "Note") }
        XCTAssertFalse(made, "the index itself is kept")
        let words = try rawRead(store) { try String.fetchAll($0, sql: #"SELECT "word" FROM "_SearchWords_Note""#) }
        XCTAssertEqual(Set(words), ["dentist", "appointment", "roast", "parsnips"])
        let dent = try await store.read { try $0.searchIds(in: "Note", for: "dent", limit: 10) }
        XCTAssertEqual(dent, [ids[0]])
    }

    func testAQueryThatSearchesExpandsPrefixesToo() async throws {
        let (store, ids) = try await Self.store(["dentist appointment", "dentures", "roast"])
        let found = try await store.read {
            try $0.find(ParseQuery("Note").searching("dent").order(by: "createdAt")).map(\.objectId)
        }
        XCTAssertEqual(found, [ids[0], ids[1]])
        let none = try await store.read { try $0.count(ParseQuery("Note").searching("zebra")) }
        XCTAssertEqual(none, 0)
    }
}
