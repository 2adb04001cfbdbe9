import Foundation
import XCTest

/// The language tests' fast `contains` answers as `String.contains` does, for pieces of a text and for texts it lacks.
final class TextHaystackTests: XCTestCase {
    func testAnswersLikeContainsForEveryPieceOfATextAndForChangedPieces() {
        var generator = SystemRandomNumberGenerator()
        let words = ["Añadir", "a", "to-do", "list", "“quoted”", "日本語", "the", "book", "&", "\n", "Save"]
        let text = (0..<400).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        let haystack = TextHaystack(text)
        let characters = Array(text)
        for _ in 0..<2_000 {
            let start = Int.random(in: 0..<(characters.count - 1), using: &generator)
            let length = Int.random(in: 1...min(30, characters.count - start), using: &generator)
            var piece = String(characters[start..<start + length])
            XCTAssertTrue(haystack.contains(piece), "a piece of the text: \(piece)")
            if Bool.random(using: &generator) {
                piece.insert("#", at: piece.index(piece.startIndex, offsetBy: piece.count / 2))
            }
            XCTAssertEqual(haystack.contains(piece), text.contains(piece), piece)
        }
        XCTAssertFalse(haystack.contains(text + "!"), "longer than the text")
        XCTAssertFalse(TextHaystack("short").contains("shorter"))
        XCTAssertTrue(TextHaystack("").contains(""))
    }
}
