import Mustache

/// HTML escaping for templates that start with `{{% CONTENT_TYPE: HTML_UTF8 }}`: the same five characters as
/// swift-mustache's own `HTML` type (`< > & " '`), found by scanning UTF-8 bytes instead of grapheme clusters.
///
/// swift-mustache's escaper walks `Character`s and spent about 28% of an uncached 50-row list page. The five
/// characters are ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII, so a byte scan is exact.
struct UTF8HTMLContentType: MustacheContentType {
    /// The pragma value templates name to use this escaper.
    static let name = "HTML_UTF8"

    /// Makes the pragma known to the template parser; call before any template is loaded.
    static func register() {
        MustacheContentTypes.register(UTF8HTMLContentType(), named: name)
    }

    func escapeText(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: Self.needsEscape) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
