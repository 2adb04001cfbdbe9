/// A set of parsed templates by name ("todos/index"), which include one another as partials.
public struct TemplateLibrary: Sendable {
    let templates: [String: Template]

    /// Parses every source; every partial a template includes must be one of them.
    ///
    /// - Throws: `TemplateLibraryError` naming the template and what is wrong with it.
    public init(sources: [String: String]) throws(TemplateLibraryError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            do {
                templates[name] = try TemplateParser.parse(source)
            } catch {
                throw TemplateLibraryError(template: name, syntax: error, missingPartial: nil)
            }
        }
        for (name, template) in templates {
            if let missing = Self.firstMissingPartial(in: template.tokens, among: templates) {
                throw TemplateLibraryError(template: name, syntax: nil, missingPartial: missing)
            }
        }
        self.templates = templates
    }

    /// Whether the library has a template called `name`.
    public func contains(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// The bytes of `template` rendered with `value`; empty when there is no such template.
    public func render(_ value: TemplateValue, template name: String) -> [UInt8] {
        guard let template = templates[name] else { return [] }
        var run = TemplateRun(library: self, root: value)
        run.render(template.tokens, blocks: [])
        return run.output
    }

    private static func firstMissingPartial(in tokens: [TemplateToken], among templates: [String: Template]) -> String?
    {
        for token in tokens {
            switch token {
            case .text, .value:
                continue
            case .section(_, let body, _), .block(_, let body):
                if let missing = firstMissingPartial(in: body, among: templates) { return missing }
            case .partial(let name, let blocks):
                if templates[name] == nil { return name }
                for block in blocks {
                    if let missing = firstMissingPartial(in: block.body, among: templates) { return missing }
                }
            }
        }
        return nil
    }
}

/// A template that cannot be used: its syntax, or a partial it includes that does not exist.
public struct TemplateLibraryError: Error, Sendable, CustomStringConvertible {
    /// The template's name ("todos/index").
    public let template: String
    public let syntax: TemplateSyntaxError?
    public let missingPartial: String?

    public var description: String {
        if let syntax { return "\(template) is broken at \(syntax)" }
        return "\(template) includes “\(missingPartial ?? "")”, which does not exist"
    }
}
