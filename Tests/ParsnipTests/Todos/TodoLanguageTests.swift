import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// The to-do pages in each language: their words from the catalogue, days written the language's way, counts with
/// the language's plural forms, and no English sentence of the to-do catalogue left on a page in another language.
/// The test clocks start on Wednesday 1 May 2024.
final class TodoLanguageTests: XCTestCase {
    /// The header a browser set to `language` sends.
    static func speaking(_ language: Language) -> HTTPFields { [.acceptLanguage: language.rawValue] }

    /// Adds a to-do due on `day` ("" for none), asking in `language`.
    static func add(_ browser: Browser, _ title: String, due day: String = "", in language: Language = .en)
        async throws
    {
        if browser.cookies["parsnip_csrf"] == nil { try await browser.get("/todos/new") }
        let response = try await browser.post(
            "/todos", form: [("title", title), ("description", ""), ("dueDate", day)], headers: speaking(language))
        XCTAssertEqual(response.status, .seeOther, title)
    }

    func testAJapaneseListReadsInJapaneseWithItsDaysWrittenTheJapaneseWay() async throws {
        try await withApp { browser in
            let japanese = Self.speaking(.ja)
            try await Self.add(browser, "牛乳を買う", due: "2024-05-02", in: .ja)
            try await Self.add(browser, "車検の予約", due: "2024-03-03", in: .ja)
            try await Self.add(browser, "年賀状", due: "2025-01-09", in: .ja)
            try await Self.add(browser, "植木の水やり", due: "2024-06-12", in: .ja)
            try await Self.add(browser, "銀行に電話", due: "2024-05-03", in: .ja)
            let list = try await browser.get("/todos", headers: japanese).text
            XCTAssertTrue(list.contains("<title>やることリスト · Parsnip</title>"), list)
            XCTAssertTrue(list.contains("<h1>やることリスト</h1>"))
            XCTAssertTrue(list.contains(#"role="status"><p>「銀行に電話」を追加しました。</p>"#), "the flash, in Japanese")
            XCTAssertTrue(list.contains(#"<p class="todo-due">期限：明日</p>"#), "due tomorrow")
            XCTAssertTrue(list.contains(#"<span aria-hidden="true">⚠ </span>期限切れ（3月3日まで）</p>"#))
            XCTAssertTrue(list.contains(">期限：6月12日</p>"), "a day this year: 「6月12日」")
            XCTAssertTrue(list.contains(">期限：2025年1月9日</p>"), "a day of another year with its year")
            XCTAssertTrue(list.contains(">期限：金曜日</p>"), "within the week: its weekday")
            XCTAssertTrue(list.contains(#"<p class="count" id="todo-count">未完了 5件、完了 0件（期限切れ 1件）</p>"#))
            XCTAssertTrue(list.contains(#"<h2 id="overdue-heading">期限切れ（1）</h2>"#), "the overdue group")
            XCTAssertTrue(list.contains(#"<label for="q">やることを検索</label>"#))
            XCTAssertTrue(list.contains(#"<nav class="sort-links" aria-label="並び順">"#))
            XCTAssertTrue(list.contains(#">編集<span class="visually-hidden"> 「牛乳を買う」</span></a>"#))
            XCTAssertTrue(list.contains(#"<span class="visually-hidden">完了：「牛乳を買う」</span>"#), "the tick")
            XCTAssertTrue(list.contains(#"<a class="button" href="/todos/new">やることを追加</a>"#))
        }
    }

    func testSpanishCountsSayOneAndTwoWithTheirOwnPluralForms() async throws {
        try await withApp { browser in
            let spanish = Self.speaking(.es)
            try await Self.add(browser, "Comprar leche", in: .es)
            try await Self.add(browser, "Leche de avena", in: .es)
            let two = try await browser.get("/todos?q=leche", headers: spanish).text
            XCTAssertTrue(two.contains("2 tareas coinciden con «leche»: 2 por hacer, 0 hechas"), two)
            let oatId = try await browser.newestId()
            try await browser.post("/todos/\(oatId)/done", form: [("done", "1"), ("back", "/todos")], headers: spanish)
            let ticked = try await browser.get("/todos?q=leche", headers: spanish).text
            XCTAssertTrue(ticked.contains(#"role="status"><p>«Leche de avena» está hecha.</p>"#), ticked)
            XCTAssertTrue(ticked.contains("2 tareas coinciden con «leche»: 1 por hacer, 1 hecha"), ticked)
            XCTAssertTrue(ticked.contains(#"<h2 id="done-heading">Hechas (1)</h2>"#))
            XCTAssertTrue(ticked.contains(#"<p class="todo-due">Hecha hoy</p>"#))
            // The page's script gets its sentence and count line in Spanish too.
            var asking = spanish
            asking[.accept] = "application/json"
            let reopened = try await browser.post(
                "/todos/\(oatId)/done", form: [("done", "0"), ("back", "/todos?q=leche")], headers: asking)
            let answer = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reopened.text.utf8)) as? [String: Any])
            XCTAssertEqual(answer["message"] as? String, "«Leche de avena» vuelve a estar por hacer.")
            XCTAssertEqual(answer["countLine"] as? String, "2 tareas coinciden con «leche»: 2 por hacer, 0 hechas")
            try await browser.post("/todos/\(oatId)/done", form: [("done", "1"), ("back", "/todos")], headers: spanish)
            let one = try await browser.get("/todos?q=avena", headers: spanish).text
            XCTAssertTrue(one.contains("1 tarea coincide con «avena»: 0 por hacer, 1 hecha"), one)
            let none = try await browser.get("/todos?q=pan", headers: spanish).text
            XCTAssertTrue(none.contains("Ninguna tarea coincide con «pan»"))
            XCTAssertTrue(none.contains(">Borrar la búsqueda</a>"))
            XCTAssertEqual(
                TodoFormatting.countLine(open: 1_000_000, done: 1, search: nil, in: .es), "1.000.000 por hacer, 1 hecha"
            )
        }
    }

    func testSearchFindsAccentedKoreanAndJapaneseTextFromAPageInEveryLanguage() async throws {
        try await withApp { browser in
            try await Self.add(browser, "Café con leche")
            try await Self.add(browser, "牛乳を買う")
            try await Self.add(browser, "우유 사기")
            let searches = [
                ("cafe", "Café con leche"), ("CAFÉ", "Café con leche"), ("牛乳", "牛乳を買う"), ("買う", "牛乳を買う"),
                ("우유", "우유 사기"), ("사기", "우유 사기"),
            ]
            for language in Language.allCases {
                for (typed, found) in searches {
                    let query = typed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? typed
                    let page = try await browser.get("/todos?q=\(query)", headers: Self.speaking(language)).text
                    XCTAssertTrue(page.contains(">\(found)</a>"), "\(language.rawValue): “\(typed)” finds “\(found)”")
                    let line = TodoFormatting.countLine(open: 1, done: 0, search: typed, in: language)
                    XCTAssertTrue(page.contains(TemplateWords.escaped(line)), "\(language.rawValue): \(line)")
                }
            }
        }
    }

    func testNoEnglishSentenceOfTheToDoCatalogueIsLeftOnAKoreanPage() async throws {
        try await withApp { browser in
            let korean = Self.speaking(.ko)
            try await Self.add(browser, "우유 사기", due: "2024-04-01", in: .ko)
            try await Self.add(browser, "은행 전화", due: "2024-05-09", in: .ko)
            let id = try await browser.todoId(titled: "은행 전화")
            try await browser.post("/todos/\(id)/done", form: [("done", "1"), ("back", "/todos")], headers: korean)
            let pages = [
                "/todos", "/todos?q=우유", "/todos?q=없는말", "/todos?show=done", "/todos?sort=due", "/todos/new",
                "/todos/\(id)", "/todos/\(id)/edit", "/todos/\(id)/delete",
            ]
            var seen: [String] = []
            for path in pages {
                let page = try await browser.get(
                    path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!, headers: korean)
                XCTAssertEqual(page.status, .ok, path)
                seen.append(page.text)
            }
            let refused = try await browser.post(
                "/todos",
                form: [("title", " "), ("dueDate-day", "31"), ("dueDate-month", "4"), ("dueDate-year", "2024")],
                headers: korean)
            XCTAssertEqual(refused.status, .unprocessableContent)
            seen.append(refused.text)
            XCTAssertTrue(seen[0].contains("<h1>할 일 목록</h1>"))
            XCTAssertTrue(seen[0].contains("미완료 1개, 완료 1개"))
            XCTAssertTrue(seen[0].contains("4월 1일부터 기한 지남"))
            XCTAssertTrue(seen[1].contains("“우유” 검색 결과 1개: 미완료 1개, 완료 0개"))
            XCTAssertTrue(seen[6].contains("<h1 class=\"todo-heading\">은행 전화</h1>"))
            XCTAssertTrue(seen[6].contains("2024년 5월 1일 10:20에 추가됨"), seen[6])
            XCTAssertTrue(refused.text.contains("제목을 입력하십시오"))
            XCTAssertTrue(refused.text.contains("4월은 30일까지만 있습니다"))
            let sentences = try englishToDoSentences()
            XCTAssertGreaterThan(sentences.count, 50, "the English catalogue was read: \(sentences)")
            for sentence in sentences {
                for (path, html) in zip(pages + ["POST /todos"], seen) {
                    XCTAssertFalse(html.contains(sentence), "“\(sentence)” on the Korean page \(path)")
                }
            }
        }
    }

    func testTheShowDeleteAndFormPagesSpeakFrenchWithItsSpacesAndQuotes() async throws {
        try await withApp { browser in
            let french = Self.speaking(.fr)
            try await Self.add(browser, "Soupe", due: "2024-05-20", in: .fr)
            let id = try await browser.newestId()
            let show = try await browser.get("/todos/\(id)", headers: french).text
            XCTAssertTrue(show.contains("À faire · Échéance\u{A0}: 20 mai"), show)
            XCTAssertTrue(show.contains("Ajoutée le 1 mai 2024 à 10:20"), show)
            XCTAssertTrue(show.contains(">Historique</a>"))
            let delete = try await browser.get("/todos/\(id)/delete", headers: french).text
            XCTAssertTrue(delete.contains("<title>Supprimer cette tâche\u{A0}? · Parsnip</title>"))
            XCTAssertTrue(
                delete.contains(
                    "<p>Vous allez supprimer <strong class=\"item-name\">«\u{A0}Soupe\u{A0}»</strong>. Elle ira dans la "
                        + "corbeille, d’où elle pourra être restaurée.</p>"), delete)
            let deleted = try await browser.post("/todos/\(id)/delete", form: [], headers: french)
            XCTAssertEqual(deleted.status, .seeOther)
            let list = try await browser.get("/todos", headers: french).text
            XCTAssertTrue(list.contains("«\u{A0}Soupe\u{A0}» supprimée."), list)
            XCTAssertTrue(list.contains(">Annuler</button>"), "the Undo button, in French")
            XCTAssertTrue(list.contains("Aucune tâche pour l’instant"))
            let form = try await browser.get("/todos/new", headers: french).text
            XCTAssertTrue(form.contains(#"<label for="title">Titre</label>"#))
            XCTAssertTrue(form.contains("Ce qu’il y a à faire, en 200 caractères au maximum."))
            XCTAssertTrue(form.contains("Tous les détails utiles, en 5\u{202F}000 caractères au maximum."), form)
            XCTAssertTrue(form.contains(#"<legend class="date-input-legend">Échéance</legend>"#))
            XCTAssertTrue(form.contains(">Ajouter une tâche</button>"))
        }
    }

    func testTheToDoFieldsAreNamedAndTheirValuesWrittenInEachLanguageForHistoryAndConflicts() throws {
        try useTheCatalogues()
        let draft = TodoDraft(title: "Soup", description: "", dueDate: "2024-05-07", done: true)
        XCTAssertEqual(TodoDraft.Field.dueDate.label(in: .ja), "期限")
        XCTAssertEqual(TodoDraft.Field.dueDate.label(in: .es), "Fecha límite")
        XCTAssertEqual(TodoDraft.Field.title.label(in: .ko), "제목")
        XCTAssertEqual(TodoDraft.Field.dueDate.label, "Due date")
        XCTAssertEqual(TodoDraft.Field.dueDate.lines(of: draft, in: .ja), ["2024年5月7日"])
        XCTAssertEqual(TodoDraft.Field.dueDate.lines(of: draft, in: .pt), ["7 de maio de 2024"])
        XCTAssertEqual(TodoDraft.Field.dueDate.lines(of: draft), ["7 May 2024"])
        XCTAssertEqual(TodoDraft.Field.done.lines(of: draft, in: .ko), ["예"])
        XCTAssertEqual(TodoDraft.Field.done.lines(of: draft, in: .fr), ["Oui"])
    }

    func testEveryRelativeDayIsAWholeMessageInEachLanguage() throws {
        try useTheCatalogues()
        let today = CalendarDate(year: 2026, month: 3, day: 2)!
        let day = { (month: Int, number: Int, year: Int) in CalendarDate(year: year, month: month, day: number)! }
        let expected: [Language: [String]] = [
            .en: ["Due tomorrow", "Due 3 April", "Overdue since 3 February", "Due on Friday", "Due 3 March 2027"],
            .es: [
                "Vence mañana", "Vence el 3 de abril", "Atrasada desde el 3 de febrero", "Vence el viernes",
                "Vence el 3 de marzo de 2027",
            ],
            .pt: [
                "Prazo: amanhã", "Prazo: 3 de abril", "Atrasada desde 3 de fevereiro", "Prazo: sexta-feira",
                "Prazo: 3 de março de 2027",
            ],
            .fr: [
                "Échéance\u{A0}: demain", "Échéance\u{A0}: 3 avril", "En retard depuis le 3 février",
                "Échéance\u{A0}: vendredi", "Échéance\u{A0}: 3 mars 2027",
            ],
            .ko: ["내일까지", "4월 3일까지", "2월 3일부터 기한 지남", "금요일까지", "2027년 3월 3일까지"],
            .ja: ["期限：明日", "期限：4月3日", "期限切れ（2月3日まで）", "期限：金曜日", "期限：2027年3月3日"],
        ]
        for (language, words) in expected {
            let said = [day(3, 3, 2026), day(4, 3, 2026), day(2, 3, 2026), day(3, 6, 2026), day(3, 3, 2027)].map {
                TodoFormatting.dueText($0, today: today, in: language)
            }
            XCTAssertEqual(said, words, "\(language)")
        }
        let noon = CalendarDate(year: 2026, month: 2, day: 20)!.date.addingTimeInterval(43_200)
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(TodoFormatting.doneText(noon, today: today, timeZone: utc, in: .ja), "2月20日に完了")
        XCTAssertEqual(TodoFormatting.doneText(noon, today: today, timeZone: utc, in: .es), "Hecha el 20 de febrero")
        XCTAssertEqual(
            TodoFormatting.doneText(today.date.addingTimeInterval(-3_600), today: today, timeZone: utc, in: .ko),
            "어제 완료")
    }
}
