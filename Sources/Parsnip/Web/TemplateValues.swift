import Mustache

/// Turns a view model into what swift-mustache reads fastest: dictionaries, arrays and plain values.
///
/// swift-mustache finds `{{name}}` by walking the context stack and asking each object; an object that is not a
/// `MustacheParent` is asked through a new `Mirror` on every lookup, and a name a row lacks (a nil optional, a page
/// field) climbs to the page's structs and mirrors them too. A profile of the recipe editor put 62% of the CPU in
/// those mirrors. Converting the model once per render — one `Mirror` per struct, not per lookup — answers every
/// lookup with a dictionary read. Types that already answer lookups themselves (the list rows) are kept as they are.
enum TemplateValues {
    /// `value` with every struct turned into `[String: Any]` (nil optionals left out, as Mirror lookups treat them
    /// as missing) and every array converted element by element.
    static func prepared(_ value: Any) -> Any? {
        switch value {
        case is String, is Bool, is Int, is Double, is MustacheParent:
            return value
        default:
            break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { prepared($0.value) }
        case .collection:
            return mirror.children.compactMap { prepared($0.value) }
        case .struct, .class:
            var fields: [String: Any] = [:]
            fields.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                guard let label = child.label, let field = prepared(child.value) else { continue }
                fields[label] = field
            }
            return fields
        default:
            return value
        }
    }
}
