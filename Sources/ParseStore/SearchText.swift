import Foundation

/// The one way text is prepared for the search index and for a search, so both always agree: lower case, accents
/// and ligatures folded ("Bœuf" → "boeuf", "Straße" → "strasse"), every CJK character a word of its own (so a run
/// of them is found by any part of it), and runs of digits broken only by hyphens or spaces joined into one word
/// ("978-0-441-01359-3" → "9780441013593"), so an ISBN is found however it is typed.
public enum SearchText {
    /// `text` as the index stores it: words separated by spaces.
    public static func folded(_ text: String) -> String {
        var folded = StoreFunctions.foldedForSorting(text)
        if folded.unicodeScalars.contains(where: { ligatures[$0] != nil }) {
            folded = String(
                String.UnicodeScalarView(
                    folded.unicodeScalars.flatMap { ligatures[$0].map { Array($0.unicodeScalars) } ?? [$0] }))
        }
        return joiningDigitRuns(spacingCJK(folded))
    }

    /// The words of a search as typed, folded like indexed text; empty for a search with no letters or digits.
    public static func words(of search: String) -> [String] {
        folded(search).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// What a search looks for: every word of `search` as the start of a word, in any order ("roast", "parsn"); a
    /// run of CJK characters is one phrase that must appear together, as it was typed. Empty when there is nothing
    /// to find.
    static func searchTerms(of search: String) -> [SearchTerm] {
        var terms: [SearchTerm] = []
        var cjkRun: [String] = []
        func closeRun() {
            guard !cjkRun.isEmpty else { return }
            terms.append(.phrase(cjkRun))
            cjkRun = []
        }
        for word in words(of: search) {
            if word.unicodeScalars.count == 1, let scalar = word.unicodeScalars.first, isCJK(scalar) {
                cjkRun.append(word)
                continue
            }
            closeRun()
            terms.append(.prefix(word))
        }
        closeRun()
        return terms
    }

    /// The words of a stored document's text (already `folded`), split as a search's words are.
    static func indexWords(ofFolded text: String) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// Letters written as two in a plain alphabet, which case and accent folding leaves alone.
    private static let ligatures: [Unicode.Scalar: String] = [
        "œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ĳ": "ij", "ﬁ": "fi",
        "ﬂ": "fl",
    ]

    /// Han, kana, hangul and CJK punctuation-free symbols: scripts written without spaces between words.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// Spaces around every CJK character.
    private static func spacingCJK(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isCJK) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                scalars.append(" ")
                scalars.append(scalar)
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Numbers written in groups joined into one word: digits separated by single hyphens always
    /// ("2024-05-01" → "20240501"), and by single spaces too when the whole run has the 10 or 13 digits of an ISBN
    /// ("978 0 441 01359 3"), so "Pay 20 and 30" keeps its two numbers.
    private static func joiningDigitRuns(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }),
            bytes.contains(where: isDigit)
        else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard isDigit(bytes[index]), index == 0 || !bytes[index - 1].isLetterOrDigit else {
                output.append(bytes[index])
                index += 1
                continue
            }
            // A run: digit groups joined by one hyphen or space, perhaps ending in an ISBN's "x".
            var end = index
            var digits = 0
            var spaced = false
            while end < bytes.count {
                if isDigit(bytes[end]) || isFinalX(bytes, at: end) {
                    if isDigit(bytes[end]) { digits += 1 }
                    end += 1
                } else if bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: " "), end + 1 < bytes.count,
                    isDigit(bytes[end + 1]) || isFinalX(bytes, at: end + 1), end > index, isDigit(bytes[end - 1])
                {
                    if bytes[end] == UInt8(ascii: " ") { spaced = true }
                    end += 1
                } else {
                    break
                }
            }
            let joinSpaces =
                !spaced || digits == 10 || digits == 13 || (digits == 9 && bytes[end - 1] == UInt8(ascii: "x"))
            for byte in bytes[index..<end] where byte != UInt8(ascii: "-") && (byte != UInt8(ascii: " ") || !joinSpaces)
            {
                output.append(byte)
            }
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// An "x" that ends a word: an ISBN-10's check digit.
    private static func isFinalX(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes[index] == UInt8(ascii: "x") && (index + 1 == bytes.count || !(bytes[index + 1].isLetterOrDigit))
    }
}

extension UInt8 {
    /// An ASCII letter or digit.
    fileprivate var isLetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
