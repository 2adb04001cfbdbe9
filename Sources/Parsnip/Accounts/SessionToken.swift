import Foundation
import HTTPTypes

/// The session cookie: Parse's `r:` session token, kept by the browser for as long as the `_Session` lasts.
enum SessionCookie {
    static let name = "parsnip_session"
    /// How long a sign-in lasts: 30 days, the `_Session`'s `expiresAt` and the cookie's `Max-Age` alike.
    static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    /// A new token, as Parse Server makes them: "r:" and 32 hexadecimal digits from the system's secure generator.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var text = "r:"
        for _ in 0..<2 {
            let word = generator.next()
            text += String(repeating: "0", count: word.leadingZeroBitCount / 4) + String(word, radix: 16)
        }
        return text
    }

    /// The token when `text` has the shape of one ("r:" and 32 lower-case hex digits), else nil.
    static func validToken(_ text: Substring) -> String? {
        guard text.utf8.count == 34, text.hasPrefix("r:"),
            text.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return String(text)
    }

    /// The `Set-Cookie` that signs this browser in, for as long as a new session lasts (its `expiresAt`).
    static func setting(_ token: String) -> HTTPField {
        HTTPField(
            name: .setCookie, value: "\(name)=\(token); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(Int(lifetime))")
    }

    /// The `Set-Cookie` that makes the browser forget its session.
    static var clearing: HTTPField {
        HTTPField(name: .setCookie, value: "\(name)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
    }
}
