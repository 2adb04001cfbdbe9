import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

/// Two Parsnip servers on one PostgreSQL database (as behind a load balancer): what one saves, the other shows on
/// its next request, whatever it had cached; sessions, removals and sign-in attempts count across both; two people
/// saving through different servers merge or get the conflict page. Each test builds both apps on a fresh schema of
/// the cluster at `PARSNIP_TEST_POSTGRES_URL` (`scripts/test` starts one) and skips without it.
final class TwoServersTests: XCTestCase {
    /// Runs `test` with a browser on each of two apps built on one fresh PostgreSQL schema.
    func withTwoServers(
        clock: any ParseClock = SteppingClock(), backups: URL? = nil,
        _ test: @escaping @Sendable (Browser, Browser) async throws -> Void
    ) async throws {
        guard let url = ProcessInfo.processInfo.environment["PARSNIP_TEST_POSTGRES_URL"] else {
            throw XCTSkip("Two servers share a PostgreSQL database: set PARSNIP_TEST_POSTGRES_URL (scripts/test does).")
        }
        let schema = "two_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        var settings = signInSettings(clock: clock)
        settings.database = .postgres(url + (url.contains("?") ? "&" : "?") + "schema=" + schema)
        settings.backups.folder = backups?.path
        let one = try await buildApplication(settings)
        let two = try await buildApplication(settings)
        try await one.test(.router) { first in
            try await two.test(.router) { second in
                try await test(Browser(client: first), Browser(client: second))
            }
        }
    }

    /// Ana on server one, her own browser on server two: the session made on one is good on the other.
    private static func ownerOnBoth(_ one: Browser, _ two: Browser) async throws -> Browser {
        let setUp = try await one.setUpOwner("Ana", password: "correct horse")
        XCTAssertEqual(setUp.status, .seeOther, setUp.text)
        let onTwo = two.another()
        onTwo.cookies = one.cookies
        let home = try await onTwo.get("/todos")
        XCTAssertEqual(home.status, .ok, "the session made on server one signs in on server two")
        return onTwo
    }

