extension BoundedRegex {
    /// Whether the pattern matches anywhere in `text` (unanchored search, like NSRegularExpression.firstMatch != nil); `.tooCostly` when more than `stepLimit` thread steps would be needed.
    func matches(_ text: String, stepLimit: Int) -> Outcome {
        var input: [Unicode.Scalar] = []
        input.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { input.append(scalar) }
        // One scratch block per attempt (on the stack when small): stamps, two thread lists and a work stack.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * program.count) { scratch in
            scratch.initialize(repeating: 0)
            var machine = Machine(regex: self, input: input, scratch: scratch, stepLimit: stepLimit)
            return machine.run()
        }
    }
}

/// One match attempt as a Pike VM: the set of live instructions advances one scalar at a time, each instruction
/// joining the set at most once per position, so the work is bounded by text length × program size. Its buffers
/// come from one scratch block allocated per attempt, never per scalar; every index into them is an instruction
/// index or a count of distinct instructions, so it stays below `program.count`.
private struct Machine {
    let program: [BoundedRegex.Instruction]
    let classes: [BoundedRegex.ScalarClass]
    let asciiMembers: [UInt64]
    let input: [Unicode.Scalar]
    let stepLimit: Int
    let restarts: Bool
    let foldsCase: Bool
    let tracksWords: Bool
    /// For each instruction, 1 + the position at which it last joined a thread list (0: never).
    let stamps: UnsafeMutableBufferPointer<Int>
    /// Two thread lists of `program.count` slots each: consuming instructions live at the current position
    /// (from `currentStart`, `currentCount` of them) and at the next one (from `nextStart`, `nextCount`).
    let lists: UnsafeMutableBufferPointer<Int>
    var currentStart = 0
    var currentCount = 0
    var nextStart: Int
    var nextCount = 0
    /// Instructions still to follow in `follow(_:at:)`, used as a stack of `pendingCount` entries.
    let pending: UnsafeMutableBufferPointer<Int>
    var pendingCount = 0
    /// Threads followed so far, each one instruction at one position.
    var steps = 0
    /// Whether the last scalar before the position that `\b` does not look through was a word character.
    var previousIsWord = false
    /// Set once some thread reaches `.match`.
    var matched = false

    init(regex: BoundedRegex, input: [Unicode.Scalar], scratch: UnsafeMutableBufferPointer<Int>, stepLimit: Int) {
        program = regex.program
        classes = regex.classes
        asciiMembers = regex.asciiMembers
        self.input = input
        self.stepLimit = stepLimit
        restarts = !regex.anchoredAtStart
        foldsCase = regex.foldsCase
        tracksWords = regex.tracksWords
        let size = program.count
        stamps = UnsafeMutableBufferPointer(rebasing: scratch[0..<size])
        lists = UnsafeMutableBufferPointer(rebasing: scratch[size..<3 * size])
        pending = UnsafeMutableBufferPointer(rebasing: scratch[3 * size..<4 * size])
        nextStart = size
    }

    /// Advances through the text until a thread matches, every thread has died, or the steps run out.
    mutating func run() -> BoundedRegex.Outcome {
        var position = 0
        while true {
            // An unanchored search starts a new attempt at every position; all attempts share the thread list.
            if position == 0 || restarts { follow(0, at: position) }
            if matched { return .match }
            if steps > stepLimit { return .tooCostly }
            if position == input.count || (nextCount == 0 && !restarts) { return .noMatch }
            (currentStart, currentCount, nextStart, nextCount) = (nextStart, nextCount, currentStart, 0)
            let scalar = input[position]
            let folded = foldsCase ? BoundedRegex.CaseFolding.fold(scalar) : scalar
            if tracksWords, !BoundedRegex.isTransparentToWordBoundary(scalar) {
                previousIsWord = BoundedRegex.isWord(scalar)
            }
            for thread in currentStart..<currentStart + currentCount {
                let pc = lists[thread]
                if accepts(program[pc], scalar, folded) {
                    follow(pc + 1, at: position + 1)
                    if matched { return .match }
                }
            }
            if steps > stepLimit { return .tooCostly }
            position += 1
        }
    }

