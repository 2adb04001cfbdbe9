extension TemplateValue {
    /// `value` as a template reads it: strings, booleans and numbers as themselves, a `TemplateParent` as it is,
    /// arrays and sets element by element, dictionaries with string keys and structs and classes by field name
    /// (one `Mirror` per struct), optionals unwrapped; nil when `value` is a nil optional.
    ///
    /// This is what a name lookup by reflection would find, decided once per value instead of once per lookup.
    public init?(reflecting value: Any) {
        switch value {
        case let text as String:
            self = .text(text)
            return
        case let flag as Bool:
            self = .flag(flag)
            return
        case let number as Int:
            self = .text(String(number))
            return
        case let ready as TemplateValue:
            self = ready
            return
        case let parent as any TemplateParent:
            self = .parent(parent)
            return
        case let list as any TemplateList:
            self = .list(list.templateElements)
            return
        default:
            break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first, let unwrapped = TemplateValue(reflecting: wrapped.value)
            else { return nil }
            self = unwrapped
        case .collection, .set:
            self = .list(mirror.children.compactMap { TemplateValue(reflecting: $0.value) })
        case .struct, .class:
            var fields: [(name: String, value: TemplateValue)] = []
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                guard let label = child.label, let field = TemplateValue(reflecting: child.value) else { continue }
                fields.append((label, field))
            }
            self = .fields(fields)
        case .dictionary:
            self = .fields(Self.entries(of: value))
        default:
            self = .text(String(describing: value))
        }
    }

    /// The entries of a dictionary with string keys, sorted by key (a lookup finds a key wherever it sits).
    private static func entries(of dictionary: Any) -> [(name: String, value: TemplateValue)] {
        guard let dictionary = dictionary as? [String: Any] else { return [] }
        return dictionary.keys.sorted().compactMap { key in
            TemplateValue(reflecting: dictionary[key] as Any).map { (key, $0) }
        }
    }
}

/// A list whose elements answer names themselves: converted element by element without reflection.
public protocol TemplateList {
    /// The elements, as template values.
    var templateElements: [TemplateValue] { get }
}

extension Array: TemplateList where Element: TemplateParent {
    public var templateElements: [TemplateValue] { map { .parent($0) } }
}