    func testAToDoSavedThroughOneServerIsOnTheOthersListAtOnceWhateverItHadCached() async throws {
        try await withTwoServers { one, two in
            let ana = try await Self.ownerOnBoth(one, two)
            for round in 1...3 {
                // Server two has the list cached (asked twice), then server one saves.
                _ = try await ana.get("/todos")
                _ = try await ana.get("/todos")
                let added = try await one.addTodo("Milk \(round)")
                XCTAssertEqual(added.status, .seeOther, added.text)
                let list = try await ana.get("/todos").text
                for earlier in 1...round { XCTAssertTrue(list.contains("Milk \(earlier)"), "round \(round)") }
            }
            // An edit through server two shows on server one's cached page.
            let id = try await one.todoId(titled: "Milk 2")
            _ = try await one.get("/todos/\(id)")
            let edit = try await ana.get("/todos/\(id)/edit").text
            let saved = try await ana.post("/todos/\(id)", form: Self.editForm(edit, title: "Oat milk"))
            XCTAssertEqual(saved.status, .seeOther, saved.text)
            let shown = try await one.get("/todos/\(id)").text
            XCTAssertTrue(shown.contains("Oat milk"), "server one shows server two's edit")
            // Deleted on server one: gone from server two's list, and in its trash.
            _ = try await one.get("/todos/\(id)/delete")
            let deleted = try await one.post("/todos/\(id)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther, deleted.text)
            let after = try await ana.get("/todos")
            XCTAssertFalse(ana.ids(in: after).contains(id), "server two no longer lists it")
            XCTAssertEqual(ana.ids(in: after).count, 2, "the two others are still listed")
            let trash = try await ana.get("/trash").text
            XCTAssertTrue(trash.contains("Oat milk"), "server two's trash holds it")
        }
    }

    func testTwoPeopleSavingOneToDoThroughTwoServersMergeOrGetTheConflictPage() async throws {
        try await withTwoServers { one, two in
            let ana = try await Self.ownerOnBoth(one, two)
            try await one.addTodo("Paint the fence", "White")
            let id = try await one.todoId(titled: "Paint the fence")
            // Both open the form; one changes the title, the other the description: both kept.
            let formOne = try await one.get("/todos/\(id)/edit").text
            let formTwo = try await ana.get("/todos/\(id)/edit").text
            let first = try await one.post("/todos/\(id)", form: Self.editForm(formOne, title: "Paint the gate"))
            XCTAssertEqual(first.status, .seeOther, first.text)
            let second = try await ana.post("/todos/\(id)", form: Self.editForm(formTwo, description: "Green"))
            XCTAssertEqual(second.status, .seeOther, second.text)
            let merged = try await one.get("/todos/\(id)").text
            XCTAssertTrue(merged.contains("Paint the gate") && merged.contains("Green"), "both changes are kept")
            // The same field from the same form: the second gets the conflict page, and nothing is overwritten.
            let againOne = try await one.get("/todos/\(id)/edit").text
            let againTwo = try await ana.get("/todos/\(id)/edit").text
            let won = try await one.post("/todos/\(id)", form: Self.editForm(againOne, title: "Paint the door"))
            XCTAssertEqual(won.status, .seeOther, won.text)
            let clash = try await ana.post("/todos/\(id)", form: Self.editForm(againTwo, title: "Paint the shed"))
            XCTAssertEqual(clash.status, .conflict, "the second save through the other server is a conflict")
            XCTAssertTrue(clash.text.contains("Paint the shed") && clash.text.contains("Paint the door"))
            let stored = try await ana.get("/todos/\(id)").text
            XCTAssertTrue(stored.contains("Paint the door"), "the first save stands")
        }
    }

    func testAPersonRemovedOnOneServerIsSignedOutOfTheOtherAtOnce() async throws {
        try await withTwoServers { one, two in
            _ = try await Self.ownerOnBoth(one, two)
            let added = try await one.addPerson("Ben", "ben's password 1", role: .editor)
            XCTAssertEqual(added.status, .seeOther, added.text)
            let ben = two.another()
            let signedIn = try await ben.signIn("Ben", "ben's password 1")
            XCTAssertEqual(signedIn.status, .seeOther, signedIn.text)
            // Server two has checked Ben's session (and remembers it).
            for _ in 0..<2 {
                let page = try await ben.get("/todos")
                XCTAssertEqual(page.status, .ok)
            }
            let benId = try await one.personId("Ben")
            _ = try await one.get("/people")
            let removed = try await one.post("/people/\(benId)/remove", form: [])
            XCTAssertEqual(removed.status, .seeOther, removed.text)
            let after = try await ben.get("/todos")
            XCTAssertEqual(after.status, .seeOther, "server two no longer lets Ben in")
            XCTAssertTrue(after.headers[.location]?.hasPrefix("/sign-in") ?? false)
        }
    }

    func testWrongPasswordsSpreadOverTwoServersAreCountedTogether() async throws {
        try await withTwoServers { one, two in
            _ = try await Self.ownerOnBoth(one, two)
            let guesser = (one.another(), two.another())
            for guess in 0..<10 {
                let server = guess % 2 == 0 ? guesser.0 : guesser.1
                let answer = try await server.signIn("Ana", "guess \(guess)")
                XCTAssertEqual(answer.status, .unprocessableContent, "guess \(guess) is checked and wrong")
            }
            for server in [guesser.0, guesser.1] {
                let refused = try await server.signIn("Ana", "correct horse")
                XCTAssertEqual(refused.status, .tooManyRequests, "the eleventh attempt is refused on either server")
                XCTAssertTrue(refused.text.contains("Ana"), "the name typed is kept")
            }
        }
    }

    func testAMasterKeyRenewedOnOneServerIsRefusedByTheOther() async throws {
        try await withTwoServers { one, two in
            let ana = try await Self.ownerOnBoth(one, two)
            let appsPage = try await ana.get("/apps").text
            let oldKey = try XCTUnwrap(Self.masterKey(appsPage))
            let before = try await Self.apiCount(two, key: oldKey)
            XCTAssertEqual(before, .ok, "the key works on server two")
            _ = try await one.get("/apps")
            let renewed = try await one.post("/apps/master-key", form: [])
            XCTAssertEqual(renewed.status, .seeOther, renewed.text)
            let renewedPage = try await one.get("/apps").text
            let newKey = try XCTUnwrap(Self.masterKey(renewedPage))
            XCTAssertNotEqual(newKey, oldKey)
            let old = try await Self.apiCount(two, key: oldKey)
            XCTAssertEqual(old, .forbidden, "server two refuses the old key")
            let new = try await Self.apiCount(two, key: newKey)
            XCTAssertEqual(new, .ok, "and takes the new one")
        }
    }

    func testARestoreOnOneServerIsWhatTheOtherShowsOnItsNextRequest() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("two-backups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withTwoServers(backups: folder) { one, two in
            let ana = try await Self.ownerOnBoth(one, two)
            try await one.addTodo("Buy oat milk")
            let made = try await one.post("/backups", form: [])
            XCTAssertEqual(made.status, .seeOther, made.text)
            let backupsPage = try await one.get("/backups").text
            let name = try XCTUnwrap(BackupPageTests.listed(backupsPage).first)
            try await one.addTodo("Paint the fence")
            let before = try await ana.get("/todos").text
            XCTAssertTrue(before.contains("Paint the fence"), "server two shows the to-do added after the backup")
            let restored = try await one.post("/backups/\(name)/restore", form: [])
            XCTAssertEqual(restored.status, .seeOther, restored.text)
            let after = try await ana.get("/todos").text
            XCTAssertFalse(after.contains("Paint the fence"), "server two shows the restored data at once")
            XCTAssertTrue(after.contains("Buy oat milk"))
            let found = try await ana.get("/todos?q=fence").text
            XCTAssertTrue(found.contains("No to-dos match “fence”"), "and its search finds what was restored")
        }
    }

