import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Genres, authors and publishers record who added or renamed them, as books do, and their pages say so.
final class BookCatalogueAuthorshipTests: XCTestCase {
    func testAddingAndRenamingAnEntryRecordsWhoDidIt() async throws {
        let store = try testStore(clock: SteppingClock())
        defer { try? store.close() }
        let books = try await StoreBookRepository(store: store)
        let ana = try await addPerson("Ana", to: store)
        let ben = try await addPerson("Ben", to: store)

        let author = try await books.createEntry(.author, name: "Ursula Le Guin", by: ana)
        var stored = try await books.entry(.author, id: author.id)
        XCTAssertEqual(stored?.lastChange?.username, "Ana")

        _ = try await books.renameEntry(.author, id: author.id, to: "Ursula K. Le Guin", by: ben)
        stored = try await books.entry(.author, id: author.id)
        XCTAssertEqual(stored?.lastChange?.username, "Ben")
        let raw = try await store.read { try $0.fetch("Author", objectId: author.id) }
        XCTAssertEqual(raw["updatedBy"], .pointer(ParsePointer(className: "_User", objectId: ben.objectId)))

        _ = try await books.renameEntry(.author, id: author.id, to: "Le Guin", by: nil)
        stored = try await books.entry(.author, id: author.id)
        XCTAssertNotNil(stored?.lastChange, "the time is still shown")
        XCTAssertNil(stored?.lastChange?.username, "a change made without signing in credits nobody")
    }

    func testAnEntryPageSaysWhenItWasLastChanged() async throws {
        try await withApp { browser in
            let id = try await browser.addEntry(.genre, "Poetry")
            let page = try await browser.get("/genres/\(id)")
            XCTAssertTrue(page.text.contains(#"<p class="changed-by">Last changed "#), page.text)
        }
    }
}
