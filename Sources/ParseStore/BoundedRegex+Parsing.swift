extension BoundedRegex {
    /// The `i m s x` switches in force at one point of the pattern; groups restore them when they close.
    struct Flags {
        /// `i`: compare by simple case folding.
        var caseless = false
        /// `m`: `^` and `$` at every line.
        var multiline = false
        /// `s`: `.` also matches line terminators.
        var dotAll = false
        /// `x`: unescaped whitespace and `#` comments are ignored outside classes.
        var extended = false

        /// Turns the flag `letter` on or off; false when the letter is not one of `i m s x`.
        mutating func set(_ letter: Unicode.Scalar, to value: Bool) -> Bool {
            switch letter {
            case "i": caseless = value
            case "m": multiline = value
            case "s": dotAll = value
            case "x": extended = value
            default: return false
            }
            return true
        }
    }

    /// Reads a pattern into a `Node` tree by recursive descent, refusing whatever the linear matcher cannot honour.
    struct Parser {
        /// The pattern's scalars; positions in messages count them from 1.
        let scalars: [Unicode.Scalar]
        /// The next scalar to read.
        var index = 0
        /// The flags at the current point.
        var flags = Flags()
        /// How many groups enclose the current point.
        private var depth = 0

        /// Prepares to read `pattern`; the `$options` letters become the initial flags.
        init(pattern: String, options: String) throws(Refusal) {
            scalars = Array(pattern.unicodeScalars)
            guard scalars.count <= BoundedRegex.maximumPatternLength else {
                throw Refusal(
                    message: "The pattern is longer than \(BoundedRegex.maximumPatternLength) characters.")
            }
            for letter in options.unicodeScalars { _ = flags.set(letter, to: true) }
        }

        /// The whole pattern as a tree.
        mutating func parse() throws(Refusal) -> Node {
            let node = try parseChoice()
            // `parseChoice` only stops early at a `)` that no group opened.
            guard index == scalars.count else {
                throw Refusal(message: "The “)” at position \(index + 1) closes a group that was never opened.")
            }
            return node
        }

        /// The scalar `offset` places ahead, if the pattern goes on that far.
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        /// Reads one scalar.
        mutating func take() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            index += 1
            return scalars[index - 1]
        }

        /// Under `x`, steps over whitespace and `#` comments, which ICU and PCRE ignore between pattern pieces.
        mutating func skipIgnorable() {
            guard flags.extended else { return }
            while let scalar = peek() {
                if scalar == "#" {
                    while let next = take(), !BoundedRegex.isLineTerminator(next) {}
                } else if BoundedRegex.isPatternWhiteSpace(scalar) {
                    index += 1
                } else {
                    return
                }
            }
        }

        /// Alternatives separated by `|`, up to a `)` or the end.
        private mutating func parseChoice() throws(Refusal) -> Node {
            var alternatives = [try parseSequence()]
            while peek() == "|" {
                index += 1
                alternatives.append(try parseSequence())
            }
            return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
        }

        /// Quantified pieces up to a `|`, a `)` or the end.
        private mutating func parseSequence() throws(Refusal) -> Node {
            var items: [Node] = []
            while true {
                skipIgnorable()
                guard let scalar = peek(), scalar != "|", scalar != ")" else { break }
                guard let atom = try parseAtom(into: &items) else { continue }
                items.append(try parseQuantifier(of: atom))
            }
            if items.count == 1 { return items[0] }
            return items.isEmpty ? .empty : .sequence(items)
        }

        /// One piece a quantifier may follow, or nil for pieces that match nothing (flag switches, comments, `\Q\E`).
        /// `\Q…\E` adds all but its last scalar to `items` itself, since a quantifier repeats only that last one.
        private mutating func parseAtom(into items: inout [Node]) throws(Refusal) -> Node? {
            let position = index + 1
            guard let scalar = take() else { return nil }
            switch scalar {
            case "(":
                return try parseGroup()
            case "[":
                return .set(try parseClass())
            case ".":
                return .dot(crossesLines: flags.dotAll)
            case "^":
                return .assertion(flags.multiline ? .lineStart : .textStart)
            case "$":
                return .assertion(flags.multiline ? .lineEnd : .textEndOrFinalTerminator)
            case "\\":
                return try parseEscape(into: &items)
            case "{":
                throw Refusal(message: "The “{” at position \(position) repeats nothing; write \\{ for a brace.")
            case "*", "+", "?":
                throw Refusal(message: "The “\(scalar)” at position \(position) has nothing before it to repeat.")
            default:
                return .scalar(scalar, caseless: flags.caseless)
            }
        }

        /// `atom`, repeated when a quantifier follows it.
        private mutating func parseQuantifier(of atom: Node) throws(Refusal) -> Node {
            skipIgnorable()
            let lower: Int
            let upper: Int?
            switch peek() {
            case "*": (lower, upper) = (0, nil)
            case "+": (lower, upper) = (1, nil)
            case "?": (lower, upper) = (0, 1)
            case "{": (lower, upper) = try parseBounds()
            default: return atom
            }
            index += 1  // The quantifier, or the `}` that `parseBounds` stopped at.
            skipIgnorable()
            if peek() == "+" {
                throw Refusal(
                    message: "Possessive quantifiers such as *+ are not supported; use a plain * + ? or {n,m}.")
            }
            if peek() == "?" { index += 1 }  // Lazy: changes which match is reported, never whether one exists.
            return .repetition(atom, lower: lower, upper: upper)
        }

        /// Reads `{n}`, `{n,}` or `{n,m}`, leaving the index on the closing brace.
        private mutating func parseBounds() throws(Refusal) -> (Int, Int?) {
            let position = index + 1
            let malformed = Refusal(
                message: "The “{” at position \(position) does not start a repetition such as {3} or {2,5}; "
                    + "write \\{ for a brace.")
            index += 1
            skipIgnorable()
            guard let lower = readNumber() else { throw malformed }
            skipIgnorable()
            var upper: Int? = lower
            if peek() == "," {
                index += 1
                skipIgnorable()
                upper = readNumber()
                skipIgnorable()
            }
            guard peek() == "}" else { throw malformed }
            guard lower <= BoundedRegex.maximumRepetition, upper ?? 0 <= BoundedRegex.maximumRepetition else {
                throw Refusal(
                    message: "Repetition counts above \(BoundedRegex.maximumRepetition) are not supported.")
            }
            if let upper, upper < lower {
                throw Refusal(message: "The repetition {\(lower),\(upper)} has its larger count first.")
            }
            return (lower, upper)
        }

        /// Decimal digits as a number, capped well above any accepted count so long digit runs cannot overflow.
        private mutating func readNumber() -> Int? {
            var value: Int?
            while let scalar = peek(), let digit = BoundedRegex.asciiDigit(scalar) {
                value = min((value ?? 0) * 10 + digit, 1_000_000)
                index += 1
            }
            return value
        }

        /// A group, the index just past its `(`; nil for `(?#…)` comments and `(?i)`-style flag switches.
        private mutating func parseGroup() throws(Refusal) -> Node? {
            let open = index
            var inner = flags
            if peek() == "?" {
                index += 1
                switch take() {
                case ":":
                    break
                case "<" where peek() == "=" || peek() == "!":
                    throw Refusal(message: "Lookbehind groups (?<= and (?<! are not supported.")
                case "<":
                    try skipGroupName()
                case "P" where peek() == "<":
                    index += 1
                    try skipGroupName()
                case "P":
                    throw Refusal(message: "Back-references and recursion by group name are not supported.")
                case "=", "!":
                    throw Refusal(message: "Lookahead groups (?= and (?! are not supported.")
                case ">":
                    throw Refusal(message: "Atomic groups (?> are not supported; use a plain group (?: instead.")
                case "(":
                    throw Refusal(message: "Conditional groups (?( are not supported.")
                case "R", "+", "&", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9":
                    throw Refusal(message: "Recursion such as (?R) or (?1) is not supported.")
                case "#":
                    while let scalar = take() {
                        if scalar == ")" { return nil }
                    }
                    throw unclosedGroup(at: open)
                case nil:
                    throw unclosedGroup(at: open)
                default:
                    index -= 1
                    guard try parseFlags(into: &inner) else {
                        flags = inner  // `(?i)` switches flags for the rest of the enclosing group.
                        return nil
                    }
                }
            }
            guard depth < BoundedRegex.maximumNesting else {
                throw Refusal(message: "Groups are nested more than \(BoundedRegex.maximumNesting) deep.")
            }
            let outer = flags
            flags = inner
            depth += 1
            let body = try parseChoice()
            depth -= 1
            flags = outer
            guard take() == ")" else { throw unclosedGroup(at: open) }
            return body
        }

        /// Reads `i m s x` letters, optionally `-` and letters to switch off, up to `)` (returns false: the flags
        /// hold for the rest of the enclosing group) or `:` (returns true: they hold inside the new group).
        private mutating func parseFlags(into flags: inout Flags) throws(Refusal) -> Bool {
            var value = true
            while let scalar = take() {
                switch scalar {
                case ")": return false
                case ":": return true
                case "-" where value: value = false
                default:
                    guard flags.set(scalar, to: value) else {
                        throw Refusal(
                            message: "“(?\(scalar)” is not a supported group: only (?: (?<name> and the flags "
                                + "i, m, s and x may follow “(?”.")
                    }
                }
            }
            throw Refusal(message: "A “(?” group is not closed.")
        }

        /// Steps over a group name and its closing `>`; captures do not matter, only that the name is well-formed.
        private mutating func skipGroupName() throws(Refusal) {
            let start = index
            while let scalar = peek(), scalar.isASCII,
                scalar.properties.isAlphabetic || BoundedRegex.asciiDigit(scalar) != nil
                    || scalar == "_"
            {
                index += 1
            }
            guard index > start, BoundedRegex.asciiDigit(scalars[start]) == nil, take() == ">" else {
                throw Refusal(
                    message: "A group name must be letters, digits or “_”, not starting with a digit, then “>”.")
            }
        }

        /// The refusal for a `(` at 1-based `open` that no `)` closes.
        private func unclosedGroup(at open: Int) -> Refusal {
            Refusal(message: "The “(” at position \(open) is never closed by a “)”.")
        }
    }
}

extension BoundedRegex {
    /// `0`…`9` as its value.
    static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    /// The scalars ICU ends lines at: LF, VT, FF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// Unicode's Pattern_White_Space, which `x` ignores.
    static func isPatternWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x09...0x0D).contains(value) || value == 0x20 || value == 0x85 || value == 0x200E
            || value == 0x200F || value == 0x2028 || value == 0x2029
    }
}