    /// The edit form's fields as the page filled them, with `title` or `description` changed.
    static func editForm(_ page: String, title: String? = nil, description: String? = nil) -> [(String, String)] {
        func hidden(_ name: String) -> String {
            page.firstMatch(of: try! Regex(#"name="\#(name)" value="([^"]*)""#))?.output[1].substring.map(String.init)
                ?? ""
        }
        let currentTitle = page.firstMatch(of: /id="title"[^>]*value="([^"]*)"/)?.1 ?? ""
        let currentDescription = page.firstMatch(of: /<textarea[^>]*id="description"[^>]*>([^<]*)</)?.1 ?? ""
        return [
            ("title", title ?? String(currentTitle).htmlUnescaped),
            ("description", description ?? String(currentDescription).htmlUnescaped),
            ("_version", hidden("_version")), ("_base", hidden("_base").htmlUnescaped),
        ]
    }

    /// The master key the Apps page shows.
    static func masterKey(_ page: String) -> String? {
        page.firstMatch(of: /([A-Za-z0-9]{40})/).map { String($0.1) }
    }

    /// The status of counting the to-dos through the Parse API with `key` as the master key.
    static func apiCount(_ browser: Browser, key: String) async throws -> HTTPResponse.Status {
        try await browser.get(
            "/parse/classes/TodoListItem?count=1&limit=0",
            headers: [
                HTTPField.Name("X-Parse-Application-Id")!: "parsnip", HTTPField.Name("X-Parse-Master-Key")!: key,
            ]
        ).status
    }
}

extension String {
    /// The text an HTML attribute or element holds, with the entities Parsnip's pages write turned back.
    fileprivate var htmlUnescaped: String {
        replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
