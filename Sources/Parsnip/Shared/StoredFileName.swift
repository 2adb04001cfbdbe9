/// The names files are kept under (a recipe photo, a file an app keeps): 32 random hex digits, `_`, then a name
/// made from the one given, so a name can neither be guessed nor reach outside its own URL.
enum StoredFileName {
    /// 32 random hexadecimal digits from the system's secure generator.
    static func randomPrefix() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// True for 1 to 128 letters, digits, `-`, `_` and `.`, not starting with a dot: a name a URL path holds as it
    /// is (Parse's file-name rule, made stricter).
    static func isValid(_ name: String) -> Bool {
        (1...128).contains(name.utf8.count) && !name.hasPrefix(".")
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
