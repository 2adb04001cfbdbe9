import Foundation

/// A message cut around one of its arguments, so a template can mark that argument up — a name in `<strong>`, the
/// visible words of a link between visually hidden ones — while every word, in every language's order, still comes
/// from the catalogue: "You are signed in as ‹Ana›. …", "‹New password› for Ana", "Ana의 ‹새 비밀번호›".
struct MessageAround: Sendable {
    /// The words before the argument; nil when there are none.
    let before: String?
    /// The argument itself.
    let middle: String
    /// The words after it; nil when there are none.
    let after: String?

    /// `words` in `language` with its argument `name` set to `value`, cut around that argument.
    init(_ words: Words, around name: String, value: String, in language: Language) {
        // Private-use characters no message holds; only the first one found is the argument.
        let marker = "\u{F8FF}\u{E000}\u{F8FF}"
        var marked = words
        marked.arguments[name] = marker
        let text = marked.text(in: language)
        middle = value
        guard let range = text.range(of: marker) else {
            before = text.isEmpty ? nil : text
            after = nil
            return
        }
        let head = String(text[..<range.lowerBound])
        let tail = String(text[range.upperBound...])
        before = head.isEmpty ? nil : head
        after = tail.isEmpty ? nil : tail
    }
}

/// The words of the account pages that several of them share.
enum AccountWords {
    /// The role's name in `language` ("Owner", "Titular", "소유자"): the `role.*` messages.
    static func roleName(_ role: Role, in language: Language) -> String {
        switch role {
        case .owner: language.text("role.owner")
        case .editor: language.text("role.editor")
        case .viewer: language.text("role.viewer")
        }
    }

    /// "Too many sign-in attempts. Try again after 14:32." in `language`, the time in this computer's zone, written
    /// the language's way and rounded up to the next whole minute, so "after 14:32" is never too early.
    static func tooManyAttempts(_ until: Date, in language: Language) -> String {
        let formatter = DateFormatter()
        formatter.locale = LocalFormats.locale(language)
        formatter.setLocalizedDateFormatFromTemplate("HHmm")
        let minute = (until.timeIntervalSinceReferenceDate / 60).rounded(.up) * 60
        let shown = formatter.string(from: Date(timeIntervalSinceReferenceDate: minute))
        return language.text("accounts.signIn.tooMany", ["time": shown])
    }
}
