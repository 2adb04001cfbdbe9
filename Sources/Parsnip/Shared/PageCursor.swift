import Foundation

/// A position in the newest-first list: the createdAt instant (milliseconds) and objectId of one to-do.
///
/// Written in a URL as `<milliseconds>-<objectId>`, e.g. `1714558830456-AbCdE12345`.
struct PageCursor: Sendable, Hashable {
    /// createdAt in milliseconds since 1970.
    var milliseconds: Int64
    /// The objectId that breaks ties between to-dos created in the same millisecond.
    var objectId: String

    init(milliseconds: Int64, objectId: String) {
        self.milliseconds = milliseconds
        self.objectId = objectId
    }

    /// Reads a cursor from its URL form; nil when it is malformed.
    init?(_ text: Substring) {
        guard text.utf8.count <= 64, let dash = text.firstIndex(of: "-") else { return nil }
        let digits = text[..<dash]
        let id = text[text.index(after: dash)...]
        guard (1...15).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let milliseconds = Int64(digits), ObjectIdentifierText.isValid(id)
        else { return nil }
        self.init(milliseconds: milliseconds, objectId: String(id))
    }

    /// The instant, for store queries.
    var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The URL form, `<milliseconds>-<objectId>`.
    var text: String { "\(milliseconds)-\(objectId)" }
}

/// The shape of an objectId accepted from a URL: 1–32 ASCII letters and digits.
enum ObjectIdentifierText {
    /// True when `text` could be an objectId; anything else cannot name a stored to-do.
    static func isValid(_ text: some StringProtocol) -> Bool {
        (1...32).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            }
    }
}
