import Foundation

@testable import Parsnip

extension Browser {
    /// The `_version` and `_base` hidden fields of the edit form at `path`, as a browser would send them back.
    func loadedVersion(of path: String) async throws -> [(String, String)] {
        let page = try await get(path)
        return [
            ("_version", hiddenValue(named: "_version", in: page.text) ?? ""),
            ("_base", hiddenValue(named: "_base", in: page.text) ?? ""),
        ]
    }
}

/// The value of the hidden input `name` in `html` (HTML entities for `&`, `"`, `<`, `>` undone), or nil.
func hiddenValue(named name: String, in html: String) -> String? {
    let marker = #"<input type="hidden" name="\#(name)" value=""#
    guard let start = html.range(of: marker) else { return nil }
    let rest = html[start.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
}
