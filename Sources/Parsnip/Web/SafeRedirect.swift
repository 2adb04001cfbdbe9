/// Where the sign-in page may send someone afterwards: only a path on this site, judged as a browser reads it.
///
/// Browsers drop tabs and newlines anywhere in a URL, trim control characters and spaces at its ends, and treat
/// `\` as `/`; so `/\t/evil.example` and `/\evil.example` both mean `//evil.example`, another site. The check runs
/// on the URL as the browser will see it, and what is sent in `Location` is that same cleaned form.
enum SafeRedirect {
    /// The longest `next` kept; anything longer goes home.
    static let maximumLength = 2_000

    /// `next` as the browser will read it when it is a path on this site ("/todos?q=milk"), else "/".
    static func safeNext(_ next: String?) -> String {
        guard let next else { return "/" }
        let cleaned = browserView(of: next)
        let bytes = Array(cleaned.utf8)
        guard bytes.count <= maximumLength, bytes.first == UInt8(ascii: "/") else { return "/" }
        // "//host" names another site; "/" alone or "/path" stays here.
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") { return "/" }
        return encodedForLocation(cleaned)
    }

    /// `/sign-in?next=<the page asked for>`, the page percent-encoded.
    static func signInLocation(path: String, query: String?) -> String {
        var target = path
        if let query, !query.isEmpty { target += "?" + query }
        guard target != "/" else { return "/sign-in" }
        return "/sign-in?next=" + PercentEncoding.encode(target)
    }

    /// What a browser's URL parser works on: ends trimmed of controls and spaces, tabs and newlines removed,
    /// backslashes read as slashes (they are, in http and https URLs).
    static func browserView(of text: String) -> String {
        let isTrimmed: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isTrimmed(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, isTrimmed(last) { scalars = scalars.dropLast() }
        var result = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            result.append(scalar == "\\" ? "/" : scalar)
        }
        return String(result)
    }

    /// `path` with every byte a `Location` header should not carry raw (controls, spaces, quotes, non-ASCII)
    /// percent-encoded; what is already percent-encoded stays as it is.
    static func encodedForLocation(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "<"),
                byte != UInt8(ascii: ">"), byte != UInt8(ascii: "`"), byte != UInt8(ascii: "{"),
                byte != UInt8(ascii: "}"), byte != UInt8(ascii: "|"), byte != UInt8(ascii: "^")
            {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
