/// What a template reads: text, a yes/no, a list, named fields, or a value that answers names itself.
///
/// A page's model is turned into this once per render (`TemplateValue(reflecting:)`), so every `{{name}}` is a
/// switch on a case and a look along a short list, never a runtime cast or a new `Mirror`.
public enum TemplateValue: Sendable {
    /// Text, escaped when written with `{{…}}`; numbers and other plain values arrive here as their description.
    case text(String)
    /// Shows a section when true, its inverted section when false; written as `true` or `false`.
    case flag(Bool)
    /// A section repeats for each element; an empty list counts as false.
    case list([TemplateValue])
    /// A struct's stored properties, by name, in declaration order (nil ones left out, so a name climbs on).
    case fields([(name: String, value: TemplateValue)])
    /// A value that answers names itself, without reflection (rows rendered many times a page).
    case parent(any TemplateParent)

    /// The value `name` names inside this one, or nil when it has none.
    @inlinable
    public func child(named name: String) -> TemplateValue? {
        switch self {
        case .fields(let fields):
            for field in fields where field.name == name {
                return field.value
            }
            return nil
        case .parent(let parent):
            return parent.child(named: name)
        case .text, .flag, .list:
            return nil
        }
    }
}

/// A type that answers template names itself — a switch over its stored properties — instead of being reflected.
///
/// It must answer exactly its stored properties, with nil for a nil optional (a test per type checks this against
/// reflection).
public protocol TemplateParent: Sendable {
    /// The value of the stored property `name`, or nil when there is none or it is nil.
    func child(named name: String) -> TemplateValue?
}

extension TemplateValue {
    /// A number as the text it is written as.
    @inlinable
    public static func number(_ number: Int) -> TemplateValue {
        .text(String(number))
    }

    /// Each element of `parents`, answering names itself.
    @inlinable
    public static func list(_ parents: [some TemplateParent]) -> TemplateValue {
        .list(parents.map { .parent($0) })
    }
}
