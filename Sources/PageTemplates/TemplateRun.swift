/// One render: the values in scope, innermost last, and the bytes written so far.
struct TemplateRun {
    let library: TemplateLibrary
    private var scope: [TemplateValue]
    private(set) var output: [UInt8] = []
    /// How many partials deep the render is; a template that includes itself stops at `maximumDepth`.
    private var depth = 0
    static let maximumDepth = 64

    init(library: TemplateLibrary, root: TemplateValue) {
        self.library = library
        scope = [root]
        scope.reserveCapacity(8)
        output.reserveCapacity(16_384)
    }

    /// Writes `tokens`, with `blocks` the blocks filled in by the pages that include this one (outermost first).
    mutating func render(_ tokens: [TemplateToken], blocks: [TemplateBlock]) {
        for token in tokens {
            switch token {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .value(let path, let escaped):
                if let value = lookUp(path) { write(value, escaped: escaped) }
            case .section(let path, let body, let inverted):
                if inverted {
                    renderInverted(lookUp(path), body, blocks: blocks)
                } else {
                    renderSection(lookUp(path), body, blocks: blocks)
                }
            case .partial(let name, let filled):
                guard let partial = library.templates[name], depth < Self.maximumDepth else { continue }
                depth += 1
                render(partial.tokens, blocks: filled.isEmpty ? blocks : Self.merging(blocks, filled))
                depth -= 1
            case .block(let name, let fallback):
                if let filled = blocks.first(where: { $0.name == name }) {
                    render(filled.body, blocks: blocks)
                } else {
                    render(fallback, blocks: blocks)
                }
            }
        }
    }

    private mutating func renderSection(_ value: TemplateValue?, _ body: [TemplateToken], blocks: [TemplateBlock]) {
        switch value {
        case .none, .flag(false):
            return
        case .flag(true):
            render(body, blocks: blocks)
        case .list(let elements):
            for element in elements {
                scope.append(element)
                render(body, blocks: blocks)
                scope.removeLast()
            }
        case .some(let value):
            scope.append(value)
            render(body, blocks: blocks)
            scope.removeLast()
        }
    }

    private mutating func renderInverted(_ value: TemplateValue?, _ body: [TemplateToken], blocks: [TemplateBlock]) {
        switch value {
        case .none, .flag(false):
            render(body, blocks: blocks)
        case .list(let elements) where elements.isEmpty:
            scope.append(.list(elements))
            render(body, blocks: blocks)
            scope.removeLast()
        default:
            return
        }
    }

    /// The value `path` names: its first name looked for from the innermost value outwards (unless it starts with
    /// `.`), the rest inside what that found.
    private func lookUp(_ path: ValuePath) -> TemplateValue? {
        guard let first = path.names.first else { return scope.last }
        var found: TemplateValue?
        if path.climbs {
            for value in scope.reversed() {
                if let child = value.child(named: first) {
                    found = child
                    break
                }
            }
        } else {
            found = scope.last?.child(named: first)
        }
        guard var value = found else { return nil }
        for name in path.names.dropFirst() {
            guard let child = value.child(named: name) else { return nil }
            value = child
        }
        return value
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .text(let text):
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                output.append(contentsOf: text.utf8)
            }
        case .flag(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .list, .fields, .parent:
            // A list or a record has no text of its own; a template names one of its fields instead.
            return
        }
    }

    /// The blocks `outer` fills in, then those `inner` fills in that `outer` does not: the outermost page wins.
    private static func merging(_ outer: [TemplateBlock], _ inner: [TemplateBlock]) -> [TemplateBlock] {
        outer + inner.filter { block in !outer.contains { $0.name == block.name } }
    }
}
