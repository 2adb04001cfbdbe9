/// The computer Parsnip runs on, as addresses and host names name it.
public enum ThisComputer {
    /// True when the request came from this computer: 127.0.0.1 (any 127.x), ::1 or ::ffff:127.x.
    static func isAddress(_ remoteAddress: String?) -> Bool {
        guard let address = remoteAddress?.lowercased() else { return false }
        if address == "::1" { return true }
        let ipv4 = address.hasPrefix("::ffff:") ? String(address.dropFirst("::ffff:".count)) : address
        let parts = ipv4.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// True for hosts only this computer can reach: 127.x.x.x, ::1 and localhost.
    public static func isOnlyHost(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare == "localhost" || bare == "::1" || isAddress(bare)
    }
}
