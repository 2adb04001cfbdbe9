/// A long text asked whether it holds each of many sentences: byte for byte, as `String.contains` would answer for
/// text in one normal form, but looked up by each sentence's first eight bytes instead of scanned.
///
/// The language tests ask a page whether it shows any of some 2,000 English sentences; Foundation's `contains`
/// scanned the whole page for each, and that scan was most of the unit tests' time in a debug build.
struct TextHaystack {
    private let bytes: [UInt8]
    /// Where each run of eight bytes starts in the text.
    private let starts: [UInt64: [Int]]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts: [UInt64: [Int]] = [:]
        if bytes.count >= 8 {
            for start in 0...(bytes.count - 8) {
                starts[Self.key(bytes, at: start), default: []].append(start)
            }
        }
        self.starts = starts
    }

    /// True when the text holds `needle`'s bytes in a row.
    func contains(_ needle: String) -> Bool {
        let wanted = Array(needle.utf8)
        if wanted.isEmpty { return true }
        guard wanted.count <= bytes.count else { return false }
        if wanted.count < 8 {
            return (0...(bytes.count - wanted.count)).contains { matches(wanted, at: $0) }
        }
        return starts[Self.key(wanted, at: 0)]?.contains { matches(wanted, at: $0) } ?? false
    }

    private func matches(_ wanted: [UInt8], at start: Int) -> Bool {
        guard start + wanted.count <= bytes.count else { return false }
        for offset in wanted.indices where bytes[start + offset] != wanted[offset] { return false }
        return true
    }

    private static func key(_ bytes: [UInt8], at start: Int) -> UInt64 {
        var key: UInt64 = 0
        for offset in 0..<8 { key = key << 8 | UInt64(bytes[start + offset]) }
        return key
    }
}
