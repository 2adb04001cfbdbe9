import Foundation
import XCTest

@testable import Parsnip

/// At most 10 password checks per address and per name in any 15 minutes, counted before each check, slower from
/// the 4th; names counted apart for this computer and for the network.
final class SignInThrottleTests: XCTestCase {
    private func throttle(_ clock: ManualClock, capacity: Int = 10_000) -> SignInThrottle {
        SignInThrottle(capacity: capacity, now: { clock.now() })
    }

    /// The attempt of an allowed decision; a test failure when it was refused.
    private func attempt(
        _ throttle: SignInThrottle, _ address: String?, _ name: String, file: StaticString = #filePath,
        line: UInt = #line
    ) -> (delay: Duration, attempt: SignInThrottle.Attempt)? {
        guard case .allowed(let delay, let attempt) = throttle.begin(address: address, username: name) else {
            XCTFail("\(name) from \(address ?? "nowhere") was refused", file: file, line: line)
            return nil
        }
        return (delay, attempt)
    }

    private func isRefused(_ throttle: SignInThrottle, _ address: String?, _ name: String) -> Date? {
        if case .refused(let until) = throttle.begin(address: address, username: name) { return until }
        return nil
    }

    func testTheFirstThreeAttemptsCostNothingThenEachWaitsLongerUpToTwoSeconds() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        let delays = (0..<9).compactMap { _ in attempt(throttle, "192.168.1.5", "Ana")?.delay }
        XCTAssertEqual(
            delays,
            [
                .zero, .zero, .zero, .milliseconds(500), .seconds(1), .milliseconds(1500), .seconds(2), .seconds(2),
                .seconds(2),
            ])
    }

    func testTheEleventhAttemptOnANameFromAnywhereOnTheNetworkIsRefusedUntilTheFirstLeavesTheWindow() throws {
        let clock = ManualClock()
        let throttle = throttle(clock)
        let first = clock.now()
        for index in 0..<10 {
            _ = attempt(throttle, "10.0.0.\(index)", "Ana")
            clock.advance(by: 10)
        }
        XCTAssertEqual(isRefused(throttle, "10.0.0.99", "ana"), first + 900, "the name is counted ignoring case")
        XCTAssertNil(isRefused(throttle, "10.0.0.98", "Ben"), "another name is untouched")
        clock.advance(by: 900 - 100 - 1)
        XCTAssertEqual(isRefused(throttle, "10.0.0.97", "Ana"), first + 900, "a refusal is not counted")
        clock.advance(by: 1)
        XCTAssertNil(isRefused(throttle, "10.0.0.96", "Ana"), "the first attempt has left the window")
        XCTAssertEqual(isRefused(throttle, "10.0.0.95", "Ana"), first + 910, "the new attempt filled it again")
    }

    func testTenAttemptsFromOneAddressRefuseThatAddressForEveryNameButNotOthers() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for index in 0..<10 { _ = attempt(throttle, "192.168.1.5", "guess\(index)") }
        XCTAssertNotNil(isRefused(throttle, "192.168.1.5", "Ana"))
        XCTAssertNil(isRefused(throttle, "192.168.1.6", "Ana"))
    }

    func testTwoHundredParallelAttemptsCountAsTwoHundredSoOnlyTenGoAhead() async {
        let clock = ManualClock()
        let throttle = throttle(clock)
        let allowed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    if case .allowed = throttle.begin(address: "192.168.1.5", username: "Ana") { return true }
                    return false
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        XCTAssertEqual(allowed, 10)
    }

    func testAStrangerOnTheNetworkCannotLockTheNameOutOfThisComputer() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for index in 0..<10 { _ = attempt(throttle, "192.168.1.\(index + 10)", "Ana") }
        XCTAssertNotNil(isRefused(throttle, "192.168.1.99", "Ana"), "the network is refused the name")
        XCTAssertNil(isRefused(throttle, "127.0.0.1", "Ana"), "this computer still may try")
        XCTAssertNil(isRefused(throttle, "::1", "Ana"), "this computer over IPv6 too")
    }

    func testFiftyPeopleSigningInAtOnceOnThisComputerAllGoAheadWhileEachNameIsStillLimited() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for index in 0..<50 { _ = attempt(throttle, "127.0.0.1", "person\(index)") }
        for _ in 0..<9 { _ = attempt(throttle, "127.0.0.1", "person0") }
        XCTAssertNotNil(isRefused(throttle, "127.0.0.1", "person0"), "the name still has its ten")
    }

    func testASuccessTakesItsAttemptBackFromTheAddressAndClearsTheName() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for _ in 0..<6 { _ = attempt(throttle, "10.0.0.50", "Ana") }
        guard let right = attempt(throttle, "10.0.0.50", "Ana") else { return }
        XCTAssertEqual(right.delay, .seconds(2))
        throttle.succeeded(right.attempt)
        XCTAssertEqual(attempt(throttle, "10.0.0.60", "Ana")?.delay, .zero, "the name starts afresh")
        // Signing in again and again from one device never counts against it.
        for _ in 0..<30 {
            guard let next = attempt(throttle, "10.0.0.70", "Ben") else { return }
            throttle.succeeded(next.attempt)
        }
    }

    func testAWithdrawnAttemptNoLongerCountsAgainstTheAddressOrTheName() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for _ in 0..<9 { _ = attempt(throttle, "10.0.0.80", "Ana") }
        guard let tenth = attempt(throttle, "10.0.0.80", "Ana") else { return }
        XCTAssertNotNil(isRefused(throttle, "10.0.0.81", "Ana"), "ten attempts fill the name's window")
        throttle.withdraw(tenth.attempt)
        XCTAssertNil(isRefused(throttle, "10.0.0.80", "Ana"), "the withdrawn attempt left room for one more")
    }

    func testRememberedAddressesAndNamesStayBounded() {
        let clock = ManualClock()
        let throttle = throttle(clock, capacity: 20)
        for index in 0..<500 {
            _ = throttle.begin(address: "10.0.\(index / 256).\(index % 256)", username: "n\(index)")
            clock.advance(by: 1)
        }
        XCTAssertLessThanOrEqual(throttle.rememberedCount, 22)
    }
}
