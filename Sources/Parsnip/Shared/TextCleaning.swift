/// What every form does to typed text before it is checked or stored.
enum TextCleaning {
    /// Removes control characters a keyboard cannot type, so they never reach the store or the page.
    static func clean(_ text: String, keepLineBreaks: Bool) -> String {
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
