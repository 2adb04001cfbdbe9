import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// The owner's Apps page: the settings an app needs, a new master key that takes effect at once, and the sign-up
/// switch the API follows.
final class AppsPageTests: XCTestCase {
    func testTheOwnerSeesTheServerAddressApplicationIdAndMasterKey() async throws {
        try await withParseAPI { world in
            let page = try await world.browser.get("/apps")
            XCTAssertEqual(page.status, .ok)
            XCTAssertTrue(page.text.contains("<code>http://localhost/parse</code>"), page.text)
            XCTAssertTrue(page.text.contains("<code>parsnip</code>"))
            XCTAssertTrue(page.text.contains(try XCTUnwrap(world.master.masterKey)))
        }
    }

    func testOnlyTheOwnerMayOpenTheAppsPage() async throws {
        try await withParseAPI { world in
            let editor = world.browser.another()
            try await editor.signIn("Ed", ParseAPIWorld.passwords["Ed"]!)
            let refused = try await editor.get("/apps")
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssertFalse(refused.text.contains(try XCTUnwrap(world.master.masterKey)))
        }
    }

    func testANewMasterKeyRefusesTheOldOneAtOnce() async throws {
        try await withParseAPI { world in
            let old = try XCTUnwrap(world.master.masterKey)
            let renewed = try await world.browser.post("/apps/master-key", form: [])
            XCTAssertEqual(renewed.status, .seeOther)
            let refused = try await world.master.get("/parse/classes/_History")
            XCTAssertEqual(refused.status, .forbidden, "the old key no longer works")
            let page = try await world.browser.get("/apps")
            XCTAssertFalse(page.text.contains(old))
            let stored = try await world.store.read { try $0.serverSetting(APIKeys.masterKeySetting) }
            let newKey = try XCTUnwrap(stored)
            XCTAssertTrue(page.text.contains(newKey))
            XCTAssertEqual(newKey.count, 40)
            var master = world.anonymous
            master.masterKey = newKey
            let allowed = try await master.get("/parse/classes/_History")
            XCTAssertEqual(allowed.status, .ok)
        }
    }

    func testTheSignUpSwitchOpensAndClosesSignUpFromApps() async throws {
        try await withParseAPI { world in
            let body = json(["username": "Newcomer", "password": "newcomer password"])
            let on = try await world.browser.post("/apps/sign-up", form: [("allowed", "yes")])
            XCTAssertEqual(on.status, .seeOther)
            let created = try await world.anonymous.post("/parse/users", body)
            XCTAssertEqual(created.status, .created, created.text)
            let off = try await world.browser.post("/apps/sign-up", form: [("allowed", "no")])
            XCTAssertEqual(off.status, .seeOther)
            let refused = try await world.anonymous.post(
                "/parse/users", json(["username": "Another", "password": "another password"]))
            XCTAssertEqual(refused.code, 119)
        }
    }
}
