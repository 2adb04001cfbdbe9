extension BoundedRegex {
    /// A class member that is a whole category rather than listed scalars; `inverted` for `\D`, `\P{L}`, `[:^alpha:]`.
    struct ClassItem: Sendable, Equatable {
        /// The category.
        let predicate: ClassPredicate
        /// Whether the member is everything outside the category.
        let inverted: Bool
    }

    /// A Unicode category a scalar may belong to, defined as ICU defines the matching escape or property.
    enum ClassPredicate: Sendable, Equatable {
        /// General categories, one bit each (see `bit(for:)`); `\d` is decimal numbers, `\p{L}` the letters.
        case categories(UInt32)
        /// `\p{Alphabetic}`, `[:alpha:]`.
        case alphabetic
        /// `\p{Uppercase}`, `[:upper:]` (the property, wider than `\p{Lu}`).
        case uppercase
        /// `\p{Lowercase}`, `[:lower:]`.
        case lowercase
        /// `\s`, `[:space:]`: the White_Space property.
        case whiteSpace
        /// `\w`: alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ.
        case word
        /// `[:alnum:]`: alphabetic or decimal digit.
        case alphanumeric
        /// `\h`, `[:blank:]`: tab and space separators.
        case horizontalSpace
        /// `\v`: the line terminators (ICU's meaning; PCRE's `\v` is the same set).
        case verticalSpace

        /// Whether `scalar` belongs to the category.
        func test(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .categories(let mask): return mask & Self.bit(for: properties.generalCategory) != 0
            case .alphabetic: return properties.isAlphabetic
            case .uppercase: return properties.isUppercase
            case .lowercase: return properties.isLowercase
            case .whiteSpace: return properties.isWhitespace
            case .word: return BoundedRegex.isWord(scalar)
            case .alphanumeric: return properties.isAlphabetic || properties.generalCategory == .decimalNumber
            case .horizontalSpace: return scalar == "\t" || properties.generalCategory == .spaceSeparator
            case .verticalSpace: return BoundedRegex.isLineTerminator(scalar)
            }
        }

        /// The category a `\p{…}` or `[:…:]` name stands for, matched loosely as ICU does (case, spaces,
        /// `_` and `-` ignored); nil for names this engine does not know, such as scripts.
        init?(propertyName: String) {
            var key = String(propertyName.lowercased().unicodeScalars.filter { !" _-".unicodeScalars.contains($0) })
            for prefix in ["gc=", "generalcategory="] where key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
            if let mask = Self.categoryNames[key] {
                self = .categories(mask)
                return
            }
            switch key {
            case "alphabetic", "alpha": self = .alphabetic
            case "uppercase", "upper": self = .uppercase
            case "lowercase", "lower": self = .lowercase
            case "whitespace", "space", "wspace": self = .whiteSpace
            case "word": self = .word
            case "alnum": self = .alphanumeric
            case "blank": self = .horizontalSpace
            default: return nil
            }
        }

        /// Category names (short and long forms, plus the POSIX names ICU maps onto categories) to their bits.
        private static let categoryNames: [String: UInt32] = {
            let groups: [([String], [Unicode.GeneralCategory])] = [
                (
                    ["l", "letter"],
                    [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
                ),
                (["lc", "casedletter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
                (["lu", "uppercaseletter"], [.uppercaseLetter]), (["ll", "lowercaseletter"], [.lowercaseLetter]),
                (["lt", "titlecaseletter"], [.titlecaseLetter]), (["lm", "modifierletter"], [.modifierLetter]),
                (["lo", "otherletter"], [.otherLetter]),
                (["m", "mark", "combiningmark"], [.nonspacingMark, .spacingMark, .enclosingMark]),
                (["mn", "nonspacingmark"], [.nonspacingMark]), (["mc", "spacingmark"], [.spacingMark]),
                (["me", "enclosingmark"], [.enclosingMark]),
                (["n", "number"], [.decimalNumber, .letterNumber, .otherNumber]),
                (["nd", "decimalnumber", "digit"], [.decimalNumber]), (["nl", "letternumber"], [.letterNumber]),
                (["no", "othernumber"], [.otherNumber]),
                (
                    ["p", "punctuation", "punct"],
                    [
                        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                        .initialPunctuation, .finalPunctuation, .otherPunctuation,
                    ]
                ),
                (["pc", "connectorpunctuation"], [.connectorPunctuation]),
                (["pd", "dashpunctuation"], [.dashPunctuation]),
                (["ps", "openpunctuation"], [.openPunctuation]), (["pe", "closepunctuation"], [.closePunctuation]),
                (["pi", "initialpunctuation"], [.initialPunctuation]),
                (["pf", "finalpunctuation"], [.finalPunctuation]),
                (["po", "otherpunctuation"], [.otherPunctuation]),
                (["s", "symbol"], [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]),
                (["sm", "mathsymbol"], [.mathSymbol]), (["sc", "currencysymbol"], [.currencySymbol]),
                (["sk", "modifiersymbol"], [.modifierSymbol]), (["so", "othersymbol"], [.otherSymbol]),
                (["z", "separator"], [.spaceSeparator, .lineSeparator, .paragraphSeparator]),
                (["zs", "spaceseparator"], [.spaceSeparator]), (["zl", "lineseparator"], [.lineSeparator]),
                (["zp", "paragraphseparator"], [.paragraphSeparator]),
                (["c", "other"], [.control, .format, .surrogate, .privateUse, .unassigned]),
                (["cc", "control", "cntrl"], [.control]), (["cf", "format"], [.format]),
                (["co", "privateuse"], [.privateUse]), (["cn", "unassigned"], [.unassigned]),
            ]
            var names: [String: UInt32] = ["any": ~0]
            for (aliases, categories) in groups {
                let mask = categories.reduce(UInt32(0)) { $0 | BoundedRegex.ClassPredicate.bit(for: $1) }
                for alias in aliases { names[alias] = mask }
            }
            return names
        }()

        /// One bit per general category, so a class of several categories is a single mask test.
        static func bit(for category: Unicode.GeneralCategory) -> UInt32 {
            switch category {
            case .uppercaseLetter: 1 << 0
            case .lowercaseLetter: 1 << 1
            case .titlecaseLetter: 1 << 2
            case .modifierLetter: 1 << 3
            case .otherLetter: 1 << 4
            case .nonspacingMark: 1 << 5
            case .spacingMark: 1 << 6
            case .enclosingMark: 1 << 7
            case .decimalNumber: 1 << 8
            case .letterNumber: 1 << 9
            case .otherNumber: 1 << 10
            case .connectorPunctuation: 1 << 11
            case .dashPunctuation: 1 << 12
            case .openPunctuation: 1 << 13
            case .closePunctuation: 1 << 14
            case .initialPunctuation: 1 << 15
            case .finalPunctuation: 1 << 16
            case .otherPunctuation: 1 << 17
            case .mathSymbol: 1 << 18
            case .currencySymbol: 1 << 19
            case .modifierSymbol: 1 << 20
            case .otherSymbol: 1 << 21
            case .spaceSeparator: 1 << 22
            case .lineSeparator: 1 << 23
            case .paragraphSeparator: 1 << 24
            case .control: 1 << 25
            case .format: 1 << 26
            case .surrogate: 1 << 27
            case .privateUse: 1 << 28
            case .unassigned: 1 << 29
            @unknown default: 1 << 30
            }
        }
    }

    /// A character class: listed scalars and ranges plus categories, optionally negated, optionally compared
    /// case-insensitively. ASCII membership is precomputed, so the common case is one bit test.
    struct ScalarClass: Sendable, Equatable {
        /// Listed scalars and ranges, as code point values.
        let ranges: [ClosedRange<UInt32>]
        /// Categories such as `\d` or `\p{L}`.
        let items: [ClassItem]
        /// `[^…]`, `\D`, `\P{…}`: applied after case folding, as ICU does (`(?i)[^a]` does not match `A`).
        let negated: Bool
        /// Whether a scalar also belongs when one of its case variants does.
        let caseless: Bool
        /// Membership of U+0000…U+003F and U+0040…U+007F, one bit each; the matcher keeps its own copy.
        private(set) var ascii: (low: UInt64, high: UInt64) = (0, 0)

        /// A class with its ASCII membership precomputed.
        init(ranges: [ClosedRange<UInt32>], items: [ClassItem], negated: Bool, caseless: Bool) {
            self.ranges = ranges
            self.items = items
            self.negated = negated
            self.caseless = caseless
            for value in UInt8(0)..<128 where slowContains(Unicode.Scalar(value)) {
                if value < 64 { ascii.low |= 1 << value } else { ascii.high |= 1 << (value - 64) }
            }
        }

        /// Whether `scalar` is in the class.
        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if value < 64 { return ascii.low >> value & 1 != 0 }
            if value < 128 { return ascii.high >> (value - 64) & 1 != 0 }
            return slowContains(scalar)
        }

        /// Membership without the ASCII table. Under `i` an item matches when any case variant of the scalar is in
        /// it, and an inverted item is inverted after that, which is how ICU closes `[\P{Lu}]` over case.
        private func slowContains(_ scalar: Unicode.Scalar) -> Bool {
            guard caseless, let variants = CaseFolding.variants(of: scalar) else {
                return
                    (ranges.contains { $0.contains(scalar.value) }
                    || items.contains { $0.predicate.test(scalar) != $0.inverted }) != negated
            }
            let inRanges = variants.contains { variant in ranges.contains { $0.contains(variant.value) } }
            return
                (inRanges || items.contains { item in variants.contains(where: item.predicate.test) != item.inverted })
                != negated
        }

        /// Equal when defined alike; the ASCII table follows from the rest.
        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.ranges == rhs.ranges && lhs.items == rhs.items && lhs.negated == rhs.negated
                && lhs.caseless == rhs.caseless
        }
    }

    /// Whether `scalar` is a word character for `\w` and `\b`, as ICU defines it.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value | 0x20  // ASCII letters to lowercase; digits and `_` are tested unchanged.
            return (0x61...0x7A).contains(value) || (0x30...0x39).contains(scalar.value) || scalar == "_"
        }
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return scalar.value == 0x200C || scalar.value == 0x200D
        }
    }

    /// Whether `\b` looks through `scalar` to the one before it: combining marks and format characters belong to
    /// the preceding character, so ICU finds no boundary in front of them.
    static func isTransparentToWordBoundary(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && (scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format)
    }
}

