/// Who may open another connection: a count of open connections, in all and per network address.
///
/// Invariant: `open` is the number of admitted connections not yet released, and `openByAddress` holds, for each
/// address other than this computer's own, how many of those came from it (no entry at zero). A refused connection
/// is answered 503 and then lingers briefly to be read; `refusing` counts those, so that a flood of refusals is
/// itself bounded: past `maxLingeringRefusals` they are closed without an answer.
struct ConnectionCounts {
    /// What happens to a new connection.
    enum Admission: Equatable {
        /// Served like any other.
        case admitted
        /// Over a cap: answered 503; `answered` is false when too many refusals are already lingering.
        case refused(answered: Bool)
    }

    let maxConnections: Int
    let maxConnectionsPerAddress: Int
    /// Refusals lingering at once before the next ones are closed unanswered: an eighth of the cap, at least 8;
    /// enough to answer a burst, few enough that a flood of refusals holds few sockets.
    let maxLingeringRefusals: Int

    private(set) var open = 0
    private(set) var openByAddress: [String: Int] = [:]
    private(set) var refusing = 0

    init(limits: ConnectionLimits) {
        maxConnections = limits.maxConnections
        maxConnectionsPerAddress = limits.maxConnectionsPerAddress
        maxLingeringRefusals = max(8, limits.maxConnections / 8)
    }

    /// Admits or refuses a connection from `address` (nil: not an IP connection); an admitted one must be
    /// released with the same address, an answered refusal with `refusalEnded()`.
    mutating func admit(from address: String?) -> Admission {
        let key = Self.countedKey(address)
        let fromAddress = key.map { openByAddress[$0, default: 0] } ?? 0
        guard open < maxConnections, fromAddress < maxConnectionsPerAddress else {
            guard refusing < maxLingeringRefusals else { return .refused(answered: false) }
            refusing += 1
            return .refused(answered: true)
        }
        open += 1
        if let key { openByAddress[key] = fromAddress + 1 }
        return .admitted
    }

    /// An admitted connection from `address` has closed.
    mutating func release(from address: String?) {
        open = max(0, open - 1)
        guard let key = Self.countedKey(address), let count = openByAddress[key] else { return }
        openByAddress[key] = count > 1 ? count - 1 : nil
    }

    /// An answered refusal has closed.
    mutating func refusalEnded() {
        refusing = max(0, refusing - 1)
    }

    /// The key an address is counted under, or nil when it is not counted per address: this computer's own
    /// addresses (127.x.x.x, ::1, also IPv4-mapped), and connections without an IP address.
    static func countedKey(_ address: String?) -> String? {
        guard let address, !ThisComputer.isAddress(address) else { return nil }
        return address.lowercased()
    }
}
