/// Reads and writes ingredient quantities the way cooks type them: "2", "0.5", "0,5", "1/2", "1 1/2", "1½".
///
/// Values within 1e-9 of a multiple of 1/8 or 1/6 are snapped to that exact fraction, both when reading and
/// when writing, so `parse(format(x)) == x` holds for every `x` that `parse` returns: "0.333333333" and "⅓"
/// are the same third, and a third is always shown as "⅓".
enum QuantityText {
    /// The fraction glyphs `parse` accepts, with their numerator and denominator.
    static let glyphs: [Character: (numerator: Int, denominator: Int)] = [
        "¼": (1, 4), "½": (1, 2), "¾": (3, 4), "⅓": (1, 3), "⅔": (2, 3), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5),
        "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8),
    ]

    /// The glyph `format` writes for each remainder in 24ths (multiples of 1/8 and of 1/6 only).
    static let glyphsByTwentyFourths: [Int: Character] = [
        3: "⅛", 4: "⅙", 6: "¼", 8: "⅓", 9: "⅜", 12: "½", 15: "⅝", 16: "⅔", 18: "¾", 20: "⅚", 21: "⅞",
    ]

    /// How close a value must be to a common fraction to count as that fraction.
    static let tolerance = 1e-9

    /// The quantity `text` means, or nil when it is not one of the accepted forms (no signs, no exponents, no
    /// thousands separators, no division by zero). Surrounding spaces are ignored.
    static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = decimal(trimmed) ?? fraction(trimmed) ?? withGlyph(trimmed), value.isFinite else {
            return nil
        }
        return snapped(value)
    }

    /// An ingredient's quantity as the pages write it: `format`, or nothing for 0 (an ingredient without one).
    static func ingredientText(_ value: Double) -> String { value == 0 ? "" : format(value) }

    /// `value` as a cook reads it: "2", "1½", "⅓", "2¼", or else the shortest decimal ("0.1", "2.35").
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        if let twentyFourths = commonFraction(magnitude) {
            let whole = twentyFourths / 24
            guard let glyph = glyphsByTwentyFourths[twentyFourths % 24] else { return sign + "\(whole)" }
            return sign + (whole == 0 ? "" : "\(whole)") + String(glyph)
        }
        return sign + plainDecimal(magnitude)
    }

    // MARK: In a language

    /// The quantity `text` means as typed on a page in `language`: "1,5" and "1.5" everywhere, "½", "1 ½", "1 1/2".
    static func parse(_ text: String, in language: Language) -> Double? {
        parse(TypedNumber.plain(text, in: language))
    }

    /// `format` with `language`'s decimal mark: "1½", "0,1" in Spanish, "0.1" in English.
    static func format(_ value: Double, in language: Language) -> String {
        let text = format(value)
        return LocalFormats.decimalMark(language) == "." ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// `ingredientText` with `language`'s decimal mark.
    static func ingredientText(_ value: Double, in language: Language) -> String {
        value == 0 ? "" : format(value, in: language)
    }

    // MARK: Reading

    /// "2", "0.5", "0,5", ".5", "2." — one optional decimal separator, ASCII digits only.
    private static func decimal(_ text: String) -> Double? {
        var separators = 0
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."), UInt8(ascii: ","): separators += 1
            default: return nil
            }
        }
        guard digits > 0, separators <= 1 else { return nil }
        // Double's own reader rounds correctly, which keeps `format` → `parse` exact for decimals.
        let normalized = "0" + text.replacingOccurrences(of: ",", with: ".")
        return Double(normalized.hasSuffix(".") ? normalized + "0" : normalized)
    }

    /// "1/2", "3/2", "1 1/2" (a whole number, spaces, then a proper fraction).
    private static func fraction(_ text: String) -> Double? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let last = parts.last, parts.count <= 2 else { return nil }
        let halves = last.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let numerator = wholeNumber(halves[0]), let denominator = wholeNumber(halves[1]),
            denominator > 0
        else { return nil }
        guard parts.count == 2 else { return numerator / denominator }
        guard let whole = wholeNumber(parts[0]), numerator < denominator else { return nil }
        // One correctly rounded division of the exact rational: "1 1/3" and "4/3" give the same Double.
        return (whole * denominator + numerator) / denominator
    }

    /// "½", "1½", "1 ½".
    private static func withGlyph(_ text: String) -> Double? {
        guard let last = text.last, let glyph = glyphs[last] else { return nil }
        let head = text.dropLast().trimmingCharacters(in: .whitespaces)
        if head.isEmpty { return Double(glyph.numerator) / Double(glyph.denominator) }
        guard let whole = wholeNumber(Substring(head)) else { return nil }
        let numerator = whole * Double(glyph.denominator) + Double(glyph.numerator)
        return numerator / Double(glyph.denominator)
    }

    /// ASCII digits only, as a Double (exact up to 2^53).
    private static func wholeNumber(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return Double(String(text))
    }

    /// `value` replaced by the exact common fraction it is within `tolerance` of, if any.
    private static func snapped(_ value: Double) -> Double {
        guard let twentyFourths = commonFraction(value) else { return value }
        return Double(twentyFourths) / 24
    }

    /// `value` in 24ths when it is within `tolerance` of a multiple of 1/8 or 1/6 (1/3 included), else nil.
    private static func commonFraction(_ value: Double) -> Int? {
        // Beyond 2^40 a 24th is below the spacing of Doubles and Int conversion stays far from overflow.
        guard value >= 0, value < 0x1p40 else { return nil }
        let nearest = (value * 24).rounded()
        guard abs(value - nearest / 24) <= tolerance else { return nil }
        let twentyFourths = Int(nearest)
        return twentyFourths % 3 == 0 || twentyFourths % 4 == 0 ? twentyFourths : nil
    }

    // MARK: Writing

    /// `value` (≥ 0) in plain positional digits, never an exponent, with the fewest digits that read back exactly.
    static func plainDecimal(_ value: Double) -> String {
        // Swift's description has the shortest round-trip digits; only its exponent layout must be undone.
        let description = value.description
        guard let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(description[description.index(after: e)...])
        else {
            return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
        }
        let mantissa = description[..<e]
        let point = mantissa.firstIndex(of: ".")
        let integerDigits = point.map { mantissa[..<$0] } ?? mantissa
        let fractionDigits = point.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        let digits = String(integerDigits) + fractionDigits
        let pointPosition = integerDigits.count + exponent
        if pointPosition <= 0 {
            return "0." + String(repeating: "0", count: -pointPosition) + digits
        }
        if pointPosition >= digits.count {
            return digits + String(repeating: "0", count: pointPosition - digits.count)
        }
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        return digits[..<split] + "." + digits[split...]
    }
}
