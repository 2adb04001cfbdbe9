import Foundation
import HTTPTypes
import Hummingbird
import XCTest

@testable import Parsnip

/// Parsnip answers only to this computer's own names and addresses and to `--allowed-host`; anything else, a
/// missing `Host` or two of them get a 400 page and nothing is read or written.
final class AllowedHostsTests: XCTestCase {
    private func hosts(listen: String = "127.0.0.1", extra: [String] = [], addresses: [String] = ["192.168.1.20"])
        -> AllowedHosts
    {
        AllowedHosts(
            listenHost: listen, extra: extra, computerNames: ["kitchen-pc", "kitchen-pc.local"],
            readAddresses: { addresses })
    }

    func testLocalhostTheLoopbackAddressesAndTheComputersNamesAreAllowedWithOrWithoutAPort() {
        let allowed = hosts()
        for host in [
            "localhost", "localhost:8080", "LOCALHOST.", "127.0.0.1", "127.0.0.1:8080", "127.1.2.3", "[::1]:8080",
            "[0:0:0:0:0:0:0:1]", "kitchen-pc:8080", "Kitchen-PC.local",
        ] {
            XCTAssertTrue(allowed.allows(hostHeader: host), host)
        }
    }

    func testForeignNamesAndNetworkAddressesAreRefusedWhileParsnipStaysOnThisComputer() {
        let allowed = hosts()
        for host in [
            "evil.example", "evil.example:8080", "localhost.evil.example", "192.168.1.20:8080", "[fd00::2]:8080",
            "", ":8080", "localhost:80:80", "local host", "localhost:http", "[::1", "kitchen-pc.evil.example",
        ] {
            XCTAssertFalse(allowed.allows(hostHeader: host), host)
        }
    }

    func testWhenSharedTheComputersNetworkAddressesAreAllowedAndOthersAreNot() {
        let allowed = hosts(listen: "::", addresses: ["192.168.1.20", "fd00::2", "127.0.0.1"])
        XCTAssertTrue(allowed.allows(hostHeader: "192.168.1.20:8080"))
        XCTAssertTrue(allowed.allows(hostHeader: "[fd00::2]:8080"))
        XCTAssertTrue(allowed.allows(hostHeader: "[FD00:0::2]"), "IPv6 is compared in one spelling")
        XCTAssertFalse(allowed.allows(hostHeader: "192.168.1.99:8080"), "another device's address")
        XCTAssertFalse(allowed.allows(hostHeader: "evil.example:8080"))
    }

    func testAnAddressTheComputerGainsAfterTheStartIsLearntOnTheNextRead() {
        let current = LockedValue(["192.168.1.20"])
        let allowed = AllowedHosts(
            listenHost: "0.0.0.0", extra: [], computerNames: [], readAddresses: { current.withLock { $0 } })
        XCTAssertTrue(allowed.allows(hostHeader: "192.168.1.20"))
        current.withLock { $0 = ["192.168.1.44"] }
        // Read at most every ten seconds: a flood of wrong addresses does not make Parsnip read them each time.
        XCTAssertFalse(allowed.allows(hostHeader: "192.168.1.44"))
    }

    func testAllowedHostAddsANameAndAnAddress() {
        let allowed = hosts(extra: ["parsnip.home.arpa", "10.1.1.1"])
        XCTAssertTrue(allowed.allows(hostHeader: "parsnip.home.arpa:8080"))
        XCTAssertTrue(allowed.allows(hostHeader: "PARSNIP.home.arpa"))
        XCTAssertTrue(allowed.allows(hostHeader: "10.1.1.1"))
        XCTAssertFalse(allowed.allows(hostHeader: "home.arpa"))
        XCTAssertTrue(ParsnipSettings.isValidAllowedHost("parsnip.local"))
        XCTAssertFalse(ParsnipSettings.isValidAllowedHost("http://parsnip.local/"))
        XCTAssertFalse(ParsnipSettings.isValidAllowedHost(""))
    }

    // MARK: Through the pages

