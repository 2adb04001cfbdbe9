/// A short digest of one field's value as an edit form was loaded with it, so the form can carry "what it
/// started from" without repeating every value.
///
/// 64-bit FNV-1a over the UTF-8 bytes of the field's canonical text, as 16 hex digits: stable across runs and
/// machines (Swift's `hashValue` is not), and far too wide for two different values of one field to collide by
/// chance. It is not a secret and need not be one: it only tells "changed" from "unchanged".
enum FieldFingerprint {
    static func of(_ canonicalText: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalText.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The canonical text of a list of rows: each row's cells joined by U+001F, rows by U+001E (characters a
    /// form cannot send, since the drafts strip control characters), so ["a", "b"] and ["a\u{1F}b"] differ.
    static func canonical(rows: [[String]]) -> String {
        rows.map { $0.joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
    }
}
