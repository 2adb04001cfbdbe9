extension ParseJSON {
    /// `number` as JavaScript's `Number#toString` writes it: integers without a fraction, otherwise the
    /// shortest digits that read back to the same double (`19.99`, `1e-7`, `1.5e+300`); NaN and infinities as
    /// `null`, as `JSON.stringify` does.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(.towardZero) && abs(number) < 1e15 {
            return String(Int64(number))
        }
        // Swift's description already has the shortest round-trip digits; only the layout differs from JS.
        let description = number.description
        var utf8 = Substring(description).utf8[...]
        var negative = false
        if utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        var digits: [UInt8] = []
        var pointPosition = 0
        var seenPoint = false
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte)
                    if !seenPoint { pointPosition += 1 }
                }
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break
            }
        }
        var n = pointPosition + exponentSign * exponent
        while digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            n -= 1
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard !digits.isEmpty else { return "0" }
        return (negative ? "-" : "") + layout(digits: digits, n: n)
    }

    /// ECMAScript's Number::toString layout for digits `d1…dk` and decimal exponent `n` (value `0.d1…dk × 10^n`).
    private static func layout(digits: [UInt8], n: Int) -> String {
        let k = digits.count
        let text = String(decoding: digits, as: UTF8.self)
        if k <= n && n <= 21 {
            return text + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            let split = text.index(text.startIndex, offsetBy: n)
            return text[..<split] + "." + text[split...]
        }
        if -6 < n && n <= 0 {
            return "0." + String(repeating: "0", count: -n) + text
        }
        let e = n - 1
        let exponent = (e >= 0 ? "e+" : "e-") + String(abs(e))
        if k == 1 { return text + exponent }
        return String(text.prefix(1)) + "." + String(text.dropFirst()) + exponent
    }
}
