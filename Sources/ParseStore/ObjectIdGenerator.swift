/// Makes Parse objectIds: ten characters from A–Z a–z 0–9, drawn from the system CSPRNG without modulo bias.
enum ObjectIdGenerator {
    /// The 62 symbols, in Parse's order.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    /// Parse's default objectId length.
    static let length = 10

    /// A new objectId.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// A new objectId from `generator` (for tests that need a deterministic or adversarial source).
    static func make(using generator: inout some RandomNumberGenerator) -> String {
        var bytes = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < length {
            var word = generator.next()
            // Each byte is a candidate; 248 = 4 × 62, so bytes ≥ 248 are rejected to keep every symbol equally
            // likely (rejection sampling instead of `byte % 62`).
            for _ in 0..<8 where filled < length {
                let byte = UInt8(truncatingIfNeeded: word)
                word >>= 8
                if byte < 248 {
                    bytes[filled] = alphabet[Int(byte % 62)]
                    filled += 1
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
