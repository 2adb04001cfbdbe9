import Foundation
import XCTest

@testable import Parsnip

/// Guessing passwords gets slower after 3 failures and stops after 10, per address and per name, for 15 minutes.
final class SignInThrottleTests: XCTestCase {
    private func throttle(_ clock: ManualClock, capacity: Int = 10_000) -> SignInThrottle {
        SignInThrottle(capacity: capacity, now: { clock.now() })
    }

    func testTheFirstThreeFailuresCostNothingThenEachAttemptWaitsLongerUpToTwoSeconds() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        var delays: [Duration] = []
        for _ in 0..<9 {
            guard case .allowed(let delay) = throttle.decision(address: "192.168.1.5", username: "Ana") else {
                return XCTFail("refused too early")
            }
            delays.append(delay)
            throttle.recordFailure(address: "192.168.1.5", username: "Ana")
        }
        XCTAssertEqual(
            delays,
            [
                .zero, .zero, .zero, .milliseconds(500), .seconds(1), .milliseconds(1500), .seconds(2), .seconds(2),
                .seconds(2),
            ])
    }

    func testTheTenthFailureRefusesTheNameFor15MinutesFromAnyAddress() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for attempt in 0..<10 { throttle.recordFailure(address: "10.0.0.\(attempt)", username: "Ana") }
        let refusedAt = clock.now()
        XCTAssertEqual(throttle.decision(address: "10.0.0.99", username: "ana"), .refused(until: refusedAt + 900))
        XCTAssertEqual(throttle.decision(address: "10.0.0.99", username: "Ben"), .allowed(delay: .zero))
        clock.advance(by: 899)
        XCTAssertEqual(throttle.decision(address: "10.0.0.99", username: "Ana"), .refused(until: refusedAt + 900))
        clock.advance(by: 1)
        XCTAssertEqual(throttle.decision(address: "10.0.0.99", username: "Ana"), .allowed(delay: .zero))
    }

    func testTheTenthFailureFromOneAddressRefusesItForEveryName() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for attempt in 0..<10 { throttle.recordFailure(address: "192.168.1.5", username: "guess\(attempt)") }
        guard case .refused = throttle.decision(address: "192.168.1.5", username: "Ana") else {
            return XCTFail("the address should be refused")
        }
        XCTAssertEqual(throttle.decision(address: "192.168.1.6", username: "Ana"), .allowed(delay: .zero))
    }

    func testFailuresOlderThan15MinutesAreForgotten() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for _ in 0..<5 { throttle.recordFailure(address: "a", username: "Ana") }
        clock.advance(by: 901)
        XCTAssertEqual(throttle.decision(address: "a", username: "Ana"), .allowed(delay: .zero))
    }

    func testASuccessClearsTheNamesCount() {
        let clock = ManualClock()
        let throttle = throttle(clock)
        for attempt in 0..<6 { throttle.recordFailure(address: "10.0.0.\(attempt)", username: "Ana") }
        XCTAssertEqual(throttle.decision(address: "10.0.0.50", username: "Ana"), .allowed(delay: .seconds(2)))
        throttle.recordSuccess(username: " ANA ")
        XCTAssertEqual(throttle.decision(address: "10.0.0.50", username: "Ana"), .allowed(delay: .zero))
    }

    func testTheMemoryStaysBoundedWhateverNamesAreTried() {
        let clock = ManualClock()
        let throttle = throttle(clock, capacity: 20)
        for attempt in 0..<500 {
            throttle.recordFailure(address: "10.0.\(attempt / 256).\(attempt % 256)", username: "n\(attempt)")
        }
        XCTAssertLessThanOrEqual(throttle.rememberedCount, 22)
    }

    func testTheSignInPageSlowsDownThenRefusesWith429AndTheTime() async throws {
        let clock = ManualClock()
        let pauses = PauseRecorder()
        try await withApp(settings: signInSettings(clock: clock, pauses: pauses)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let guesser = owner.another()
            for attempt in 1...10 {
                let response = try await guesser.signIn("Ana", "guess number \(attempt)")
                XCTAssertEqual(response.status, .unprocessableContent, "attempt \(attempt)")
            }
            XCTAssertEqual(pauses.recorded.count, 7, "attempts 4 to 10 waited")
            XCTAssertEqual(pauses.recorded.first, .milliseconds(500))
            let refused = try await guesser.signIn("Ana", "correct horse")
            XCTAssertEqual(refused.status, .tooManyRequests)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB")
            formatter.dateFormat = "HH:mm"
            // The 10th failure came at 10:20:30 UTC; the refusal lasts until 10:35:30, shown as "after 10:36".
            let expected = formatter.string(from: Date(timeIntervalSince1970: 1_714_558_830 + 900 + 30))
            XCTAssertTrue(
                refused.text.contains("Too many sign-in attempts. Try again after \(expected)."), refused.text)
            XCTAssertFalse(refused.headers[values: .setCookie].contains { $0.hasPrefix("parsnip_session=") })
            clock.advance(by: 901)
            let later = try await guesser.signIn("Ana", "correct horse")
            XCTAssertEqual(later.status, .seeOther, "after 15 minutes the right password works again")
        }
    }
}
