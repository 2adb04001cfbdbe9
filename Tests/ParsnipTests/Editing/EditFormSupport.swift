import Foundation

@testable import Parsnip

extension Browser {
    /// The `_version` and `_base` hidden fields of the edit form at `path`, as a browser would send them back.
    func loadedVersion(of path: String) async throws -> [(String, String)] {
        editBaseFields(in: try await get(path).text)
    }
}

/// The `_version` and `_base` hidden fields of an edit page (or a conflict page), in that order; missing ones left out.
func editBaseFields(in html: String) -> [(String, String)] {
    [EditBase.versionFieldName, EditBase.baseFieldName].compactMap { name in
        hiddenValue(named: name, in: html).map { (name, $0) }
    }
}

/// The value of the hidden input `name` in `html`, unescaped, or nil.
func hiddenValue(named name: String, in html: String) -> String? {
    hiddenFields(in: html).first { $0.0 == name }?.1
}

/// Every `<input type="hidden">` of a page except `_csrf`, name and value unescaped, in page order: what a browser
/// sends back (the test `Browser` adds its own `_csrf`).
func hiddenFields(in html: String) -> [(String, String)] {
    var fields: [(String, String)] = []
    var rest = Substring(html)
    while let start = rest.range(of: #"<input type="hidden" name=""#) {
        let after = rest[start.upperBound...]
        guard let nameEnd = after.firstIndex(of: "\""), after[nameEnd...].hasPrefix(#"" value=""#) else { break }
        let valueStart = after.index(nameEnd, offsetBy: #"" value=""#.count)
        guard let valueEnd = after[valueStart...].firstIndex(of: "\"") else { break }
        let name = htmlUnescaped(after[..<nameEnd])
        if name != "_csrf" { fields.append((name, htmlUnescaped(after[valueStart..<valueEnd]))) }
        rest = after[valueEnd...]
    }
    return fields
}

/// `text` with the character references a template writes turned back into characters.
func htmlUnescaped(_ text: some StringProtocol) -> String {
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
        let entity = rest[rest.index(after: amp)..<semicolon]
        switch entity {
        case "amp": result += "&"
        case "lt": result += "<"
        case "gt": result += ">"
        case "quot": result += "\""
        case _ where entity.hasPrefix("#x"):
            result += UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(String.init) ?? ""
        case _ where entity.hasPrefix("#"):
            result += UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map(String.init) ?? ""
        default: result += "&\(entity);"
        }
        rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
}
