extension TemplateParser {
    /// The text up to the next `{{` (consumed) or line end (not consumed), and the line end's length in bytes
    /// (0 when the text stopped at a tag or at the end). A line ends at `\n` or `\r\n`.
    mutating func readTextUntilTagOrNewline() -> (text: [UInt8], newline: Int) {
        let start = position
        while position < bytes.count {
            let newline = newlineLength(at: position, anyKind: false)
            if newline > 0 {
                return (Array(bytes[start..<position]), newline)
            }
            if bytes[position] == UInt8(ascii: "{"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "{")
            {
                let text = Array(bytes[start..<position])
                position += 2
                return (text, 0)
            }
            position += 1
        }
        return (Array(bytes[start..<position]), 0)
    }

    /// The spaces and tabs at the parser's position, consumed.
    mutating func readSpacesAndTabs() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        return bytes[start..<position]
    }

    /// How many bytes the line end at `index` takes: `\n` and `\r\n`, and with `anyKind` every other character
    /// Swift counts as a newline too (a lone `\r`, vertical tab, form feed, U+0085, U+2028, U+2029); 0 for none.
    func newlineLength(at index: Int, anyKind: Bool) -> Int {
        guard index < bytes.count else { return 0 }
        switch bytes[index] {
        case UInt8(ascii: "\n"):
            return 1
        case UInt8(ascii: "\r"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return 2 }
            return anyKind ? 1 : 0
        case 0x0B, 0x0C:
            return anyKind ? 1 : 0
        case 0xC2 where anyKind && index + 1 < bytes.count && bytes[index + 1] == 0x85:
            return 2
        case 0xE2
        where anyKind && index + 2 < bytes.count && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            return 3
        default:
            return 0
        }
    }

    /// Whether the tag just read stands alone on its line: the line started with it (after spaces or tabs) and
    /// only spaces or tabs follow it. When it does, the rest of the line, its line end included, is consumed.
    mutating func standsAlone(_ state: ParseState) -> Bool {
        guard state.atLineStart else { return false }
        if position >= bytes.count { return true }
        var index = position
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        let newline = newlineLength(at: index, anyKind: true)
        guard newline > 0 else { return false }
        position = index + newline
        return true
    }

    /// A tag's name and its closing `}}`, whitespace allowed around the name.
    mutating func readName() throws(TemplateSyntaxError) -> String {
        let name = try readTagWord(Self.nameBytes)
        if name.contains("(") || name.contains(")") {
            throw error("transforms such as “\(name)” are not supported")
        }
        return name
    }

    /// A partial's name (which may hold `/`) and its closing `}}`.
    mutating func readPartialName() throws(TemplateSyntaxError) -> String {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "*") {
            throw error("partials named by a value ({{>*name}}) are not supported")
        }
        return try readTagWord(Self.partialNameBytes)
    }

    /// Skips a comment's text and its closing `}}`.
    mutating func skipComment() throws(TemplateSyntaxError) {
        while position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: "}"), bytes[position + 1] == UInt8(ascii: "}") {
                position += 2
                return
            }
            position += 1
        }
        throw error("the comment is never closed with }}")
    }

    /// Reads `{{% CONTENT_TYPE: HTML_UTF8 }}`, the one pragma templates use (the pages are HTML, escaped by bytes).
    mutating func readPragma() throws(TemplateSyntaxError) {
        skipWhitespace()
        let variable = readWord(Self.pragmaBytes)
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("a pragma is written {{% NAME: VALUE }}")
        }
        position += 1
        skipWhitespace()
        let value = readWord(Self.pragmaBytes)
        skipWhitespace()
        try readClosingBraces()
        guard variable == "CONTENT_TYPE" else { throw error("the pragma “\(variable)” is not known") }
        guard value == "HTML_UTF8" || value == "HTML" else {
            throw error("the content type “\(value)” is not supported; templates are HTML")
        }
    }

    private mutating func readTagWord(_ allowed: Set<UInt8>) throws(TemplateSyntaxError) -> String {
        skipWhitespace()
        let word = readWord(allowed)
        skipWhitespace()
        try readClosingBraces()
        return word
    }

    private mutating func readWord(_ allowed: Set<UInt8>) -> String {
        let start = position
        while position < bytes.count, allowed.contains(bytes[position]) {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readClosingBraces() throws(TemplateSyntaxError) {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "}"), bytes[position + 1] == UInt8(ascii: "}")
        else { throw error("the tag is not closed with }}") }
        position += 2
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(bytes[position]) {
            position += 1
        }
    }

    /// A syntax error at `index` (the parser's position unless given).
    func error(_ problem: String, at index: Int? = nil) -> TemplateSyntaxError {
        let end = min(index ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for offset in 0..<end where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return TemplateSyntaxError(line: line, column: column, problem: problem)
    }

    private static let pragmaBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*".utf8)
    private static let nameBytes = pragmaBytes.union("()".utf8)
    private static let partialNameBytes = nameBytes.union("/".utf8)
}
