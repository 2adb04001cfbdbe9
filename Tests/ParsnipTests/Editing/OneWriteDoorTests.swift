import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// Every write goes through the store's one door (`StoreDoor`), which moves the revision the page and API caches
/// are checked against: no source file writes around it, and a person removed on the People page or through the
/// API is gone at once from pages that were cached showing them.
final class OneWriteDoorTests: XCTestCase {
    /// The calls that open a write transaction on a `ParseStore` (and GRDB's own ways of writing).
    static let writeCalls = [
        #"\.write\s*\{"#, #"\.write\(commitIf"#, #"\.writeReportingVersion"#, #"\.replaceClasses\("#,
        #"\.writeWithoutTransaction"#,
        #"\.unsafeReentrantWrite"#, #"\.barrierWriteWithoutTransaction"#, #"\.databaseWriter"#,
    ]

    func testNoSourceFileWritesToTheStoreExceptTheDoor() throws {
        var found: [String] = []
        var seen = 0
        for (folder, files) in try FeatureFoldersTests.sources() {
            for (name, source) in files {
                seen += 1
                guard "\(folder)/\(name)" != "Editing/StoreDoor.swift" else { continue }
                for pattern in Self.writeCalls where source.range(of: pattern, options: .regularExpression) != nil {
                    found.append("\(folder)/\(name) calls \(pattern)")
                }
            }
        }
        XCTAssertGreaterThan(seen, 100, "the sources were read")
        XCTAssertEqual(found, [], "these write around the door")
        // The scan finds what it looks for: the door itself writes.
        let door = try XCTUnwrap(try FeatureFoldersTests.sources()["Editing"]?["StoreDoor.swift"])
        XCTAssertNotNil(door.range(of: Self.writeCalls[2], options: .regularExpression))
    }

    /// The recipe page's "Changed by" line.
    static func changedBy(_ html: String) -> String {
        guard let start = html.range(of: "<p class=\"changed-by\">"),
            let end = html[start.upperBound...].range(of: "</p>")
        else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    func testAPersonRemovedOnThePeoplePageLeavesThePagesThatWereCachedShowingThem() async throws {
        try await withParseAPI { world in
            let made = try await world.editor.post("/parse/classes/Recipe", json(["name": "Pea soup"]))
            let recipe = try XCTUnwrap(made["objectId"]?.stringValue, made.text)
            for _ in 0..<2 {
                let page = try await world.browser.get("/recipes/\(recipe)").text
                XCTAssertTrue(Self.changedBy(page).contains("Ed"), Self.changedBy(page))
            }
            let me = try await world.editor.get("/parse/users/me")
            let ed = try XCTUnwrap(me["objectId"]?.stringValue)
            let removed = try await world.browser.post("/people/\(ed)/remove", form: [])
            XCTAssertEqual(removed.status, .seeOther, removed.text)
            // The People page shows the "removed" message (a page with a message is never taken from the cache).
            _ = try await world.browser.get("/people")
            let after = try await world.browser.get("/recipes/\(recipe)").text
            XCTAssertFalse(Self.changedBy(after).contains("Ed"), "the page was made again: \(Self.changedBy(after))")
        }
    }

    func testANewcomerRemovedThroughTheAPIIsRemovedAsThePeoplePageRemovesThem() async throws {
        try await withParseAPI { world in
            let signedUp = try await world.master.post(
                "/parse/users", json(["username": "Newcomer", "password": "newcomer password 1"]))
            let id = try XCTUnwrap(signedUp["objectId"]?.stringValue, signedUp.text)
            let token = try XCTUnwrap(signedUp["sessionToken"]?.stringValue)
            let listed = try await world.browser.get("/people").text
            XCTAssertTrue(listed.contains("Newcomer"))
            let gone = try await world.master.delete("/parse/users/\(id)")
            XCTAssertEqual(gone.status, .ok, gone.text)
            let people = try await world.browser.get("/people").text
            XCTAssertFalse(people.contains("Newcomer"), "the People page no longer lists them")
            let session = try await world.anonymous.session(token).get("/parse/users/me")
            XCTAssertEqual(session.code, 209, "their sessions went with them: \(session.text)")
            let again = try await world.master.delete("/parse/users/\(id)")
            XCTAssertEqual(again.code, 101, again.text)
            // Someone with a household role is removed on the People page only.
            let me = try await world.viewer.get("/parse/users/me")
            let vi = try XCTUnwrap(me["objectId"]?.stringValue)
            let refused = try await world.master.delete("/parse/users/\(vi)")
            XCTAssertEqual(refused.code, 119, refused.text)
        }
    }
}
