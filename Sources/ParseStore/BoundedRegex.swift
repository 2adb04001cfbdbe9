/// A `$regex` compiled for a matcher whose cost grows linearly with the text: no backtracking, no back-references.
///
/// The pattern becomes a small tree (`Node`), then a Thompson-style program that `matches(_:stepLimit:)` runs as a
/// Pike VM: each instruction is live at most once per text position, so a pattern like `(\w+\s?)*$X` costs at most
/// text length × program size steps instead of the exponential time NSRegularExpression's backtracking can take.
/// The syntax follows ICU (what NSRegularExpression accepted before); constructs whose meaning needs backtracking
/// (back-references, lookaround, atomic groups, possessive quantifiers) are refused rather than approximated.
///
/// Where answers differ from NSRegularExpression, on purpose (a randomized comparison found no other differences):
/// - `i` uses simple case folding, one scalar for one: `ß` matches `ẞ` but not `ss`, which ICU's full folding allows.
/// - With `s`, `.` matches one scalar; ICU's swallows a CR LF pair whole, so `^..$` fails on "\r\n" there.
/// - With `m`, `^` never matches between the CR and LF of one line break; ICU's does unless it starts the pattern.
/// - ICU skips the other alternatives after a lazy loop over a group that can match empty (`(?:)+?a|b` misses "b").
/// - Under `x`, unescaped whitespace and `#` inside `[…]` are refused: ICU ignores them, PCRE keeps them.
/// - Accepted although ICU refuses them: the empty pattern, `\0` alone, `(?P<name>…)`, quantified anchors (`\b?`).
/// - Case and category data are the Swift standard library's, which may know newer Unicode characters than ICU.
struct BoundedRegex: Sendable, Equatable {
    /// Why a pattern was refused; `message` is a plain sentence for the person who wrote the query.
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// What one match attempt found.
    enum Outcome: Equatable {
        case match, noMatch, tooCostly
    }

    /// The most scalars a pattern may have, and the most instructions a compiled program may have (after `{n,m}` expansion).
    static let maximumPatternLength = 1_000
    static let maximumProgramSize = 5_000

    /// The largest count `{n,m}` may use: bigger counts only make programs that the size limit refuses anyway.
    static let maximumRepetition = 1_000

    /// The deepest group nesting accepted, so the recursive parser and compiler stay far from the stack limit of
    /// the small-stacked threads SQLite functions may run on.
    static let maximumNesting = 100

    /// The instructions, ending with `.match`; branch targets are indexes into this array.
    let program: [Instruction]
    /// The character classes that `.member` instructions name by index, kept apart so instructions stay small.
    let classes: [ScalarClass]
    /// Two words per class, its ASCII membership bits, so the matcher tests ASCII scalars without copying a class.
    let asciiMembers: [UInt64]
    /// Whether every match starts at the very beginning of the text, so the search never restarts later.
    let anchoredAtStart: Bool
    /// Whether some instruction compares case-folded scalars, so the matcher folds each text scalar once.
    let foldsCase: Bool
    /// Whether `\b` or `\B` occur, so the matcher remembers whether the previous scalar was part of a word.
    let tracksWords: Bool

    /// Compiles `pattern` under Parse's `$options` letters (`i` case-insensitive, `m` anchors at every line, `s` dot matches newlines, `x` extended: unescaped whitespace and `#…` comments ignored outside classes). Unknown option letters are ignored.
    init(pattern: String, options: String) throws(Refusal) {
        var parser = try Parser(pattern: pattern, options: options)
        let tree = try parser.parse()
        let size = Self.programSize(of: tree) + 1
        guard size <= Self.maximumProgramSize else {
            throw Refusal(
                message: "The pattern is too big once its repetitions are expanded "
                    + "(more than \(Self.maximumProgramSize) steps); use smaller {n,m} counts.")
        }
        var compiler = Compiler()
        compiler.emit(tree)
        compiler.program.append(.match)
        program = compiler.program
        classes = compiler.classes
        asciiMembers = compiler.classes.flatMap { [$0.ascii.low, $0.ascii.high] }
        anchoredAtStart = Self.isAnchoredAtStart(tree)
        foldsCase = program.contains { if case .caseless = $0 { true } else { false } }
        tracksWords = program.contains { $0 == .assertion(.wordBoundary) || $0 == .assertion(.notWordBoundary) }
    }
}

extension BoundedRegex {
    /// A zero-width test on the position between two scalars.
    enum Assertion: Sendable, Equatable {
        /// `\A`, and `^` without `m`.
        case textStart
        /// `\z`.
        case textEnd
        /// `\Z`, and `$` without `m`: the end, or just before a line terminator (or CR LF) that ends the text.
        case textEndOrFinalTerminator
        /// `^` with `m`: the start, or after a line terminator that is not the last scalar.
        case lineStart
        /// `$` with `m`: the end, or before a line terminator (but not between CR and LF).
        case lineEnd
        /// `\b`: word and non-word scalars meet, combining marks and format characters ignored (as ICU does).
        case wordBoundary
        /// `\B`: the negation of `\b`.
        case notWordBoundary
    }

