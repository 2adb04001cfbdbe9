extension WhereClause {
    /// A `$regex` that only matches fixed text — `\Q…\E`, escaped or plain characters, optionally `^`/`$` anchored —
    /// which SQL can test with `instr`/`substr`/`LIKE` instead of running a regular expression on every row.
    struct LiteralPattern: Equatable {
        /// The text the pattern matches.
        var text: String
        /// `^`: the value starts with the text.
        var anchoredAtStart: Bool
        /// `$`: the value ends with the text.
        var anchoredAtEnd: Bool

        init(text: String, anchoredAtStart: Bool, anchoredAtEnd: Bool) {
            self.text = text
            self.anchoredAtStart = anchoredAtStart
            self.anchoredAtEnd = anchoredAtEnd
        }

        /// The literal reading of `pattern` under `options`, or nil when it needs a real regex engine.
        ///
        /// With `m`, anchors match at every line, and with `x`, unquoted whitespace and `#` are syntax: such
        /// patterns go to the engine. ParseSwift's `contains`/`hasPrefix`/`hasSuffix` always read literally.
        init?(_ pattern: WhereClause.Pattern) {
            let scalars = Array(pattern.pattern.unicodeScalars)
            let multiline = pattern.options.contains("m")
            let extended = pattern.options.contains("x")
            var text = String.UnicodeScalarView()
            var index = 0
            anchoredAtStart = false
            anchoredAtEnd = false
            if scalars.first == "^" {
                if multiline { return nil }
                anchoredAtStart = true
                index = 1
            }
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\\" {
                    guard index + 1 < scalars.count else { return nil }
                    let next = scalars[index + 1]
                    if next == "Q" {
                        index += 2
                        while index < scalars.count {
                            if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "E" { break }
                            text.append(scalars[index])
                            index += 1
                        }
                        index += 2  // past `\E` (or past the end when the quote runs to the end)
                        continue
                    }
                    // An escaped punctuation character stands for itself; `\d`, `\n`, `\E`… need the engine.
                    guard next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next),
                        !next.properties.isWhitespace
                    else { return nil }
                    text.append(next)
                    index += 2
                    continue
                }
                if scalar == "$", index == scalars.count - 1 {
                    if multiline { return nil }
                    anchoredAtEnd = true
                    index += 1
                    continue
                }
                if Self.metacharacters.contains(scalar) { return nil }
                if extended, scalar.properties.isWhitespace || scalar == "#" { return nil }
                text.append(scalar)
                index += 1
            }
            self.text = String(text)
        }

        /// Characters with a meaning in ICU/PCRE patterns outside `\Q…\E`.
        private static let metacharacters: Set<Unicode.Scalar> = [
            ".", "^", "$", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|",
        ]
    }
}