extension BoundedRegex.ClassPredicate {
    /// `\d`, `\p{Nd}`: decimal digits of every script.
    static let decimalDigit = Self.categories(bit(for: .decimalNumber))
}

extension BoundedRegex {
    /// Simple case folding of single scalars, built once from the standard library's case mappings.
    enum CaseFolding {
        /// The scalar `scalar` folds to; equal folds mean equal under `i`.
        @inline(__always)
        static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            let value = scalar.value
            if value < 0x80 { return (0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value | 0x20)) : scalar }
            return tables.folds[value] ?? scalar
        }

        /// Every scalar that folds like `scalar` (including itself), or nil when it has no other case forms.
        static func variants(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
            tables.variants[fold(scalar).value]
        }

        /// Folds and variant lists of the few thousand cased scalars, computed on first use.
        private static let tables = Tables()

        /// The lookup tables behind `fold(_:)` and `variants(of:)`.
        private struct Tables: Sendable {
            let folds: [UInt32: Unicode.Scalar]
            let variants: [UInt32: [Unicode.Scalar]]

            init() {
                var folds: [UInt32: Unicode.Scalar] = [:]
                var variants: [UInt32: [Unicode.Scalar]] = [:]
                // Cased scalars all lie in the first two planes; the cheap property test skips the rest.
                for value in UInt32(0)..<0x2_0000 {
                    guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
                    let folded = Self.simpleFold(scalar)
                    if folded != scalar { folds[value] = folded }
                    variants[folded.value, default: [folded]].append(contentsOf: folded == scalar ? [] : [scalar])
                }
                self.folds = folds
                self.variants = variants.filter { $0.value.count > 1 }
            }

            /// The lowercase of the uppercase, so that `ſ`, `ς` and the Kelvin sign join `s`, `σ` and `k`. Dotless
            /// `ı` keeps its own fold: only Turkic folding maps it to `i`, and ICU does not use that by default.
            private static func simpleFold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
                if scalar.value == 0x131 { return scalar }
                let upper = single(scalar.properties.uppercaseMapping) ?? scalar
                return single(upper.properties.lowercaseMapping) ?? single(scalar.properties.lowercaseMapping) ?? scalar
            }

            /// The only scalar of `mapping`, or nil when a case mapping expands to several (`ß` → `SS`).
            private static func single(_ mapping: String) -> Unicode.Scalar? {
                var scalars = mapping.unicodeScalars.makeIterator()
                guard let first = scalars.next(), scalars.next() == nil else { return nil }
                return first
            }
        }
    }
}
