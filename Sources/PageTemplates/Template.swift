/// One parsed template: what it writes, in order.
public struct Template: Sendable {
    let tokens: [TemplateToken]
}

/// One piece of a parsed template.
indirect enum TemplateToken: Sendable {
    /// Bytes written as they are.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` (as it is).
    case value(ValuePath, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or with `inverted` `{{^name}}…{{/name}}`.
    case section(ValuePath, body: [TemplateToken], inverted: Bool)
    /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it fills in.
    case partial(String, blocks: [TemplateBlock])
    /// `{{$name}}…{{/name}}` outside a `{{<…}}`: the block a page that includes this one may fill in.
    case block(String, fallback: [TemplateToken])
}

/// A block filled in by `{{<partial}}{{$name}}…{{/name}}{{/partial}}`.
struct TemplateBlock: Sendable {
    let name: String
    let body: [TemplateToken]
}

/// A dotted name as a template writes it: `page.canEdit`, `.` (the current value) or `.title` (no climbing).
struct ValuePath: Sendable {
    /// The names to follow; empty for `.`.
    let names: [String]
    /// Whether the first name is looked for in each enclosing value, innermost first, until one has it.
    let climbs: Bool

    init(_ written: String) {
        names = written.split(separator: ".").map(String.init)
        climbs = !written.hasPrefix(".")
    }
}
