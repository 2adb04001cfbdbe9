import XCTest

@testable import Parsnip

/// The addresses `--share` prints: the ones a phone on the network can open, nothing else.
final class NetworkAddressesTests: XCTestCase {
    private let addresses: [NetworkAddresses.InterfaceAddress] = [
        .init(isIPv6: false, text: "127.0.0.1"),
        .init(isIPv6: true, text: "::1"),
        .init(isIPv6: true, text: "fe80::1c2d:3eff:fe4f:5a6b"),
        .init(isIPv6: true, text: "fd00::2"),
        .init(isIPv6: false, text: "192.168.1.20"),
        .init(isIPv6: false, text: "10.0.0.7"),
        .init(isIPv6: false, text: "192.168.1.20"),
    ]

    func testListsEveryNetworkAddressIPv4FirstWithoutLoopbackLinkLocalOrRepeats() {
        XCTAssertEqual(
            NetworkAddresses.shareURLs(port: 8080, includingIPv6: true, addresses: addresses),
            ["http://192.168.1.20:8080", "http://10.0.0.7:8080", "http://[fd00::2]:8080"]
        )
    }

    func testListensOnIPv4AloneListsNoIPv6Address() {
        XCTAssertEqual(
            NetworkAddresses.shareURLs(port: 9000, includingIPv6: false, addresses: addresses),
            ["http://192.168.1.20:9000", "http://10.0.0.7:9000"]
        )
    }

    func testEveryInterfaceHostsAreRecognised() {
        for host in ["0.0.0.0", "::", "[::]"] { XCTAssertTrue(NetworkAddresses.isEveryInterface(host), host) }
        for host in ["127.0.0.1", "192.168.1.20", "localhost"] {
            XCTAssertFalse(NetworkAddresses.isEveryInterface(host), host)
        }
    }

    func testThisComputersOwnAddressesIncludeNoLoopbackInTheSharedList() {
        let urls = NetworkAddresses.shareURLs(host: "::", port: 8080)
        XCTAssertFalse(urls.contains { $0.hasPrefix("http://127.") || $0.hasPrefix("http://[::1]") }, "\(urls)")
    }
}
