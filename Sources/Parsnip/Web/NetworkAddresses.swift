#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The addresses other devices on the network can use to reach this computer, for the start-up message.
public enum NetworkAddresses {
    /// One address of one network interface.
    public struct InterfaceAddress: Sendable, Hashable {
        public var isIPv6: Bool
        /// Numeric form: "192.168.1.20", "fd00::5".
        public var text: String

        public init(isIPv6: Bool, text: String) {
            self.isIPv6 = isIPv6
            self.text = text
        }
    }

    /// The URLs, one per address, that people on the network can type to open Parsnip listening on `host`
    /// ("::" or "0.0.0.0") and `port`: every non-loopback IPv4 address of this computer and, when listening on
    /// "::", every IPv6 one too, IPv4 first. IPv6 link-local addresses (fe80::/10) are left out: a browser cannot
    /// open them without naming the network interface.
    public static func shareURLs(host: String, port: Int) -> [String] {
        shareURLs(port: port, includingIPv6: host != "0.0.0.0", addresses: interfaceAddresses())
    }

    /// The address `--share` listens on: "::" (IPv6 and, on Linux, IPv4 too) when this computer has IPv6,
    /// else "0.0.0.0".
    public static func everyInterfaceHost() -> String {
        interfaceAddresses().contains(where: \.isIPv6) ? "::" : "0.0.0.0"
    }

    /// `shareURLs(host:port:)` for a given list of addresses (separate so it can be tested).
    public static func shareURLs(port: Int, includingIPv6: Bool, addresses: [InterfaceAddress]) -> [String] {
        var seen = Set<String>()
        let usable = addresses.filter { address in
            (includingIPv6 || !address.isIPv6) && !isLoopback(address) && !isLinkLocal(address)
                && seen.insert(address.text).inserted
        }
        let ordered = usable.filter { !$0.isIPv6 } + usable.filter(\.isIPv6)
        return ordered.map { $0.isIPv6 ? "http://[\($0.text)]:\(port)" : "http://\($0.text):\(port)" }
    }

    /// True for the addresses that listen on every interface ("0.0.0.0", "::").
    public static func isEveryInterface(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "[::]"
    }

    static func isLoopback(_ address: InterfaceAddress) -> Bool {
        address.isIPv6 ? address.text == "::1" : address.text.hasPrefix("127.")
    }

    static func isLinkLocal(_ address: InterfaceAddress) -> Bool {
        guard address.isIPv6 else { return false }
        let lower = address.text.lowercased()
        return ["fe8", "fe9", "fea", "feb"].contains { lower.hasPrefix($0) }
    }

    /// Every IPv4 and IPv6 address of every interface that is up, in numeric form.
    static func interfaceAddresses() -> [InterfaceAddress] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var found: [InterfaceAddress] = []
        for interface in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socketAddress = interface.pointee.ifa_addr,
                (interface.pointee.ifa_flags & UInt32(IFF_UP)) != 0
            else { continue }
            let family = Int32(socketAddress.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(
                family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(socketAddress, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            // A scoped IPv6 address reads "fe80::1%eth0"; the scope is not part of a URL's host.
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
            found.append(InterfaceAddress(isIPv6: family == AF_INET6, text: address))
        }
        return found
    }
}
