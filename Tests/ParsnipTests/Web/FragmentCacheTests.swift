import XCTest

@testable import Parsnip

/// The rendered-pieces cache renders a key once, keeps the pieces in use, and stays within its budget.
final class FragmentCacheTests: XCTestCase {
    func testAKeyIsRenderedOnceAndAnswersTheSamePieceAfterwards() {
        let cache = FragmentCache<String>(byteBudget: 1_000)
        var renders = 0
        for _ in 0..<3 {
            let piece = cache.fragment(for: "row-1") {
                renders += 1
                return "<li>Buy milk</li>"
            }
            XCTAssertEqual(piece, "<li>Buy milk</li>")
        }
        XCTAssertEqual(renders, 1)
        XCTAssertEqual(cache.fragment(for: "row-2") { "<li>Post the letter</li>" }, "<li>Post the letter</li>")
    }

    func testManyPiecesStayWithinTheBudgetAndThoseInUseAreKept() {
        // 100-byte pieces, 1,000 bytes: each generation holds five.
        let cache = FragmentCache<Int>(byteBudget: 1_000)
        let piece = { (key: Int) in String(repeating: "\(key % 10)", count: 100) }
        var renders = 0
        for key in 0..<200 {
            _ = cache.fragment(for: key) {
                renders += 1
                return piece(key)
            }
            // Key 0 is asked for after every other key: it must never need rendering again.
            _ = cache.fragment(for: 0) {
                renders += 1
                return piece(0)
            }
            XCTAssertLessThanOrEqual(cache.count, 10)
        }
        XCTAssertEqual(renders, 200, "every key rendered once, and key 0 only the first time")
    }

    func testAPieceLargerThanHalfTheBudgetIsRenderedButNotKept() {
        let cache = FragmentCache<String>(byteBudget: 100)
        var renders = 0
        for _ in 0..<2 {
            _ = cache.fragment(for: "big") {
                renders += 1
                return String(repeating: "x", count: 60)
            }
        }
        XCTAssertEqual(renders, 2)
        XCTAssertEqual(cache.count, 0)
    }

    func testASplitCacheRendersEachKeyOnceAndStaysWithinItsBudget() {
        // 16 shards of 100,000 bytes: 100-byte pieces, 500 a generation in each.
        let cache = FragmentCache<Int>(byteBudget: 1_600_000, shards: 16)
        var renders = 0
        for round in 0..<2 {
            for key in 0..<64 {
                let piece = cache.fragment(for: key) {
                    renders += 1
                    return String(repeating: "\(key % 10)", count: 100)
                }
                XCTAssertEqual(piece, String(repeating: "\(key % 10)", count: 100), "round \(round)")
            }
        }
        XCTAssertEqual(renders, 64, "every key rendered once, whichever shard it falls in")
        for key in 64..<40_000 { _ = cache.fragment(for: key) { String(repeating: "x", count: 100) } }
        XCTAssertLessThanOrEqual(cache.count, 16_000, "at most two generations of 500 pieces in each shard")
        XCTAssertGreaterThan(cache.count, 0)
    }
}
