import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The owner's Apps page and its two flash messages in each of the six languages, with no English sentence of the
/// Apps catalogue left on a page in another language; the settings an app needs stay as they are.
final class AppsPageLanguageTests: XCTestCase {
    func testTheAppsPageAndItsMessagesSpeakEachLanguage() async throws {
        let english = try AccountCatalogue.englishSentences(of: ["apps.json"])
        XCTAssertGreaterThan(english.count, 10, "the English sentences were read")
        try await withParseAPI { world in
            let owner = world.browser
            for language in Language.allCases {
                owner.cookies[LanguageChoice.cookieName] = language.rawValue
                let page = try await owner.get("/apps").text
                AccountCatalogue.assertSpeaks(language, page, without: english, "the Apps page")
                AccountCatalogue.assertSays(page, "apps.masterKey.hint", in: language, on: "the Apps page")
                AccountCatalogue.assertSays(page, "account.apps", in: language, on: "the Apps page's heading")
                XCTAssertTrue(page.contains("<code>http://localhost/parse</code>"), "the address as it is")
                XCTAssertTrue(page.contains(#"applicationId: "parsnip","#), "the code sample as it is")
                try await owner.post("/apps/sign-up", form: [("allowed", "yes")])
                let opened = try await owner.get("/apps").text
                AccountCatalogue.assertSays(opened, "apps.signUp.opened", in: language, on: "sign-up opened")
                try await owner.post("/apps/sign-up", form: [("allowed", "no")])
                let closed = try await owner.get("/apps").text
                AccountCatalogue.assertSays(closed, "apps.signUp.closed", in: language, on: "sign-up closed")
                try await owner.post("/apps/master-key", form: [])
                let renewed = try await owner.get("/apps").text
                AccountCatalogue.assertSpeaks(language, renewed, without: english, "the Apps page after a new key")
                AccountCatalogue.assertSays(renewed, "apps.masterKey.renewed", in: language, on: "a new key")
            }
        }
    }
}
