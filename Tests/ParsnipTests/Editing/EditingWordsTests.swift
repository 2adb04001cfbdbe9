import Foundation
import HTTPTypes
import ParseStore
import XCTest

@testable import Parsnip

/// The editing pages' times, counts, lists and stamps are written the page language's way; the language follows a
/// change into its transaction, so a conflict's field names speak it too; and the script's words are all in every
/// catalogue and reach the page in its language.
final class EditingWordsTests: XCTestCase {
    override func setUpWithError() throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    /// `date` written with the ICU skeleton `skeleton` in `language`, in the computer's time zone (as the pages do).
    private static func written(_ date: Date, _ skeleton: String, in language: Language) -> String {
        let formatter = DateFormatter()
        formatter.locale = LocalFormats.locale(language)
        formatter.timeZone = .current
        formatter.setLocalizedDateFormatFromTemplate(skeleton)
        return formatter.string(from: date)
    }

    func testAJapaneseHistoryCountsItsDaysAndWritesEachChangesTimeTheJapaneseWay() async throws {
        let clock = ManualClock()
        var settings = testSettings(clock: clock)
        settings.keeping = KeepingRules(historyDays: 30)
        try await withApp(settings: settings) { browser in
            browser.cookies[LanguageChoice.cookieName] = Language.ja.rawValue
            try await browser.addTodo("Buy milk")
            let id = try await browser.newestId()
            clock.advance(by: 60)
            let first = clock.now()
            try await HistoryTests.editTodo(browser, id, title: "Buy oat milk", description: "")
            clock.advance(by: 2 * 86_400)
            let second = clock.now()
            try await HistoryTests.editTodo(browser, id, title: "Buy soy milk", description: "")

            let history = try await browser.get("/todos/\(id)/history").text
            XCTAssertTrue(history.contains("すべての変更を新しい順に30日間保存しています。"), history)
            let today = Self.written(second, "jmm", in: .ja)
            let earlier = Self.written(first, "dMMM", in: .ja) + " " + Self.written(first, "jmm", in: .ja)
            XCTAssertTrue(today.contains(":") && !today.contains(" "), "a time of day: \(today)")
            XCTAssertTrue(earlier.contains("月") && earlier.contains("日 "), "a day and a time: \(earlier)")
            XCTAssertTrue(history.contains(#"<span class="history-when">\#(today)</span>"#), "today by its time")
            XCTAssertTrue(history.contains(#"<span class="history-when">\#(earlier)</span>"#), "another day with it")
            XCTAssertTrue(history.contains(#"aria-label="\#(earlier)の変更を元に戻す""#), "the undo says which")
            XCTAssertTrue(history.contains(#"<strong>変更</strong> · <span class="history-when">"#), "a change in words")
        }
    }

    func testAConflictsFieldNamesSpeakThePagesLanguageThoughTheMergeRunsInTheDatabasesTransaction() async throws {
        try await withApp { browser in
            browser.cookies[LanguageChoice.cookieName] = Language.ja.rawValue
            try await browser.addTodo("Buy milk", "Semi-skimmed")
            let id = try await browser.newestId()
            let loaded = try await browser.loadedVersion(of: "/todos/\(id)/edit")
            try await HistoryTests.editTodo(browser, id, title: "Buy oat milk", description: "Semi-skimmed")
            let clash = try await browser.post(
                "/todos/\(id)", form: [("title", "Buy soy milk"), ("description", "Semi-skimmed")] + loaded)
            XCTAssertEqual(clash.status, .conflict)
            let title = TodoDraft.Field.title.label(in: .ja)
            XCTAssertNotEqual(title, TodoDraft.Field.title.label(in: .en))
            XCTAssertTrue(clash.text.contains("<legend>\(title)</legend>"), clash.text)
        }
    }

    func testAChangeAndAReadSeeTheLanguageOfThePageThatAskedForThem() async throws {
        let writePath = try await WritePath(store: try testStore(), countedClasses: [])
        let (changed, read) = try await PageLanguage.$current.withValue(.ko) {
            (
                try await writePath.change(by: nil) { _ in PageLanguage.current },
                try await writePath.read { _ in PageLanguage.current }
            )
        }
        XCTAssertEqual(changed, .ko)
        XCTAssertEqual(read, .ko)
    }

    func testStampsNoticesAndListsAreWrittenEachLanguagesWay() throws {
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        let now = Date(timeIntervalSince1970: 1_763_726_400)  // 2025-11-21 12:00 UTC
        let today = ChangeStamp(username: "Ana", at: now.addingTimeInterval(-3_600))
        let earlier = ChangeStamp(username: "Ana", at: now.addingTimeInterval(-86_400 * 3))
        let lastYear = ChangeStamp(username: nil, at: now.addingTimeInterval(-86_400 * 365))
        XCTAssertEqual(today.byline(now: now, timeZone: utc, language: .ja), "最終更新：Ana、11:00")
        XCTAssertEqual(earlier.byline(now: now, timeZone: utc, language: .ja), "最終更新：Ana、11月18日 12:00")
        XCTAssertEqual(lastYear.byline(now: now, timeZone: utc, language: .ja), "最終更新：2024年11月21日 12:00")
        XCTAssertEqual(today.byline(now: now, timeZone: utc, language: .ko), "마지막 변경: Ana, 오전 11:00")
        XCTAssertEqual(
            earlier.sentence(changed: ["Portions", "Prix"], now: now, timeZone: utc, language: .fr),
            "Ana a modifié Portions et Prix le 18 nov. à 12:00")
        XCTAssertEqual(Language.es.list(["Nombre", "Raciones", "Precio"]), "Nombre, Raciones y Precio")
        XCTAssertEqual(Language.ja.list(["名前", "人分", "価格"]), "名前、人分、価格")
        XCTAssertEqual(Language.en.list([]), "nothing")
        // Agreeing with what was deleted, never with who deleted it.
        XCTAssertEqual(
            today.deletedLine(kind: "book", now: now, timeZone: utc, language: .es), "Eliminado por Ana hoy, 11:00")
        XCTAssertEqual(
            today.deletedLine(kind: "todo", now: now, timeZone: utc, language: .es), "Eliminada por Ana hoy, 11:00")
        // "a las 1:05" would be wrong Spanish ("a la una"), and "às 1:05" wrong Portuguese: today's times need no
        // article at all.
        let oneAM = ChangeStamp(username: "Ana", at: now.addingTimeInterval(-39_300))  // 01:05
        XCTAssertEqual(
            oneAM.deletedLine(kind: "todo", now: now, timeZone: utc, language: .es), "Eliminada por Ana hoy, 1:05")
        XCTAssertEqual(
            oneAM.deletedLine(kind: "todo", now: now, timeZone: utc, language: .pt), "Excluída por Ana hoje, 01:05")
        XCTAssertEqual(
            today.deletedLine(kind: "todo", now: now, timeZone: utc, language: .en), "Deleted by Ana at 11:00")
        let deleted = DeletedWhileEditing(trashId: "t", username: "Ana", at: today.at, now: now)
        XCTAssertEqual(
            deleted.sentence(thing: "recipe", timeZone: utc, language: .pt),
            "Ana excluiu esta receita hoje (11:00) enquanto você a editava.")
        XCTAssertEqual(
            deleted.sentence(thing: "to-do", timeZone: utc, language: .en),
            "Ana deleted this to-do at 11:00 while you were editing.")
        let forgotten = DeletedWhileEditing(trashId: nil, username: nil, at: nil, now: now)
        XCTAssertEqual(
            forgotten.sentence(thing: "book", language: .fr), "Ce livre a été supprimé pendant que vous le modifiiez.")
    }

    /// Every `say("js.…")` key of the script.
    private static func scriptKeys() throws -> Set<String> {
        let script = try String(
            contentsOf: packageRoot.appendingPathComponent("Public/js/parsnip.js"), encoding: .utf8)
        // Every call names its message literally, so the catalogue test can find it.
        let calls = script.matches(of: /\bsay\(/).count
        let literal = script.matches(of: /\bsay\("(js\.[A-Za-z0-9_.]+)"/).map { String($0.1) }
        XCTAssertEqual(calls - 1, literal.count, "every say( but its definition names a js. key")
        return Set(literal)
    }

    func testEveryScriptWordIsInEachCatalogueAndAKoreanPageCarriesTheKoreanWordsSafely() async throws {
        let keys = try Self.scriptKeys()
        XCTAssertGreaterThanOrEqual(keys.count, 22, "password, to-do and row words")
        let catalogues = try Catalogues(directory: LanguageTests.localesDirectory)
        for language in Language.allCases {
            let own = catalogues.keys(of: language).filter { $0.hasPrefix("js.") }
            XCTAssertEqual(own, keys, "\(language): the script's words, no more, no fewer")
        }
        try await withApp { browser in
            let page = try await browser.get("/todos", headers: [.acceptLanguage: "ko-KR,ko;q=0.9"]).text
            let opening = #"<script type="application/json" id="parsnip-words">"#
            let start = try XCTUnwrap(page.range(of: opening), "the layout carries the script's words")
            let end = try XCTUnwrap(page[start.upperBound...].range(of: "</script>"))
            let json = String(page[start.upperBound..<end.lowerBound])
            XCTAssertFalse(json.contains("<"), "no raw < inside the script element")
            let words = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            XCTAssertEqual(words["js.password.show"], "표시")
            XCTAssertEqual(words["js.todo.doneToday"], "오늘 완료")
            // As written in the Korean catalogue: the script fills `{name}` in itself.
            let korean = try JSONDecoder().decode(
                [String: String].self,
                from: Data(contentsOf: packageRoot.appendingPathComponent("Locales/ko/script.json")))
            XCTAssertEqual(words, korean)
        }
    }
}