    func testAForeignHostGetsA400PageNamingWhatToAddAndNothingIsReadOrSaved() async throws {
        let direct = try await DirectRequests(testSettings())
        let saved = try await direct.send(
            .post, "/todos", authority: "localhost",
            headers: [.origin: "http://localhost", .contentType: "application/x-www-form-urlencoded"],
            body: "title=x")
        XCTAssertEqual(saved.status, .forbidden, "without a CSRF token even localhost is refused")
        for path in ["/todos", "/css/parsnip.css", "/nowhere", "/health", "/people"] {
            let response = try await direct.send(.get, path, authority: "evil.example:8080")
            XCTAssertEqual(response.status, .badRequest, path)
            XCTAssertTrue(response.text.contains("<h1>Parsnip does not answer to this address</h1>"), path)
            XCTAssertTrue(response.text.contains("--allowed-host evil.example"), path)
            XCTAssertNil(response.headers[.setCookie], "\(path): not even a CSRF cookie is handed out")
        }
        let rebound = try await direct.send(
            .post, "/todos", authority: "evil.example:8080",
            headers: [.origin: "http://evil.example:8080", .contentType: "application/x-www-form-urlencoded"],
            body: "title=Rebound")
        XCTAssertEqual(rebound.status, .badRequest)
        let list = try await direct.send(.get, "/todos", authority: "127.0.0.1:8080")
        XCTAssertEqual(list.status, .ok, "this computer's own address is answered")
        XCTAssertFalse(list.text.contains("Rebound"), "the rebound form saved nothing")
    }

    func testWhenSharedALANAddressIsAnsweredAndAnotherDevicesAddressIsNot() async throws {
        var settings = signInSettings()
        settings.host = "0.0.0.0"
        let direct = try await DirectRequests(settings)
        guard let own = NetworkAddresses.interfaceAddresses().first(where: { !$0.isIPv6 && !$0.text.hasPrefix("127.") })
        else { throw XCTSkip("this machine has no network address to ask by") }
        let lan = try await direct.send(.get, "/sign-in", authority: "\(own.text):8080")
        XCTAssertNotEqual(lan.status, .badRequest, "the computer's LAN address \(own.text)")
        let other = try await direct.send(.get, "/sign-in", authority: "203.0.113.9:8080")
        XCTAssertEqual(other.status, .badRequest)
    }

    func testAllowedHostLetsANamedProxyIn() async throws {
        var settings = testSettings()
        settings.allowedHosts = ["parsnip.home.arpa"]
        let direct = try await DirectRequests(settings)
        let named = try await direct.send(.get, "/todos", authority: "parsnip.home.arpa")
        XCTAssertEqual(named.status, .ok)
        let foreign = try await direct.send(.get, "/todos", authority: "home.arpa")
        XCTAssertEqual(foreign.status, .badRequest)
    }

    func testAMissingOrRepeatedHostIsA400() async throws {
        let direct = try await DirectRequests(testSettings())
        let missing = try await direct.send(.get, "/todos", authority: nil)
        XCTAssertEqual(missing.status, .badRequest)
        XCTAssertTrue(missing.text.contains("did not say which computer it was for"))
        let repeated = try await direct.send(
            .get, "/todos", authority: "localhost", headers: [.init("Host")!: "evil.example"])
        XCTAssertEqual(repeated.status, .badRequest, "a second Host beside the first")
        let twiceTheSame = try await direct.send(
            .get, "/todos", authority: "localhost", headers: [.init("Host")!: "localhost"])
        XCTAssertEqual(twiceTheSame.status, .badRequest, "two Hosts, even equal ones")
    }

    func testAPageFromAnotherSiteIsRefusedByItsOriginEvenWithAnAllowedHost() async throws {
        try await withApp { browser in
            let response = try await browser.get("/todos", headers: [.origin: "http://evil.example"])
            XCTAssertEqual(response.status, .badRequest)
            let ours = try await browser.get("/todos", headers: [.origin: "http://localhost"])
            XCTAssertEqual(ours.status, .ok)
        }
    }
}
