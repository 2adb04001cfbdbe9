/// Reads Mustache text into tokens, with the standalone-line rules of the Mustache specification as swift-mustache
/// applies them, so a template renders to the same bytes under either.
///
/// A tag alone on its line (a section, its end, a comment, a partial, a block, a pragma) takes its line with it;
/// elsewhere the text around a tag is kept as written. Set-delimiter tags, transforms, lambdas, dynamic partials and
/// indented standalone partials or blocks are refused with a syntax error: no template of the product uses them.
struct TemplateParser {
    let bytes: [UInt8]
    var position = 0

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Parses the whole text.
    static func parse(_ source: String) throws(TemplateSyntaxError) -> Template {
        var parser = TemplateParser(source)
        return Template(tokens: try parser.body(ParseState()))
    }

    /// Where the parser is while reading one level (the template, a section, a partial's blocks).
    struct ParseState {
        /// The name an end tag must have to close this level; nil at the top.
        var sectionName: String?
        /// Whether the next text starts a line (so a tag there may stand alone).
        var atLineStart = true
        /// Inside `{{<partial}}…{{/partial}}`, where the blocks filled in are written.
        var insideFilledBlocks = false
        /// Directly inside `{{<partial}}`, where only `{{$block}}` and whitespace may stand.
        var atFilledBlocksTop = false
        /// Inside a filled block: how many spaces or tabs its first line started with, removed from the next ones.
        var filledBlockIndent: Int?
    }

    /// Reads tokens until the end tag of `start.sectionName` (consumed) or the end of the text.
    private mutating func body(_ start: ParseState) throws(TemplateSyntaxError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var state = start
        var pendingSpace: ArraySlice<UInt8> = []
        while position < bytes.count {
            if state.atLineStart {
                let space = readSpacesAndTabs()
                if state.insideFilledBlocks, !state.atFilledBlocksTop {
                    if let indent = state.filledBlockIndent {
                        pendingSpace = space.dropFirst(indent)
                    } else {
                        state.filledBlockIndent = space.count
                    }
                } else {
                    pendingSpace = space
                }
            }
            let (text, newline) = readTextUntilTagOrNewline()
            if newline > 0 {
                tokens.append(.text(Array(pendingSpace) + text + bytes[position..<position + newline]))
                position += newline
                state.atLineStart = true
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(Array(pendingSpace) + text))
                pendingSpace = []
                state.atLineStart = false
            }
            if position >= bytes.count { break }
            // The text stopped just past an opening `{{`.
            let tagStart = position - 2
            var nextAtLineStart = false
            switch bytes[position] {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let inverted = bytes[position] == UInt8(ascii: "^")
                position += 1
                let name = try readName()
                if standsAlone(state) {
                    nextAtLineStart = true
                } else {
                    flush(&pendingSpace, into: &tokens)
                }
                var inner = state.entering(name)
                if !nextAtLineStart { inner.atLineStart = false }
                let body = try body(inner)
                tokens.append(.section(ValuePath(name), body: body, inverted: inverted))
            case UInt8(ascii: "/"):
                position += 1
                let nameStart = position
                let name = try readName()
                guard name == state.sectionName else {
                    position = nameStart
                    throw state.sectionName.map { error("“\(name)” closes “\($0)”, which is still open") }
                        ?? error("“\(name)” is closed but was never opened")
                }
                if !standsAlone(state) {
                    flush(&pendingSpace, into: &tokens)
                }
                return tokens
            case UInt8(ascii: "!"):
                position += 1
                try skipComment()
                nextAtLineStart = standsAlone(state)
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                let braced = bytes[position] == UInt8(ascii: "{")
                flush(&pendingSpace, into: &tokens)
                position += 1
                let name = try readName()
                if braced {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                        throw error("the tag needs three closing braces, like its three opening ones")
                    }
                    position += 1
                }
                tokens.append(.value(ValuePath(name), escaped: false))
            case UInt8(ascii: ">"):
                position += 1
                let name = try readPartialName()
                let alone = standsAlone(state)
                if alone, !pendingSpace.isEmpty {
                    throw error("a partial alone on an indented line is not supported; start the line with it")
                }
                flush(&pendingSpace, into: &tokens)
                nextAtLineStart = alone
                tokens.append(.partial(name, blocks: []))
            case UInt8(ascii: "<"):
                position += 1
                let name = try readPartialName()
                guard pendingSpace.isEmpty else {
                    throw error("a partial that fills in blocks must start its line")
                }
                nextAtLineStart = standsAlone(state)
                let inner = try body(state.fillingBlocks(of: name))
                var blocks: [TemplateBlock] = []
                for token in inner {
                    switch token {
                    case .block(let name, let body): blocks.append(TemplateBlock(name: name, body: body))
                    case .text: continue
                    default: throw error("only {{$block}} sections may stand inside {{<\(name)}}", at: tagStart)
                    }
                }
                tokens.append(.partial(name, blocks: blocks))
            case UInt8(ascii: "$"):
                position += 1
                let name = try readName()
                if state.atFilledBlocksTop {
                    nextAtLineStart = standsAlone(state)
                } else {
                    guard pendingSpace.isEmpty else {
                        throw error("a block must start its line")
                    }
                    nextAtLineStart = standsAlone(state)
                }
                var inner = state.entering(name)
                if !nextAtLineStart { inner.atLineStart = false }
                tokens.append(.block(name, fallback: try body(inner)))
                if !state.atFilledBlocksTop { pendingSpace = [] }
            case UInt8(ascii: "%"):
                position += 1
                try readPragma()
                nextAtLineStart = standsAlone(state)
            case UInt8(ascii: "="):
                throw error("changing the tag delimiters is not supported")
            default:
                flush(&pendingSpace, into: &tokens)
                let name = try readName()
                tokens.append(.value(ValuePath(name), escaped: true))
            }
            state.atLineStart = nextAtLineStart
        }
        if let open = state.sectionName {
            throw error("“\(open)” is opened but never closed")
        }
        return tokens
    }

    private func flush(_ space: inout ArraySlice<UInt8>, into tokens: inout [TemplateToken]) {
        guard !space.isEmpty else { return }
        tokens.append(.text(Array(space)))
        space = []
    }
}

extension TemplateParser.ParseState {
    /// The state inside the section or block `name`.
    func entering(_ name: String) -> Self {
        var inner = self
        inner.sectionName = name
        inner.atFilledBlocksTop = false
        return inner
    }

    /// The state inside `{{<name}}`, where blocks are filled in.
    func fillingBlocks(of name: String) -> Self {
        var inner = self
        inner.sectionName = name
        inner.atLineStart = true
        inner.insideFilledBlocks = true
        inner.atFilledBlocksTop = true
        return inner
    }
}
