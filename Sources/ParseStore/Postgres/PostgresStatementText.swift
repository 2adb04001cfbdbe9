/// One SQL text as PostgreSQL takes it: the store's `?` placeholders numbered `$1…$n`, and the text cut into its
/// statements at the semicolons between them.
///
/// A `?` or `;` inside a quoted literal (`'it''s?'`, `E'\'?'`), a dollar-quoted literal (`$$…$$`, `$tag$…$tag$`), a
/// double-quoted identifier (`"why?"`) or a comment (`-- …`, `/* … */`) is left alone. PostgreSQL's own `?`, `?|`
/// and `?&` JSON operators cannot be written, since every other `?` is a placeholder: use `jsonb_exists`,
/// `jsonb_exists_any` and `jsonb_exists_all` instead.
struct PostgresStatementText: Sendable, Hashable {
    /// The statements, placeholders numbered across the whole text; empty statements are left out.
    let statements: [String]
    /// How many `?` the text held.
    let placeholderCount: Int

    /// The text as one statement (several joined by semicolons; PostgreSQL then refuses it unless it runs alone).
    var sql: String { statements.joined(separator: ";\n") }

    /// True for one statement that only reads: it starts with `SELECT`, `VALUES` or `TABLE` (after any opening
    /// parentheses). A `WITH` may hide an INSERT, UPDATE or DELETE, so it does not count.
    let isQuery: Bool

    /// Reads `text`; with `casts`, the `n`th placeholder is written `$n::<casts[n-1]>` when that is not nil (a
    /// prepared statement's way of fixing its parameters' types).
    init(_ text: String, casts: [String?] = []) {
        var scanner = Scanner(Array(text.utf8), casts: casts)
        scanner.run()
        statements = scanner.statements
        placeholderCount = scanner.placeholders
        let firstWord = statements.first?.drop { $0.isWhitespace || $0 == "(" }.prefix { $0.isLetter }.lowercased()
        isQuery = statements.count == 1 && ["select", "values", "table"].contains(firstWord)
    }

    /// Walks the text once, copying it into statements and numbering its placeholders.
    private struct Scanner {
        let bytes: [UInt8]
        let casts: [String?]
        var index = 0
        var current: [UInt8] = []
        /// True once the statement being copied holds more than white space and comments.
        var hasContent = false
        var statements: [String] = []
        var placeholders = 0

        init(_ bytes: [UInt8], casts: [String?]) {
            self.bytes = bytes
            self.casts = casts
            current.reserveCapacity(bytes.count + 16)
        }

        /// Copies the whole text, statement by statement.
        mutating func run() {
            while index < bytes.count {
                let byte = bytes[index]
                let isComment =
                    (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-"))
                    || (byte == UInt8(ascii: "/") && next == UInt8(ascii: "*"))
                if !isComment && !Self.isSpace(byte) && byte != UInt8(ascii: ";") { hasContent = true }
                switch byte {
                case UInt8(ascii: "'"):
                    copyQuoted(closer: byte, backslashEscapes: startsEscapeString())
                case UInt8(ascii: "\""):
                    copyQuoted(closer: byte, backslashEscapes: false)
                case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                    copy(through: bytes[index...].firstIndex(of: UInt8(ascii: "\n")))
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    copyBlockComment()
                case UInt8(ascii: "$"):
                    copyDollarQuotedOrSign()
                case UInt8(ascii: "?"):
                    placeholders += 1
                    current.append(UInt8(ascii: "$"))
                    current.append(contentsOf: String(placeholders).utf8)
                    if placeholders <= casts.count, let cast = casts[placeholders - 1] {
                        current.append(contentsOf: "::\(cast)".utf8)
                    }
                    index += 1
                case UInt8(ascii: ";"):
                    endStatement()
                    index += 1
                default:
                    current.append(byte)
                    index += 1
                }
            }
            endStatement()
        }

        private var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

        /// True when the quote at `index` opens an `E'…'` literal, where a backslash escapes the next character.
        private func startsEscapeString() -> Bool {
            guard index > 0, bytes[index - 1] | 0x20 == UInt8(ascii: "e") else { return false }
            return index == 1 || !Self.isIdentifierByte(bytes[index - 2])
        }

        /// Copies a literal or identifier from its opening quote through its closing one (a doubled quote inside
        /// stays inside).
        private mutating func copyQuoted(closer: UInt8, backslashEscapes: Bool) {
            var end = index + 1
            while end < bytes.count {
                if backslashEscapes && bytes[end] == UInt8(ascii: "\\") {
                    end += 2
                } else if bytes[end] == closer {
                    if end + 1 < bytes.count && bytes[end + 1] == closer {
                        end += 2
                    } else {
                        break
                    }
                } else {
                    end += 1
                }
            }
            copy(through: end < bytes.count ? end : nil)
        }

        /// Copies a `/* … */` comment, which PostgreSQL lets nest.
        private mutating func copyBlockComment() {
            var depth = 0
            var end = index
            while end + 1 < bytes.count {
                if bytes[end] == UInt8(ascii: "/") && bytes[end + 1] == UInt8(ascii: "*") {
                    depth += 1
                    end += 2
                } else if bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    end += 2
                    if depth == 0 { break }
                } else {
                    end += 1
                }
            }
            copy(through: depth == 0 ? end - 1 : nil)
        }

        /// Copies a `$tag$ … $tag$` literal whole, or a lone `$` (a `$1` parameter, a `$` inside a name).
        private mutating func copyDollarQuotedOrSign() {
            let followsName = index > 0 && Self.isIdentifierByte(bytes[index - 1])
            var tagEnd = index + 1
            while tagEnd < bytes.count && Self.isIdentifierByte(bytes[tagEnd]) && bytes[tagEnd] != UInt8(ascii: "$") {
                tagEnd += 1
            }
            let isParameter = next.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
            guard !followsName, !isParameter, tagEnd < bytes.count, bytes[tagEnd] == UInt8(ascii: "$") else {
                current.append(bytes[index])
                index += 1
                return
            }
            let tag = bytes[index...tagEnd]
            var search = tagEnd + 1
            while search + tag.count <= bytes.count {
                if bytes[search..<search + tag.count].elementsEqual(tag) {
                    copy(through: search + tag.count - 1)
                    return
                }
                search += 1
            }
            copy(through: nil)
        }

        /// Copies from `index` through `last` (to the end of the text when nil) and moves past it.
        private mutating func copy(through last: Int?) {
            let end = last.map { $0 + 1 } ?? bytes.count
            current.append(contentsOf: bytes[index..<end])
            index = end
        }

        /// Closes the statement being copied, keeping it unless it is only white space and comments.
        private mutating func endStatement() {
            if hasContent { statements.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
            hasContent = false
        }

        /// True for ASCII white space.
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 32 || (9...13).contains(byte)
        }

        /// True for a byte that can be part of an unquoted name: a letter, digit, `_`, `$` or any non-ASCII byte.
        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
                true
            default: false
            }
        }
    }
}
