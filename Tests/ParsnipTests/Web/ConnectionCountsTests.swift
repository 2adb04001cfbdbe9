import XCTest

@testable import Parsnip

/// The connection cap in all and per address, this computer's exemption, and the bound on lingering refusals.
final class ConnectionCountsTests: XCTestCase {
    private func counts(max: Int, perAddress: Int) -> ConnectionCounts {
        var limits = ConnectionLimits(openFileLimit: 100_000)
        limits.maxConnections = max
        limits.maxConnectionsPerAddress = perAddress
        return ConnectionCounts(limits: limits)
    }

    func testTheConnectionOverTheCapIsRefusedAndAdmittedAgainOnceOneCloses() {
        var counts = counts(max: 3, perAddress: 10)
        for address in ["192.168.1.5", "192.168.1.6", "127.0.0.1"] {
            XCTAssertEqual(counts.admit(from: address), .admitted, address)
        }
        XCTAssertEqual(counts.admit(from: "192.168.1.7"), .refused(answered: true))
        XCTAssertEqual(counts.admit(from: "127.0.0.1"), .refused(answered: true), "this computer counts in all too")
        counts.release(from: "192.168.1.6")
        XCTAssertEqual(counts.admit(from: "192.168.1.7"), .admitted)
        XCTAssertEqual(counts.open, 3)
    }

    func testOneNetworkAddressIsCappedWhileOthersAndThisComputerAreNot() {
        var counts = counts(max: 100, perAddress: 2)
        XCTAssertEqual(counts.admit(from: "192.168.1.5"), .admitted)
        XCTAssertEqual(counts.admit(from: "192.168.1.5"), .admitted)
        XCTAssertEqual(counts.admit(from: "192.168.1.5"), .refused(answered: true))
        XCTAssertEqual(counts.admit(from: "fd00::5"), .admitted)
        for address in ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1", "127.0.0.1", "::1"] {
            XCTAssertEqual(counts.admit(from: address), .admitted, address)
        }
        counts.release(from: "192.168.1.5")
        XCTAssertEqual(counts.admit(from: "192.168.1.5"), .admitted)
    }

    func testReleasingTheLastConnectionOfAnAddressForgetsTheAddress() {
        var counts = counts(max: 10, perAddress: 10)
        _ = counts.admit(from: "FD00::5")
        _ = counts.admit(from: "fd00::5")
        counts.release(from: "fd00::5")
        XCTAssertEqual(counts.openByAddress, ["fd00::5": 1], "spellings differing in case are one address")
        counts.release(from: "FD00::5")
        XCTAssertEqual(counts.openByAddress, [:])
        XCTAssertEqual(counts.open, 0)
    }

    func testPastTheBoundOfLingeringRefusalsNewOnesAreClosedUnanswered() {
        var counts = counts(max: 1, perAddress: 10)
        _ = counts.admit(from: "192.168.1.5")
        for _ in 0..<counts.maxLingeringRefusals {
            XCTAssertEqual(counts.admit(from: "192.168.1.6"), .refused(answered: true))
        }
        XCTAssertEqual(counts.admit(from: "192.168.1.6"), .refused(answered: false))
        counts.refusalEnded()
        XCTAssertEqual(counts.admit(from: "192.168.1.6"), .refused(answered: true))
    }

    func testTheCapFitsTheOpenFileLimitWithItsReserveAndNeverPassesTheCeiling() {
        XCTAssertEqual(ConnectionLimits.maxConnections(openFileLimit: 1024), 448, "(1024 - 128) / 2")
        XCTAssertEqual(ConnectionLimits.maxConnections(openFileLimit: 2176), ConnectionLimits.connectionCeiling)
        XCTAssertEqual(ConnectionLimits.maxConnections(openFileLimit: 1_048_576), 512)
        XCTAssertEqual(ConnectionLimits.maxConnections(openFileLimit: 100), 16)
    }
}
