import Foundation
import XCTest

@testable import Parsnip

/// `/genres`, `/authors` and `/publishers` with many entries: 100 a page, and a filter box that finds any part of a
/// name whatever its case or accents.
final class CatalogueListTests: XCTestCase {
    func testTheListPagesByAHundredAndTheFilterFindsPartsOfNamesIgnoringCaseAndAccents() async throws {
        try await withApp { browser in
            for number in 1...118 {
                try await browser.addEntry(.author, "Author \(number < 10 ? "00" : number < 100 ? "0" : "")\(number)")
            }
            try await browser.addEntry(.author, "Charlotte Brontë")
            try await browser.addEntry(.author, "Emily Brontë")
            let first = try await browser.get("/authors").text
            XCTAssertTrue(first.contains(#"<p class="count">120 authors</p>"#), first)
            XCTAssertTrue(first.contains("Page 1 of 2"))
            XCTAssertEqual(first.components(separatedBy: #"<span class="entry-count">"#).count - 1, 100)
            XCTAssertEqual(TodoListTests.link(rel: "next", in: first), "/authors?page=2")
            let second = try await browser.get("/authors?page=2").text
            XCTAssertEqual(second.components(separatedBy: #"<span class="entry-count">"#).count - 1, 20)
            XCTAssertTrue(second.contains("Emily Brontë"))

            let found = try await browser.get("/authors?q=" + formEncode("BRONTE")).text
            XCTAssertTrue(found.contains("2 of 120 authors match"), found)
            XCTAssertTrue(found.contains(">Charlotte Brontë</a>") && found.contains(">Emily Brontë</a>"))
            XCTAssertFalse(found.contains(">Author 001</a>"))
            XCTAssertTrue(found.contains(#"<label for="q">Find an author</label>"#))
            XCTAssertTrue(found.contains(#"value="BRONTE""#))
            XCTAssertTrue(found.contains(#"<a href="/authors">Clear filter</a>"#))

            let wordsInAnyOrder = try await browser.get("/authors?q=" + formEncode("brontë emily")).text
            XCTAssertTrue(wordsInAnyOrder.contains("1 of 120 authors matches"))
            let none = try await browser.get("/authors?q=Tolkien").text
            XCTAssertTrue(none.contains("No authors match “Tolkien”"))
            let bad = try await browser.get("/authors?page=0")
            XCTAssertEqual(bad.status, .badRequest)
        }
    }
}
