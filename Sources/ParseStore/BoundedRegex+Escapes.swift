extension BoundedRegex.Parser {
    typealias Node = BoundedRegex.Node
    typealias Refusal = BoundedRegex.Refusal

    /// What an escape or a class member stands for: one scalar (which may start a range) or a whole category.
    enum ClassAtom {
        case scalar(Unicode.Scalar)
        case item(BoundedRegex.ClassItem)
    }

    /// A `\` escape outside classes, the index just past the backslash; nil for an empty `\Q\E`.
    mutating func parseEscape(into items: inout [Node]) throws(Refusal) -> Node? {
        let position = index
        guard let letter = take() else { throw danglingBackslash }
        switch letter {
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "A": return .assertion(.textStart)
        case "z": return .assertion(.textEnd)
        case "Z": return .assertion(.textEndOrFinalTerminator)
        case "Q": return quote(into: &items)
        case "1"..."9", "k":
            throw Refusal(message: "Back-references such as \\1 or \\k<name> are not supported.")
        default:
            switch try parseEscapedAtom(letter, at: position) {
            case .scalar(let scalar):
                return .scalar(scalar, caseless: flags.caseless)
            case .item(let item):
                // Negating the whole class (not the item) folds case first, then negates, as ICU does for `\P{Lu}`.
                let positive = BoundedRegex.ClassItem(predicate: item.predicate, inverted: false)
                return .set(
                    BoundedRegex.ScalarClass(
                        ranges: [], items: [positive], negated: item.inverted, caseless: flags.caseless))
            }
        }
    }

    /// `\Q…\E`: literal scalars up to `\E` or the end. All but the last go straight into `items`, so that a
    /// following quantifier repeats only the last scalar, as in ICU and PCRE.
    private mutating func quote(into items: inout [Node]) -> Node? {
        var quoted: [Node] = []
        while let scalar = take() {
            if scalar == "\\", peek() == "E" {
                index += 1
                break
            }
            quoted.append(.scalar(scalar, caseless: flags.caseless))
        }
        guard let last = quoted.popLast() else { return nil }
        items.append(contentsOf: quoted)
        return last
    }

    /// The escapes shared by classes and the rest of the pattern: class shorthands, properties, control
    /// characters, code points, and escaped punctuation standing for itself. Other letters and digits are refused
    /// so that a pattern relying on an escape this engine lacks fails loudly instead of matching differently.
    mutating func parseEscapedAtom(_ letter: Unicode.Scalar, at position: Int) throws(Refusal) -> ClassAtom {
        typealias Item = BoundedRegex.ClassItem
        switch letter {
        case "d", "D": return .item(Item(predicate: .decimalDigit, inverted: letter == "D"))
        case "w", "W": return .item(Item(predicate: .word, inverted: letter == "W"))
        case "s", "S": return .item(Item(predicate: .whiteSpace, inverted: letter == "S"))
        case "h", "H": return .item(Item(predicate: .horizontalSpace, inverted: letter == "H"))
        case "v", "V": return .item(Item(predicate: .verticalSpace, inverted: letter == "V"))
        case "p", "P": return .item(Item(predicate: try parseProperty(), inverted: letter == "P"))
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "e": return .scalar("\u{1B}")
        case "a": return .scalar("\u{07}")
        case "0": return .scalar(readOctal())
        case "x" where peek() == "{":
            index += 1
            let value = readHex(maximumDigits: 8)
            guard take() == "}" else { throw badCodePoint(at: position) }
            return .scalar(try scalar(value, at: position))
        case "x": return .scalar(try scalar(readHex(maximumDigits: 2), at: position))
        case "u": return .scalar(try scalar(readHex(maximumDigits: 4, exactly: true), at: position))
        case "U": return .scalar(try scalar(readHex(maximumDigits: 8, exactly: true), at: position))
        default:
            guard letter.isASCII, letter.properties.isAlphabetic || BoundedRegex.asciiDigit(letter) != nil else {
                return .scalar(letter)
            }
            throw Refusal(message: "The escape \\\(letter) at position \(position) is not supported.")
        }
    }

    /// The braced name after `\p` or `\P`.
    private mutating func parseProperty() throws(Refusal) -> BoundedRegex.ClassPredicate {
        guard take() == "{" else {
            throw Refusal(message: "Write Unicode properties with braces, such as \\p{L} or \\p{Nd}.")
        }
        var name = String.UnicodeScalarView()
        while let scalar = take(), scalar != "}" { name.append(scalar) }
        guard scalars[index - 1] == "}" else { throw Refusal(message: "A \\p{ property is not closed by “}”.") }
        guard let predicate = BoundedRegex.ClassPredicate(propertyName: String(name)) else {
            throw Refusal(
                message: "The property \\p{\(String(name))} is not supported; use a general category such as "
                    + "\\p{L}, \\p{Lu}, \\p{Ll}, \\p{N}, \\p{Nd}, \\p{P}, \\p{S} or \\p{Z}.")
        }
        return predicate
    }

    /// `\0` and up to three octal digits, stopping before a digit that would pass 0377 (ICU's rule).
    private mutating func readOctal() -> Unicode.Scalar {
        var value: UInt8 = 0
        for _ in 0..<3 {
            guard let digit = peek(), ("0"..."7").contains(digit), value < 0o40 else { break }
            value = value * 8 + UInt8(digit.value - 0x30)
            index += 1
        }
        return Unicode.Scalar(value)
    }

    /// Up to `maximumDigits` hexadecimal digits (exactly that many when `exactly`); -1 when the count is wrong.
    private mutating func readHex(maximumDigits: Int, exactly: Bool = false) -> Int {
        var value = 0
        var digits = 0
        while digits < maximumDigits, let scalar = peek(),
            let digit = scalar.properties.isASCIIHexDigit
                ? Int(String(scalar), radix: 16) : nil
        {
            value = value * 16 + digit
            digits += 1
            index += 1
        }
        return digits == 0 || (exactly && digits != maximumDigits) ? -1 : value
    }

    /// The scalar for a code point escape; surrogates and values past U+10FFFF are refused.
    private func scalar(_ value: Int, at position: Int) throws(Refusal) -> Unicode.Scalar {
        guard value >= 0, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: value)), value <= 0x10FFFF else {
            throw badCodePoint(at: position)
        }
        return scalar
    }

    private func badCodePoint(at position: Int) -> Refusal {
        Refusal(
            message: "The code point escape at position \(position) is malformed or names no Unicode character; "
                + "write \\xhh, \\x{h…}, \\uhhhh or \\Uhhhhhhhh.")
    }

    private var danglingBackslash: Refusal {
        Refusal(message: "The pattern ends with a lone “\\”; write \\\\ for a backslash.")
    }

    /// A `[…]` class, the index just past the `[`.
    mutating func parseClass() throws(Refusal) -> BoundedRegex.ScalarClass {
        let open = index
        // ICU reads a whole `[:alpha:]` as a POSIX class rather than a class of the letters `:alph`.
        if let item = try posixClass(startingAt: index - 1) {
            return BoundedRegex.ScalarClass(ranges: [], items: [item], negated: false, caseless: flags.caseless)
        }
        let negated = peek() == "^"
        if negated { index += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        var items: [BoundedRegex.ClassItem] = []
        var first = true
        while true {
            guard let scalar = peek() else {
                throw Refusal(message: "The “[” at position \(open) is never closed by a “]”.")
            }
            if scalar == "]", !first {
                index += 1
                break
            }
            first = false
            switch try parseClassAtom(open: open) {
            case .item(let item):
                items.append(item)
            case .scalar(let low):
                guard peek() == "-", let after = peek(1), after != "]" else {
                    ranges.append(low.value...low.value)
                    continue
                }
                index += 1
                guard case .scalar(let high) = try parseClassAtom(open: open) else {
                    throw Refusal(message: "A range inside […] must end with a single character, not a class.")
                }
                guard low <= high else {
                    throw Refusal(message: "The range \(low)-\(high) inside […] runs backwards.")
                }
                ranges.append(low.value...high.value)
            }
        }
        return BoundedRegex.ScalarClass(ranges: ranges, items: items, negated: negated, caseless: flags.caseless)
    }

    /// One member of a class: a scalar, an escape, or a nested `[:name:]`.
    private mutating func parseClassAtom(open: Int) throws(Refusal) -> ClassAtom {
        let position = index + 1
        guard let scalar = take() else {
            throw Refusal(message: "The “[” at position \(open) is never closed by a “]”.")
        }
        switch scalar {
        case "\\":
            guard let letter = take() else { throw danglingBackslash }
            return try parseEscapedAtom(letter, at: position)
        case "[":
            if let item = try posixClass(startingAt: index - 1) { return .item(item) }
            throw Refusal(
                message: "Classes nested inside […] are not supported; write \\[ for a bracket.")
        case "&" where peek() == "&", "-" where peek() == "-":
            // ICU reads these as set intersection and difference, PCRE as plain characters: refuse the ambiguity.
            throw Refusal(message: "Write “&&” and “--” inside […] escaped, as \\&\\& and \\-\\-.")
        case _ where flags.extended && (BoundedRegex.isPatternWhiteSpace(scalar) || scalar == "#"):
            // Under `x`, ICU ignores these inside classes and PCRE keeps them: refuse the ambiguity.
            throw Refusal(message: "Under the x option, write spaces and “#” inside […] escaped, as “\\ ” and \\#.")
        default:
            return .scalar(scalar)
        }
    }

    /// `[:name:]` or `[:^name:]` starting at the `[` at `start`, or nil (index unchanged) when that is not the form.
    private mutating func posixClass(startingAt start: Int) throws(Refusal) -> BoundedRegex.ClassItem? {
        guard start + 1 < scalars.count, scalars[start] == "[", scalars[start + 1] == ":" else { return nil }
        var cursor = start + 2
        let inverted = cursor < scalars.count && scalars[cursor] == "^"
        if inverted { cursor += 1 }
        let nameStart = cursor
        while cursor < scalars.count, scalars[cursor].isASCII, scalars[cursor].properties.isAlphabetic {
            cursor += 1
        }
        guard cursor > nameStart, cursor + 1 < scalars.count, scalars[cursor] == ":", scalars[cursor + 1] == "]"
        else { return nil }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<cursor]))
        guard let predicate = BoundedRegex.ClassPredicate(propertyName: name) else {
            throw Refusal(
                message: "The class [:\(name):] is not supported; use alpha, digit, alnum, space, upper, lower, "
                    + "punct, blank or word.")
        }
        index = cursor + 2
        return BoundedRegex.ClassItem(predicate: predicate, inverted: inverted)
    }
}
