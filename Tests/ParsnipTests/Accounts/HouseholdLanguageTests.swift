import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The household's language, set by the owner on the People page: a visitor whose browser asks for none of
/// Parsnip's languages sees it, it wins over `--language` and outlasts a restart, and only the owner may set it.
final class HouseholdLanguageTests: XCTestCase {
    /// A browser that asks for German only, which Parsnip does not speak.
    static let german: HTTPFields = [.acceptLanguage: "de-DE,de;q=0.9"]

    func testTheOwnerSavesKoreanAndAVisitorWhoseBrowserAsksForGermanGetsKorean() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            let before = try await owner.another().get("/sign-in", headers: Self.german).text
            XCTAssertTrue(before.contains(#"<html lang="en">"#), "--language's English until the owner chooses")
            let people = try await owner.get("/people").text
            XCTAssertTrue(people.contains(#"<form class="form account-form" method="post" action="/people/language">"#))
            XCTAssertTrue(people.contains(#"<option value="ko" lang="ko">한국어</option>"#), "named in itself")
            let saved = try await owner.post("/people/language", form: [("language", "ko")])
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/people")
            let after = try await owner.get("/people").text
            XCTAssertTrue(after.contains("The household&#39;s language is now 한국어"), "said in the owner's English")
            XCTAssertTrue(after.contains(#"<option value="ko" lang="ko" selected>한국어</option>"#))
            let visitor = try await owner.another().get("/sign-in", headers: Self.german).text
            XCTAssertTrue(visitor.contains(#"<html lang="ko">"#), "the household's language for a German browser")
            XCTAssertTrue(visitor.contains("<h1>로그인</h1>"), visitor)
            // A page no route has is answered before any session is read, and in the household's language too.
            let missing = try await owner.another().get("/no-such-page", headers: Self.german)
            XCTAssertEqual(missing.status, .notFound)
            XCTAssertTrue(missing.text.contains(#"<html lang="ko">"#), "the 404 page in the household's language")
            // A browser that asks for one of Parsnip's languages, or a visitor who chose one, still gets it.
            let spanish = try await owner.another().get("/sign-in", headers: [.acceptLanguage: "es"]).text
            XCTAssertTrue(spanish.contains(#"<html lang="es">"#))
            let chooser = owner.another()
            chooser.cookies[LanguageChoice.cookieName] = "fr"
            let french = try await chooser.get("/sign-in", headers: Self.german).text
            XCTAssertTrue(french.contains(#"<html lang="fr">"#))
        }
    }

    func testOnlyTheOwnerMaySetTheHouseholdLanguageAndOnlyWithTheFormsToken() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner()
            try await owner.addPerson("Ben", "password one", role: .editor)
            let editor = owner.another()
            try await editor.signIn("Ben", "password one")
            let refused = try await editor.post("/people/language", form: [("language", "ko")])
            XCTAssertEqual(refused.status, .forbidden)
            let forged = try await owner.post("/people/language", form: [("language", "ko")], csrf: false)
            XCTAssertEqual(forged.status, .forbidden, "no CSRF token, no change")
            let unknown = try await owner.post("/people/language", form: [("language", "de")])
            XCTAssertEqual(unknown.status, .badRequest)
            let visitor = try await owner.another().get("/sign-in", headers: Self.german).text
            XCTAssertTrue(visitor.contains(#"<html lang="en">"#), "nothing was changed")
        }
    }

    func testTheHouseholdLanguageOutlivesARestartAndWinsOverTheStartLanguage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "parsnip-household-language-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = signInSettings()
        settings.database = testDatabase(at: folder.appendingPathComponent("parsnip.sqlite").path)
        try await withApp(settings: settings) { owner in
            try await owner.setUpOwner()
            try await owner.get("/people")
            let saved = try await owner.post("/people/language", form: [("language", "ko")])
            XCTAssertEqual(saved.status, .seeOther)
        }
        settings.language = "fr"
        try await withApp(settings: settings) { visitor in
            let page = try await visitor.get("/sign-in", headers: Self.german).text
            XCTAssertTrue(page.contains(#"<html lang="ko">"#), "kept in the database, above --language fr")
        }
    }

    func testWhileTheDatabaseIsBusyThePeoplePageComesBackWithTheChosenLanguageStillChosen() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner()
            try await owner.get("/people")
            let before = try database.digest()
            let holder = try await WriteLockHolder(path: database.path)
            let busy = try await owner.post("/people/language", form: [("language", "ja")])
            try await holder.release()
            XCTAssertEqual(busy.status, .serviceUnavailable)
            XCTAssertTrue(busy.text.contains(busyHeading), busy.text)
            XCTAssertTrue(busy.text.contains(#"<option value="ja" lang="ja" selected>日本語</option>"#), "still chosen")
            XCTAssertEqual(try database.digest(), before, "nothing was written")
            let again = try await owner.post("/people/language", form: [("language", "ja")])
            XCTAssertEqual(again.status, .seeOther, "pressing the button again saves it")
            let visitor = try await owner.another().get("/sign-in", headers: Self.german).text
            XCTAssertTrue(visitor.contains(#"<html lang="ja">"#))
        }
    }

    func testTheStoredLanguageIsReadFromTheDatabaseOnceAndKeptThroughTheDoor() async throws {
        let accounts = try memoryAccounts()
        let nothingYet = try await accounts.householdLanguage()
        XCTAssertNil(nothingYet)
        try await accounts.keepHouseholdLanguage(.ja)
        let kept = try await accounts.householdLanguage()
        XCTAssertEqual(kept, .ja)
        let stored = try await accounts.door.read { reader in
            try reader.serverSetting(StoreAccountRepository.householdLanguageSetting)
        }
        XCTAssertEqual(stored, "ja")
        let fresh = StoreAccountRepository(
            door: accounts.door, passwordHashCost: testPasswordHashCost, clock: accounts.clock)
        let reread = try await fresh.householdLanguage()
        XCTAssertEqual(reread, .ja, "another repository on the same store reads it")
    }
}
