import Foundation

/// Who may create the first owner: anyone at the computer Parsnip runs on, or anyone with the one-time code the
/// terminal printed at start.
struct SetupGate: Sendable {
    /// Eight digits in two groups, "4821 9930", as printed.
    let code: String

    /// A new code from the system's secure generator.
    static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<8).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        return String(digits.prefix(4)) + " " + String(digits.suffix(4))
    }

    /// True when `typed` is the code, ignoring spaces and dashes.
    func accepts(_ typed: String) -> Bool {
        let digits = typed.filter { $0.isNumber && $0.isASCII }
        let expected = code.filter(\.isNumber)
        guard typed.allSatisfy({ $0.isNumber || $0 == " " || $0 == "-" }), !digits.isEmpty else { return false }
        return CSRFMiddleware.constantTimeEquals(digits, expected)
    }
}
