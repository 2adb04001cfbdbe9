import XCTest

@testable import ParseStore

/// `BoundedRegex` accepts the ICU/PCRE syntax Parse users write, answers like NSRegularExpression on it, refuses
/// what a linear-time matcher cannot honour, and never needs more steps than text length × program size.
final class BoundedRegexTests: XCTestCase {
    private let budget = 10_000_000

    private func outcome(_ pattern: String, _ options: String, _ text: String) throws -> BoundedRegex.Outcome {
        try BoundedRegex(pattern: pattern, options: options).matches(text, stepLimit: budget)
    }

    private func assertMatches(
        _ pattern: String, options: String = "", _ texts: [String], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        for text in texts {
            XCTAssertEqual(try outcome(pattern, options, text), .match, "\(pattern) on \(text)", file: file, line: line)
        }
    }

    private func assertNoMatch(
        _ pattern: String, options: String = "", _ texts: [String], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        for text in texts {
            XCTAssertEqual(
                try outcome(pattern, options, text), .noMatch, "\(pattern) on \(text)", file: file, line: line)
        }
    }

    private func assertRefused(
        _ pattern: String, options: String = "", saying words: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        do {
            _ = try BoundedRegex(pattern: pattern, options: options)
            XCTFail("\(pattern) was accepted", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(words), "\(pattern): \(error.message)", file: file, line: line)
            XCTAssertTrue(error.message.hasSuffix("."), "\(pattern): \(error.message)", file: file, line: line)
        }
    }

    /// The fewest steps under which `text` gets an answer other than `.tooCostly`, found by bisection.
    private func stepsNeeded(_ regex: BoundedRegex, _ text: String) -> Int {
        var low = 0
        var high = 1
        while regex.matches(text, stepLimit: high) == .tooCostly {
            low = high
            high *= 2
        }
        while low + 1 < high {
            let middle = (low + high) / 2
            if regex.matches(text, stepLimit: middle) == .tooCostly { low = middle } else { high = middle }
        }
        return high
    }

    func testLiteralsMatchAnywhereInTheText() throws {
        try assertMatches("abc", ["abc", "xxabcxx", "ab abc"])
        try assertNoMatch("abc", ["", "ab", "acb", "ABC"])
        try assertMatches("", ["", "anything"])
        try assertMatches("é😀", ["café😀!"])
    }

