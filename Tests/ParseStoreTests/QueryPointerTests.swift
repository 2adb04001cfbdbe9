import Foundation
import XCTest

@testable import ParseStore

/// Pointer equality, `$in`/`$nin` of Pointers, arrays of Pointers, `$inQuery` and `$select`.
final class QueryPointerTests: XCTestCase {
    private var store: ParseStore!
    private var genres: [ParseObject] = []

    override func setUp() async throws {
        store = try makeMemoryStore()
        genres = try await seed(
            store, "Genre",
            [["name": "scifi", "city": "Paris"], ["name": "poetry", "city": "Rome"], ["name": "crime"]])
        let (scifi, poetry, crime) = (genres[0].pointer, genres[1].pointer, genres[2].pointer)
        try await seed(
            store, "Book",
            [
                [
                    "name": "dune", "genre": .pointer(scifi), "shelves": [.pointer(scifi), .pointer(crime)],
                    "city": "Paris",
                ],
                ["name": "odes", "genre": .pointer(poetry), "shelves": [.pointer(poetry)], "city": "Oslo"],
                ["name": "solaris", "genre": .pointer(scifi), "city": "Rome"],
                ["name": "blank"],
            ])
    }

    func test_pointerEquality_matchesByObjectId() async throws {
        let found = try await nameSet(store, ParseQuery("Book").where("genre", equalTo: .pointer(genres[0].pointer)))
        XCTAssertEqual(found, ["dune", "solaris"])
    }

    func test_pointerEquality_withAnotherClassName_matchesNothing() async throws {
        let stranger = ParsePointer(className: "Author", objectId: genres[0].objectId)
        let found = try await nameSet(store, ParseQuery("Book").where("genre", equalTo: .pointer(stranger)))
        XCTAssertEqual(found, [])
    }

    func test_inWithPointers_matchesAnyListedTarget() async throws {
        let list: ParseValue = [.pointer(genres[1].pointer), .pointer(genres[2].pointer)]
        let found = try await nameSet(store, ParseQuery("Book").where("genre", "$in", list))
        XCTAssertEqual(found, ["odes"])
    }

    func test_ninWithPointers_excludesListedTargetsAndKeepsMissing() async throws {
        let found = try await nameSet(store, ParseQuery("Book").where("genre", "$nin", [.pointer(genres[0].pointer)]))
        XCTAssertEqual(found, ["odes", "blank"])
    }

    func test_equality_onArrayOfPointers_matchesArraysContainingThePointer() async throws {
        let found = try await nameSet(store, ParseQuery("Book").where("shelves", equalTo: .pointer(genres[2].pointer)))
        XCTAssertEqual(found, ["dune"])
    }

    func test_in_onArrayOfPointers_matchesArraysSharingAPointer() async throws {
        let list: ParseValue = [.pointer(genres[1].pointer), .pointer(genres[2].pointer)]
        let found = try await nameSet(store, ParseQuery("Book").where("shelves", "$in", list))
        XCTAssertEqual(found, ["dune", "odes"])
    }

    func test_inQuery_matchesPointersToObjectsTheSubQueryFinds() async throws {
        let sub: ParseValue = ["className": "Genre", "where": ["city": "Paris"]]
        let found = try await nameSet(store, ParseQuery("Book").where("genre", "$inQuery", sub))
        XCTAssertEqual(found, ["dune", "solaris"])
    }

    func test_notInQuery_matchesTheOthersIncludingMissing() async throws {
        let sub: ParseValue = ["className": "Genre", "where": ["city": "Paris"]]
        let found = try await nameSet(store, ParseQuery("Book").where("genre", "$notInQuery", sub))
        XCTAssertEqual(found, ["odes", "blank"])
    }

    func test_inQuery_onArrayOfPointers_matchesArraysWithAFoundTarget() async throws {
        let sub: ParseValue = ["className": "Genre", "where": ["name": "crime"]]
        let found = try await nameSet(store, ParseQuery("Book").where("shelves", "$inQuery", sub))
        XCTAssertEqual(found, ["dune"])
    }

    func test_select_matchesValuesOfTheSubQueryKey() async throws {
        let select: ParseValue = ["query": ["className": "Genre", "where": ["name": ["$ne": "crime"]]], "key": "city"]
        let found = try await nameSet(store, ParseQuery("Book").where("city", "$select", select))
        XCTAssertEqual(found, ["dune", "solaris"])
    }

    func test_dontSelect_matchesOtherValues() async throws {
        let select: ParseValue = ["query": ["className": "Genre", "where": [:]], "key": "city"]
        let found = try await nameSet(store, ParseQuery("Book").where("city", "$dontSelect", select))
        XCTAssertEqual(found, ["odes", "blank"])
    }

    func test_inQuery_onAClassNeverWritten_matchesNothing() async throws {
        let sub: ParseValue = ["className": "Ghost", "where": [:]]
        let found = try await nameSet(store, ParseQuery("Book").where("genre", "$inQuery", sub))
        XCTAssertEqual(found, [])
    }
}
