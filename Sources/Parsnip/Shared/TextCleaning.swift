/// What every form does to typed text before it is checked or stored.
enum TextCleaning {
    /// Removes control characters a keyboard cannot type, so they never reach the store or the page.
    static func clean(_ text: String, keepLineBreaks: Bool) -> String {
        // Most text has nothing to remove: every save checks every text field, so that is found from the bytes.
        if needsNoCleaning(text) { return text }
        return cleanScalarByScalar(text, keepLineBreaks: keepLineBreaks)
    }

    /// Whether `clean` would give back `text` as it is: no control character, line or paragraph separator anywhere
    /// (their UTF-8 forms: a byte below 0x20, 0x7F, C2 80–9F, E2 80 A8–A9), and printable ASCII, not a space, at
    /// both ends (so there is no white space to trim). Text that begins or ends otherwise is cleaned the long way.
    static func needsNoCleaning(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last,
                (0x21...0x7E).contains(first), (0x21...0x7E).contains(last)
            else { return false }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return false }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return false }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    return false
                }
                index += 1
            }
            return true
        } ?? false
    }

    /// The cleaning itself, one Unicode scalar at a time.
    static func cleanScalarByScalar(_ text: String, keepLineBreaks: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\r":
                scalars.append(keepLineBreaks ? "\n" : " ")
            case "\n":
                // A browser sends line breaks as CR LF; the CR already became one break.
                if !previousWasCarriageReturn { scalars.append(keepLineBreaks ? "\n" : " ") }
            case "\t":
                scalars.append(keepLineBreaks ? "\t" : " ")
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                continue
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