    /// One step of the compiled program.
    enum Instruction: Sendable, Equatable {
        /// Consumes exactly this scalar.
        case scalar(Unicode.Scalar)
        /// Consumes a scalar whose simple case folding is this (already folded) scalar.
        case caseless(Unicode.Scalar)
        /// Consumes a scalar in `classes[index]`.
        case member(Int)
        /// `.` without `s`: any scalar but a line terminator.
        case anyButLineTerminator
        /// `.` with `s`: any scalar.
        case anyScalar
        /// Continues only where the assertion holds; consumes nothing.
        case assertion(Assertion)
        /// Continues at both targets.
        case split(Int, Int)
        /// Continues at the target.
        case jump(Int)
        /// The pattern has matched.
        case match
    }

    /// The parsed pattern, with every flag already applied to the pieces it governs.
    indirect enum Node {
        /// Matches the empty string (an empty group or alternative).
        case empty
        /// One literal scalar, compared case-insensitively when `caseless`.
        case scalar(Unicode.Scalar, caseless: Bool)
        /// A character class or class escape.
        case set(ScalarClass)
        /// `.`; `crossesLines` under `s`.
        case dot(crossesLines: Bool)
        /// An anchor or word boundary.
        case assertion(Assertion)
        /// Pieces matched one after another.
        case sequence([Node])
        /// Alternatives, any of which may match.
        case choice([Node])
        /// `lower` to `upper` repetitions; `upper` nil for no limit.
        case repetition(Node, lower: Int, upper: Int?)
    }

    /// How many instructions `node` compiles to, saturating just above the limit so that nested counts such as
    /// `(a{1000}){1000}` are refused before anything is built.
    static func programSize(of node: Node) -> Int {
        let cap = maximumProgramSize + 1
        switch node {
        case .empty:
            return 0
        case .scalar, .set, .dot, .assertion:
            return 1
        case .sequence(let items):
            return items.reduce(0) { min(cap, $0 + programSize(of: $1)) }
        case .choice(let alternatives):
            return alternatives.reduce(2 * (alternatives.count - 1)) { min(cap, $0 + programSize(of: $1)) }
        case .repetition(let child, let lower, let upper):
            let size = programSize(of: child)
            guard let upper else { return min(cap, lower == 0 ? size + 2 : lower * size + 1) }
            return min(cap, lower * size + (upper - lower) * (size + 1))
        }
    }

    /// Whether every path through `node` starts with `\A` (or `^` without `m`), so no later start can match.
    static func isAnchoredAtStart(_ node: Node) -> Bool {
        switch node {
        case .assertion(.textStart):
            return true
        case .sequence(let items):
            return items.first.map(isAnchoredAtStart) ?? false
        case .choice(let alternatives):
            return alternatives.allSatisfy(isAnchoredAtStart)
        case .repetition(let child, let lower, _):
            return lower > 0 && isAnchoredAtStart(child)
        default:
            return false
        }
    }

    /// Lays a tree out as instructions; `programSize(of:)` was checked first, so emission stays within the limit.
    struct Compiler {
        /// The instructions emitted so far.
        var program: [Instruction] = []
        /// The classes `.member` instructions refer to.
        var classes: [ScalarClass] = []

        /// Appends the instructions for `node`.
        mutating func emit(_ node: Node) {
            switch node {
            case .empty:
                break
            case .scalar(let scalar, let caseless):
                // A scalar without case variants (digits, punctuation) needs no folding at match time.
                let folds = caseless && CaseFolding.variants(of: scalar) != nil
                program.append(folds ? .caseless(CaseFolding.fold(scalar)) : .scalar(scalar))
            case .set(let set):
                classes.append(set)
                program.append(.member(classes.count - 1))
            case .dot(let crossesLines):
                program.append(crossesLines ? .anyScalar : .anyButLineTerminator)
            case .assertion(let assertion):
                program.append(.assertion(assertion))
            case .sequence(let items):
                for item in items { emit(item) }
            case .choice(let alternatives):
                emitChoice(alternatives)
            case .repetition(let child, let lower, let upper):
                emitRepetition(child, lower: lower, upper: upper)
            }
        }

        /// `split` to each alternative but the last, each followed by a jump past the whole choice.
        private mutating func emitChoice(_ alternatives: [Node]) {
            var exits: [Int] = []
            for alternative in alternatives.dropLast() {
                let split = program.count
                program.append(.split(0, 0))
                emit(alternative)
                exits.append(program.count)
                program.append(.jump(0))
                program[split] = .split(split + 1, program.count)
            }
            if let last = alternatives.last { emit(last) }
            for exit in exits { program[exit] = .jump(program.count) }
        }

        /// The required copies, then either a loop (no upper bound) or optional copies that may each skip to the end.
        private mutating func emitRepetition(_ child: Node, lower: Int, upper: Int?) {
            guard let upper else {
                if lower > 0 {
                    for _ in 1..<lower { emit(child) }
                    let start = program.count
                    emit(child)
                    program.append(.split(start, program.count + 1))
                } else {
                    let split = program.count
                    program.append(.split(0, 0))
                    emit(child)
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
                return
            }
            for _ in 0..<lower { emit(child) }
            var skips: [Int] = []
            for _ in lower..<upper {
                skips.append(program.count)
                program.append(.split(0, 0))
                emit(child)
            }
            for skip in skips { program[skip] = .split(skip + 1, program.count) }
        }
    }
}
