import XCTest

@testable import Parsnip

/// The quick check that lets most text skip cleaning never skips text that cleaning would change: for generated
/// text over every kind of character cleaning treats differently, `clean` equals the scalar-by-scalar cleaning.
final class TextCleaningTests: XCTestCase {
    /// Characters cleaning keeps, drops, turns into others or trims, and their neighbours in UTF-8.
    private let alphabet: [String] = [
        "a", "Z", "0", "~", "!", " ", "\t", "\r", "\n", "\r\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}",
        "\u{A0}", "\u{A9}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{3000}", "日", "😀", "e\u{301}",
        "\u{FEFF}", "\u{85}", "\u{200B}",
    ]

    func testTheQuickCheckAgreesWithTheFullCleaningOnGeneratedText() {
        var generator = SystemRandomNumberGenerator()
        var skipped = 0
        for length in 0...6 {
            for _ in 0..<4_000 {
                let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                for keepLineBreaks in [true, false] {
                    let expected = TextCleaning.cleanScalarByScalar(text, keepLineBreaks: keepLineBreaks)
                    XCTAssertEqual(
                        TextCleaning.clean(text, keepLineBreaks: keepLineBreaks), expected,
                        "cleaning \(Array(text.unicodeScalars).map { String($0.value, radix: 16) })")
                    if TextCleaning.needsNoCleaning(text) {
                        skipped += 1
                        XCTAssertEqual(text, expected, "skipped text that cleaning changes")
                    }
                }
            }
        }
        XCTAssertGreaterThan(skipped, 100, "the generated text never took the quick path")
    }

    func testTextWithNothingToRemoveIsTakenAsItIsAndTheRestIsCleaned() {
        XCTAssertTrue(TextCleaning.needsNoCleaning("Buy 500 g carrots — for Roast parsnips"))
        XCTAssertFalse(TextCleaning.needsNoCleaning(" Buy"))
        XCTAssertFalse(TextCleaning.needsNoCleaning("Buy\u{85}milk"))
        XCTAssertFalse(TextCleaning.needsNoCleaning("Buy\u{2028}milk"))
        XCTAssertFalse(TextCleaning.needsNoCleaning(""))
        XCTAssertEqual(TextCleaning.clean("  Buy\u{0} milk\r\n", keepLineBreaks: true), "Buy milk")
        XCTAssertEqual(TextCleaning.clean("Buy\r\nmilk", keepLineBreaks: false), "Buy milk")
    }
}
