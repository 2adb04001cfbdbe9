import PageTemplates

/// A second renderer each page is compared with as it is rendered (the tests' reference Mustache renderer), so every
/// page any test renders proves the product's renderer writes the same bytes.
protocol RenderCheck: Sendable {
    /// Takes the templates of `language`, their words in place, before any page is rendered.
    func load(_ sources: [String: String], for language: Language)
    /// Renders `value` with `template` itself and reports a difference from `rendered`.
    func compare(_ rendered: [UInt8], template: String, value: TemplateValue, in language: Language)
}
