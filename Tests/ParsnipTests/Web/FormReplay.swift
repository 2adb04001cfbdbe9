import Foundation

/// What a browser would send from one form of a page: its successful controls as name–value pairs, the way HTML
/// defines them — text, hidden, number and date inputs with their values, checked checkboxes and radios, each
/// select's selected option (or its first), textareas' text — with `_csrf` left out (the test `Browser` adds its own).
struct FormReplay: Sendable {
    /// The fields in page order; a name may repeat (ticked authors).
    let fields: [(String, String)]
    /// The names of password inputs, which Parsnip never fills in: the person types them again.
    let passwordNames: Set<String>

    /// The form of `html` that posts to `path` — through its `action`, or a submit button's `formaction` (the
    /// recipe editor's "Update recipe") — or nil when the page has none.
    init?(_ html: String, submittingTo path: String) {
        var rest = Substring(html)
        while let start = rest.range(of: "<form") {
            guard let end = rest[start.upperBound...].range(of: "</form>") else { return nil }
            let form = rest[start.lowerBound..<end.upperBound]
            rest = rest[end.upperBound...]
            let tags = Self.tags(in: form)
            let opening = Self.attributes(of: form[..<(form.firstIndex(of: ">") ?? form.endIndex)])
            let posts =
                opening["action"] == path
                || tags.contains { $0.name == "button" && $0.attributes["formaction"] == path }
            guard posts else { continue }
            (fields, passwordNames) = Self.successfulControls(tags, in: form)
            return
        }
        return nil
    }

    /// The value of the first field called `name`.
    subscript(name: String) -> String? { fields.first { $0.0 == name }?.1 }

    /// Every value of the fields called `name`, in page order.
    func values(_ name: String) -> [String] { fields.filter { $0.0 == name }.map(\.1) }

    /// The fields, with each password typed again from `typed` (as the person would).
    func retyped(passwordsFrom typed: [(String, String)]) -> [(String, String)] {
        fields.map { field in
            guard passwordNames.contains(field.0) else { return field }
            return (field.0, typed.first { $0.0 == field.0 }?.1 ?? "")
        }
    }

    // MARK: Reading the HTML

    /// One opening tag: its name, its attributes and where it ends.
    private struct Tag {
        let name: String
        let attributes: [String: String]
        let end: Substring.Index
    }

    private static func tags(in form: Substring) -> [Tag] {
        var tags: [Tag] = []
        var rest = form
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: ">") else { break }
            let body = after[..<close]
            let name = String(body.prefix { $0.isLetter }).lowercased()
            if ["input", "select", "textarea", "button", "option"].contains(name) {
                tags.append(Tag(name: name, attributes: attributes(of: body), end: after.index(after: close)))
            }
            rest = after[after.index(after: close)...]
        }
        return tags
    }

    /// The attributes of a tag's text: `name="value"` pairs (unescaped) and bare ones (`checked`) as "".
    private static func attributes(of tag: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = tag.drop { !$0.isWhitespace }
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" }
            guard !name.isEmpty else { break }
            rest = rest[name.endIndex...]
            if rest.hasPrefix("=\"") {
                let value = rest.dropFirst(2).prefix { $0 != "\"" }
                attributes[name.lowercased()] = htmlUnescaped(value)
                rest = rest[value.endIndex...].dropFirst()
            } else {
                attributes[name.lowercased()] = ""
            }
        }
        return attributes
    }

    private static func successfulControls(_ tags: [Tag], in form: Substring) -> ([(String, String)], Set<String>) {
        var fields: [(String, String)] = []
        var passwords: Set<String> = []
        var index = 0
        while index < tags.count {
            let tag = tags[index]
            index += 1
            guard let name = tag.attributes["name"], tag.attributes["disabled"] == nil, name != "_csrf" else {
                continue
            }
            switch tag.name {
            case "input":
                switch tag.attributes["type"] ?? "text" {
                case "checkbox", "radio":
                    if tag.attributes["checked"] != nil { fields.append((name, tag.attributes["value"] ?? "on")) }
                case "submit", "button", "reset", "image", "file":
                    break
                case "password":
                    passwords.insert(name)
                    fields.append((name, tag.attributes["value"] ?? ""))
                default:
                    fields.append((name, tag.attributes["value"] ?? ""))
                }
            case "textarea":
                let text = form[tag.end...].prefix { $0 != "<" }
                // HTML drops one line break right after <textarea>.
                fields.append((name, htmlUnescaped(text.hasPrefix("\n") ? text.dropFirst() : text)))
            case "select":
                var options: [[String: String]] = []
                while index < tags.count, tags[index].name == "option" {
                    options.append(tags[index].attributes)
                    index += 1
                }
                if let chosen = options.first(where: { $0["selected"] != nil }) ?? options.first {
                    fields.append((name, chosen["value"] ?? ""))
                }
            default:
                break
            }
        }
        return (fields, passwords)
    }
}
