import XCTest

@testable import Parsnip

/// A memo works a key's value out once, answers the same value after, and never holds more keys than its bound.
final class BoundedMemoTests: XCTestCase {
    func testAKeyIsWorkedOutOnceAndTheMemoStartsAgainPastItsBound() {
        let memo = BoundedMemo<Int, String>(limit: 3)
        var workedOut: [Int] = []
        func value(_ key: Int) -> String {
            memo.value(key) { key in
                workedOut.append(key)
                return "value \(key)"
            }
        }
        XCTAssertEqual(value(1), "value 1")
        XCTAssertEqual(value(1), "value 1")
        XCTAssertEqual(workedOut, [1], "asked twice, worked out once")
        _ = [value(2), value(3)]
        XCTAssertEqual(workedOut, [1, 2, 3])
        // A fourth key finds the memo full: it starts again, so the first is worked out anew.
        XCTAssertEqual(value(4), "value 4")
        XCTAssertEqual(value(1), "value 1")
        XCTAssertEqual(workedOut, [1, 2, 3, 4, 1])
        XCTAssertEqual(value(4), "value 4")
        XCTAssertEqual(workedOut, [1, 2, 3, 4, 1], "the fourth was kept after the memo started again")
    }

    func testAnAuthorsSortKeyAndAnISBNsHyphensAreTheSameFromTheMemo() {
        for name in ["Terry Pratchett", "Pratchett, Terry", "Ursula K. Le Guin", "Émile Zola"] {
            XCTAssertEqual(PersonName.sortKey(name), PersonName.sortKey(name))
        }
        XCTAssertLessThan(PersonName.sortKey("Octavia Butler"), PersonName.sortKey("Ursula K. Le Guin"))
        XCTAssertEqual(ISBNHyphens.shown("9780306406157"), "978-0-306-40615-7")
        XCTAssertEqual(ISBNHyphens.shown("9780306406157"), "978-0-306-40615-7")
        XCTAssertEqual(ISBNHyphens.shown("0306406152"), "0-306-40615-2")
    }
}
