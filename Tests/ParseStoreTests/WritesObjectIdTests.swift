import XCTest

@testable import ParseStore

/// A generator that replays fixed words, to drive the objectId rejection sampling.
private struct ReplayGenerator: RandomNumberGenerator {
    var words: [UInt64]
    mutating func next() -> UInt64 { words.isEmpty ? 0 : words.removeFirst() }
}

/// objectIds: ten characters from A–Z a–z 0–9, from the CSPRNG, without modulo bias.
final class WritesObjectIdTests: XCTestCase {
    func testObjectIdIsTenCharactersFromTheParseAlphabet() {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<1_000 {
            let id = ObjectIdGenerator.make()
            XCTAssertEqual(id.count, 10)
            XCTAssertTrue(id.allSatisfy(allowed.contains), id)
        }
    }

    func testBytesAtOrAbove248AreRejectedInsteadOfWrappedModulo62() {
        // Little-endian bytes: 255, 248, then 0 (A), 61 (9), 62 (A again, 62 % 62), 247 (247 % 62 = 61 → 9)…
        let first: UInt64 = 0x00_00_F7_3E_3D_00_F8_FF
        var generator = ReplayGenerator(words: [first, 0, 0])
        let id = ObjectIdGenerator.make(using: &generator)
        XCTAssertEqual(id, "A9A9AAAAAA")
    }

    func testObjectIdsDoNotRepeatOverManyDraws() {
        var seen = Set<String>()
        for _ in 0..<20_000 { seen.insert(ObjectIdGenerator.make()) }
        XCTAssertEqual(seen.count, 20_000)
    }

    func testEverySymbolIsAboutEquallyLikely() {
        var counts = [UInt8: Int]()
        for _ in 0..<31_000 {
            for byte in ObjectIdGenerator.make().utf8 { counts[byte, default: 0] += 1 }
        }
        XCTAssertEqual(counts.count, 62)
        // 310,000 symbols → 5,000 expected each; a biased mapping (byte % 62) would give the first 8 symbols
        // about 5,020 and the rest 4,995, invisible here, so this only guards against gross skew.
        for (symbol, count) in counts {
            XCTAssertTrue((4_500...5_500).contains(count), "\(UnicodeScalar(symbol)): \(count)")
        }
    }

    func testCreatedObjectsGetValidDistinctIds() async throws {
        let store = try makeMemoryStore()
        let ids = try await store.write { writer in
            try (0..<50).map { _ in try writer.create("Thing", [:]).objectId }
        }
        XCTAssertEqual(Set(ids).count, 50)
        XCTAssertTrue(ids.allSatisfy { $0.count == 10 })
    }
}
