/// A number typed into the recipe editor, read as the page's language writes numbers ("3,50", "1.234,50",
/// "1,234.50") before the recipe's own parsers (`Price.parse`, `QuantityText.parse`) read it.
enum TypedNumber {
    /// `LocalFormats.plainNumber` of `text` when its grouping is well formed (one to three digits, then groups of
    /// exactly three); else `text` unchanged, so the parser refuses "3.9.9" or "12,34,56" instead of reading 399.
    static func plain(_ text: String, in language: Language) -> String {
        let plain = LocalFormats.plainNumber(text, in: language)
        guard plain != text else { return text }
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        // The decimal mark, when `plainNumber` found one, is the last mark typed.
        let marks: Set<Character> = [".", ","]
        let whole = plain.contains(".") ? body[..<(body.lastIndex(where: marks.contains) ?? body.endIndex)] : body
        let groups = whole.split(omittingEmptySubsequences: false, whereSeparator: { !($0.isASCII && $0.isNumber) })
        guard
            groups.count == 1 || ((1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 })
        else { return text }
        return plain
    }
}
