import HummingbirdBcrypt
import NIOPosix

/// Hashes and checks passwords with bcrypt on NIO's thread pool, so a slow hash never blocks an event loop.
struct PasswordHasher: Sendable {
    /// The bcrypt cost Parsnip uses unless told otherwise: about a quarter of a second per check on a small computer.
    static let defaultCost: UInt8 = 12
    /// bcrypt's work factor: 12 in production (about a quarter of a second), 4 in tests.
    let cost: UInt8
    /// A hash, at the same cost, of a random text that was thrown away.
    private let decoyHash: String

    /// Makes the decoy hash once, at start-up.
    init(cost: UInt8) {
        self.cost = cost
        decoyHash = Bcrypt.hash(SessionCookie.newToken(), cost: cost)
    }

    /// A bcrypt hash of `password`, salted afresh each time.
    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// True when `password` is the one `hash` was made from.
    func verify(_ password: String, against hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Checks `password` against a hash of nothing anybody knows, so an unknown name takes as long to refuse as a
    /// wrong password and the time of a refusal does not tell which names exist.
    func spendVerifyTime(_ password: String) async throws {
        _ = try await verify(password, against: decoyHash)
    }
}
