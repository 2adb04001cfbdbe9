/// Reading a typed price into whole cents, without ever going through a binary fraction.
extension Price {
    /// Why typed text is not a price.
    enum TextProblem: Error, Sendable, Hashable {
        /// Not digits with at most one "." or "," (e.g. "1,234.56", "1e3", "$3").
        case notANumber
        /// More than two digits after the separator (e.g. "3.999").
        case tooManyDecimals
        /// A minus sign in front of an otherwise good price.
        case negative
        /// More than 1,000,000.
        case tooLarge
    }

    /// The price `text` means as typed on a page in `language`: "3,50" or "3.50" everywhere, "1.234,50" in Spanish,
    /// Portuguese and French, "1,234.50" in English (read through `TypedNumber.plain`, then `parse`).
    static func parse(_ text: String, in language: Language) -> Result<Price, TextProblem> {
        parse(TypedNumber.plain(text, in: language))
    }

    /// "3.99" in English, Korean and Japanese, "3,99" in Spanish, Portuguese and French: the form's own format with
    /// the language's decimal mark (two decimals, no grouping).
    func text(in language: Language) -> String {
        let plain = text
        return LocalFormats.decimalMark(language) == "." ? plain : plain.replacingOccurrences(of: ".", with: ",")
    }

    /// The price `text` means: "3.99", "3,99", "3", "3.5" (3.50), ".5" (0.50), "3." (3.00); surrounding spaces
    /// ignored. No thousands separators, signs or currency symbols, at most two decimals, at most 1,000,000.
    static func parse(_ text: String) -> Result<Price, TextProblem> {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        var whole: [UInt8] = []
        var fraction: [UInt8] = []
        var seenSeparator = false
        for byte in body.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenSeparator { fraction.append(byte) } else { whole.append(byte) }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard !seenSeparator else { return .failure(.notANumber) }
                seenSeparator = true
            default:
                return .failure(.notANumber)
            }
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return .failure(.notANumber) }
        if negative { return .failure(.negative) }
        guard fraction.count <= 2 else { return .failure(.tooManyDecimals) }
        // Leading zeros say nothing; more than seven digits left is always over the limit (and cannot overflow).
        let significant = whole.drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 7 else { return .failure(.tooLarge) }
        let units = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let hundredths = (fraction + Array(repeating: UInt8(ascii: "0"), count: 2 - fraction.count))
            .reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let cents = units * 100 + hundredths
        guard cents <= RecipeDraft.Limits.priceCents else { return .failure(.tooLarge) }
        return .success(Price(cents: cents))
    }
}
