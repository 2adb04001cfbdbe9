import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// At most 10 password checks per address and per name in any 15 minutes, counted before each check, slower from
/// the 4th; names counted apart for this computer and for the network. Each test runs on the throttle that counts
/// in memory (one server) and, when `PARSNIP_TEST_POSTGRES_URL` names a PostgreSQL server, on the one that counts
/// in a database several servers share.
final class SignInThrottleTests: XCTestCase {
    /// Runs `test` on each kind of throttle, with a clock of its own.
    private func onEachThrottle(
        capacity: Int = 10_000, _ test: (SignInThrottle, ManualClock, String) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        try await test(SignInThrottle(capacity: capacity, now: { clock.now() }), clock, "in memory")
        guard let url = ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"] else { return }
        let schema = "throttle_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let store = try ParseStore(postgresURL: url + (url.contains("?") ? "&" : "?") + "schema=" + schema)
        defer { try? store.close() }
        let sharedClock = ManualClock()
        try await test(SignInThrottle(sharedIn: store, now: { sharedClock.now() }), sharedClock, "shared")
    }

    /// The attempt of an allowed decision; a test failure when it was refused.
    private func attempt(
        _ throttle: SignInThrottle, _ address: String?, _ name: String, file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> (delay: Duration, attempt: SignInThrottle.Attempt)? {
        guard case .allowed(let delay, let attempt) = try await throttle.begin(address: address, username: name) else {
            XCTFail("\(name) from \(address ?? "nowhere") was refused", file: file, line: line)
            return nil
        }
        return (delay, attempt)
    }

    private func isRefused(_ throttle: SignInThrottle, _ address: String?, _ name: String) async throws -> Date? {
        if case .refused(let until) = try await throttle.begin(address: address, username: name) { return until }
        return nil
    }

    func testTheFirstThreeAttemptsCostNothingThenEachWaitsLongerUpToTwoSeconds() async throws {
        try await onEachThrottle { throttle, _, kind in
            var delays: [Duration] = []
            for _ in 0..<9 {
                if let delay = try await attempt(throttle, "192.168.1.5", "Ana")?.delay { delays.append(delay) }
            }
            XCTAssertEqual(
                delays,
                [
                    .zero, .zero, .zero, .milliseconds(500), .seconds(1), .milliseconds(1500), .seconds(2),
                    .seconds(2), .seconds(2),
                ], kind)
        }
    }

    func testTheEleventhAttemptOnANameFromAnywhereOnTheNetworkIsRefusedUntilTheFirstLeavesTheWindow() async throws {
        try await onEachThrottle { throttle, clock, kind in
            let first = clock.now()
            for index in 0..<10 {
                _ = try await attempt(throttle, "10.0.0.\(index)", "Ana")
                clock.advance(by: 10)
            }
            let refused = try await isRefused(throttle, "10.0.0.99", "ana")
            XCTAssertEqual(refused, first + 900, "the name is counted ignoring case (\(kind))")
            let other = try await isRefused(throttle, "10.0.0.98", "Ben")
            XCTAssertNil(other, "another name is untouched (\(kind))")
            clock.advance(by: 900 - 100 - 1)
            let still = try await isRefused(throttle, "10.0.0.97", "Ana")
            XCTAssertEqual(still, first + 900, "a refusal is not counted (\(kind))")
            clock.advance(by: 1)
            let free = try await isRefused(throttle, "10.0.0.96", "Ana")
            XCTAssertNil(free, "the first attempt has left the window (\(kind))")
            let again = try await isRefused(throttle, "10.0.0.95", "Ana")
            XCTAssertEqual(again, first + 910, "the new attempt filled it again (\(kind))")
        }
    }

    func testTenAttemptsFromOneAddressRefuseThatAddressForEveryNameButNotOthers() async throws {
        try await onEachThrottle { throttle, _, kind in
            for index in 0..<10 { _ = try await attempt(throttle, "192.168.1.5", "guess\(index)") }
            let same = try await isRefused(throttle, "192.168.1.5", "Ana")
            XCTAssertNotNil(same, kind)
            let other = try await isRefused(throttle, "192.168.1.6", "Ana")
            XCTAssertNil(other, kind)
        }
    }

    func testTwoHundredParallelAttemptsCountAsTwoHundredSoOnlyTenGoAhead() async throws {
        try await onEachThrottle { throttle, _, kind in
            let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        if case .allowed = try await throttle.begin(address: "192.168.1.5", username: "Ana") {
                            return true
                        }
                        return false
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            XCTAssertEqual(allowed, 10, kind)
        }
    }

    func testAStrangerOnTheNetworkCannotLockTheNameOutOfThisComputer() async throws {
        try await onEachThrottle { throttle, _, kind in
            for index in 0..<10 { _ = try await attempt(throttle, "192.168.1.\(index + 10)", "Ana") }
            let network = try await isRefused(throttle, "192.168.1.99", "Ana")
            XCTAssertNotNil(network, "the network is refused the name (\(kind))")
            let here = try await isRefused(throttle, "127.0.0.1", "Ana")
            XCTAssertNil(here, "this computer still may try (\(kind))")
            let hereIPv6 = try await isRefused(throttle, "::1", "Ana")
            XCTAssertNil(hereIPv6, "this computer over IPv6 too (\(kind))")
        }
    }

    func testFiftyPeopleSigningInAtOnceOnThisComputerAllGoAheadWhileEachNameIsStillLimited() async throws {
        try await onEachThrottle { throttle, _, kind in
            for index in 0..<50 { _ = try await attempt(throttle, "127.0.0.1", "person\(index)") }
            for _ in 0..<9 { _ = try await attempt(throttle, "127.0.0.1", "person0") }
            let refused = try await isRefused(throttle, "127.0.0.1", "person0")
            XCTAssertNotNil(refused, "the name still has its ten (\(kind))")
        }
    }

    func testASuccessTakesItsAttemptBackFromTheAddressAndClearsTheName() async throws {
        try await onEachThrottle { throttle, _, kind in
            for _ in 0..<6 { _ = try await attempt(throttle, "10.0.0.50", "Ana") }
            guard let right = try await attempt(throttle, "10.0.0.50", "Ana") else { return }
            XCTAssertEqual(right.delay, .seconds(2), kind)
            await throttle.succeeded(right.attempt)
            let next = try await attempt(throttle, "10.0.0.60", "Ana")
            XCTAssertEqual(next?.delay, .zero, "the name starts afresh (\(kind))")
            // Signing in again and again from one device never counts against it.
            for _ in 0..<30 {
                guard let next = try await attempt(throttle, "10.0.0.70", "Ben") else { return }
                await throttle.succeeded(next.attempt)
            }
        }
    }

    func testAWithdrawnAttemptNoLongerCountsAgainstTheAddressOrTheName() async throws {
        try await onEachThrottle { throttle, _, kind in
            for _ in 0..<9 { _ = try await attempt(throttle, "10.0.0.80", "Ana") }
            guard let tenth = try await attempt(throttle, "10.0.0.80", "Ana") else { return }
            let full = try await isRefused(throttle, "10.0.0.81", "Ana")
            XCTAssertNotNil(full, "ten attempts fill the name's window (\(kind))")
            await throttle.withdraw(tenth.attempt)
            let room = try await isRefused(throttle, "10.0.0.80", "Ana")
            XCTAssertNil(room, "the withdrawn attempt left room for one more (\(kind))")
        }
    }

    func testRememberedAddressesAndNamesStayBoundedInMemory() async throws {
        let clock = ManualClock()
        let throttle = SignInThrottle(capacity: 20, now: { clock.now() })
        for index in 0..<500 {
            _ = try await throttle.begin(address: "10.0.\(index / 256).\(index % 256)", username: "n\(index)")
            clock.advance(by: 1)
        }
        XCTAssertLessThanOrEqual(throttle.rememberedCount, 22)
    }
}
