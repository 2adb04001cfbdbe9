import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Merging two genres, authors or publishers: offered when a rename meets a taken name, confirmed with both book
/// counts, every book left with exactly one link to the kept entry, recorded in History, and undone exactly.
final class CatalogueMergeTests: XCTestCase {
    /// The ids of `kind` a book's own page links to, in order.
    static func linked(_ kind: CatalogueKind, onBook id: String, _ browser: Browser) async throws -> [String] {
        let html = try await browser.get("/books/\(id)").text
        let marker = "href=\"\(kind.path)/"
        return html.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// Three books: one with only the entry to merge away, one with only the kept one, one with both (a genre has
    /// one, so its third book has the merged one).
    struct World {
        var genre: String
        var merged: String
        var kept: String
        var books: [String]
    }

    static func world(_ kind: CatalogueKind, _ browser: Browser) async throws -> World {
        let genre = try await browser.addEntry(.genre, "Fantasy")
        let names: (String, String) =
            switch kind {
            case .genre: ("Fantasy fiction", "Fantasy")
            case .author: ("Sir Terry Pratchett", "Terry Pratchett")
            case .publisher: ("Transworld Publishers", "Transworld")
            }
        let merged = try await browser.addEntry(kind, names.0)
        let kept = kind == .genre ? genre : try await browser.addEntry(kind, names.1)
        func form(_ title: String, _ ids: [String]) -> [(String, String)] {
            switch kind {
            case .genre: bookForm(genre: ids[0], [("title", title)], removing: ["isbn"])
            case .author: bookForm(genre: genre, authors: ids, [("title", title)], removing: ["isbn"])
            case .publisher: bookForm(genre: genre, publishers: ids, [("title", title)], removing: ["isbn"])
            }
        }
        var books: [String] = []
        books.append(try await browser.addBook(form("Only merged", [merged])))
        books.append(try await browser.addBook(form("Only kept", [kept])))
        books.append(try await browser.addBook(form("Both", kind == .genre ? [merged] : [merged, kept])))
        return World(genre: genre, merged: merged, kept: kept, books: books)
    }

    /// Each book's links of `kind`, sorted, by book.
    static func links(_ kind: CatalogueKind, _ world: World, _ browser: Browser) async throws -> [[String]] {
        var all: [[String]] = []
        for book in world.books { all.append(try await linked(kind, onBook: book, browser).sorted()) }
        return all
    }

    func testMergingLeavesEveryBookOneLinkAndUndoFromHistoryPutsEveryLinkBack() async throws {
        for kind in CatalogueKind.allCases {
            try await withApp { browser in
                let world = try await Self.world(kind, browser)
                let before = try await Self.links(kind, world, browser)
                let question = try await browser.get("\(kind.path)/\(world.merged)/merge?into=\(world.kept)")
                XCTAssertEqual(question.status, .ok, kind.path)
                let counts = question.text.matches(of: /<span class="entry-count">([^<]+)<\/span>/).map { String($0.1) }
                XCTAssertEqual(counts, kind == .genre ? ["2 books", "1 book"] : ["2 books", "2 books"], kind.path)

                let merged = try await browser.post("\(kind.path)/\(world.merged)/merge", form: [("into", world.kept)])
                XCTAssertEqual(merged.status, .seeOther, kind.path)
                XCTAssertEqual(merged.headers[.location], "\(kind.path)/\(world.kept)")
                let after = try await Self.links(kind, world, browser)
                XCTAssertEqual(after, [[world.kept], [world.kept], [world.kept]], "one link each: \(kind.path)")
                let gone = try await browser.get("\(kind.path)/\(world.merged)").status
                XCTAssertEqual(gone, .notFound)

                // History: every changed book, and both entries.
                for book in [world.books[0], world.books[2]] {
                    let history = try await browser.get("/books/\(book)/history").text
                    XCTAssertTrue(history.contains("<strong>Changed</strong>"), "book history: \(kind.path)")
                }
                let keptHistory = try await browser.get("\(kind.path)/\(world.kept)/history").text
                XCTAssertTrue(keptHistory.contains("Merged “"), kind.path)
                let mergedHistory = try await browser.get("\(kind.path)/\(world.merged)/history").text
                XCTAssertTrue(mergedHistory.contains("Merged into “"), kind.path)

                let undo = try XCTUnwrap(
                    keptHistory.firstMatch(of: /action="(\/trash\/[A-Za-z0-9]+\/restore)"/).map { String($0.1) })
                let undone = try await browser.post(undo, form: [])
                XCTAssertEqual(undone.status, .seeOther, kind.path)
                let restored = try await Self.links(kind, world, browser)
                XCTAssertEqual(restored, before, "every link back exactly: \(kind.path)")
                let back = try await browser.get("\(kind.path)/\(world.merged)").status
                XCTAssertEqual(back, .ok)
                let undoneHistory = try await browser.get("\(kind.path)/\(world.kept)/history").text
                XCTAssertNil(
                    undoneHistory.firstMatch(of: /action="\/trash\/[A-Za-z0-9]+\/restore"/), "no second undo: \(kind)")
            }
        }
    }

    func testARenameToATakenNameOffersTheMergeAndTheFlashUndoesIt() async throws {
        try await withApp { browser in
            let world = try await Self.world(.author, browser)
            let before = try await Self.links(.author, world, browser)
            try await browser.get("/authors/\(world.merged)")
            for typed in ["Terry Pratchett", "Pratchett, Terry", "  terry PRATCHETT "] {
                let offer = try await browser.post("/authors/\(world.merged)", form: [("name", typed)])
                XCTAssertEqual(offer.status, .conflict, typed)
                XCTAssertTrue(offer.text.contains("Merge “Sir Terry Pratchett” into “Terry Pratchett”?"), typed)
                XCTAssertTrue(offer.text.contains("There is already an author called “Terry Pratchett”."), typed)
                XCTAssertTrue(offer.text.contains(#"<input type="hidden" name="into" value="\#(world.kept)">"#))
            }
            let merged = try await browser.post("/authors/\(world.merged)/merge", form: [("into", world.kept)])
            let page = try await browser.get(try XCTUnwrap(merged.headers[.location])).text
            XCTAssertTrue(page.contains("Merged “Sir Terry Pratchett” into “Terry Pratchett” (2 books)."))
            let undo = try XCTUnwrap(
                page.firstMatch(of: /action="(\/trash\/[A-Za-z0-9]+\/restore)"/).map { String($0.1) })
            try await browser.post(undo, form: [])
            let restored = try await Self.links(.author, world, browser)
            XCTAssertEqual(restored, before)
        }
    }

    func testMergeIntoChoosesFromTheOtherEntries() async throws {
        try await withApp { browser in
            let world = try await Self.world(.publisher, browser)
            let page = try await browser.get("/publishers/\(world.merged)").text
            XCTAssertTrue(
                page.contains(#"<a href="/publishers/\#(world.merged)/merge">Merge into another publisher…</a>"#))
            let choice = try await browser.get("/publishers/\(world.merged)/merge").text
            XCTAssertTrue(choice.contains(#"<option value="\#(world.kept)">Transworld</option>"#))
            XCTAssertFalse(choice.contains(#"<option value="\#(world.merged)">"#), "not into itself")
            let itself = try await browser.get("/publishers/\(world.merged)/merge?into=\(world.merged)").status
            XCTAssertEqual(itself, .badRequest)
        }
    }

    func testAViewerCannotMerge() async throws {
        try await withApp(settings: signInSettings()) { ana in
            try await ana.setUpOwner()
            try await ana.addPerson("Vi", "vi's password", role: .viewer)
            let world = try await Self.world(.author, ana)
            let before = try await Self.links(.author, world, ana)
            let vi = ana.another()
            try await vi.signIn("Vi", "vi's password")
            let page = try await vi.get("/authors/\(world.merged)").text
            XCTAssertFalse(page.contains("/merge\""), "no merge link for a viewer")
            let asked = try await vi.get("/authors/\(world.merged)/merge?into=\(world.kept)").status
            XCTAssertEqual(asked, .forbidden)
            let refused = try await vi.post("/authors/\(world.merged)/merge", form: [("into", world.kept)]).status
            XCTAssertEqual(refused, .forbidden)
            let after = try await Self.links(.author, world, ana)
            XCTAssertEqual(after, before)
        }
    }
}
