import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The host names and addresses this Parsnip answers to, as Django's `ALLOWED_HOSTS`.
///
/// A web page on another site can make its own name point at this computer (DNS rebinding) and then talk to
/// Parsnip as if it were that site; the browser still sends the other site's name in `Host`. Answering only to
/// this computer's own names stops that: `localhost`, the loopback addresses, this computer's host name (and its
/// `.local` form), its network addresses when Parsnip is shared, and every `--allowed-host`. Ports are not
/// compared: the listening socket already chose the port.
final class AllowedHosts: Sendable {
    /// Names and addresses always allowed, in `canonical` form.
    let fixed: Set<String>
    /// True when Parsnip listens beyond this computer: its network addresses are then allowed too.
    let includesNetworkAddresses: Bool
    /// Reads this computer's addresses (tests pass a fixed list).
    private let readAddresses: @Sendable () -> [String]
    /// The network addresses last read and when; read again on a miss, at most every `refreshInterval`, so an
    /// address that changed since the start (a new DHCP lease) is learnt without a restart.
    private let addresses: Mutex<(set: Set<String>, readAt: ContinuousClock.Instant?)>
    static let refreshInterval: Duration = .seconds(10)

    init(
        listenHost: String, extra: [String], computerNames: [String] = AllowedHosts.computerNames(),
        readAddresses: @escaping @Sendable () -> [String] = {
            NetworkAddresses.interfaceAddresses().map(\.text)
        }
    ) {
        var fixed: Set<String> = ["localhost"]
        for name in computerNames + extra + [listenHost] {
            if let canonical = Self.canonical(name) { fixed.insert(canonical) }
        }
        self.fixed = fixed
        self.includesNetworkAddresses = !ThisComputer.isOnlyHost(listenHost)
        self.readAddresses = readAddresses
        self.addresses = Mutex((set: [], readAt: nil))
    }

    /// True when `hostHeader` ("parsnip.local:8080", "[fd00::2]:8080", "127.0.0.1") names this Parsnip.
    func allows(hostHeader: String) -> Bool {
        guard let host = Self.canonical(Self.hostPart(of: hostHeader) ?? "") else { return false }
        if fixed.contains(host) || Self.isLoopbackAddress(host) { return true }
        guard includesNetworkAddresses, Self.isAddress(host) else { return false }
        return addresses.withLock { cache in
            if cache.set.contains(host) { return true }
            let now = ContinuousClock.now
            if let readAt = cache.readAt, now - readAt < Self.refreshInterval { return false }
            cache = (Set(readAddresses().compactMap(Self.canonical)), now)
            return cache.set.contains(host)
        }
    }

    /// The host of a `Host` header without its port and IPv6 brackets, or nil when it is not one.
    static func hostPart(of hostHeader: String) -> String? {
        var text = Substring(hostHeader)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return nil }
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if let colon = text.lastIndex(of: ":") {
            guard isPort(text[colon...]) else { return nil }
            text = text[..<colon]
        }
        return text.isEmpty ? nil : String(text)
    }

    /// One spelling per name or address: names lower-cased without a final dot, addresses as the system prints
    /// them ("::1", "192.168.1.20"); nil for anything that is neither.
    static func canonical(_ host: String) -> String? {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if let address = numericAddress(name) { return address }
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 253,
            labels.allSatisfy({ label in
                !label.isEmpty && label.utf8.count <= 63
                    && label.utf8.allSatisfy { byte in
                        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
                            || byte == UInt8(ascii: "_")
                    }
            })
        else { return nil }
        return name
    }

    /// This computer's host name as `gethostname` reports it, with its first label and the `.local` name that
    /// mDNS (Avahi, Bonjour) gives it.
    static func computerNames() -> [String] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return [] }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let first = name.split(separator: ".").first.map(String.init), !first.isEmpty else { return [] }
        return [name, first, first + ".local"]
    }

    private static func isPort(_ text: Substring) -> Bool {
        guard text.first == ":" else { return false }
        let digits = text.dropFirst()
        return !digits.isEmpty && digits.count <= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `text` as the system prints the address it parses to, or nil when it is not an IPv4 or IPv6 address.
    private static func numericAddress(_ text: String) -> String? {
        var v4 = in_addr()
        var v6 = in6_addr()
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        if inet_pton(AF_INET, text, &v4) == 1, inet_ntop(AF_INET, &v4, &output, socklen_t(output.count)) != nil {
            return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        if inet_pton(AF_INET6, text, &v6) == 1, inet_ntop(AF_INET6, &v6, &output, socklen_t(output.count)) != nil {
            return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    private static func isAddress(_ canonical: String) -> Bool { numericAddress(canonical) != nil }

    private static func isLoopbackAddress(_ canonical: String) -> Bool {
        canonical == "::1" || ThisComputer.isAddress(canonical)
    }
}
