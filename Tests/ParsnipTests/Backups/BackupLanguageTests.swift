import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// The Backups pages in the six languages: the list with its sizes, dates and counts, the restore preview, the
/// delete confirmation, the import dry run with its lines and problems, the progress page and the flash messages —
/// with no English sentence of the backups catalogue left on a page in another language.
final class BackupLanguageTests: XCTestCase {
    /// The English catalogue's sentences, and the words between the arguments of its messages ("Restore the backup
    /// from"), that must not show on a page in another language.
    static func englishSentences() throws -> Set<String> {
        let file = packageRoot.appendingPathComponent("Locales/en/backups.json")
        let messages = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
        var sentences: Set<String> = []
        for message in messages.values where !message.contains("plural") {
            for piece in message.split(separator: /\{[^{}]*\}/) {
                let words = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                guard words.split(separator: " ").count >= 2, words.count >= 10, !words.contains("objectId") else {
                    continue
                }
                sentences.insert(words)
            }
        }
        return sentences
    }

    /// Fails for each English sentence `html` shows.
    static func assertNoEnglish(
        _ html: String, _ english: Set<String>, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        for sentence in english where html.contains(sentence) {
            XCTFail("\(what): English “\(sentence)” is on the page", file: file, line: line)
        }
    }

    /// A file database with a backups folder, the owner "Ana" signed in speaking `language`, and one to-do.
    private func withOwner(
        speaking language: Language, _ test: @escaping @Sendable (Browser, TemporaryDatabase) async throws -> Void
    ) async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            owner.cookies[LanguageChoice.cookieName] = language.rawValue
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addTodo("Buy oat milk")
            try await test(owner, database)
        }
    }

    func testEveryBackupsPageSpeaksEachLanguage() async throws {
        let english = try Self.englishSentences()
        XCTAssertGreaterThan(english.count, 60, "the English sentences were read")
        XCTAssertTrue(english.contains("Restore the backup from"), "words between arguments count too")
        let headings: [Language: (title: String, restore: String, dryRun: String)] = [
            .es: ("Copias de seguridad", "Restaurar esta copia", "Esto fue una prueba"),
            .pt: ("Cópias de segurança", "Restaurar esta cópia", "Isto foi um teste"),
            .fr: ("Sauvegardes", "Restaurer cette sauvegarde", "Ceci était un essai"),
            .ko: ("백업", "이 백업 복원", "시험 실행이었습니다"),
            .ja: ("バックアップ", "このバックアップを復元", "これは試しの実行"),
        ]
        for (language, expected) in headings {
            try await withOwner(speaking: language) { owner, _ in
                let check = { (html: String, what: String) in
                    XCTAssertTrue(html.contains(#"<html lang="\#(language.rawValue)">"#), "\(language) \(what)")
                    Self.assertNoEnglish(html, english, "\(language) \(what)")
                }
                _ = try await owner.post("/backups", form: [])
                _ = try await owner.post("/backups/export", form: [])
                let index = try await owner.get("/backups").text
                check(index, "the Backups page")
                XCTAssertTrue(index.contains("<h1>\(expected.title)</h1>"), "\(language): \(index)")
                XCTAssertTrue(index.contains(#"<code class="backup-folder">"#), "the folder is still named")
                let name = try XCTUnwrap(BackupPageTests.listed(index).first)

                let restore = try await owner.get("/backups/\(name)/restore").text
                check(restore, "the restore preview")
                XCTAssertTrue(restore.contains(expected.restore), "\(language): \(restore)")
                check(try await owner.get("/backups/\(name)/delete").text, "the delete confirmation")
                let deleted = try await owner.post("/backups/\(name)/delete", form: [])
                XCTAssertEqual(deleted.status, .seeOther)
                check(try await owner.get("/backups").text, "the flash after a delete")

                let todo = Array(#"[{"objectId":"imported01","title":"Wash the car"}]"#.utf8)
                let preview = try await owner.postMultipart(
                    "/backups/import", fields: [("existing", "overwrite")], files: [("file", "TodoListItem.json", todo)]
                )
                check(preview.text, "the import dry run")
                XCTAssertTrue(preview.text.contains(expected.dryRun), "\(language): \(preview.text)")
                let action = try XCTUnwrap(preview.text.firstMatch(of: /action="(\/backups\/import\/[0-9a-f]{32})"/)).1
                _ = try await owner.post(String(action), form: [("existing", "overwrite")])
                check(try await owner.get("/backups").text, "the flash after an import")

                let bad = Array(#"[{"objectId":"bad0000001","name":"Stew","servings":"four"}]"#.utf8)
                let refused = try await owner.postMultipart(
                    "/backups/import", fields: [("existing", "skip")], files: [("file", "Recipe.json", bad)])
                XCTAssertEqual(refused.status, .unprocessableContent)
                check(refused.text, "the import dry run with problems")

                let foreign = try await owner.postMultipart(
                    "/backups/upload", files: [("backup", "holiday.zip", Array("PK not really".utf8))])
                XCTAssertEqual(foreign.status, .seeOther)
                let told = try await owner.get("/backups").text
                check(told, "a file that is not a backup")
                XCTAssertTrue(told.contains(BackupProblem.notABackup.text(in: language)), told)
            }
        }
    }

    func testTheProgressPageSpeaksEachLanguage() async throws {
        let english = try Self.englishSentences()
        let pages = try await Pages(directory: packageRoot.appendingPathComponent("Templates").path)
        for language in Language.allCases {
            var chrome = PageChrome(title: "")
            chrome.speak(language)
            let title = language.text("backups.job.backUp")
            let page = BackupProgressPage(page: chrome, title: title, percent: 42, in: language)
            let html = String(buffer: pages.renderBody(page, template: "backups/progress"))
            XCTAssertTrue(html.contains("<h1>\(title)…</h1>"), html)
            XCTAssertTrue(html.contains(#"value="42""#), html)
            if language != .en { Self.assertNoEnglish(html, english, "\(language) progress page") }
        }
        let french = BackupProgressPage(page: PageChrome(title: ""), title: "", percent: 42, in: .fr)
        XCTAssertEqual(french.percentDone, "42\u{00A0}% effectués")
        XCTAssertEqual(
            BackupProgressPage(page: PageChrome(title: ""), title: "", percent: 42, in: .en).percentDone, "42% done")
    }

    func testThePreviewsCountEachClassWithItsLanguagesPlurals() async throws {
        let expected: [Language: (backup: String, now: String, dryRun: String, imported: String)] = [
            .en: (
                "1 to-do, 1 person", "2 to-dos, 2 people", "To-dos: 1 to add, 0 to update, 0 to skip (already here)",
                "Imported 1 to-do."
            ),
            .es: (
                "1 tarea, 1 persona", "2 tareas, 2 personas",
                "Tareas: 1 para añadir, 0 para actualizar, 0 para omitir (ya están aquí)", "Importación hecha: 1 tarea."
            ),
            .fr: (
                "1 tâche, 1 personne", "2 tâches, 2 personnes",
                "Tâches\u{00A0}: 1 à ajouter, 0 à mettre à jour, 0 à ignorer (déjà présents)",
                "Importation faite\u{00A0}: 1 tâche."
            ),
            .ja: (
                "やること1件、ユーザー1人", "やること2件、ユーザー2人", "やること：追加1件、更新0件、スキップ0件（すでにあるもの）",
                "インポートしました：やること1件。"
            ),
        ]
        for (language, words) in expected {
            try await withOwner(speaking: language) { owner, _ in
                _ = try await owner.post("/backups", form: [])
                let list = try await owner.get("/backups").text
                let name = try XCTUnwrap(BackupPageTests.listed(list).first)
                try await owner.addTodo("Paint the fence")
                try await owner.addPerson("Ben", "battery staple", role: .editor)
                let restore = try await owner.get("/backups/\(name)/restore").text
                XCTAssertTrue(restore.contains("<dd>\(words.backup)</dd>"), "\(language): \(restore)")
                XCTAssertTrue(restore.contains("<dd>\(words.now)</dd>"), "\(language): what it replaces")
                let delete = try await owner.get("/backups/\(name)/delete").text
                XCTAssertTrue(delete.contains(words.backup), "\(language): \(delete)")

                let todo = Array(#"[{"objectId":"imported01","title":"Wash the car"}]"#.utf8)
                let preview = try await owner.postMultipart(
                    "/backups/import", fields: [("existing", "skip")], files: [("file", "TodoListItem.json", todo)])
                XCTAssertTrue(preview.text.contains("<li>\(words.dryRun)</li>"), "\(language): \(preview.text)")
                let action = try XCTUnwrap(preview.text.firstMatch(of: /action="(\/backups\/import\/[0-9a-f]{32})"/)).1
                _ = try await owner.post(String(action), form: [("existing", "skip")])
                let after = try await owner.get("/backups").text
                XCTAssertTrue(after.contains(words.imported), "\(language): \(after)")
            }
        }
    }

    func testAProblemInTheDryRunNamesTheRecordInThePagesLanguage() async throws {
        try await withOwner(speaking: .fr) { owner, _ in
            let bad = Array(#"[{"objectId":"bad0000001","name":"Stew","servings":"four"}]"#.utf8)
            let typed = try await owner.postMultipart(
                "/backups/import", fields: [("existing", "skip")], files: [("file", "Recipe.json", bad)])
            XCTAssertTrue(
                typed.text.contains(
                    "Recette 1 (objectId bad0000001)\u{00A0}: servings n’est pas un nombre (c’est du texte)."),
                typed.text)
            let untitled = Array(#"[{"objectId":"todo000001","description":"No title"}]"#.utf8)
            let ruled = try await owner.postMultipart(
                "/backups/import", fields: [("existing", "skip")], files: [("file", "TodoListItem.json", untitled)])
            XCTAssertEqual(ruled.status, .unprocessableContent)
            XCTAssertTrue(ruled.text.contains("<li>Tâche (objectId todo000001)\u{00A0}: "), ruled.text)
            XCTAssertFalse(ruled.text.contains("To-do (objectId"), "the record is named in French")
        }
    }

    func testAFailedBackupIsToldInThePagesLanguage() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let blocked = database.directory.appendingPathComponent("blocked")
        try Data("not a folder".utf8).write(to: blocked)
        var settings = fileSettings(database.path)
        settings.backups.folder = blocked.path
        try await withApp(settings: settings) { owner in
            owner.cookies[LanguageChoice.cookieName] = Language.fr.rawValue
            try await owner.setUpOwner("Ana", password: "correct horse")
            _ = try await owner.post("/backups", form: [])
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains("La création du dossier de sauvegardes \(blocked.path) a échoué"), page)
            XCTAssertTrue(page.contains("La dernière sauvegarde a échoué"), "the owner's notice")
            XCTAssertFalse(page.contains("Making the backups folder"), page)
        }
    }

    func testTheListWritesSizesAndDatesTheLanguagesWay() async throws {
        try await withOwner(speaking: .fr) { owner, _ in
            _ = try await owner.post("/backups", form: [])
            let page = try await owner.get("/backups").text
            // The test clock starts on 1 May 2024.
            XCTAssertTrue(page.contains(#"<strong class="backup-when">1 mai 2024 à "#), page)
            XCTAssertNotNil(page.firstMatch(of: /Faite à la main · [0-9]+(,[0-9])?\x{00A0}Ko</), page)
        }
        try await withOwner(speaking: .ja) { owner, _ in
            _ = try await owner.post("/backups", form: [])
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains(#"<strong class="backup-when">2024年5月1日 "#), page)
            XCTAssertNotNil(page.firstMatch(of: /手動 · [0-9]+(\.[0-9])? KB</), page)
        }
    }
}

/// Sizes and moments as each language writes them, and the English the command line keeps.
final class BackupFormattingTests: XCTestCase {
    override func setUp() async throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    func testASizeHasTheLanguagesDecimalMarkAndUnits() {
        XCTAssertEqual(BackupFormatting.size(1_500_000, in: .en), "1.5 MB")
        XCTAssertEqual(BackupFormatting.size(1_500_000, in: .fr), "1,5\u{00A0}Mo")
        XCTAssertEqual(BackupFormatting.size(1_500_000, in: .es), "1,5 MB")
        XCTAssertEqual(BackupFormatting.size(1_500_000, in: .ja), "1.5 MB")
        XCTAssertEqual(BackupFormatting.size(840_000, in: .fr), "840\u{00A0}Ko")
        XCTAssertEqual(BackupFormatting.size(2_000_000_000, in: .pt), "2,0 GB")
        XCTAssertEqual(BackupFormatting.size(1, in: .en), "1 byte")
        XCTAssertEqual(BackupFormatting.size(0, in: .fr), "0 octet")
        XCTAssertEqual(BackupFormatting.size(512, in: .ja), "512バイト")
        XCTAssertEqual(BackupFormatting.size(1_500_000), "1.5 MB", "the command line's English is unchanged")
    }

    func testTheKeepingRuleCountsDaysAndWeeksAndJapaneseSentencesFollowWithoutAGap() {
        XCTAssertEqual(
            Language.en.text("backups.rules.daily", counts: ["days": 1, "weeks": 4]),
            "Parsnip backs up once a day while it runs and keeps the last 1 day and 4 weeks.")
        XCTAssertTrue(
            Language.fr.text("backups.rules.daily", counts: ["days": 7, "weeks": 1])
                .hasSuffix("pendant 7 jours et les hebdomadaires pendant 1 semaine."))
        XCTAssertEqual(BackupFormatting.sentences(["残ります。", nil, "保存先は"], in: .ja), "残ります。保存先は")
        XCTAssertEqual(
            BackupFormatting.sentences(["Elles restent.", nil, "Rangées"], in: .fr), "Elles restent. Rangées")
    }

    func testAMomentIsWrittenTheLanguagesWayInTheComputersTimeZone() throws {
        let moment = Date(timeIntervalSince1970: 1_790_000_000)
        let utc = try XCTUnwrap(TimeZone(identifier: "UTC"))
        XCTAssertEqual(BackupFormatting.when(moment, in: .fr, timeZone: utc), "21 septembre 2026 à 14:13")
        XCTAssertEqual(BackupFormatting.when(moment, in: .ja, timeZone: utc), "2026年9月21日 14:13")
        XCTAssertEqual(BackupFormatting.when(moment, in: .es, timeZone: utc), "21 de septiembre de 2026, 14:13")
        let tokyo = try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))
        XCTAssertEqual(BackupFormatting.when(moment, in: .ja, timeZone: tokyo), "2026年9月21日 23:13")
        XCTAssertEqual(BackupFormatting.when(moment, timeZone: utc), "21 September 2026, 14:13", "the command line's")
    }

    func testAProblemsEnglishForTheCommandLineIsTheCataloguesEnglish() {
        let manifest = BackupManifest(
            createdAt: Date(), reason: .manual, sha256: "", databaseBytes: 0, objectCounts: [:])
        var newer = manifest
        newer.parsnipVersion = "9.9"
        let full = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        let broken = NSError(domain: NSCocoaErrorDomain, code: 4, userInfo: [NSLocalizedDescriptionKey: "gone"])
        let problems: [BackupProblem] = [
            .notABackup, .damaged, .noFolder, .newer(newer), .exists("/tmp/a.zip"),
            .writing(full, what: .restore), .writing(broken, what: .makingFolder("/srv/backups")),
            .diskFull(what: .export),
        ]
        for problem in problems {
            XCTAssertEqual(problem.text(in: .en), problem.message, problem.message)
            XCTAssertNotEqual(problem.text(in: .ja), problem.message, "said in Japanese too")
        }
        XCTAssertEqual(
            BackupProblem.writing(full, what: .restore).message.prefix(33), "The restore failed: the disk is f")
    }

    func testAnImportReportsLinesInEnglishAreTodaysAndEachLanguageCountsItsOwnWay() {
        var report = ImportReport(
            dryRun: true, words: ["Recipe": ClassWords("Recipe", kind: .recipe, one: "recipe", many: "recipes")])
        report.classes = [ImportReport.Counts(className: "Recipe", created: 2, updated: 1, skipped: 0)]
        report.files = 1
        report.keptFields = ["Note": ["shelf"]]
        XCTAssertEqual(
            report.lines,
            [
                "Recipes: 2 to add, 1 to update, 0 to skip (already here)", "Photos: 1 carried with the records",
                "Note: kept but not shown on the pages: shelf",
            ])
        XCTAssertEqual(
            report.lines(in: .es)[0], "Recetas: 2 para añadir, 1 para actualizar, 0 para omitir (ya están aquí)")
        XCTAssertEqual(report.lines(in: .ja)[1], "写真：データと一緒に1枚")
        XCTAssertEqual(report.imported(in: .fr), "3 recettes")
        XCTAssertEqual(report.imported(in: .ko), "레시피 3개")
    }

    func testTheCommandLinesEnglishOfEachImportLineAndProblemIsTheCataloguesEnglish() {
        let words = [
            ClassWords("TodoListItem", kind: .todo, one: "to-do", many: "to-dos"),
            ClassWords("_User", kind: .person, one: "person", many: "people"),
        ]
        var report = ImportReport(
            dryRun: true, words: Dictionary(uniqueKeysWithValues: words.map { ($0.className, $0) }))
        report.classes = [ImportReport.Counts(className: "TodoListItem", created: 3, updated: 0, skipped: 1)]
        report.files = 2
        report.keptFields = ["TodoListItem": ["colour", "shelf"]]
        report.leftOut = [report.leftOutLine("_User", count: 2)]
        let recipe = ImportedRecord.numbered("Recipe", kind: .recipe, label: "Recipe", 2, objectId: "bad0000001")
        let note = ImportedRecord.numbered("Note", kind: nil, label: "Note", 7, objectId: nil)
        let book = ImportedRecord.named("Book", kind: .book, label: "Book", name: "Dune", objectId: "book000001")
        report.missingFiles = [ImportProblems.missingPhoto(record: recipe, file: "abc_soup.png")]
        report.problemTexts = [
            ImportProblems.type(record: recipe, field: "releaseDate", expected: .date, actual: .string),
            ImportProblems.type(record: note, field: "to", expected: .pointer(targetClass: "_User"), actual: .number),
            ImportProblems.refused(
                record: book, ParseError(.duplicateValue, "duplicate"), objectId: "book000001"),
            ImportProblems.refused(record: note, ParseError(.validationFailed, "Something is off"), objectId: nil),
        ]
        XCTAssertEqual(report.lines, report.lines(in: .en))
        XCTAssertEqual(report.problems, report.problems(in: .en))
        XCTAssertEqual(
            report.problems[0], "Recipe 2 (objectId bad0000001): releaseDate is not a date (it is text).")
        XCTAssertTrue(report.lines.contains("People: 2 left out; people are added on the People page, never imported."))
        XCTAssertEqual(
            report.problems(in: .ja)[2], "本「Dune」（objectId book000001）：objectId book000001 がファイル内に2回以上出てきます。")
        XCTAssertTrue(
            report.lines(in: .fr).contains(
                "Personnes\u{00A0}: 2 objets laissés de côté\u{00A0}; les personnes s’ajoutent sur la page Personnes, elles ne sont jamais importées."
            ))
    }
}
