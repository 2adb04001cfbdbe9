/// ISBN text: what people type (spaces and hyphens anywhere) to the stored digits, and the check-digit rules.
enum ISBNText {
    /// The typed ISBN with spaces and hyphens removed and a final "x" upper-cased; other characters are kept, so
    /// a wrong character fails `isValid` rather than being silently dropped.
    static func normalize(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text where !Self.ignored(character) {
            output.append(character)
        }
        if output.last == "x" { output = output.dropLast() + "X" }
        return output
    }

    /// True for a normalised ISBN-10 (nine digits and a check digit or "X", weighted sum divisible by 11) or
    /// ISBN-13 (thirteen digits, weights 1 and 3, sum divisible by 10).
    static func isValid(_ normalized: String) -> Bool {
        let bytes = Array(normalized.utf8)
        switch bytes.count {
        case 10: return isValidISBN10(bytes)
        case 13: return isValidISBN13(bytes)
        default: return false
        }
    }

    /// The 13-digit form of a valid normalised ISBN: an ISBN-13 as it is, an ISBN-10 as "978", its first nine digits
    /// and a new check digit. Two ISBNs are the same book when these are equal.
    static func thirteenDigits(_ normalized: String) -> String {
        let bytes = Array(normalized.utf8)
        guard bytes.count == 10 else { return normalized }
        let body = Array("978".utf8) + bytes.prefix(9)
        var sum = 0
        for (index, byte) in body.enumerated() {
            sum += Int(byte - UInt8(ascii: "0")) * (index.isMultiple(of: 2) ? 1 : 3)
        }
        return String(decoding: body, as: UTF8.self) + String((10 - sum % 10) % 10)
    }

    /// The 10-digit form of a valid normalised ISBN: an ISBN-10 as it is, an ISBN-13 starting "978" as its nine
    /// middle digits and a new check digit ("X" for ten); nil for a "979" ISBN, which has no 10-digit form.
    static func tenDigits(_ normalized: String) -> String? {
        let bytes = Array(normalized.utf8)
        if bytes.count == 10 { return normalized }
        guard bytes.count == 13, bytes.starts(with: Array("978".utf8)) else { return nil }
        let body = bytes[3..<12]
        var sum = 0
        for (index, byte) in body.enumerated() { sum += Int(byte - UInt8(ascii: "0")) * (10 - index) }
        let check = (11 - sum % 11) % 11
        return String(decoding: body, as: UTF8.self) + (check == 10 ? "X" : String(check))
    }

    /// Every stored form the same book's ISBN may have: its 13-digit form and, when there is one, its 10-digit form.
    static func forms(_ normalized: String) -> [String] {
        let thirteen = thirteenDigits(normalized)
        return [thirteen] + (tenDigits(thirteen).map { [$0] } ?? [])
    }

    /// The normalised ISBN when the typed text is a valid ISBN-10 or ISBN-13, else nil.
    static func parse(_ text: String) -> String? {
        let normalized = normalize(text)
        return isValid(normalized) ? normalized : nil
    }

    private static func ignored(_ character: Character) -> Bool {
        // Hyphen-minus and the dashes and spaces a copy from a web page or PDF brings along.
        character == "-" || character == "\u{2010}" || character == "\u{2011}" || character == "\u{2013}"
            || character.isWhitespace
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func isValidISBN10(_ bytes: [UInt8]) -> Bool {
        var sum = 0
        for (index, byte) in bytes.enumerated() {
            let value: Int
            if let digit = digit(byte) {
                value = digit
            } else if index == 9, byte == UInt8(ascii: "X") {
                value = 10
            } else {
                return false
            }
            sum += value * (10 - index)
        }
        return sum % 11 == 0
    }

    private static func isValidISBN13(_ bytes: [UInt8]) -> Bool {
        var sum = 0
        for (index, byte) in bytes.enumerated() {
            guard let digit = digit(byte) else { return false }
            sum += digit * (index.isMultiple(of: 2) ? 1 : 3)
        }
        return sum.isMultiple(of: 10)
    }
}