    /// Whether a consuming instruction takes `scalar` (whose case fold is `folded`).
    private func accepts(_ instruction: BoundedRegex.Instruction, _ scalar: Unicode.Scalar, _ folded: Unicode.Scalar)
        -> Bool
    {
        switch instruction {
        case .scalar(let expected): return scalar == expected
        case .caseless(let expected): return folded == expected
        case .member(let index):
            let value = scalar.value
            guard value < 128 else { return classes[index].contains(scalar) }
            return asciiMembers[2 * index + Int(value >> 6)] >> (value & 63) & 1 != 0
        case .anyButLineTerminator: return !BoundedRegex.isLineTerminator(scalar)
        case .anyScalar: return true
        default: return false
        }
    }

    /// Adds `start` and everything reachable from it without consuming (jumps, splits, assertions that hold at
    /// `position`) to `next`; each instruction once per position, each addition one step.
    private mutating func follow(_ start: Int, at position: Int) {
        let stamp = position + 1
        guard stamps[start] != stamp else { return }
        stamps[start] = stamp
        // Follows one chain directly and stacks only the second branch of splits.
        var pc = start
        pendingCount = 0
        while true {
            steps += 1
            var successor = -1
            switch program[pc] {
            case .jump(let target):
                successor = target
            case .split(let first, let second):
                if stamps[second] != stamp {
                    stamps[second] = stamp
                    pending[pendingCount] = second
                    pendingCount += 1
                }
                successor = first
            case .assertion(let assertion):
                if holds(assertion, at: position) { successor = pc + 1 }
            case .match:
                matched = true
                return
            default:
                lists[nextStart + nextCount] = pc
                nextCount += 1
            }
            if successor >= 0, stamps[successor] != stamp {
                stamps[successor] = stamp
                pc = successor
            } else if pendingCount > 0 {
                pendingCount -= 1
                pc = pending[pendingCount]
            } else {
                return
            }
        }
    }

    /// Whether a zero-width assertion holds between `input[position - 1]` and `input[position]`, with ICU's rules
    /// for line terminators and CR LF pairs.
    private func holds(_ assertion: BoundedRegex.Assertion, at position: Int) -> Bool {
        let end = input.count
        switch assertion {
        case .textStart:
            return position == 0
        case .textEnd:
            return position == end
        case .textEndOrFinalTerminator:
            if position == end { return true }
            if position == end - 1 { return isLineEnd(at: position) }
            return position == end - 2 && input[position] == "\r" && input[position + 1] == "\n"
        case .lineStart:
            // Not after a terminator that ends the text (as ICU), nor between the CR and LF of one line break (as
            // ICU for patterns that start with `^`; ICU's later `^` also matches there, which splits the break).
            guard position > 0 else { return true }
            guard position < end, BoundedRegex.isLineTerminator(input[position - 1]) else { return false }
            return !(input[position - 1] == "\r" && input[position] == "\n")
        case .lineEnd:
            return position == end || isLineEnd(at: position)
        case .wordBoundary, .notWordBoundary:
            var boundary = false
            if position == end || !BoundedRegex.isTransparentToWordBoundary(input[position]) {
                boundary = (position < end && BoundedRegex.isWord(input[position])) != previousIsWord
            }
            return boundary == (assertion == .wordBoundary)
        }
    }

    /// Whether a line terminator starts at `position`, not counting the LF of a CR LF pair.
    private func isLineEnd(at position: Int) -> Bool {
        let scalar = input[position]
        guard BoundedRegex.isLineTerminator(scalar) else { return false }
        return !(scalar == "\n" && position > 0 && input[position - 1] == "\r")
    }
}
