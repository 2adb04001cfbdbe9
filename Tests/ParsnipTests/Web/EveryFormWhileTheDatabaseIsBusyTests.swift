import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import ParseStore
import XCTest

@testable import Parsnip

/// Every POST route the router has — listed from the router itself, so a route added later fails here until it has a
/// scenario — sent while another program holds the database's write lock: each one that writes shows its own form
/// or confirmation again with 503 and everything it was sent, each one that cannot write answers as usual, nothing
/// is written, and pressing the button on the page shown, once the lock is gone, does what it says.
final class EveryFormWhileTheDatabaseIsBusyTests: XCTestCase {
    func testEveryPostRouteShowsItsFormAgainWith503OrCannotWrite() async throws {
        // Its scenarios include the Backups page's, and another program holds SQLite's own file lock.
        try skipUnlessSQLite("SQLite's write lock held by another program")
        let registered = try await Self.registeredPostRoutes()
        let shared = try TemporaryDatabase()
        let unset = try TemporaryDatabase()
        defer {
            shared.remove()
            unset.remove()
        }
        try await withApp(settings: fileSettings(unset.path)) { newcomer in
            try await withApp(settings: fileSettings(shared.path)) { owner in
                let scenarios = try await FormScenarios.make(owner: owner, newcomer: newcomer)
                XCTAssertEqual(
                    Set(scenarios.map(\.route)), registered,
                    "every POST route needs a scenario below, and every scenario a route")
                try await Self.check(scenarios, databases: [shared, unset], reader: owner)
            }
        }
    }

    /// Loads each form, sends them all at once under a held lock, checks every answer, then presses each button again.
    static func check(_ scenarios: [FormScenario], databases: [TemporaryDatabase], reader: Browser) async throws {
        var sent: [[(String, String)]] = []
        for scenario in scenarios {
            let html: String
            if let opened = scenario.opened {
                html = try await opened(scenario.browser)
            } else {
                html = try await scenario.browser.get(scenario.page).text
            }
            sent.append(try scenario.fieldsToSend(from: html))
        }
        let before = try databases.map { try $0.digest() }
        var holders: [WriteLockHolder] = []
        for database in databases { holders.append(try await WriteLockHolder(path: database.path)) }
        let started = ContinuousClock.now
        let answers = try await withThrowingTaskGroup(of: (Int, TestResponse, Duration).self) { group in
            for (index, scenario) in scenarios.enumerated() {
                let browser = scenario.browser.copy()
                let fields = sent[index]
                group.addTask {
                    let response = try await browser.post(scenario.path, form: fields)
                    return (index, response, ContinuousClock.now - started)
                }
            }
            var answers: [Int: (TestResponse, Duration)] = [:]
            for try await (index, response, time) in group { answers[index] = (response, time) }
            return answers
        }
        for page in ["/todos", "/recipes", "/books", "/genres", "/people"] {
            let status = try await reader.copy().get(page).status
            XCTAssertEqual(status, .ok, "\(page) did not open while the database was busy")
        }
        for holder in holders { try await holder.release() }
        XCTAssertEqual(try databases.map { try $0.digest() }, before, "something was written while the lock was held")

        for (index, scenario) in scenarios.enumerated() {
            let (response, time) = try XCTUnwrap(answers[index])
            let name = "POST \(scenario.path) (\(scenario.route))"
            // Correctness, not a benchmark: every save waited its 2 s together, none the old 5–25 s.
            XCTAssertLessThan(time, .seconds(10), name)
            if scenario.onlyFiles != nil {
                XCTAssertEqual(response.status, .seeOther, name)
                let again = try await scenario.browser.post(scenario.path, form: sent[index])
                XCTAssertEqual(again.status, scenario.retried, "pressing the button again: \(name)")
                continue
            }
            if scenario.cannotWrite != nil {
                XCTAssertEqual(response.status, .ok, name)
                XCTAssertFalse(response.text.contains(busyHeading), name)
            } else {
                XCTAssertEqual(response.status, .serviceUnavailable, name)
                XCTAssertTrue(response.text.contains(busyHeading), name)
            }
            let shown = try XCTUnwrap(
                FormReplay(response.text, submittingTo: scenario.path),
                "\(name) did not show its form again: \(response.status) \(response.text.prefix(3000))")
            // A row button adds an empty row: what was sent is all still there, with that row besides.
            assertSameFields(
                shown, sent[index], button: scenario.button, allowingMore: scenario.cannotWrite != nil, name)
            let again = try await scenario.browser.post(
                scenario.path, form: shown.retyped(passwordsFrom: sent[index]) + (scenario.button.map { [$0] } ?? []))
            XCTAssertEqual(again.status, scenario.retried, "pressing the button again: \(name)")
        }
    }

    /// Every POST route the app registers, as the router lists them ("/todos/{id}").
    static func registeredPostRoutes() async throws -> Set<String> {
        let built = try await buildRouterAndStore(signInSettings())
        defer { try? built.store.close() }
        // The Parse API's routes are not forms: `ParseAPIBusyDatabaseTests` sends its writes under a held lock.
        return Set(
            built.router.routes.filter {
                $0.method == .post && built.access.access(.post, pattern: $0.path.description) != .parseAPI
            }.map(\.path.description))
    }
}

/// Asserts that the form shown again would send what was sent: every field with its value (passwords aside, which
/// are never shown again), and — unless `allowingMore` — nothing else; the pressed button is not a field.
func assertSameFields(
    _ shown: FormReplay, _ sent: [(String, String)], button: (String, String)?, allowingMore: Bool = false,
    _ name: String, file: StaticString = #filePath, line: UInt = #line
) {
    func pairs(_ fields: [(String, String)]) -> [String] {
        fields.filter { !shown.passwordNames.contains($0.0) }.map { "\($0.0)=\($0.1)" }.sorted()
    }
    let expected = pairs(sent.filter { field in button.map { field != $0 } ?? true })
    let actual = pairs(shown.fields)
    if allowingMore {
        var missing = expected
        for pair in actual { if let found = missing.firstIndex(of: pair) { missing.remove(at: found) } }
        XCTAssertEqual(missing, [], "\(name) lost or changed what was sent", file: file, line: line)
    } else {
        XCTAssertEqual(actual, expected, "\(name) lost or changed what was sent", file: file, line: line)
    }
}