    func testDotSkipsEveryLineTerminatorUnlessDotMatchesAll() throws {
        try assertMatches("a.b", ["axb", "a b", "a😀b", "a\tb"])
        for terminator in ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            try assertNoMatch("a.b", ["a\(terminator)b"])
            try assertMatches("a.b", options: "s", ["a\(terminator)b"])
            try assertMatches("a(?s:.)b", ["a\(terminator)b"])
        }
    }

    func testAlternationAndEveryKindOfGroup() throws {
        try assertMatches("^(cat|dog)s?$", ["cat", "dogs"])
        try assertNoMatch("^(cat|dog)s?$", ["cow", "cats!"])
        try assertMatches("^(?:ab)+$", ["ab", "ababab"])
        try assertMatches("(?<word>x)y", ["xy"])
        try assertMatches("(?P<word>x)y", ["xy"])
        try assertMatches("a(?#a comment)b", ["ab"])
        try assertMatches("^(a|)$", ["", "a"])
        try assertMatches("^(|a|b(c|d))$", ["", "bd"])
    }

    func testQuantifiersHonourTheirBoundsAndLazyFormsMatchTheSameTexts() throws {
        let cases: [(greedy: String, lazy: String, matching: [String], failing: [String])] = [
            ("^a*$", "^a*?$", ["", "aaa"], ["b"]), ("^a+$", "^a+?$", ["a", "aa"], [""]),
            ("^ab?c$", "^ab??c$", ["ac", "abc"], ["abbc"]), ("^a{3}$", "^a{3}?$", ["aaa"], ["aa", "aaaa"]),
            ("^a{2,}$", "^a{2,}?$", ["aa", "aaaaa"], ["a"]), ("^a{1,3}$", "^a{1,3}?$", ["a", "aaa"], ["", "aaaa"]),
            ("^a{0}b$", "^a{0}?b$", ["b"], ["ab"]),
        ]
        for (greedy, lazy, matching, failing) in cases {
            for pattern in [greedy, lazy] {
                try assertMatches(pattern, matching)
                try assertNoMatch(pattern, failing)
            }
        }
        try assertMatches("^(a|b){2}c$", ["abc", "bbc"])
    }

    func testInlineFlagsLastToTheEndOfTheirGroup() throws {
        try assertMatches("a(?i)b", ["aB"])
        try assertNoMatch("a(?i)b", ["AB"])
        try assertMatches("(?i:a)b", ["Ab"])
        try assertNoMatch("(?i:a)b", ["AB"])
        try assertMatches("(?i)a(?-i)b", ["Ab"])
        try assertNoMatch("(?i)a(?-i)b", ["AB"])
        try assertMatches("(a(?i)b)c", ["aBc"])
        try assertNoMatch("(a(?i)b)c", ["aBC"])
        try assertMatches("x(?i)y|z", ["Z"])
        try assertMatches("(?x) a b ", ["ab"])
        try assertMatches("(?m)^b", ["a\nb"])
        try assertMatches("(?s)a.b", ["a\nb"])
        try assertMatches("(?im-sx)^B", ["a\nb"])
        try assertNoMatch("(?-i)a", options: "i", ["A"])
    }

    func testOptionLettersSwitchOnTheirFlagsAndUnknownLettersAreIgnored() throws {
        try assertMatches("abc", options: "i", ["xABCx"])
        try assertMatches("^b$", options: "m", ["a\nb\nc"])
        try assertMatches("a.c", options: "s", ["a\nc"])
        try assertMatches("a b c # letters", options: "x", ["abc"])
        try assertMatches("abc", options: "qz", ["abc"])
        try assertNoMatch("abc", options: "qz", ["ABC"])
    }

    func testCaseInsensitiveMatchingComparesSimpleCaseFolds() throws {
        try assertMatches("straße", options: "i", ["STRAẞE"])
        try assertMatches("k", options: "i", ["K", "\u{212A}"])
        try assertMatches("σ", options: "i", ["Σ", "ς"])
        try assertMatches("s", options: "i", ["ſ"])
        try assertMatches("ǆ", options: "i", ["ǅ", "Ǆ"])
        try assertNoMatch("i", options: "i", ["ı"])
        try assertMatches("[a-z]", options: "i", ["Q"])
        try assertMatches("[À-Ý]", options: "i", ["é"])
        try assertMatches("[\u{212A}]", options: "i", ["k"])
        try assertNoMatch("[^a]", options: "i", ["A"])
        try assertMatches("\\p{Lu}", options: "i", ["a"])
        try assertNoMatch("\\P{Lu}", options: "i", ["A"])
        try assertNoMatch("[\\P{Lu}]", options: "i", ["A"])
        try assertMatches("1", options: "i", ["1"])
    }

    func testAnchorsWithoutMultilineHoldOnlyAtTheEdgesOfTheText() throws {
        try assertMatches("^ab", ["abc"])
        try assertNoMatch("^b", ["ab", "a\nb"])
        try assertMatches("ab$", ["ab", "ab\n", "ab\r\n", "ab\u{2028}"])
        try assertNoMatch("ab$", ["ab\n\n", "ab\nc", "abc"])
        try assertMatches("\\Aab", ["ab"])
        try assertNoMatch("\\Ab", ["ab"])
        try assertMatches("ab\\z", ["ab"])
        try assertNoMatch("ab\\z", ["ab\n"])
        try assertMatches("ab\\Z", ["ab", "ab\n"])
        try assertNoMatch("ab\\Z", ["ab\n\n"])
        try assertMatches("\\A\\z", [""])
    }

    func testMultilineAnchorsHoldAtEveryLine() throws {
        try assertMatches("^b$", options: "m", ["a\nb\nc", "a\r\nb\r\nc", "a\u{2029}b"])
        try assertNoMatch("^b$", options: "m", ["a\nbc", "ab\nc"])
        try assertNoMatch("^$", options: "m", ["a\n"])
        try assertMatches("^$", options: "m", ["", "a\n\nb"])
        try assertNoMatch("\\r$\\n", options: "m", ["\r\n"])
        try assertNoMatch("\\r^\\n", options: "m", ["\r\n"])
        try assertNoMatch("\\Ab", options: "m", ["a\nb"])
    }

    func testWordBoundariesFollowUnicodeWordCharactersAndSkipMarks() throws {
        try assertMatches("\\bfoo\\b", ["foo", "a foo.", "(foo)"])
        try assertNoMatch("\\bfoo\\b", ["food", "_foo"])
        try assertMatches("\\bcafé\\b", ["un café noir"])
        try assertNoMatch("a\\b", ["a\u{301}"])
        try assertMatches("a\\B", ["a\u{301}"])
        try assertMatches("\\Boo\\B", ["food"])
        try assertNoMatch("\\b", ["", "  "])
        try assertMatches("\\B", [""])
    }

    func testShorthandClassesAreUnicodeAware() throws {
        try assertMatches("^\\d+$", ["123", "٣٤"])
        try assertNoMatch("\\d", ["Ⅳ", "x"])
        try assertMatches("^\\w+$", ["héllo_1", "Ⅳ", "a\u{301}"])
        try assertNoMatch("\\w", ["-", " ", "."])
        try assertMatches("^\\s+$", [" \t\n\r\u{0B}\u{0C}\u{85}\u{A0}\u{2028}\u{3000}"])
        try assertNoMatch("\\s", ["\u{200B}", "x"])
        try assertMatches("^\\D\\W\\S$", ["a-b"])
        try assertMatches("^\\h\\v$", ["\u{A0}\u{2029}"])
        try assertNoMatch("\\h", ["\n"])
        try assertMatches("^\\H\\V$", ["\na"])
    }

    func testEscapesStandForTheirCharacters() throws {
        try assertMatches("^\\t\\n\\r\\f\\e\\a$", ["\t\n\r\u{0C}\u{1B}\u{07}"])
        try assertMatches("^\\0\\012\\x41\\x{1F600}\\u00E9\\U0001F600$", ["\u{0}\nA😀é😀"])
        try assertMatches("^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\\\\\|\\^\\$\\/\\-\\ $", [".*+?()[]{}\\|^$/- "])
        try assertMatches("^\\Q.*(\\E+$", [".*((("])
        try assertMatches("^a\\Q.*", ["a.*"])
        try assertNoMatch("^a\\Q.*", ["abc"])
        try assertMatches("\\Q\\E", [""])
    }

    func testUnicodePropertiesUseGeneralCategories() throws {
        let cases: [(String, String, String)] = [
            ("L", "ж", "1"), ("Lu", "Ж", "ж"), ("Ll", "ж", "Ж"), ("N", "Ⅳ", "a"), ("Nd", "٣", "Ⅳ"), ("P", "¿", "$"),
            ("S", "€", "-"), ("Z", "\u{3000}", "\t"), ("Letter", "a", "1"), ("uppercase letter", "A", "a"),
        ]
        for (name, member, stranger) in cases {
            try assertMatches("^\\p{\(name)}$", [member])
            try assertNoMatch("^\\p{\(name)}$", [stranger])
            try assertMatches("^\\P{\(name)}$", [stranger])
            try assertMatches("^[\\p{\(name)}]$", [member])
        }
        assertRefused("\\p{Greek}", saying: "\\p{Greek}")
        assertRefused("\\pL", saying: "braces")
    }

    func testCharacterClassesWithRangesNegationAndLiteralEdges() throws {
        try assertMatches("^[a-cx]+$", ["abcx"])
        try assertNoMatch("[a-cx]", ["dyz"])
        try assertMatches("^[^a-c]$", ["d", "\n"])
        try assertNoMatch("[^a-c]", ["b"])
        try assertMatches("^[]a]+$", ["]a]"])
        try assertMatches("^[^]a]$", ["b"])
        try assertNoMatch("^[^]a]$", ["]"])
        try assertMatches("^[a-]+$", ["a-"])
        try assertMatches("^[-a]+$", ["-a"])
        try assertMatches("^[\\w-.]+$", ["a-b.c"])
        try assertMatches("^[\\d\\s]+$", ["1 2"])
        try assertNoMatch("[^\\W]", ["-"])
        try assertMatches("^[\\x41-\\x{43}]+$", ["ABC"])
        try assertMatches("^[.$^*]+$", [".$^*"])
        try assertMatches("^[[:alpha:]][[:digit:]][[:space:]][[:punct:]]$", ["é1 !"])
        try assertMatches("^[[:upper:][:lower:]][[:alnum:]][[:^digit:]]$", ["Ab-"])
        try assertMatches("^[:alpha:]$", ["x"])
        try assertNoMatch("[:alpha:]", [":"])
    }

    func testExtendedModeIgnoresWhitespaceAndCommentsOutsideClasses() throws {
        try assertMatches("^a b # the rest is a comment\n c$", options: "x", ["abc"])
        try assertMatches("^a\\ b$", options: "x", ["a b"])
        try assertMatches("^a +$", options: "x", ["aaa"])
        try assertMatches("^a{1, 2}$", options: "x", ["aa"])
        try assertMatches("^\\Qa b\\E$", options: "x", ["a b"])
        try assertMatches("^[\\ ]$", options: "x", [" "])
        assertRefused("[a b]", options: "x", saying: "escaped")
        assertRefused("[#]", options: "x", saying: "escaped")
    }

    func testConstructsThatNeedBacktrackingAreRefused() {
        assertRefused("(a)\\1", saying: "Back-references")
        assertRefused("(?<n>a)\\k<n>", saying: "Back-references")
        assertRefused("a(?=b)", saying: "Lookahead")
        assertRefused("a(?!b)", saying: "Lookahead")
        assertRefused("(?<=a)b", saying: "Lookbehind")
        assertRefused("(?<!a)b", saying: "Lookbehind")
        assertRefused("(?>a+)b", saying: "Atomic")
        for possessive in ["a*+", "a++", "a?+", "a{2}+", "a{1,3}+", "a* +"] {
            assertRefused(possessive, options: possessive.contains(" ") ? "x" : "", saying: "Possessive")
        }
        assertRefused("(?(1)a|b)", saying: "Conditional")
        assertRefused("(?R)", saying: "Recursion")
        assertRefused("(a)(?1)", saying: "Recursion")
        assertRefused("(?|a)", saying: "not a supported group")
        assertRefused("(?P=n)", saying: "Back-references")
    }

    func testMalformedPatternsAreRefusedWithASentence() {
        assertRefused("(a", saying: "never closed")
        assertRefused("a)", saying: "never opened")
        assertRefused("[a", saying: "never closed")
        assertRefused("[]", saying: "never closed")
        assertRefused("a\\", saying: "lone")
        assertRefused("*a", saying: "nothing before it")
        assertRefused("a**", saying: "nothing before it")
        assertRefused("a|+", saying: "nothing before it")
        assertRefused("(?i)*", saying: "nothing before it")
        assertRefused("[z-a]", saying: "backwards")
        assertRefused("a{2,1}", saying: "larger count first")
        assertRefused("a{", saying: "repetition")
        assertRefused("a{,2}", saying: "repetition")
        assertRefused("{", saying: "repeats nothing")
        assertRefused("[a-\\d]", saying: "single character")
        assertRefused("[a[b]]", saying: "nested")
        assertRefused("[a&&b]", saying: "&&")
        assertRefused("[[:word2:]]", saying: "nested")
        assertRefused("[[:graph:]]", saying: "[:graph:]")
        for escape in ["\\c", "\\N{SPACE}", "\\X", "\\E", "\\G", "\\R", "\\K", "\\y"] {
            assertRefused(escape, saying: "is not supported")
        }
        assertRefused("\\x{110000}", saying: "code point")
        assertRefused("\\x{D800}", saying: "code point")
        assertRefused("\\u12", saying: "code point")
        assertRefused("(?w)a", saying: "not a supported group")
        assertRefused("(?<1a>x)", saying: "group name")
    }

    func testPatternLengthRepetitionAndProgramSizeLimits() throws {
        XCTAssertNoThrow(try BoundedRegex(pattern: String(repeating: "a", count: 1_000), options: ""))
        assertRefused(String(repeating: "a", count: 1_001), saying: "longer than 1000")
        XCTAssertNoThrow(try BoundedRegex(pattern: "a{1000}", options: ""))
        assertRefused("a{1001}", saying: "above 1000")
        assertRefused("a{0,99999999999999999999}", saying: "above 1000")
        assertRefused("(a{1000}){1000}", saying: "too big")
        assertRefused("(a{100}){50}", saying: "too big")
        let deep = String(repeating: "(", count: 101) + String(repeating: ")", count: 101)
        assertRefused(deep, saying: "nested more than 100")
        let program = try BoundedRegex(pattern: "(ab|c){1,3}", options: "").program
        XCTAssertLessThanOrEqual(program.count, BoundedRegex.maximumProgramSize)
        XCTAssertEqual(program.last, .match)
    }

    func testNestedQuantifierOverLongTextAnswersWithinItsStepBudget() throws {
        let words = String(repeating: "lorem ipsum ", count: 1_000)
        let hostile: [(String, String)] = [
            ("(\\w+\\s?)*$X", words), ("(a+)+$", String(repeating: "a", count: 10_000) + "!"),
            ("(a|aa)*b", String(repeating: "a", count: 10_000)), ("(.*a){20}", String(repeating: "b", count: 10_000)),
            ("^(\\w+\\s?)*$", words + "!"), ("(x+x+)+y", String(repeating: "x", count: 10_000)),
        ]
        for (pattern, text) in hostile {
            let regex = try BoundedRegex(pattern: pattern, options: "")
            let ceiling = regex.program.count * (text.unicodeScalars.count + 1)
            XCTAssertEqual(regex.matches(text, stepLimit: ceiling), .noMatch, pattern)
            XCTAssertEqual(regex.matches(text, stepLimit: 1_000), .tooCostly, pattern)
        }
    }

    func testStepsGrowLinearlyWithTheText() throws {
        for pattern in ["(\\w+\\s?)*$X", "(a|aa)*d", "(.*a){20}X", "\\bfoo\\b"] {
            let regex = try BoundedRegex(pattern: pattern, options: "i")
            // Past a short warm-up, every further 100 repetitions of the text cost exactly the same steps.
            let steps = [100, 200, 300].map { stepsNeeded(regex, String(repeating: "ab c", count: $0)) }
            XCTAssertEqual(steps[2] - steps[1], steps[1] - steps[0], pattern)
            XCTAssertLessThanOrEqual(steps[2] - steps[1], regex.program.count * 400, pattern)
        }
    }

    func testAMatchEndsTheSearchBeforeTheBudgetRunsOut() throws {
        let regex = try BoundedRegex(pattern: "(a|aa)*b", options: "")
        let text = "ab" + String(repeating: "a", count: 100_000)
        XCTAssertEqual(regex.matches(text, stepLimit: 100), .match)
        let anchored = try BoundedRegex(pattern: "^x", options: "")
        XCTAssertEqual(anchored.matches(String(repeating: "a", count: 100_000), stepLimit: 10), .noMatch)
    }

    func testCompiledPatternsCompareByMeaningAndCrossConcurrencyDomains() async throws {
        let regex = try BoundedRegex(pattern: "a[b-d]+", options: "i")
        XCTAssertEqual(regex, try BoundedRegex(pattern: "a[b-d]+", options: "i"))
        XCTAssertNotEqual(regex, try BoundedRegex(pattern: "a[b-d]+", options: ""))
        let outcome = await Task.detached { regex.matches("xACD", stepLimit: 1_000) }.value
        XCTAssertEqual(outcome, .match)
    }
}
